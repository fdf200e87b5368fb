"""The ported sparring partners (benchmarks/sparring.py): RLCard's rule agent checked against
RLCard itself where it is installed, MixBot against the rules of its F# source."""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import replace
from typing import Any

import pytest

from benchmarks import sparring
from benchmarks.sparring import (
    MixBot,
    RlcardV1Bot,
    rlcard_agent_step,
    rlcard_legal,
)
from uno_tui.engine import (
    Card,
    Color,
    DrawCard,
    Game,
    KeepDrawn,
    PlayCard,
    Rank,
    Rules,
    build_deck,
)
from uno_tui.sim import Config, simulate

from .helpers import game_at


class FirstChoice(random.Random):
    """A generator whose ``choice`` takes the smallest, so two agents can be compared."""

    def choice(self, seq: Any) -> Any:
        return sorted(seq)[0]


def _rlcard_card(card: Card) -> Any:
    from rlcard.games.uno.card import UnoCard

    if card.is_wild:
        trait = "wild_draw_4" if card.rank is Rank.WILD_DRAW_FOUR else "wild"
        return UnoCard("wild", "r", trait)
    letter = {Color.RED: "r", Color.GREEN: "g", Color.BLUE: "b", Color.YELLOW: "y"}[card.color]
    traits = {Rank.SKIP: "skip", Rank.REVERSE: "reverse", Rank.DRAW_TWO: "draw_2"}
    trait = traits.get(card.rank, card.rank.value)
    kind = "action" if card.rank in traits else "number"
    return UnoCard(kind, letter, trait)


def test_rlcard_legal_actions_and_agent_choices_equal_the_originals() -> None:
    rlcard_round = pytest.importorskip("rlcard.games.uno.round")
    rule_models = pytest.importorskip("rlcard.models.uno_rule_models")
    np = pytest.importorskip("numpy")
    deck = build_deck(Rules.classic())
    rng = random.Random(16)
    agent = rule_models.UNORuleAgentV1()
    original_choice = rule_models.np.random.choice
    rule_models.np.random.choice = lambda seq: sorted(seq)[0]
    try:
        for _ in range(3000):
            cards = rng.sample(deck, rng.randint(1, 9) + 1)
            top, hand = cards[0], cards[1:]
            color = rng.choice(list(Color)) if top.is_wild else top.color
            game_round = rlcard_round.UnoRound(0, 2, np.random.RandomState(0))
            target = _rlcard_card(top)
            if top.is_wild:
                target.color = {Color.RED: "r", Color.GREEN: "g", Color.BLUE: "b"}.get(color, "y")
            game_round.target = target

            class Player:
                pass

            player = Player()
            player.hand = [_rlcard_card(c) for c in hand]  # type: ignore[attr-defined]
            theirs = game_round.get_legal_actions([player], 0)
            mine = rlcard_legal(hand, top, color)
            assert sorted(mine) == sorted(theirs)
            strings = [c.str for c in player.hand]  # type: ignore[attr-defined]
            state = {"raw_legal_actions": theirs, "raw_obs": {"hand": strings}}
            assert rlcard_agent_step(mine, strings, FirstChoice()) == agent.step(state)
    finally:
        rule_models.np.random.choice = original_choice


def test_rlcard_draws_only_with_nothing_playable_and_keeps_a_wild_for_last() -> None:
    game = game_at(Rules.classic(), ["W R3 B7", "G1 G2", "G3 G4"], "R5")
    action = RlcardV1Bot().choose(game.view(0), random.Random(1))
    assert isinstance(action, PlayCard) and action.card == Card.parse("R3")
    game = game_at(Rules.classic(), ["B7 G2", "G1 G2", "G3 G4"], "R5")
    assert isinstance(RlcardV1Bot().choose(game.view(0), random.Random(1)), DrawCard)


