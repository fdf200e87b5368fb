"""The autosave: the match being played, on disk after every action, so nothing applied is lost.

One file, ``autosave.json`` in the user's data directory (``UNO_TUI_DATA_DIR`` overrides it),
holds the seats, the bots' dice and the match record. It is written atomically
(``uno_tui.store.files.write_atomic``), so a crash or a SIGKILL at any moment leaves the
previous save or the new one, never half of one.

A file that cannot be resumed (empty, cut short, not JSON, the wrong shape, from a newer uno-tui,
holding a move that is not legal, or replaying to another table than the one saved) raises
``SaveError``, whose message is one line to show;
``Autosave.set_aside`` then renames it (never over another file) so a new match can start and the
old file is still there to look at. A finished match removes its autosave.
"""

from __future__ import annotations

import contextlib
import json
import random
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from uno_tui.engine.errors import UnoError
from uno_tui.seats import BOT_LEVELS, Seat
from uno_tui.store.files import (
    MAX_SAVE_BYTES,
    FileRefused,
    FileTooLarge,
    data_dir,
    hold_save_lock,
    parse_json,
    read_limited,
    rename_without_overwriting,
    write_atomic,
)

FILE_NAME = "autosave.json"
SAVE_FORMAT = "uno-tui autosave"
SAVE_VERSION = 1
MAX_MESSAGE = 300
STALE_TEMP_SECONDS = 600

if TYPE_CHECKING:
    from uno_tui.engine import Action, Game, MatchRecord
    from uno_tui.match.session import Session

# The engine, the session and the kept matches are imported where a save is read or kept:
# a start with no saved match (the setup screen) does not load them.


class SaveError(Exception):
    """The autosave cannot be resumed. ``str(error)`` is one line to show a person."""


def default_path() -> Path:
    return data_dir() / FILE_NAME


def save_text(session: Session, encoded_actions: Sequence[str] | None = None) -> str:
    """The autosave of ``session`` as JSON: format, seats, the bots' dice, the match record.

    ``encoded_actions`` are the record's actions already in JSON (``ActionCache``), so that a
    save late in a long match does not encode every earlier action again."""
    record = session.game.record()
    if encoded_actions is None:
        encoded_actions = encode_actions(record.actions)
    record_data = replace(record, actions=()).to_dict()
    del record_data["actions"]
    version, internal, gauss = session.rng.getstate()
    data = {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "seats": [{"name": seat.name, "bot": seat.bot_level} for seat in session.seats],
        "bot_rng": [version, list(internal), gauss],
        "table": table_digest(session.game),
    }
    # The record goes last, its actions last in it: spliced in as the JSON they already are.
    head = json.dumps(data, separators=(",", ":"))[:-1]
    record_head = json.dumps(record_data, separators=(",", ":"))[:-1]
    actions = ",".join(encoded_actions)
    return f'{head},"record":{record_head},"actions":[{actions}]}}}}\n'


def table_digest(game: Game) -> str:
    """A fingerprint of the table (hands, piles, scores, whose turn): a replayed save must
    come back to it, or the file was damaged or edited, or another version of the rules would
    play it differently. Either way it is not the match that was saved. It is written into the
    save file, so it is made from plain values that do not change with the code, unlike
    ``Game.digest`` (the whole engine state, for comparisons within one run)."""
    table = [
        game.round_number,
        list(game.scores),
        [" ".join(map(str, hand)) for hand in game.hands],
        " ".join(map(str, game.draw_pile)),
        " ".join(map(str, game.discard_pile)),
        game.current,
        game.current_color.value if game.current_color else None,
        game.clockwise,
        game.phase.value,
    ]
    import hashlib  # here: a start with no save to check does not load OpenSSL's hashes

    return hashlib.sha256(json.dumps(table).encode()).hexdigest()[:32]


def encode_actions(actions: Sequence[Action]) -> list[str]:
    return [json.dumps(action.to_dict(), separators=(",", ":")) for action in actions]


