"""The bots: every action legal in every rule set, nothing seen beyond the view, and medium
clearly stronger than random."""

from __future__ import annotations

import random
import subprocess
import sys
from typing import Any

import pytest

from uno_tui.bots import HardBot, MediumBot, deals
from uno_tui.bots.deals import DealSampler, chance_of_plays
from uno_tui.bots.knowledge import NO_LACK, HandNotes, Knowledge
from uno_tui.bots.playout import COLORS, QuickRules, code_of, decode
from uno_tui.engine import (
    AcceptPenalty,
    CallUno,
    Card,
    CatchUno,
    Challenge,
    Color,
    DrawCard,
    PlayCard,
    Rank,
    Rules,
)
from uno_tui.sim import Config, Tally, play_game

from .helpers import StepClock, card, game_at, play

HOUSE_RULES: dict[str, tuple[tuple[str, Any], ...]] = {
    "classic": (
        ("stack_draw_two", True),
        ("stack_draw_four", True),
        ("seven_zero", True),
        ("jump_in", True),
        ("draw_until_playable", True),
    ),
    "two-player": (
        ("stack_draw_two", True),
        ("stack_draw_four", True),
        ("seven_zero", True),
        ("jump_in", True),
        ("blank_cards", 2),
        ("custom_effect", "pass-hands"),
    ),
    "teams": (("stack_draw_two", True), ("jump_in", True), ("draw_until_playable", True)),
}
TABLES = {
    "classic": ("hard", "medium", "easy", "random"),
    "two-player": ("hard", "medium"),
    "teams": ("hard", "medium", "random", "easy"),
}


@pytest.mark.parametrize("rules", ["classic", "two-player", "teams"])
@pytest.mark.parametrize("house_rules", [False, True], ids=["plain", "house-rules"])
def test_every_bot_action_is_legal(rules: str, house_rules: bool) -> None:
    """The simulator applies every action through Game.apply, which raises on an illegal one;
    a failure is counted, so none may be."""
    config = Config(
        rules=rules,
        levels=TABLES[rules],
        games=3 if rules == "teams" else 8,  # Teams rounds with random seats run long
        seed=11,
        think_ms=2,
        options=HOUSE_RULES[rules] if house_rules else (),
    )
    tally = Tally(wins=[0] * len(config.levels))
    for index in range(config.games):
        play_game(config, index, tally)
    assert tally.failures == []
    assert tally.games == config.games
    assert sum(tally.wins) == config.games * (2 if rules == "teams" else 1)


def test_medium_beats_random_clearly() -> None:
    config = Config(rules="two-player", levels=("medium", "random"), games=200, seed=5)
    tally = Tally(wins=[0, 0])
    for index in range(config.games):
        play_game(config, index, tally)
    assert tally.wins[0] / tally.games > 0.62


def test_the_hard_bot_decides_the_same_whatever_the_hidden_hands() -> None:
    """Two tables that differ only in the opponent's hand and the draw pile give the same
    view, and the hard bot makes the same choice at both."""
    mine = "R1 R5 G5 B7 YS W"
    table_a = game_at(Rules.two_player(), [mine, "G1 G2 B3 Y4 Y5"], "R9", "B1 B2 G7", seed=3)
    table_b = game_at(Rules.two_player(), [mine, "B9 B8 Y3 G4 R2"], "R9", "Y6 R3 GR", seed=3)
    view_a, view_b = table_a.view(0), table_b.view(0)
    assert view_a == view_b
    bot = HardBot(think_ms=10_000, samples=12)
    assert bot.choose(view_a, random.Random(9)) == bot.choose(view_b, random.Random(9))


def imagined_hands(knowledge: Knowledge, seat: int, *, deals: int, seed: int) -> list[list[Card]]:
    """``seat``'s hand in each of ``deals`` deals the hard bot would imagine (each must exist)."""
    sampler = DealSampler(knowledge, QuickRules.of(knowledge.view.rules))
    rng = random.Random(seed)
    hands = []
    for _ in range(deals):
        table = sampler.deal(rng)
        assert table is not None
        hands.append([decode(code) for code in table.hands[seat]])
    return hands


