"""The autosave: where it lives, atomic writes, a save after every action, resuming exactly."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from uno_tui.engine import CallUno, Game, Rules
from uno_tui.match.bot_driver import MAX_BOT_ACTIONS
from uno_tui.match.session import Seat, Session
from uno_tui.store import files, saves
from uno_tui.store.files import write_atomic
from uno_tui.store.saves import Autosave, SaveError, describe, load_session, read_save

from .random_play import random_action

BOTS = [Seat("Ann", "random"), Seat("Ben", "easy"), Seat("Cat", "medium")]


class SaveTexts:
    """Every autosave a session writes, as its text, with the game's digest and number of
    actions at that moment."""

    path = None
    """No file: nothing kept."""
    failure = None

    def __init__(self) -> None:
        self.texts: list[str] = []
        self.digests: list[str] = []
        self.actions: list[int] = []

    def save(self, session: Session) -> None:
        self.texts.append(saves.save_text(session))
        self.digests.append(session.game.digest())
        self.actions.append(len(session.game.actions))

    def keep(self, session: Session) -> None:
        """No file: nothing kept."""


class CountingSaver:
    path = None
    failure = None

    def __init__(self) -> None:
        self.actions_seen: list[int] = []

    def save(self, session: Session) -> None:
        self.actions_seen.append(len(session.game.actions))

    def keep(self, session: Session) -> None:
        """No file: nothing kept."""


def test_the_data_directory_is_the_users_never_the_current_one(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.delenv(files.ENV_DATA_DIR)
    monkeypatch.chdir(tmp_path)
    path = saves.default_path()
    assert path.is_absolute() and path.name == "autosave.json"
    assert tmp_path not in path.parents
    assert "uno-tui" in path.parts
    monkeypatch.setenv(files.ENV_DATA_DIR, str(tmp_path / "elsewhere"))
    assert saves.default_path() == tmp_path / "elsewhere" / "autosave.json"


def test_an_atomic_write_leaves_the_whole_new_file_and_no_temporary(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "autosave.json"
    write_atomic(path, "first")
    write_atomic(path, "second")
    assert path.read_text() == "second"
    assert sorted(p.name for p in path.parent.iterdir()) == ["autosave.json"]


def test_a_write_that_fails_midway_keeps_the_old_save(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "autosave.json"
    write_atomic(path, "old")

    def broken_replace(*args: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(OSError):
        write_atomic(path, "new")
    assert path.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["autosave.json"]


def test_a_failing_disk_is_told_once_and_the_game_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    told: list[str] = []
    autosave = Autosave(tmp_path / "autosave.json", warn=told.append)
    session = Session(Rules.two_player(), [Seat("Ann", "random"), Seat("Ben", "random")], seed=1)
    session.autosave = autosave

    def full_disk(*args: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(saves, "write_atomic", full_disk)
    for _ in range(5):
        assert session.bot_step() is not None
    assert len(told) == 1 and "could not be saved" in told[0] and "\n" not in told[0]


def test_every_applied_action_is_saved_people_and_bots_alike() -> None:
    saver = CountingSaver()
    seats = [Seat("You"), Seat("Ada", "easy"), Seat("Bo", "random"), Seat("Cy", "medium")]
    session = Session(Rules.classic(), seats, seed=9, autosave=saver)
    for _ in range(60):
        session.run_bots()
        decision = session.person_to_decide()
        if decision is None:
            break
        session.apply(decision.actions[0])
    applied = len(session.game.actions)
    assert applied > 60
    # A bot's card and the UNO call it makes with it are saved together, once both are made:
    # its dice are rolled for the call, and a resume must find them rolled. (Every other
    # action is saved as it is applied.)
    bot_calls = {
        number
        for number, action in enumerate(session.game.actions[1:], start=1)
        if isinstance(action, CallUno) and session.seats[action.player].bot_level is not None
    }
    unsaved = set(range(1, applied + 1)) - set(saver.actions_seen)
    assert unsaved, "no bot called UNO with its card: the seed no longer shows the case"
    assert unsaved <= bot_calls
    assert saver.actions_seen == sorted(saver.actions_seen), "a save after each action"


def test_a_finished_match_removes_its_autosave(tmp_path: Path) -> None:
    autosave = Autosave(tmp_path / "autosave.json")
    session = Session(
        Rules.two_player(target_score=1),
        [Seat("Ann", "easy"), Seat("Ben", "easy")],
        seed=3,
        autosave=autosave,
    )
    session.bot_step()
    assert autosave.exists
    session.run_bots()
    assert session.is_over
    assert not autosave.exists
    assert autosave.load() is None


def test_no_save_means_nothing_to_resume(tmp_path: Path) -> None:
    assert Autosave(tmp_path / "autosave.json").load() is None


@pytest.mark.parametrize(
    ("rules", "seats"),
    [
        (Rules.classic(), BOTS),
        (Rules.two_player(stack_draw_two=True), BOTS[:2]),
        (Rules.teams(), [*BOTS[:2], Seat("Cat", "random"), Seat("Dan", "easy")]),
        (Rules.classic(seven_zero=True, jump_in=True), BOTS),
    ],
    ids=["classic", "two-player", "teams", "classic-7-0-jump-in"],
)
def test_resuming_at_any_action_plays_on_as_if_never_stopped(
    tmp_path: Path, rules: Rules, seats: list[Seat]
) -> None:
    """Replaying the record restores the game, and the bots' dice are saved too: a bots-only
    match stopped at any of its saves and resumed plays on exactly as the uninterrupted one.
    Checked at every save around an UNO call (where a bot rolls its dice out of turn) and at
    some 150 others, each for its next moves, and a few to the match's end."""
    saved = SaveTexts()
    uninterrupted = Session(rules.with_options(target_score=100), seats, seed=11, autosave=saved)
    uninterrupted.run_bots()
    assert uninterrupted.is_over
    every_action = uninterrupted.game.actions
    path = tmp_path / "autosave.json"
    count = len(saved.texts)
    to_the_end = {0, 1, 7, count // 3, count - 2}
    calls = [n for n, action in enumerate(every_action) if isinstance(action, CallUno)]
    near_a_call = {
        number
        for number, actions in enumerate(saved.actions)
        if any(-2 <= actions - call <= 1 for call in calls)
    }
    checked = set(range(0, count, max(1, count // 150))) | near_a_call | to_the_end
    for number in sorted(checked):
        text, digest = saved.texts[number], saved.digests[number]
        path.write_text(text)
        resumed = load_session(path)
        assert resumed.game.digest() == digest
        steps = MAX_BOT_ACTIONS if number in to_the_end else 12
        for _ in range(steps):
            if resumed.bot_step() is None:
                break
        played = resumed.game.actions
        assert played == every_action[: len(played)], f"resumed at save {number}"
        if number in to_the_end:
            assert played == every_action, f"resumed at save {number}"


def test_a_resumed_session_goes_on_saving_to_the_same_file(tmp_path: Path) -> None:
    autosave = Autosave(tmp_path / "autosave.json")
    session = Session(Rules.two_player(), [Seat("Ann"), Seat("Ben", "easy")], seed=2)
    session.autosave = autosave
    session.save()
    resumed = autosave.load()
    assert resumed is not None and resumed.autosave is autosave
    resumed.run_bots()
    decision = resumed.person_to_decide()
    assert decision is not None
    resumed.apply(decision.actions[0])
    assert read_save(autosave.path).record.actions == tuple(resumed.game.actions)


def test_the_save_holds_seats_record_and_a_format_version(tmp_path: Path) -> None:
    seats = [Seat("Ann"), Seat("Ben", "hard")]
    session = Session(Rules.two_player(uno_penalty=4), seats, seed=5)
    data = json.loads(saves.save_text(session))
    assert data["format"] == "uno-tui autosave" and data["version"] == 1
    assert data["seats"] == [{"name": "Ann", "bot": None}, {"name": "Ben", "bot": "hard"}]
    assert data["record"]["rules"] == "two-player"
    assert data["record"]["options"] == {"uno_penalty": 4}
    saved = saves.parse_save(saves.save_text(session))
    assert saved.seats == tuple(seats)
    for _ in range(3):
        session.apply(session.game.decisions()[0].actions[0])
        data = json.loads(saves.save_text(session))
        assert data["record"] == session.game.record().to_dict()


def test_describe_names_the_rules_round_moves_and_scores() -> None:
    game = Game(Rules.teams(), ["Ann", "Ben", "Cat", "Dan"], seed=1)
    session = Session(Rules.teams(), [Seat(n) for n in game.names], game=game)
    text = describe(session)
    assert text.startswith("teams, hand 1, 0 moves; scores: Ann and Cat 0, Ben and Dan 0")


def test_a_save_whose_players_differ_from_its_seats_is_refused() -> None:
    session = Session(Rules.two_player(), [Seat("Ann"), Seat("Ben")], seed=1)
    data = json.loads(saves.save_text(session))
    data["seats"][1]["name"] = "Zed"
    with pytest.raises(SaveError, match="seats do not match"):
        saves.parse_save(json.dumps(data))


def test_an_uno_call_offer_survives_a_resume(tmp_path: Path) -> None:
    """Stopped while a person is offered the UNO call after their play, the resumed plain game
    asks that person first, before anyone may catch them."""
    import io

    from uno_tui.plain import PlainGame

    rules = Rules.two_player()
    for seed in range(200):
        game = Game(rules, ["Ann", "Ben"], seed=seed)
        rng = __import__("random").Random(seed)
        while not game.is_over and len(game.actions) < 400:
            action = random_action(game, rng)
            if isinstance(action, CallUno):
                continue
            game.apply(action)
            last = game.actions[-1].player
            if any(isinstance(a, CallUno) and a.target == last for a in game.legal_actions(last)):
                break
        else:
            continue
        break
    session = Session(rules, [Seat("Ann"), Seat("Ben")], game=game)
    last = game.actions[-1].player
    out = io.StringIO()
    answers = ["", "1"]

    def read() -> str:
        if not answers:
            raise EOFError
        return answers.pop(0)

    PlainGame(session, read, out).run()
    lines = out.getvalue().splitlines()
    asked = [line for line in lines if line.startswith(("Hand the keyboard to", "One card left!"))]
    assert asked[:2] == [
        f"Hand the keyboard to {game.names[last]}. {game.names[last]}, are you ready? Press Enter.",
        "One card left! Call UNO? 1: call UNO, 2: say nothing.",
    ]
    assert any(isinstance(a, CallUno) for a in game.actions[-2:])


@pytest.mark.skipif(not hasattr(os, "fork"), reason="advisory file locks are POSIX")
def test_a_save_another_live_process_is_writing_is_left_to_it(tmp_path: Path) -> None:
    """Two uno-tui processes on one data directory: while one holds the save, the other's
    match is not written over it (told once), and once the first has gone it saves again."""
    import subprocess
    import sys

    path = tmp_path / "autosave.json"
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import fcntl, sys, time\n"
            f"lock = open({str(path) + '.lock'!r}, 'a')\n"
            "fcntl.flock(lock.fileno(), fcntl.LOCK_EX)\n"
            "print('held', flush=True)\n"
            "sys.stdin.read()\n",
        ],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "held\n"
        told: list[str] = []
        session = Session(Rules.two_player(), [Seat("Ann", "random"), Seat("Ben", "random")])
        session.autosave = Autosave(path, warn=told.append)
        for _ in range(3):
            session.bot_step()
        assert not path.exists()
        assert len(told) == 1 and "another uno-tui" in told[0]
        assert session.unsaved == f"A{told[0][1:]}."  # what the front ends say on leaving
    finally:
        holder.communicate("")  # the holder ends, and the system lets go of its lock
    session.bot_step()
    assert path.exists() and session.unsaved is None
    assert load_session(path).game.digest() == session.game.digest()
