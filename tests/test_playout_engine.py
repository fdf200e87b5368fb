"""One rules model: the hard bot's imagined rounds (``bots/playout.py``) against the engine.

Random positions of every rule set are played to a turn; there, the cards the imagined round
says are playable must be the engine's legal plays, and every card played (with its first
colour and target) must leave both tables the same: hands, top card, colour, direction, whose
turn and who went out. Where the playout simplifies on purpose (``playout.py`` lists it), the
comparison stops at what the simplification leaves equal.
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from typing import Any

import pytest

from uno_tui.bots import RandomBot
from uno_tui.bots.playout import COLORS, QuickRound, QuickRules, code_of
from uno_tui.engine import (
    AcceptPenalty,
    Challenge,
    DecisionKind,
    Game,
    Phase,
    PlayCard,
    Rules,
)

RULE_SETS: dict[str, tuple[tuple[str, Any], ...]] = {
    "classic": (),
    "two-player": (),
    "teams": (),
    "classic-seven-zero": (("seven_zero", True),),
    "two-player-custom-pass-hands": (("custom_effect", "pass-hands"), ("blank_cards", 2)),
    "two-player-custom-others-draw": (("custom_effect", "others-draw-one"), ("blank_cards", 2)),
    "two-player-custom-plain": (("custom_effect", "plain"), ("blank_cards", 2)),
    "classic-draw-until-playable": (("draw_until_playable", True),),
}
PLAYERS = {"two-player": 2, "classic": 4, "teams": 4}
POSITIONS = 60


class Recording(QuickRound):
    """A quick round that notes whether its imagined victim challenged."""

    __slots__ = ("challenged",)

    def challenges(self, victim: int, player: int, color: int) -> bool:
        answer = super().challenges(victim, player, color)
        self.challenged = answer
        return answer


def quick_of(game: Game, rules: QuickRules) -> Recording:
    top = game.discard_pile[-1]
    assert game.current_color is not None
    table = Recording(
        [[code_of(card) for card in hand] for hand in game.hands],
        draw_pile=[code_of(card) for card in game.draw_pile],
        discard=[code_of(card) for card in game.discard_pile[:-1]],
        top=code_of(top),
        color=COLORS.index(game.current_color),
        current=game.current,
        clockwise=game.direction == 1,
        rules=rules,
    )
    table.challenged = False
    return table


def playing(game: Game) -> bool:
    return game.phase not in (Phase.ROUND_OVER, Phase.MATCH_OVER)


def positions(name: str, seed: int) -> list[Game]:
    """Games stopped at a turn, after a random number of random moves (draw pile kept large,
    so no reshuffle makes the two tables draw different cards)."""
    base = name.split("-", maxsplit=1)[0] if not name.startswith("two-player") else "two-player"
    rules = Rules.preset(base, **dict(RULE_SETS[name]))
    rng = random.Random(seed)
    found: list[Game] = []
    bot = RandomBot()
    while len(found) < POSITIONS:
        game = Game(rules, [f"p{i}" for i in range(PLAYERS[base])], seed=rng.getrandbits(32))
        for _ in range(rng.randrange(1, 60)):
            if not playing(game):
                break
            decision = game.decisions(out_of_turn=False)[0]
            game.apply(bot.choose(game.view(decision.player), rng))
        if not playing(game) or len(game.draw_pile) < 16:
            continue
        decision = game.decisions(out_of_turn=False)[0]
        if decision.kind is DecisionKind.TURN:
            found.append(game)
    return found


def settle(game: Game, table: Recording) -> bool:
    """Answer what the card left open as the imagined round did; False where the engine asks
    a decision the playout simplifies (a Teams share or Wild Team Play chosen by a person)."""
    while playing(game):
        decision = game.decisions(out_of_turn=False)[0]
        if decision.kind is DecisionKind.TURN:
            return True
        if decision.kind is DecisionKind.CHALLENGE:
            kind = Challenge if table.challenged else AcceptPenalty
            game.apply(next(a for a in decision.actions if isinstance(a, kind)))
            continue
        return False
    return True


def compare(game: Game, table: QuickRound, *, exact_hands: bool) -> None:
    if not playing(game):
        assert table.winner >= 0
        return
    assert table.winner < 0
    assert table.top == code_of(game.discard_pile[-1])
    assert game.current_color is not None
    assert table.color == COLORS.index(game.current_color)
    assert table.current == game.current
    if game.player_count > 2:
        assert table.step == game.direction
    for seat, hand in enumerate(game.hands):
        if exact_hands:
            assert Counter(table.hands[seat]) == Counter(code_of(card) for card in hand), seat
        else:
            assert len(table.hands[seat]) == len(hand), seat


@pytest.mark.parametrize("name", list(RULE_SETS))
def test_imagined_rounds_play_and_resolve_cards_as_the_engine_does(name: str) -> None:
    seed = sum(map(ord, name))
    for game in positions(name, seed):
        quick = QuickRules.of(game.rules)
        decision = game.decisions(out_of_turn=False)[0]
        player = decision.player
        plays: dict[Any, PlayCard] = {}
        for action in decision.actions:
            if isinstance(action, PlayCard):
                plays.setdefault(action.card, action)
        table = quick_of(game, quick)
        imagined = {card for card in game.hands[player] if table.playable(code_of(card))}
        assert imagined == set(plays), (name, game.discard_pile[-1], game.current_color)
        for card, action in plays.items():
            engine = copy.deepcopy(game)
            imagined_table = quick_of(game, quick)
            color = -1 if action.color is None else COLORS.index(action.color)
            target = -1 if action.target is None else action.target
            imagined_table.play(player, code_of(card), color, target)
            engine.apply(action)
            exact = settle(engine, imagined_table)
            if not exact:
                continue  # a choice the engine asks of a person; the playout decides alone
            compare(engine, imagined_table, exact_hands=True)
