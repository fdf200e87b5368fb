"""``uno-tui replay`` in a terminal: the match watched again on the app's table."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from textual.app import App

from uno_tui.engine import MatchRecord
from uno_tui.seats import BOT_LEVELS
from uno_tui.store.archive import tell
from uno_tui.store.files import MAX_SAVE_BYTES, FileRefused, parse_json, read_limited
from uno_tui.tui.replay_frames import frames_of, person_seat
from uno_tui.tui.screens.replay_table import ReplayTableScreen


class ReplayApp(App[None]):
    """One screen, the replay on the table; leaving it leaves the app."""

    CSS_PATH = "app.tcss"
    TITLE = "UNO replay"

    def __init__(self, screen: ReplayTableScreen) -> None:
        super().__init__()
        self.replay = screen

    def on_mount(self) -> None:
        self.push_screen(self.replay, lambda _: self.exit())


def replay_app(path: Path, record: MatchRecord, said: Sequence[tuple[int, str]] = ()) -> ReplayApp:
    """The app for the record read from ``path`` (its seats' levels, when it is a kept match,
    label the seats as at the table; ``said``: the table's chat, each at its move)."""
    bots = kept_bots(path, record)
    labels = [level or "" for level in bots] if bots is not None else []
    screen = ReplayTableScreen(
        f"The match of {', '.join(record.players)}",
        frames_of(record, said),
        labels=labels,
        own=person_seat(bots),
        lines=lambda: list(tell(record, said)),
    )
    return ReplayApp(screen)


def kept_bots(path: Path, record: MatchRecord) -> list[str | None] | None:
    """The bot level of each seat that a kept match names beside its record (``None`` for a
    person); ``None`` where the file names none or names them wrong (only labels are lost)."""
    try:
        data: Any = parse_json(read_limited(path, MAX_SAVE_BYTES).decode("utf-8"))
    except (OSError, FileRefused, ValueError):
        return None
    seats = data.get("seats") if isinstance(data, dict) else None
    if not isinstance(seats, list) or len(seats) != len(record.players):
        return None
    bots: list[str | None] = []
    for seat, name in zip(seats, record.players, strict=True):
        bot = seat.get("bot") if isinstance(seat, dict) and seat.get("name") == name else "?"
        if bot is not None and bot not in BOT_LEVELS:
            return None
        bots.append(bot)
    return bots
