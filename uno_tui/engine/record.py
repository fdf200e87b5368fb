"""Match records: rules, seed (or deck order) and the actions in order, as JSON.

Replaying a record rebuilds the identical state; the autosave is a record. A record that cannot
be read, comes from a future format, or holds an illegal move raises ``RecordError`` naming what
is wrong and, for a move, its number.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .actions import Action, action_from_dict
from .cards import Card, CardNotationError
from .errors import IllegalActionError, RecordError, SetupError
from .position import Position
from .rules import Rules

if TYPE_CHECKING:
    from .game import Game

FORMAT_VERSION = 1
FORMAT_NAME = "uno-tui match record"
MAX_ACTIONS = 100_000
"""More moves than any match holds (an evening's match has a few thousand): a record with
more is not one to replay."""


@dataclass(frozen=True, slots=True)
class MatchRecord:
    rules: Rules
    players: tuple[str, ...]
    seed: int
    actions: tuple[Action, ...]
    deck: tuple[Card, ...] | None = None
    first_dealer: int | None = None
    position: Position | None = None

    @classmethod
    def of(cls, game: Game) -> MatchRecord:
        return cls(
            rules=game.rules,
            players=game.names,
            seed=game.seed,
            actions=tuple(game.actions),
            deck=game.initial_deck,
            first_dealer=game.first_dealer,
            position=game.position,
        )

    def new_game(self) -> Game:
        """The game as it stood before the first action."""
        from .game import Game

        try:
            return Game(
                self.rules,
                self.players,
                seed=self.seed,
                deck=self.deck,
                first_dealer=self.first_dealer,
                position=self.position,
            )
        except SetupError as error:
            raise RecordError(f"the record's setup is not valid: {error}") from None

    def replay(self, moves: int | None = None) -> Game:
        """The game after the first ``moves`` actions (all of them by default)."""
        game = self.new_game()
        for number, action in enumerate(self.actions[:moves], start=1):
            try:
                game.apply(action)
            except IllegalActionError as error:
                raise RecordError(f"move {number} is not legal in this match: {error}") from None
        return game

    # JSON --------------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "format": FORMAT_NAME,
            "version": FORMAT_VERSION,
            **self.rules.to_dict(),
            "players": list(self.players),
            "seed": self.seed,
        }
        if self.deck is not None:
            data["deck"] = " ".join(str(card) for card in self.deck)
        if self.first_dealer is not None:
            data["first_dealer"] = self.first_dealer
        if self.position is not None:
            data["position"] = self.position.to_dict()
        data["actions"] = [action.to_dict() for action in self.actions]
        return data

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), indent=1)

    @classmethod
    def from_dict(cls, data: object) -> MatchRecord:
        if not isinstance(data, dict) or data.get("format") != FORMAT_NAME:
            raise RecordError("this is not an uno-tui match record")
        version = data.get("version")
        if not isinstance(version, int) or isinstance(version, bool):
            raise RecordError(f"the record's format version {version!r} is not a number")
        if version > FORMAT_VERSION:
            raise RecordError(
                f"the record is format version {version}, newer than this uno-tui "
                f"understands ({FORMAT_VERSION}); update uno-tui to open it"
            )
        try:
            rules = Rules.from_dict(data)
        except SetupError as error:
            raise RecordError(f"the record's rules are not valid: {error}") from None
        players = data.get("players")
        if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
            raise RecordError("the record's players must be a list of names")
        seed = data.get("seed")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise RecordError("the record's seed must be a whole number")
        deck = None
        if "deck" in data:
            try:
                deck = tuple(Card.parse(code) for code in str(data["deck"]).split())
            except CardNotationError as error:
                raise RecordError(f"the record's deck is not valid: {error}") from None
        first_dealer = data.get("first_dealer")
        if first_dealer is not None and (
            not isinstance(first_dealer, int) or isinstance(first_dealer, bool)
        ):
            raise RecordError("the record's first dealer must be a seat number")
        position = None
        if "position" in data:
            try:
                position = Position.from_dict(data["position"])
            except SetupError as error:
                raise RecordError(f"the record's position is not valid: {error}") from None
        raw_actions = data.get("actions", [])
        if not isinstance(raw_actions, list):
            raise RecordError("the record's actions must be a list")
        if len(raw_actions) > MAX_ACTIONS:
            raise RecordError(
                f"the record holds {len(raw_actions)} moves, more than any match ({MAX_ACTIONS})"
            )
        actions = []
        for number, raw in enumerate(raw_actions, start=1):
            try:
                actions.append(action_from_dict(raw))
            except ValueError as error:
                raise RecordError(f"move {number} cannot be read: {error}") from None
        return cls(rules, tuple(players), seed, tuple(actions), deck, first_dealer, position)

    @classmethod
    def from_json(cls, text: str) -> MatchRecord:
        try:
            data = json.loads(text)
        except RecursionError:
            raise RecordError("the record is not valid JSON: nested too deeply") from None
        except ValueError as error:  # JSONDecodeError, or a number too long to read
            raise RecordError(f"the record is not valid JSON: {error}") from None
        return cls.from_dict(data)

    def save(self, path: Path) -> None:
        path.write_text(self.to_json() + "\n", encoding="utf-8")

    @classmethod
    def load(cls, path: Path) -> MatchRecord:
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as error:
            raise RecordError(f"cannot read {path}: {error}") from None
        return cls.from_json(text)
