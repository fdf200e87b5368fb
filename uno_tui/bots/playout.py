"""Imagined tables for the hard bot: deal the unseen cards one consistent way, play it out.

A sampled ``Position`` gives every other seat as many cards as the view shows them holding:
the cards known to be theirs, then unseen cards that fit what they showed (a seat that drew
on its turn gets none of the colour it could not match), and the rest make up the draw pile.
The game built from it is the bot's own imagination, never the real table.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from uno_tui.engine import (
    AcceptPenalty,
    Action,
    Card,
    Challenge,
    DecisionKind,
    Game,
    Phase,
    PlayCard,
    Position,
)

from .knowledge import Knowledge, best_color
from .medium import KEEP_BELOW, Table, best_play, choose_variant, play_score

PLAYOUT_LIMIT = 200
"""Actions after which an imagined round is judged on the hand sizes instead."""


def sample_position(
    knowledge: Knowledge, rng: random.Random, *, drawn: Card | None = None
) -> Position | None:
    """One deal of the unseen cards consistent with the view, or None if the counts disagree.

    With ``drawn``, that card is put back on top of the draw pile, so drawing it is replayed.
    """
    view = knowledge.view
    if drawn is not None and len(view.hand) < 2:
        return None  # nothing left to hold once the drawn card goes back on the pile
    pool = list(knowledge.unseen.elements())
    rng.shuffle(pool)
    hands: list[list[Card]] = [[] for _ in range(view.player_count)]
    hands[view.player] = list(view.hand)
    others = sorted(
        knowledge.notes,
        key=lambda seat: not knowledge.notes[seat].constrained,
    )
    for seat in others:
        notes = knowledge.notes[seat]
        unknown = knowledge.unknown_count(seat)
        fitting = max(0, unknown - notes.unconstrained) if notes.constrained else 0
        fitted = _take(pool, fitting, notes.allows)
        rest = _take(pool, unknown - len(fitted), None)
        hand = [*notes.known.elements(), *fitted, *rest]
        if len(hand) != view.hand_counts[seat]:
            return None
        hands[seat] = hand
    draw_pile = pool
    if drawn is not None:
        hands[view.player].remove(drawn)
        draw_pile = [drawn, *pool]
    return Position(
        hands=tuple(tuple(hand) for hand in hands),
        discard_pile=view.discard_pile,
        draw_pile=tuple(draw_pile),
        current=view.player,
        color=view.current_color,
        dealer=view.dealer,
        clockwise=view.clockwise,
    )


def _take(pool: list[Card], count: int, fits: Callable[[Card], bool] | None) -> list[Card]:
    """Remove up to ``count`` cards from the (shuffled) pool, only those that fit if given."""
    taken: list[Card] = []
    if count <= 0:
        return taken
    keep: list[Card] = []
    for card in pool:
        if len(taken) < count and (fits is None or fits(card)):
            taken.append(card)
        else:
            keep.append(card)
    pool[:] = keep
    return taken


def play_out(game: Game, side: frozenset[int], rng: random.Random) -> float:
    """Play the imagined round to its end with the quick policy; 1.0 if ``side`` won it."""
    for _ in range(PLAYOUT_LIMIT):
        if game.phase is Phase.ROUND_OVER or game.phase is Phase.MATCH_OVER:
            return 1.0 if all(not game.hands[seat] for seat in side) else 0.0
        game.apply(quick_action(game, rng))
    return _share_by_hand_size(game, side)


def _share_by_hand_size(game: Game, side: frozenset[int]) -> float:
    """An unfinished round: the side's chance, guessed from how few cards each side holds."""
    weights = [1.0 / (1 + len(hand)) for hand in game.hands]
    return sum(weights[seat] for seat in side) / sum(weights)


def quick_action(game: Game, rng: random.Random) -> Action:
    """Medium's judgement for imagined play, each seat looking at its own hand and the
    table's counts only (no events to read, so it is quick), and never bluffing."""
    decision = game.decisions(out_of_turn=False)[0]
    actions, kind, player = decision.actions, decision.kind, decision.player
    if kind in (DecisionKind.TURN, DecisionKind.TEAM_PLAY):
        plays = [a for a in actions if isinstance(a, PlayCard)]
        play = best_play(plays, table_in(game, player)) if plays else None
        return play or next((a for a in actions if not isinstance(a, PlayCard)), actions[0])
    if kind is DecisionKind.PLAY_DRAWN:
        return _play_drawn(game, player, actions)
    if kind is DecisionKind.NAME_COLOR:
        color = best_color(game.hands[player])
        return next(a for a in actions if getattr(a, "color", None) is color)
    if kind in (DecisionKind.CHALLENGE, DecisionKind.STACK):
        for action in actions:
            if isinstance(action, PlayCard):
                return action
        return next(a for a in actions if isinstance(a, AcceptPenalty | Challenge))
    return actions[rng.randrange(len(actions))]


def _play_drawn(game: Game, player: int, actions: tuple[Action, ...]) -> Action:
    plays = [a for a in actions if isinstance(a, PlayCard)]
    if not plays:
        return actions[0]
    table = table_in(game, player)
    play = choose_variant(plays, table)
    if len(plays) < len(actions) and play_score(play, table) < KEEP_BELOW:
        return actions[-1]  # KeepDrawn comes last
    return play


def table_in(game: Game, seat: int) -> Table:
    """What ``seat`` sees of an imagined table, as medium's card scores want it."""
    hands = game.hands
    after = game.next_active(seat)
    mate = game.teammate_of(seat)
    rivals = [s for s, hand in enumerate(hands) if hand and s not in (seat, mate)] or [after]
    fewest = min(rivals, key=lambda s: len(hands[s]))
    rules = game.rules
    return Table(
        hand=tuple(hands[seat]),
        rules_name=rules.name,
        custom_effect=rules.custom_effect,
        seven_zero=rules.seven_zero,
        pass_symbol_rank=rules.pass_symbol_rank,
        current_color=game.current_color,
        next_count=len(hands[after]),
        next_is_mate=after == mate,
        mate_count=len(hands[mate]) if mate is not None else 0,
        fewest_opponent=fewest,
        fewest_count=len(hands[fewest]),
        previous_count=len(hands[(seat - game.direction) % game.player_count]),
    )