def test_mixbot_holds_wilds_until_few_colored_cards_remain() -> None:
    """CardCountLimits: a Wild only with at most 2 non-Wild cards, a Wild Draw Four with 4."""
    game = game_at(Rules.two_player(), ["W B7 G2 Y3", "G1 G2 G3"], "R5")
    assert isinstance(MixBot().choose(game.view(0), random.Random(1)), DrawCard)
    game = game_at(Rules.two_player(), ["W+4 B7 G2 Y3", "G1 G2 G3"], "R5")
    action = MixBot().choose(game.view(0), random.Random(1))
    assert isinstance(action, PlayCard) and action.card.rank is Rank.WILD_DRAW_FOUR
    assert action.color in (Color.BLUE, Color.GREEN, Color.YELLOW)


def test_mixbot_ranks_draw_two_over_numbers_and_prefers_its_commonest_color() -> None:
    game = game_at(Rules.two_player(), ["R+2 R4 B6 B7 B8", "G1 G2 G3"], "R5")
    action = MixBot().choose(game.view(0), random.Random(1))
    assert isinstance(action, PlayCard) and action.card == Card.parse("R+2")
    game = game_at(Rules.two_player(), ["R+2 R4 B5 B6 B7", "G1 G2 G3"], "B4")
    action = MixBot().choose(game.view(0), random.Random(1))
    assert isinstance(action, PlayCard) and action.card.color is Color.BLUE


def test_mixbot_keeps_a_drawn_wild_with_more_than_two_cards() -> None:
    game = game_at(Rules.two_player(), ["B7 G2 Y3", "G1 G2"], "R5", "W")
    bot = MixBot()
    game.apply(bot.choose(game.view(0), random.Random(1)))
    assert isinstance(bot.choose(game.view(0), random.Random(1)), KeepDrawn)


@pytest.mark.parametrize("rules", ["classic", "two-player"])
def test_sparring_partners_play_only_legal_actions(rules: str) -> None:
    seats = ("mixbot", "rlcard-v1") if rules == "two-player" else ("mixbot", "rlcard-v1") * 2
    config = Config(rules=rules, levels=seats, games=60, seed=3, bots=sparring.levels())
    tally = simulate(config)
    assert tally.failures == [] and tally.games == 60


def test_simulate_jobs_seats_the_sparring_levels_in_spawned_workers() -> None:
    """Workers started by spawn (macOS; Linux from Python 3.14) import uno-tui afresh and share
    no memory with this process: they seat the levels their configuration brings, and play the
    very games one process plays."""
    seats = ("mixbot", "rlcard-v1", "medium-hard-teams")
    config = Config(
        rules="classic", levels=seats, games=6, seed=11, bots=sparring.levels(samples=2)
    )
    alone = simulate(config)
    spawned = simulate(replace(config, jobs=2), start_method="spawn")
    assert spawned.failures == [] and spawned.games == 6
    assert spawned.wins == alone.wins
    assert set(spawned.decision_ms) == set(seats)