def test_an_opponent_who_drew_is_dealt_none_of_the_color_they_lacked(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Sampling the unseen cards respects what the view saw: Ben drew on a red 5 and kept
    nothing playable, so his imagined hands hold no red and no 5, and seldom a Wild (many
    players draw while keeping a Wild for later, so it is doubted, not ruled out)."""
    game = game_at(Rules.two_player(), ["G1 G2 B4", "G3 B6 Y7 Y8"], "R5", "B9", current=1, seed=1)
    game.apply(DrawCard(1))
    view = game.view(0)
    knowledge = Knowledge.of(view)
    assert knowledge.notes[1].missing_colors == {Color.RED}

    def hands_with_a_wild() -> int:
        wild = 0
        for ben in imagined_hands(knowledge, 1, deals=400, seed=2):
            assert len(ben) == 5
            assert not any(c.color is Color.RED or c.rank is Rank.FIVE for c in ben)
            wild += any(c.is_wild for c in ben)
        return wild

    monkeypatch.setattr(deals, "WILD_WHILE_DRAWING", 0.3)
    doubted = hands_with_a_wild()
    monkeypatch.setattr(deals, "WILD_WHILE_DRAWING", 1.0)
    free = hands_with_a_wild()
    assert 0 < doubted < 0.75 * free


def test_what_an_opponent_lacked_before_a_penalty_still_binds_the_cards_it_held() -> None:
    """Ben drew on a red 5 (no red, no 5, no Wild in his hand then, nor in the card he drew
    and kept), took two cards for a Draw Two (anything), then drew on blue. All his cards lack
    blue; the ones he held at his first draw still lack red and 5 as well, and only the three
    he took since (the two of the penalty and the one he drew on blue) may be red."""
    game = game_at(
        Rules.two_player(), ["R+2 W G1 G2 B4", "G3 G6 Y7 Y8"], "R5", "G9 Y1 Y2 G4", current=1
    )
    game.apply(DrawCard(1))
    game.apply(PlayCard(0, card("R+2")))
    game.apply(PlayCard(0, card("W"), color=Color.BLUE))
    game.apply(DrawCard(1))
    view = game.view(0)
    knowledge = Knowledge.of(view)
    notes = knowledge.notes[1]
    assert notes.missing_colors == {Color.BLUE}
    groups = notes.groups(knowledge.unknown_count(1))
    assert [count for count, _ in groups] == [5, 3]
    assert groups[0][1].colors == {Color.RED, Color.BLUE} and groups[1][1].colors == {Color.BLUE}
    most_red = 0
    for ben in imagined_hands(knowledge, 1, deals=200, seed=4):
        assert len(ben) == 8
        assert not any(c.color is Color.BLUE for c in ben)
        red_or_five = sum(1 for c in ben if c.color is Color.RED or c.rank is Rank.FIVE)
        assert red_or_five <= 3
        most_red = max(most_red, red_or_five)
    assert most_red == 3, "the three cards taken since are dealt freely"


def test_a_card_an_opponent_could_not_have_held_comes_from_those_taken_since() -> None:
    """A red card Ben plays after drawing on red must be one he took later: the cards he held
    then stay bound, those he took since are one fewer."""
    notes = HandNotes()
    notes.lacked(Color.RED, card("R5"), wilds=True)
    notes.came_in(2)
    notes.played(card("R7"))
    assert notes.groups(6) == [(5, notes.lacks[0]), (1, NO_LACK)]
    notes.played(card("G7"))  # a green card he may have held all along
    assert notes.groups(5) == [(4, notes.lacks[0]), (1, NO_LACK)]


def test_an_opponent_who_named_a_color_is_imagined_holding_more_of_it() -> None:
    """Ben named green for his Wild and kept four cards: players name the colour they hold
    most, so the deals that give him green count for more; none gives it to him for sure (he
    may have played his green out since)."""
    game = game_at(Rules.two_player(), ["R1 R2 B4", "W G3 B6 Y7 Y8"], "R5", current=1, seed=1)
    play(game, 1, "W", color="G")
    view = game.view(0)
    sampler = DealSampler(Knowledge.of(view), QuickRules.of(view.rules))
    rng = random.Random(2)
    tables = [table for table in (sampler.deal(rng) for _ in range(400)) if table is not None]
    weights = [sampler.weight(table) for table in tables]
    greens = [sum(1 for c in table.hands[1] if decode(c).color is Color.GREEN) for table in tables]
    weighed = sum(w * n for w, n in zip(weights, greens, strict=True)) / sum(weights)
    assert weighed > sum(greens) / len(greens) + 0.3
    assert 0 in greens


def test_a_card_drawn_and_kept_for_not_matching_lacks_only_what_it_did_not_match() -> None:
    """Ben drew on a red 5 and kept the green 9 he drew; after Ann's Wild named blue he drew
    again and kept a red 7. His hand lacks blue, the cards he held at the first draw lack red
    as well, but the card he drew on blue may be red."""
    game = game_at(
        Rules.two_player(), ["W G1 G2 B4", "G3 G6 Y7 Y8"], "R5", "G9 R7 Y2 G4", current=1
    )
    game.apply(DrawCard(1))
    game.apply(PlayCard(0, card("W"), color=Color.BLUE))
    game.apply(DrawCard(1))
    view = game.view(0)
    knowledge = Knowledge.of(view)
    groups = knowledge.notes[1].groups(knowledge.unknown_count(1))
    assert [count for count, _ in groups] == [5, 1]
    assert groups[0][1].colors == {Color.RED, Color.BLUE} and groups[1][1].colors == {Color.BLUE}
    reds = set()
    for ben in imagined_hands(knowledge, 1, deals=200, seed=4):
        assert not any(c.color is Color.BLUE for c in ben)
        reds.add(sum(1 for c in ben if c.color is Color.RED))
    assert reds == {0, 1}


def test_the_cards_an_opponent_chose_since_they_last_drew_are_noted() -> None:
    """Ben's choices tell of his hand until he takes a card; a drawn card he plays at once was
    no choice of his."""
    game = game_at(Rules.two_player(), ["G1 G2 B4", "R9 R6 R7 B5 Y9"], "B9", current=1, seed=1)
    play(game, 1, "R9")
    plays = Knowledge.of(game.view(0)).notes[1].plays
    assert [(p.card, p.top, p.color, p.named) for p in plays] == [
        (card("R9"), card("B9"), Color.BLUE, Color.RED)
    ]
    drawn = game_at(Rules.two_player(), ["G1 G2", "R6 R7"], "B9", "B1", current=1, seed=1)
    drawn.apply(DrawCard(1))
    play(drawn, 1, "B1")
    assert Knowledge.of(drawn.view(0)).notes[1].plays == []


def test_an_opponent_who_turned_the_color_is_imagined_holding_less_of_the_old_one() -> None:
    """Ben turned blue to red with a 9: players play the colour they hold most, so he likely
    held less blue than red, and the deals the hard bot searches, each counted by how well it
    explains his choice, give him less blue than deals that ignore it (and no less red)."""
    game = game_at(Rules.two_player(), ["G1 G2 B4", "R9 R6 R7 R8 B5"], "B9", current=1, seed=1)
    play(game, 1, "R9")
    view = game.view(0)
    sampler = DealSampler(Knowledge.of(view), QuickRules.of(view.rules))

    rng = random.Random(4)
    tables = [sampler.deal(rng) for _ in range(400)]
    weights = [sampler.weight(table) for table in tables if table is not None]
    held = [[decode(c).color for c in table.hands[1]] for table in tables if table is not None]

    def mean_held(color: Color, weighed: bool) -> float:
        counts = [hand.count(color) for hand in held]
        if not weighed:
            return sum(counts) / len(counts)
        return sum(w * n for w, n in zip(weights, counts, strict=True)) / sum(weights)

    assert mean_held(Color.BLUE, weighed=True) < mean_held(Color.BLUE, weighed=False) - 0.2
    assert mean_held(Color.RED, weighed=True) >= mean_held(Color.RED, weighed=False)


def test_a_hand_rich_in_the_played_color_explains_the_choice_better() -> None:
    """The chance of a choice under the players' model: holding more of the colour played
    makes it likelier, a hand of the colour left behind less likely."""
    codes = [code_of(card(c)) for c in ("R9", "B9")]
    plays = ((codes[0], codes[1], COLORS.index(Color.BLUE), COLORS.index(Color.RED)),)
    reds = [code_of(card(c)) for c in ("R1", "R2", "B3")]
    blues = [code_of(card(c)) for c in ("B1", "B2", "R3")]
    assert chance_of_plays(reds, plays) > 2 * chance_of_plays(blues, plays)


def test_the_hard_bot_answers_at_once_without_a_real_choice() -> None:
    game = game_at(Rules.two_player(), ["G1 G2", "B3 B4"], "R5", seed=1)
    clock = StepClock()
    action = HardBot(think_ms=5_000, clock=clock).choose(game.view(0), random.Random(1))
    assert action == DrawCard(0)
    assert clock.readings == 0  # it did not search


@pytest.mark.parametrize("think_ms", [20, 60, 120])
def test_the_hard_bot_keeps_to_its_time_budget(think_ms: int) -> None:
    """A clock that moves a millisecond at each reading: one reading sets the deadline, one
    follows each imagined deal, and the search stops at the first past the deadline, so the
    budget in milliseconds is the number of deals (one more where the sums round up)."""
    game = game_at(
        Rules.classic(), ["R1 R2 G2 Y2 B2 W W+4", "B3 B4 G5", "Y1 Y2", "G7 G8"], "R5", seed=1
    )
    clock = StepClock(step=0.001)
    action = HardBot(think_ms=think_ms, clock=clock).choose(game.view(0), random.Random(1))
    assert isinstance(action, PlayCard)
    deals = clock.readings - 1
    assert think_ms <= deals <= think_ms + 1


def test_fixed_samples_are_counted_whatever_the_clock_says() -> None:
    """With ``samples`` the deals are counted, not timed, so a choice is the same on any
    machine: on a clock a second a reading against a budget of a millisecond, the search still
    imagines its 200 deals (and chooses the same twice), while the timed search stops after
    one deal and keeps medium's R2."""
    game = game_at(
        Rules.classic(), ["R1 R2 G2 Y2 B2 W W+4", "B3 B4 G5", "Y1 Y2", "G7 G8"], "R5", seed=1
    )
    counted = HardBot(think_ms=1, samples=200, clock=StepClock(step=1.0))
    first = counted.choose(game.view(0), random.Random(2))
    assert counted.last_search == (200, False)
    again = HardBot(think_ms=1, samples=200, clock=StepClock(step=1.0))
    assert again.choose(game.view(0), random.Random(2)) == first
    clock = StepClock(step=1.0)
    timed = HardBot(think_ms=1, clock=clock)
    assert timed.choose(game.view(0), random.Random(1)) == PlayCard(0, card("R2"))
    assert timed.last_search == (1, True)
    assert clock.readings == 2  # the deadline, then one deal


def test_the_hard_bot_bluffs_a_wild_draw_four_that_wins() -> None:
    """Hard holds R1 and a Wild Draw Four on a red 5, the opponent one card from going out:
    the bluff is hard to suspect from one card, and after it hard plays its last card."""
    game = game_at(Rules.two_player(), ["R1 W+4", "B3"], "R5", seed=1)
    action = HardBot(think_ms=10_000, samples=40).choose(game.view(0), random.Random(1))
    assert isinstance(action, PlayCard)
    assert action.card == card("W+4")


def test_medium_never_bluffs_a_wild_draw_four() -> None:
    game = game_at(Rules.two_player(), ["R1 W+4", "B3 B4"], "R5", seed=1)
    assert MediumBot().choose(game.view(0), random.Random(1)) == PlayCard(0, card("R1"))


def test_medium_hits_a_low_next_player_with_a_draw_two() -> None:
    game = game_at(Rules.two_player(), ["R1 R2 R3 R+2", "B3 B4"], "R5", seed=1)
    action = MediumBot().choose(game.view(0), random.Random(1))
    assert action == PlayCard(0, card("R+2"))


def test_medium_holds_a_wild_while_it_has_many_cards() -> None:
    game = game_at(Rules.two_player(), ["R1 G2 G3 G4 B5 W", "B3 B4 Y5 Y6 Y7"], "R5", seed=1)
    action = MediumBot().choose(game.view(0), random.Random(1))
    assert isinstance(action, PlayCard)
    assert not action.card.is_wild


def test_medium_calls_uno_and_catches_opponents() -> None:
    game = game_at(Rules.classic(), ["R1 R2", "G3 G4", "B1 B2"], "R5", seed=1)
    play(game, 0, "R1")
    bot = MediumBot()
    assert bot.react(game.view(0), random.Random(1)) == CallUno(0, 0)
    assert bot.react(game.view(2), random.Random(1)) == CatchUno(2, 0)


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_no_bot_challenges_a_player_who_showed_they_lacked_the_color(level: str) -> None:
    """Ben drew on red and kept nothing: his Wild Draw Four on red is no bluff (for hard: in
    every imagined deal his hand holds no red, so a challenge would fail)."""
    game = game_at(
        Rules.two_player(), ["R1 R2 G3", "G4 B6 Y7 Y8"], "R5", "B9 W+4", current=1, seed=1
    )
    game.apply(DrawCard(1))
    play(game, 0, "R1")
    game.apply(DrawCard(1))
    play(game, 1, "W+4", color="G")
    bot = MediumBot() if level == "medium" else HardBot(think_ms=10_000, samples=40)
    assert isinstance(bot.choose(game.view(0), random.Random(1)), AcceptPenalty)


def test_hard_challenges_a_wild_draw_four_from_a_hand_that_must_have_held_the_color() -> None:
    """Ben plays a Wild Draw Four on red keeping fourteen cards: nearly every deal of them
    holds a red card, and a caught bluff is worth far more than the two extra cards a failed
    challenge costs."""
    ben = "W+4 G1 G2 G3 G4 G5 G6 B1 B2 B3 B4 B5 B6 Y1 R9"
    game = game_at(Rules.two_player(), ["R1 R2 R3", ben], "R5", current=1, seed=1)
    play(game, 1, "W+4", color="G")
    action = HardBot(think_ms=10_000, samples=40).choose(game.view(0), random.Random(1))
    assert isinstance(action, Challenge)


@pytest.mark.parametrize(("mine", "challenged"), [("R1", True), ("R1 R2", False)])
def test_medium_challenges_a_wild_draw_four_thrown_at_its_last_card(
    mine: str, challenged: bool
) -> None:
    """Ben (five other cards) plays a Wild Draw Four on red. On one card Ann challenges: a
    player facing UNO throws it whatever they hold, and a caught bluff leaves her one card and
    the turn. On two cards she assumes, as usual, that players rarely bluff."""
    game = game_at(Rules.two_player(), [mine, "W+4 G4 B6 Y7 Y8 G2"], "R5", current=1, seed=1)
    play(game, 1, "W+4", color="G")
    action = MediumBot().choose(game.view(0), random.Random(1))
    assert isinstance(action, Challenge) is challenged


def test_bots_import_no_terminal_code() -> None:
    code = (
        "import sys, uno_tui.bots; "
        "bad = [m for m in sys.modules if m.split('.')[0] in ('textual', 'rich')]; "
        "assert not bad, bad"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


@pytest.mark.parametrize("rules", ["classic", "two-player", "teams"])
def test_knowledge_read_on_from_the_last_view_equals_knowledge_read_afresh(rules: str) -> None:
    """Knowledge goes on reading a round where it stopped; at every decision of random games
    it knows exactly what reading the whole round again would tell."""
    from uno_tui.bots import knowledge as module
    from uno_tui.engine import Game, Phase

    rng = random.Random(5)
    bots = [MediumBot() for _ in range(4 if rules != "two-player" else 2)]
    checked = 0
    for number in range(3):
        game = Game(Rules.preset(rules), [f"P{i}" for i in range(len(bots))], seed=number)
        for _ in range(400):
            if game.phase in (Phase.ROUND_OVER, Phase.MATCH_OVER):
                break
            seat = game.decisions(out_of_turn=False)[0].player
            views = [game.view(p) for p in range(len(bots))]
            read_on = [Knowledge.of(view) for view in views]  # from where the last view ended
            module._READERS.clear()
            assert read_on == [Knowledge.of(view) for view in views]
            checked += 1
            game.apply(bots[seat].choose(views[seat], rng))
    assert checked > 100


def test_a_hint_searches_within_a_quarter_second_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """The hint's hard bot is given less than a quarter second, so reading the view and
    wording the reason fit in it too (counted on a clock that moves only when read)."""
    from uno_tui.bots import hint as hint_module

    clocks: list[StepClock] = []

    def timed(think_ms: float) -> HardBot:
        clock = StepClock(step=0.001)
        clocks.append(clock)
        return HardBot(think_ms=think_ms, clock=clock)

    monkeypatch.setattr(hint_module, "HardBot", timed)
    game = game_at(
        Rules.classic(), ["R1 R2 G2 Y2 B2 W W+4", "B3 B4 G5", "Y1 Y2", "G7 G8"], "R5", seed=1
    )
    given = hint_module.hint(game.view(0))
    assert isinstance(given.action, PlayCard) and given.reason
    assert hint_module.HINT_THINK_MS <= 200
    assert clocks and clocks[0].readings - 1 <= hint_module.HINT_THINK_MS + 1
