"""Random actions of every kind, from every player, legal or not, thrown at random games.

Every illegal one must raise a specific ``IllegalActionError`` subclass and leave the state
digest unchanged; every legal one must be in ``legal_actions`` and pass ``check``."""

from __future__ import annotations

import random

import pytest

from uno_tui.engine import (
    AcceptPenalty,
    Action,
    CallUno,
    CatchUno,
    Challenge,
    Color,
    Deal,
    DrawCard,
    Game,
    GiveCard,
    IllegalActionError,
    KeepDrawn,
    NameColor,
    PassCard,
    Phase,
    PlayCard,
    Rules,
    build_deck,
)

from .random_play import PLAYER_COUNTS, random_action

RULES = [
    Rules.classic(),
    Rules.two_player(),
    Rules.teams(),
    Rules.classic(stack_draw_two=True, stack_draw_four=True, jump_in=True, seven_zero=True),
    Rules.two_player(stack_draw_two=True, blank_cards=2, draw_until_playable=True),
    Rules.teams(jump_in=True, stack_draw_two=True),
]


def any_action(game: Game, rng: random.Random) -> Action:
    """An action of any kind, by any seat (sometimes not a seat), with any card."""
    seat = rng.randrange(-1, game.player_count + 1)
    cards = build_deck(game.rules)
    card = rng.choice(
        game.hands[seat]
        if 0 <= seat < game.player_count and game.hands[seat] and rng.random() < 0.7
        else cards
    )
    color = rng.choice([None, *Color])
    target = rng.choice([None, -1, *range(game.player_count + 1)])
    kind = rng.randrange(11)
    if kind == 0:
        return PlayCard(seat, card, color, target)
    if kind == 1:
        return DrawCard(seat)
    if kind == 2:
        return KeepDrawn(seat)
    if kind == 3:
        return NameColor(seat, rng.choice(list(Color)))
    if kind == 4:
        return Challenge(seat)
    if kind == 5:
        return AcceptPenalty(seat)
    if kind == 6:
        return PassCard(seat, card)
    if kind == 7:
        return GiveCard(seat, card)
    if kind == 8:
        return CallUno(seat, rng.randrange(-1, game.player_count + 1))
    if kind == 9:
        return CatchUno(seat, rng.randrange(-1, game.player_count + 1))
    return Deal(seat)


@pytest.mark.parametrize("rules", RULES, ids=lambda r: f"{r.rule_set.value}{r.house_rules}")
def test_illegal_actions_raise_a_specific_error_and_change_nothing(rules: Rules) -> None:
    rng = random.Random(hash(rules.house_rules) & 0xFFFF)
    counts = PLAYER_COUNTS[rules.rule_set.value]
    rejected = accepted = 0
    for seed in range(12):
        game = Game(rules, counts[seed % len(counts)], seed=seed)
        steps = 0
        while game.phase is not Phase.MATCH_OVER and steps < 250:
            legal = set(game.legal_actions())
            before = game.digest()  # every probe below must leave it so
            for _ in range(8):
                action = any_action(game, rng)
                if action in legal:
                    game.check(action)
                    accepted += 1
                    continue
                with pytest.raises(IllegalActionError) as caught:
                    game.apply(action)
                assert type(caught.value) is not IllegalActionError, "error is not specific"
                assert str(caught.value), "an error says what is wrong"
                assert game.digest() == before, f"{action} was refused but changed the state"
                rejected += 1
            game.apply(random_action(game, rng))
            steps += 1
    assert rejected > 1000 and accepted > 0, (rejected, accepted)


def test_illegal_action_messages_name_the_player_the_card_and_the_rule() -> None:
    game = Game(Rules.classic(), ["Ann", "Ben", "Cat"], seed=3)
    turn = game.decisions()[0]
    other = (turn.player + 1) % 3
    card = game.hands[other][0]
    with pytest.raises(IllegalActionError) as caught:
        game.apply(PlayCard(other, card, Color.RED if card.is_wild else None))
    message = str(caught.value)
    assert game.names[other] in message
    assert card.title in message
    assert game.names[turn.player] in message, "the message says whose decision it is"


@pytest.mark.parametrize("rules", RULES, ids=lambda r: f"{r.rule_set.value}{r.house_rules}")
def test_every_listed_action_passes_the_full_check(rules: Rules) -> None:
    """``apply`` takes an action object it has just listed without working out its legality
    again (for speed): that is sound only because every listed action passes ``check``."""
    rng = random.Random(7)
    counts = PLAYER_COUNTS[rules.rule_set.value]
    listed = 0
    for seed in range(6):
        game = Game(rules, counts[seed % len(counts)], seed=seed)
        steps = 0
        while game.phase is not Phase.MATCH_OVER and steps < 200:
            for action in game.legal_actions():
                game.check(action)
                listed += 1
            game.apply(random_action(game, rng))
            steps += 1
    assert listed > 1000


def test_an_action_listed_before_the_last_apply_is_checked_again() -> None:
    game = Game(Rules.two_player(), 2, seed=11)
    turn = game.decisions(out_of_turn=False)[0]
    draw = next(action for action in turn.actions if isinstance(action, DrawCard))
    game.apply(draw)
    before = game.digest()
    with pytest.raises(IllegalActionError):
        game.apply(draw)  # the same object, listed as legal one action ago: no longer legal
    assert game.digest() == before