class ActionCache:
    """The actions of one game in JSON, extended as the game goes on (actions are only ever
    appended), so each save encodes only the new ones."""

    def __init__(self) -> None:
        self._game: Game | None = None
        self._encoded: list[str] = []

    def encoded(self, game: Game) -> list[str]:
        if game is not self._game or len(game.actions) < len(self._encoded):
            self._game, self._encoded = game, []
        self._encoded += encode_actions(game.actions[len(self._encoded) :])
        return self._encoded


# Reading ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SavedMatch:
    """An autosave read back: who sits where and the record, not yet replayed."""

    seats: tuple[Seat, ...]
    record: MatchRecord
    bot_rng_state: tuple[Any, ...] | None
    table: str
    """``table_digest`` of the game when it was saved."""

    def session(self, autosave: Autosave | None = None) -> Session:
        """Replay the record into a session: ``SaveError`` if a move is not legal, or if the
        replay does not come back to the table that was saved."""
        from uno_tui.match.session import Session

        try:
            session = Session.from_record(
                self.record, self.seats, bot_rng_state=self.bot_rng_state, autosave=autosave
            )
        except UnoError as error:
            raise SaveError(_one_line(str(error))) from None
        if table_digest(session.game) != self.table:
            raise SaveError(
                "replaying its moves does not lead to the table that was saved "
                "(the file was changed or damaged)"
            )
        return session


def parse_save(text: str) -> SavedMatch:
    """Read an autosave's JSON text; ``SaveError`` with one line if it is not a whole one."""
    if not text.strip():
        raise SaveError("the file is empty")
    try:
        data = parse_json(text)
    except ValueError as error:
        raise SaveError(f"the file is not valid JSON ({_one_line(str(error))})") from None
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise SaveError("the file is not an uno-tui autosave")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise SaveError(f"the save's format version {_short(version)} is not one uno-tui wrote")
    if version > SAVE_VERSION:
        raise SaveError(
            f"the save is format version {version}, newer than this uno-tui reads "
            f"({SAVE_VERSION}); update uno-tui to resume it"
        )
    seats = _parse_seats(data.get("seats"))
    from uno_tui.engine.record import MatchRecord

    try:
        record = MatchRecord.from_dict(data.get("record"))
    except UnoError as error:
        raise SaveError(_one_line(str(error))) from None
    if tuple(seat.name for seat in seats) != record.players:
        raise SaveError("the save's seats do not match the players of its match record")
    table = data.get("table")
    if not isinstance(table, str):
        raise SaveError("the save has no fingerprint of its table")
    return SavedMatch(seats, record, _parse_rng_state(data.get("bot_rng")), table)


def _parse_seats(raw: object) -> tuple[Seat, ...]:
    if not isinstance(raw, list) or not raw:
        raise SaveError("the save's seats must be a list")
    seats = []
    for number, item in enumerate(raw, start=1):
        if not isinstance(item, dict) or set(item) != {"name", "bot"}:
            raise SaveError(f"seat {number} of the save must have a name and a bot level")
        name, bot = item["name"], item["bot"]
        if not isinstance(name, str) or not (
            bot is None or (isinstance(bot, str) and bot in BOT_LEVELS)
        ):
            raise SaveError(f"seat {number} of the save is not a name with a person or bot level")
        seats.append(Seat(name, bot))
    return tuple(seats)


def _parse_rng_state(raw: object) -> tuple[Any, ...] | None:
    """The bots' random state (``random.Random.getstate()``), checked by loading it."""
    if raw is None:
        return None
    if not isinstance(raw, list) or len(raw) != 3 or not isinstance(raw[1], list):
        raise SaveError("the save's bot dice are not a random state")
    state = (raw[0], tuple(raw[1]), raw[2])
    try:
        random.Random().setstate(state)
    except (TypeError, ValueError, OverflowError):
        raise SaveError("the save's bot dice are not a random state") from None
    return state


def read_save(path: Path) -> SavedMatch:
    """Read and check the autosave at ``path`` (``FileNotFoundError`` if there is none)."""
    try:
        raw = read_limited(path, MAX_SAVE_BYTES)
    except FileTooLarge as error:
        raise SaveError(f"{error}, far larger than any autosave") from None
    except FileRefused as error:
        raise SaveError(str(error)) from None
    return parse_save_bytes(raw)


