"""Colour for the line-by-line game: an extra on a terminal, never the only carrier of meaning.

Every card is always named in words ("Red 7"); on a terminal the name is also tinted. Nothing is
tinted, and no escape code is ever written, when the output is not a terminal (a pipe, a file,
``script`` replaying to a braille display), when ``NO_COLOR`` is set (https://no-color.org), or
when ``TERM`` is ``dumb``.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from typing import TextIO

_SGR = {"Red": "31", "Yellow": "33", "Green": "32", "Blue": "34"}
_CARD_NAME = re.compile(r"\b(Red|Yellow|Green|Blue)( (?:\d|Skip|Reverse|Draw Two))?\b")


def color_enabled(stream: TextIO, environ: Mapping[str, str] | None = None) -> bool:
    env = os.environ if environ is None else environ
    if env.get("NO_COLOR") or env.get("TERM") == "dumb":
        return False
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


def paint(line: str) -> str:
    """``line`` with each coloured card name tinted in its colour (the words stay)."""
    return _CARD_NAME.sub(lambda m: f"\x1b[{_SGR[m.group(1)]}m{m.group(0)}\x1b[0m", line)
