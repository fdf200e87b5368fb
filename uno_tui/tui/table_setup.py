"""A match as set up at the table (rules, options, seats) and the memory of the last one."""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import platformdirs

from uno_tui.engine import Rules, SetupError, check_names
from uno_tui.narration.sounds import SOUND_CHOICES
from uno_tui.seats import BOT_LEVELS, Seat
from uno_tui.store.files import ENV_DATA_DIR, FileRefused, parse_json, read_limited

ENV_CONFIG_DIR = "UNO_TUI_CONFIG_DIR"
"""Set to a directory to keep the remembered setup there."""
SETUP_FILE = "last-setup.json"
MAX_SETUP_BYTES = 64 * 1024

DEFAULT_NAMES = ("You", "Ada", "Bo", "Cy", "Dee", "Eli", "Flo", "Gus", "Hal", "Ivy")


@dataclass(frozen=True)
class TableSetup:
    rules: str = "classic"
    seats: tuple[Seat, ...] = (
        Seat("You"),
        Seat("Ada", "medium"),
        Seat("Bo", "medium"),
        Seat("Cy", "medium"),
    )
    options: dict[str, Any] = field(default_factory=dict)
    bot_delay: float = 1.0
    """Seconds between two bot actions, so people can follow them."""
    narrate: bool = False
    reduce_motion: bool = False
    """No animation (narration mode has none either)."""
    theme: str = "textual-dark"
    """The Textual theme last chosen in the command palette."""
    sounds: str = "off"
    """Sounds for the big moments: off, bell or icons (``uno_tui.narration.sounds``)."""

    @classmethod
    def of(cls, rules: Rules, seats: tuple[Seat, ...]) -> TableSetup:
        """The setup of a match already made (from the command line, or resumed)."""
        return cls(rules=rules.rule_set.value, seats=seats, options=rules.to_dict()["options"])

    def make_rules(self) -> Rules:
        """The rules with their options; raises SetupError for a bad combination."""
        try:
            return Rules.preset(self.rules, **self.options)
        except (TypeError, ValueError) as error:
            raise SetupError(str(error)) from None

    def to_dict(self) -> dict[str, Any]:
        return {
            "rules": self.rules,
            "seats": [{"name": seat.name, "bot": seat.bot_level} for seat in self.seats],
            "options": self.options,
            "bot_delay": self.bot_delay,
            "narrate": self.narrate,
            "reduce_motion": self.reduce_motion,
            "theme": self.theme,
            "sounds": self.sounds,
        }

    @classmethod
    def from_dict(cls, data: Any) -> TableSetup:
        """Read a remembered setup; raises SetupError if it is not one."""
        try:
            seats = tuple(
                Seat(str(seat["name"]), seat["bot"] if seat["bot"] in BOT_LEVELS else None)
                for seat in data["seats"]
            )
            check_names(seat.name for seat in seats)
            setup = cls(
                rules=str(data["rules"]),
                seats=seats,
                options=dict(data["options"]),
                bot_delay=float(data["bot_delay"]),
                narrate=bool(data["narrate"]),
                reduce_motion=bool(data.get("reduce_motion", False)),
                theme=str(data.get("theme", "textual-dark")),
                sounds=remembered_sounds(data),
            )
        except (KeyError, TypeError, ValueError) as error:
            raise SetupError(f"not a setup: {error}") from None
        setup.make_rules()
        return setup


def config_dir() -> Path:
    """Where the last setup is remembered: ``$UNO_TUI_CONFIG_DIR``; else, when
    ``$UNO_TUI_DATA_DIR`` moves uno-tui's files, beside the autosave there; else the
    platform's user config directory (``~/.config/uno-tui`` on Linux)."""
    override = os.environ.get(ENV_CONFIG_DIR) or os.environ.get(ENV_DATA_DIR)
    return Path(override) if override else platformdirs.user_config_path("uno-tui", appauthor=False)


def load_last_setup() -> TableSetup:
    """The setup of the last match started here, or the default if there is none (or it is
    unreadable, not a regular file, too large, or names a player against the name rule: a
    setup is a convenience, never worth an error)."""
    path = config_dir() / SETUP_FILE
    try:
        raw = read_limited(path, MAX_SETUP_BYTES)
        return TableSetup.from_dict(parse_json(raw.decode("utf-8")))
    except (OSError, ValueError, SetupError, FileRefused):
        return TableSetup()


def save_last_setup(setup: TableSetup) -> None:
    """Remember ``setup`` for next time; a read-only home is not worth an error either."""
    directory = config_dir()
    try:
        directory.mkdir(parents=True, exist_ok=True)
        temporary = directory / f"{SETUP_FILE}.tmp"
        temporary.write_text(json.dumps(setup.to_dict(), indent=2), encoding="utf-8")
        temporary.replace(directory / SETUP_FILE)
    except OSError:
        pass


def remembered_sounds(data: dict[str, Any]) -> str:
    """The remembered sounds: ``off``, ``bell`` or ``icons``; a setup kept before the one
    option had a ``bell`` tick box of its own, read as ``bell``."""
    sounds = data.get("sounds")
    if sounds in SOUND_CHOICES:
        return str(sounds)
    return "bell" if data.get("bell") is True else "off"