def parse_save_bytes(raw: bytes) -> SavedMatch:
    if len(raw) > MAX_SAVE_BYTES:
        raise SaveError(
            f"the file is larger than {MAX_SAVE_BYTES // (1024 * 1024)} MB, "
            "far larger than any autosave"
        )
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise SaveError("the file is not text (not UTF-8)") from None
    return parse_save(text)


def load_session(path: Path, autosave: Autosave | None = None) -> Session:
    """The session saved at ``path``, replayed: ``SaveError`` with one line if it cannot be
    (``FileNotFoundError`` if there is no file)."""
    return _rebuilt(lambda: read_save(path).session(autosave))


def session_from_bytes(raw: bytes) -> Session:
    """The session an autosave's bytes hold, replayed, as ``load_session`` reads a file."""
    return _rebuilt(lambda: parse_save_bytes(raw).session())


def _rebuilt(rebuild: Callable[[], Session]) -> Session:
    """The file is input from outside the program (a disk, a person with an editor), so any
    failure to rebuild the match is reported as a ``SaveError``, never as a traceback."""
    try:
        return rebuild()
    except (SaveError, FileNotFoundError):
        raise
    except Exception as error:
        # A failure the checks above do not name: still only a file we cannot resume.
        raise SaveError(
            f"the save cannot be rebuilt ({type(error).__name__}: {_one_line(str(error))})"
        ) from None


def _one_line(text: str) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= MAX_MESSAGE else flat[: MAX_MESSAGE - 3] + "..."


def _short(value: object) -> str:
    return _one_line(repr(value))[:40]


# The autosave of a session ------------------------------------------------------------------


class Autosave:
    """The saver a ``Session`` calls after every action: one file, written atomically.

    ``load()`` gives the saved session (or ``None``), attached to this saver so it goes on
    saving; ``set_aside()`` keeps a file that cannot be resumed under a new name. A write that
    fails (disk full, no permission) is told once through ``warn`` and the game goes on."""

    def __init__(self, path: Path | None = None, *, warn: Callable[[str], None] | None = None):
        self.path = path if path is not None else default_path()
        self.warn = warn or _warn_on_stderr
        self.failure: str | None = None
        """The last write error told, so a failing disk is told once, not after every move."""
        self._actions = ActionCache()

    @property
    def exists(self) -> bool:
        return self.path.exists()

    def save(self, session: Session) -> None:
        """Write ``session``; a finished match removes the file so it is not offered again.
        While another uno-tui process is saving its own match here, this one is not saved
        (told once): the last writer would otherwise win, and one of the two matches be lost."""
        if self.locked_elsewhere:
            message = self.locked_message()
            if message != self.failure:
                self.warn(message)
            self.failure = message
            return
        try:
            if session.is_over:
                self.clear()
            else:
                encoded = self._actions.encoded(session.game)
                write_atomic(self.path, save_text(session, encoded))
        except OSError as error:
            message = f"the match could not be saved to {self.path}: {_one_line(str(error))}"
            if message != self.failure:
                self.warn(message)
            self.failure = message
        else:
            self.failure = None

    def keep(self, session: Session) -> None:
        """Keep ``session``'s record in ``matches/`` beside this save (``archive.keep_match``)."""
        from uno_tui.store.archive import keep_match, matches_dir

        keep_match(
            session.game,
            matches_dir(self.path.parent),
            bots=[seat.bot_level for seat in session.seats],
        )

    def load(self) -> Session | None:
        """The saved match, replayed and saving here from now on; ``None`` if there is none
        (or only a finished one). ``SaveError`` (one line) if the file cannot be resumed."""
        self._remove_stale_temporary_files()
        try:
            session = load_session(self.path, self)
        except FileNotFoundError:
            return None
        if session.is_over:
            self.clear()
            return None
        return session

    def set_aside(self, kind: str = "corrupt") -> Path:
        """Rename the file to ``autosave.corrupt-YYYYmmdd-HHMMSS.json`` (``-2``, ``-3`` ... if
        that name is taken; an existing file is never overwritten). Returns the new path.
        ``kind="kept"`` keeps a match that could be resumed when a new one is started
        instead (``autosave.kept-...json``): no start ever deletes a saved match."""
        stamp = time.strftime("%Y%m%d-%H%M%S")
        for attempt in range(1, 1000):
            suffix = "" if attempt == 1 else f"-{attempt}"
            aside = self.path.with_name(f"{self.path.stem}.{kind}-{stamp}{suffix}.json")
            try:
                rename_without_overwriting(self.path, aside)
            except FileExistsError:
                continue
            return aside
        raise SaveError(f"cannot find a free name to keep {self.path} aside")

    def keep_copy(self) -> str:
        """Before a new match replaces the saved one: the saved one is renamed aside, and
        the sentence saying where it is kept (or why it could not be) is returned."""
        try:
            aside = self.set_aside("kept")
        except FileNotFoundError:
            return "There was no saved match left to keep."
        except (OSError, SaveError) as error:
            return f"The saved match could not be kept aside ({_one_line(str(error))})."
        return f"The saved match is kept as {aside}."

    @property
    def locked_elsewhere(self) -> bool:
        """Whether another uno-tui process is playing and saving its match here now (then
        this one's match is not saved, and that one's save is not offered)."""
        return not hold_save_lock(self.path)

    def locked_message(self) -> str:
        return (
            f"another uno-tui is playing and saving its match in {self.path.parent}; "
            "this match is not saved"
        )

    def clear(self) -> None:
        """Remove the autosave (the match is over, or a new one replaces it)."""
        with contextlib.suppress(FileNotFoundError):
            self.path.unlink()

    def _remove_stale_temporary_files(self) -> None:
        """Half-written copies left by a process killed mid-write (only old ones: another
        uno-tui may be writing right now)."""
        now = time.time()
        with contextlib.suppress(OSError):
            for temp in self.path.parent.glob(f".{self.path.stem}.*.tmp"):
                with contextlib.suppress(OSError):
                    if now - temp.stat().st_mtime > STALE_TEMP_SECONDS:
                        temp.unlink()


