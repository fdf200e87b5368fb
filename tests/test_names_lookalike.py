"""One comparison of names everywhere (NFKC, then case folding), invisible characters
refused, and names that look alike (Unicode TR39 skeletons) kept apart at one table."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from uno_tui.engine.names import (
    CONFUSABLES,
    BadNameError,
    check_names,
    name_key,
    name_problem,
    names_clash,
    skeleton,
)

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize(
    ("hidden", "named"),
    [
        ("\u034f", "combining grapheme joiner"),
        ("\ufe0f", "variation selector-16"),
        ("\u3164", "hangul filler"),
        ("\u115f", "hangul choseong filler"),
        ("\u00ad", "soft hyphen"),
        ("\U000e0041", "tag latin capital letter a"),
    ],
)
def test_an_invisible_character_that_isprintable_lets_through_is_refused(
    hidden: str, named: str
) -> None:
    problem = name_problem(f"Ann{hidden}")
    assert problem is not None and "invisible" in problem and named in problem


def test_one_key_for_a_name_nfkc_then_casefold() -> None:
    assert name_key("Straß") == name_key("STRASS") == name_key("strass")
    assert name_key("Hoſt") == name_key("HOST")  # the long s is an s
    assert name_key("Ａｎｎ") == name_key("ann")  # full-width letters
    assert names_clash("Strass", "Straß") == "the same"


@pytest.mark.parametrize(
    ("name", "other"),
    [("Аnn", "Ann"), ("ΑΝΝ", "ANN"), ("AI", "Al"), ("Sarn", "Sam"), ("B0B", "BOB")],
)
def test_names_whose_skeletons_match_look_alike(name: str, other: str) -> None:
    assert skeleton(name) == skeleton(other) or skeleton(name_key(name)) == skeleton(
        name_key(other)
    )
    assert names_clash(name, other) == "look alike"
    with pytest.raises(BadNameError, match="look alike"):
        check_names([other, name])


def test_names_that_differ_do_not_clash() -> None:
    assert check_names(["Ann", "Ben", "Cara", "Dev", "Ada", "Bo"]) == (
        "Ann",
        "Ben",
        "Cara",
        "Dev",
        "Ada",
        "Bo",
    )
    assert names_clash("Ann", "Anna") is None


def test_the_skeleton_table_is_made_again_the_same_from_its_source(tmp_path: Path) -> None:
    """The table is the generator's output: regenerating from the rows it keeps gives it back
    (so a hand edit of the table shows)."""
    kept = CONFUSABLES.read_text(encoding="utf-8").splitlines()
    head = "# Version: 13.0.0\n"
    rows = [line.split("\t") for line in kept if not line.startswith("#")]
    source = tmp_path / "confusables.txt"
    source.write_text(head + "".join(f"{s} ;\t{p} ;\tMA\t# x\n" for s, p in rows[::-1]), "utf-8")
    script = ROOT / "tools" / "make_name_confusables.py"
    copy = tmp_path / "tools" / "make_name_confusables.py"
    copy.parent.mkdir()
    copy.write_text(script.read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "uno_tui" / "engine").mkdir(parents=True)
    subprocess.run([sys.executable, str(copy), str(source)], check=True, capture_output=True)
    made = (tmp_path / "uno_tui" / "engine" / "name_confusables.tsv").read_text(encoding="utf-8")
    assert made.splitlines() == kept
    assert len(rows) > 6000
