"""The one rule for players' names, whichever way a name comes in (the setup screen, the
``--players`` option, the line-by-line setup, a save, a match record, ``Game`` itself).

A name is shown on terminals, spoken, and read back by the people at the table, so it is:
printable characters only (no control characters, no bidirectional overrides, no zero-width or
other invisible format characters: ``str.isprintable`` refuses exactly those, and every space
but the plain one), trimmed, 1 to ``MAX_NAME_LENGTH`` characters, and not the name of another
player at the same table, ignoring case (so "Pass to Ann" always means one person).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

from .errors import SetupError

MAX_NAME_LENGTH = 20
SHOWN_CHARACTERS = 24
"""How much of a refused name a message quotes (a refused name may be a megabyte long)."""


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
    if len(name) > MAX_NAME_LENGTH:
        return f"the name {quoted(name)} is {len(name)} characters long; at most {MAX_NAME_LENGTH}"
    return None


def clean_name(raw: str) -> str:
    """``raw`` trimmed, if it then keeps the rule (``BadNameError`` saying which part if not)."""
    name = raw.strip()
    problem = name_problem(name)
    if problem is not None:
        raise BadNameError(problem)
    return name


def check_names(names: Iterable[str]) -> tuple[str, ...]:
    """The names of one table, each keeping the rule and none the same as another ignoring
    case; ``BadNameError`` naming the first that does not."""
    seen: dict[str, str] = {}
    checked = []
    for name in names:
        problem = name_problem(name)
        if problem is not None:
            raise BadNameError(problem)
        key = name.casefold()
        if key in seen:
            raise BadNameError(
                f"two players are called {quoted(seen[key])}"
                + ("" if seen[key] == name else f" and {quoted(name)}")
                + ": names must differ (ignoring case)"
            )
        seen[key] = name
        checked.append(name)
    return tuple(checked)
