"""Text from outside the program, made safe to write to a terminal.

Names are checked when they come in (``uno_tui.engine.names``), but a record made by an older
or a foreign program, a file name, or an error message quoting a file may still hold bytes a
terminal acts on: ESC starts a sequence that can retitle the window, write the clipboard (OSC
52) or clear the screen; a bidirectional override reorders what follows. Every line the line
mode, ``replay`` and the command line's messages write passes ``shown`` first, which writes each
such character as its escape (``\\x1b``, ``\\u202e``), so it is seen and never obeyed.
"""

from __future__ import annotations

__all__ = ["shown"]


def _escape(character: str) -> str:
    code = ord(character)
    if code < 0x100:
        return f"\\x{code:02x}"
    if code < 0x10000:
        return f"\\u{code:04x}"
    return f"\\U{code:08x}"


def shown(line: str) -> str:
    """``line`` with every character that is not printable (C0 and C1 controls, ESC, DEL,
    bidirectional and zero-width format characters, line and paragraph separators, unassigned
    code points) written as its backslash escape. One line in, one line out: a newline is
    escaped too. Printable text, which is nearly every line, comes back unchanged at once."""
    if line.isprintable():
        return line
    return "".join(c if c.isprintable() else _escape(c) for c in line)