def test_seating_the_sparring_partners_leaves_the_games_levels_alone(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """No registry to add to: the game's levels stay the game's, and cannot be changed."""
    from uno_tui.bots import LEVELS

    before = dict(LEVELS)
    argv = ["--rules", "two-player", "--seats", "mixbot,hard", "--games", "2", "--json"]
    assert sparring.main([*argv, "--seed", "4", "--hard-samples", "2"]) == 0
    assert json.loads(capsys.readouterr().out)["games"] == 2
    assert dict(LEVELS) == before and "mixbot" not in LEVELS
    with pytest.raises(TypeError):
        LEVELS["mixbot"] = sparring.MixBot  # type: ignore[index]


def test_hard_samples_fixes_the_deals_and_leaves_the_rest_to_simulate() -> None:
    argv = ["--rules", "two-player", "--hard-samples", "12", "--games", "3"]
    assert sparring.fixed_samples(argv) == 12
    assert argv == ["--rules", "two-player", "--games", "3"]
    assert sparring.fixed_samples(argv) is None


@pytest.mark.parametrize("value", ["0", "many"])
def test_hard_samples_rejects_what_is_not_a_count_in_one_line(value: str) -> None:
    with pytest.raises(SystemExit, match="whole number"):
        sparring.fixed_samples(["--hard-samples", value])


def test_the_swapped_levels_take_their_teams_choices_from_the_other_bot() -> None:
    """``hard-medium-teams`` passes medium's card; ``medium-hard-teams`` plays medium's turn."""
    from uno_tui.bots import MediumBot
    from uno_tui.engine import Game

    game = Game(Rules.teams(), ["Ann", "Ben", "Cat", "Dan"], seed=4)
    first_pass = game.view(game.decisions(out_of_turn=False)[0].player)
    medium = MediumBot().choose(first_pass, random.Random(1))
    hard_before = sparring.HardWithMediumTeamChoices(think_ms=60_000, samples=10)
    assert hard_before.choose(first_pass, random.Random(1)) == medium
    turn = game_at(Rules.teams(), ["R1 R+2 G2 W", "B3", "G4 G5", "Y6"], "R5", seed=1).view(0)
    medium_after = sparring.MediumWithHardTeamChoices(think_ms=60_000, samples=10)
    assert medium_after.choose(turn, random.Random(1)) == MediumBot().choose(turn, random.Random(1))


def test_paired_runs_of_one_seating_against_itself_find_no_difference(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The same games with the same bots: every game ends alike, so the difference is nil."""

    from benchmarks import paired

    seats = "medium,easy,medium,easy"
    argv = ["--games", "3", "--seed", "5", "--a", seats, "--b", seats]
    assert paired.main(argv) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["difference"] == {
        "mean": 0.0,
        "ci95": [0.0, 0.0],
        "won_by_a_only": 0,
        "won_by_b_only": 0,
    }
    assert report["decision_ms"]["medium pass"]["decisions"] > 0


def test_the_deals_guess_the_others_hands_better_than_the_base_rate(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """benchmarks/inference.py: what the view holds certain of a hand (the lacks it showed)
    never contradicts the true hand, where the players never draw holding a card they could
    play; the chance the deals give that a colour is missing beats saying the same average
    chance every time (its log loss is lower); and what they call all but sure mostly is."""
    import math

    from benchmarks import inference

    argv = ["--games", "12", "--seed", "3", "--deals", "60", "--seats", "medium,mixbot"]
    assert inference.main(argv) == 0
    report = json.loads(capsys.readouterr().out)
    rate = report["void_rate"]
    base = -(rate * math.log(rate) + (1 - rate) * math.log(1 - rate))
    assert report["positions"] > 50
    assert report["contradicted"] == 0
    assert report["void_log_loss"] < base - 0.1
    _guesses, chance, happened = report["calibration"][-1]
    assert chance > 0.9 and happened > 0.9


# MixBot2 -------------------------------------------------------------------------------------


def _counts_after(game: Game, viewer: int) -> sparring.CardCounts:
    return sparring.CardCounts.follow(None, game.view(viewer))


def test_mixbot2_counts_start_with_the_deck_but_its_hand_and_the_pile() -> None:
    game = game_at(Rules.two_player(), ["R5 W", "G1 G2 G3"], "R5")
    counts = _counts_after(game, 0)
    deck = Counter(build_deck(Rules.two_player()))
    assert counts.counts[1][Card.parse("R5")] == deck[Card.parse("R5")] - 2 == 0
    assert counts.counts[1][Card.parse("W")] == deck[Card.parse("W")] - 1
    assert counts.counts[1][Card.parse("G1")] == deck[Card.parse("G1")]


def test_mixbot2_counts_an_opponent_that_drew_on_its_turn_as_holding_nothing_that_matched() -> None:
    """Ben draws on a red 5 and keeps the card: he held no red, no 5 and no Wild, and now may
    hold one of anything else more; the chance that he cannot follow a red 5 is then 1."""
    game = game_at(Rules.two_player(), ["B7 G2 Y3", "G1 G2 G3"], "R5", "B9", current=1)
    game.apply(next(a for a in game.view(1).decisions[0].actions if isinstance(a, DrawCard)))
    decisions = game.view(1).decisions
    keep = [a for d in decisions for a in d.actions if isinstance(a, KeepDrawn)]
    if keep:
        game.apply(keep[0])
    counts = _counts_after(game, 0)
    ben = counts.counts[1]
    assert ben[Card.parse("R1")] == 0 and ben[Card.parse("B5")] == 0 and ben[Card.parse("W")] == 0
    assert ben[Card.parse("G1")] == 2  # two in the deck, and the bound holds after the +1
    assert counts.no_match_chance(1, 4, Card.parse("R5"), None) == 1.0
    assert 0.0 < counts.no_match_chance(1, 4, Card.parse("R8"), None) < 1.0


def test_mixbot2_no_match_chance_is_the_hypergeometric_miss() -> None:
    game = game_at(Rules.two_player(), ["B7", "G1 G2"], "R5")
    counts = _counts_after(game, 0)
    counts.counts[1] = Counter({Card.parse("R1"): 1, Card.parse("G1"): 3})
    # Two cards out of R1 and three G1 miss red with chance 3/4 * 2/3.
    assert counts.no_match_chance(1, 2, Card.parse("R8"), None) == pytest.approx(0.5)
    assert counts.no_match_chance(1, 4, Card.parse("R8"), None) == 0.0
    assert counts.no_match_chance(1, 2, Card.parse("Y8"), None) == 1.0


def test_mixbot2_breaks_a_tie_with_the_card_the_next_player_likely_cannot_follow() -> None:
    """Blue 6 and green 6 rank alike and neither colour is commoner; Ben drew on green before
    (he holds no green), so the green 6 leaves him without a play."""
    game = game_at(Rules.two_player(), ["B6 G6 Y1 R1", "R2 R3 B3"], "G5", "B9", current=1)
    game.apply(next(a for a in game.view(1).decisions[0].actions if isinstance(a, DrawCard)))
    keep = [a for d in game.view(1).decisions for a in d.actions if isinstance(a, KeepDrawn)]
    if keep:
        game.apply(keep[0])
    for seed in range(5):
        action = sparring.MixBot2().choose(game.view(0), random.Random(seed))
        assert action == PlayCard(0, Card.parse("G6"))


def test_mixbot2_holds_wilds_and_names_a_colour_it_holds() -> None:
    game = game_at(Rules.two_player(), ["W B7 G2 Y3", "G1 G2 G3"], "R5")
    assert isinstance(sparring.MixBot2().choose(game.view(0), random.Random(1)), DrawCard)
    game = game_at(Rules.two_player(), ["W+4 B7 B8 Y3", "G1 G2 G3"], "R5")
    action = sparring.MixBot2().choose(game.view(0), random.Random(1))
    assert isinstance(action, PlayCard) and action.card.rank is Rank.WILD_DRAW_FOUR
    assert action.color in (Color.BLUE, Color.YELLOW)  # within one of the commonest colour


def test_mixbot2_plays_only_legal_actions() -> None:
    for rules, seats in (("two-player", ("mixbot2", "hard")), ("classic", ("mixbot2",) * 4)):
        config = Config(rules=rules, levels=seats, games=30, seed=5, bots=sparring.levels(1, 4))
        tally = simulate(config)
        assert tally.failures == [] and tally.games == 30


def test_across_commits_pairs_only_the_games_whose_deals_agree() -> None:
    from benchmarks.across_commits import compare

    old = {"wins": [1, 0, 0, 1], "deals": ["a", "b", "c", "d"]}
    new = {"wins": [1, 1, 1, 0], "deals": ["a", "b", "x", "d"]}
    result = compare(old, new)
    assert result["same_deals"] == 3
    assert result["won_by_new_only"] == 1 and result["won_by_old_only"] == 1
    assert result["new_minus_old"] == 0.0
    assert result["old_win_rate"] == 0.5 and result["new_win_rate"] == 0.75
