"""A match as set up at the table (rules, options, seats) and the memory of the last one."""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import platformdirs

from uno_tui.engine import Rules, SetupError
from uno_tui.session import BOT_LEVELS, Seat

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
    bot_delay: float = 0.6
    """Seconds between two bot actions, so people can follow them."""
    narrate: bool = False
    reduce_motion: bool = False
    """No animation (narration mode has none either)."""
    theme: str = "textual-dark"
    """The Textual theme last chosen in the command palette."""

    @classmethod
    def of(cls, rules: Rules, seats: tuple[Seat, ...]) -> TableSetup:
        """The setup of a match already made (from the command line, or resumed)."""
        return cls(rules=rules.name.value, seats=seats, options=rules.to_dict()["options"])

    def make_rules(self) -> Rules:
        """The rules with their options; raises SetupError for a bad combination."""
        try:
            return Rules.preset(self.rules, **self.options)
        except (TypeError, ValueError) as error:
            raise SetupError(str(error)) from None

    def to_dict(self) -> dict[str, Any]:
        return {
            "rules": self.rules,
            "seats": [{"name": seat.name, "bot": seat.bot} for seat in self.seats],
            "options": self.options,
            "bot_delay": self.bot_delay,
            "narrate": self.narrate,
            "reduce_motion": self.reduce_motion,
            "theme": self.theme,
        }

    @classmethod
    def from_dict(cls, data: Any) -> TableSetup:
        """Read a remembered setup; raises SetupError if it is not one."""
        try:
            seats = tuple(
                Seat(str(seat["name"]), seat["bot"] if seat["bot"] in BOT_LEVELS else None)
                for seat in data["seats"]
            )
            setup = cls(
                rules=str(data["rules"]),
                seats=seats,
                options=dict(data["options"]),
                bot_delay=float(data["bot_delay"]),
                narrate=bool(data["narrate"]),
                reduce_motion=bool(data.get("reduce_motion", False)),
                theme=str(data.get("theme", "textual-dark")),
            )
        except (KeyError, TypeError, ValueError) as error:
            raise SetupError(f"not a setup: {error}") from None
        setup.make_rules()
        return setup


def config_dir() -> Path:
    override = os.environ.get("UNO_TUI_CONFIG_DIR")
    return Path(override) if override else platformdirs.user_config_path("uno-tui")


def load_last_setup() -> TableSetup:
    """The setup of the last match started here, or the default if there is none (or it is
    unreadable: a setup is a convenience, never worth an error)."""
    path = config_dir() / "last-setup.json"
    try:
        return TableSetup.from_dict(json.loads(path.read_text(encoding="utf-8")))
    except (OSError, ValueError, SetupError):
        return TableSetup()


def save_last_setup(setup: TableSetup) -> None:
    """Remember ``setup`` for next time; a read-only home is not worth an error either."""
    directory = config_dir()
    try:
        directory.mkdir(parents=True, exist_ok=True)
        temporary = directory / "last-setup.json.tmp"
        temporary.write_text(json.dumps(setup.to_dict(), indent=2), encoding="utf-8")
        temporary.replace(directory / "last-setup.json")
    except OSError:
        pass