def _warn_on_stderr(message: str) -> None:
    with contextlib.suppress(OSError, ValueError):
        print(f"uno-tui: {message}", file=sys.stderr, flush=True)


def describe(session: Session) -> str:
    """A saved match in a few words, to offer it: rules, players, round, moves, scores."""
    game = session.game
    names = game.names
    if game.rules.team_game:
        half = len(names) // 2
        scores = ", ".join(
            f"{names[t]} and {names[t + half]} {score}" for t, score in enumerate(game.scores)
        )
    else:
        scores = ", ".join(
            f"{name} {score}" for name, score in zip(names, game.scores, strict=True)
        )
    moves = len(game.actions)
    return (
        f"{game.rules.rule_set.value}, hand {max(game.round_number, 1)}, "
        f"{moves} move{'s' if moves != 1 else ''}; scores: {scores}"
    )


def open_autosave(autosave: Autosave) -> tuple[Session | None, str | None]:
    """What a front end needs at start: the saved session to offer (``None`` if there is
    none), and, when the file could not be resumed, a one-line notice saying why and where
    it was kept aside (the caller then offers a new match). While another uno-tui plays the
    saved match, it is not offered: the notice says this match is not saved (the one
    sentence ``Session.unsaved`` repeats), and nothing is set aside."""
    if autosave.locked_elsewhere:
        autosave.failure = autosave.locked_message()
        return None, f"{autosave.failure[:1].upper()}{autosave.failure[1:]}."
    try:
        return autosave.load(), None
    except SaveError as error:
        try:
            aside = autosave.set_aside()
        except (OSError, SaveError) as failure:
            return None, (
                f"The saved match cannot be resumed: {error}; "
                f"it could not be set aside either ({_one_line(str(failure))})."
            )
        return None, f"The saved match cannot be resumed: {error}. The file is kept as {aside}."
