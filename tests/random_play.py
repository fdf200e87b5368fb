"""Random play for tests and soak runs: every kind of decision, out-of-turn ones included."""

from __future__ import annotations

import random
from collections import Counter
from itertools import chain

from uno_tui.engine import (
    Action,
    DecisionKind,
    Game,
    MatchRecord,
    Phase,
    PlayCard,
    Rules,
    build_deck,
)

PLAYER_COUNTS = {
    "classic": tuple(range(2, 11)),
    "two-player": (2,),
    "teams": (4, 6, 8),
}


def random_action(game: Game, rng: random.Random) -> Action:
    """A random legal action. Plays are preferred to drawing on purpose (as most players do,
    and so games end), out-of-turn calls, catches and jump-ins happen now and then."""
    decisions = game.decisions()
    out_of_turn = [d for d in decisions if d.kind.out_of_turn]
    if out_of_turn and rng.random() < 0.05:
        return rng.choice(rng.choice(out_of_turn).actions)
    main = [d for d in decisions if not d.kind.out_of_turn]
    decision = rng.choice(main)
    actions = decision.actions
    if decision.kind is DecisionKind.TURN and rng.random() < 0.9:
        plays = [a for a in actions if isinstance(a, PlayCard)]
        if plays:
            return rng.choice(plays)
    if decision.kind is DecisionKind.PLAY_DRAWN and rng.random() < 0.8:
        return actions[0]
    return rng.choice(actions)


def play_round(
    rules: Rules, players: int, seed: int, *, check_every_action: bool = True
) -> tuple[Game, int]:
    """Play one round at random; check the invariants after every action. Returns the game
    and the number of actions applied."""
    game = Game(rules, players, seed=seed)
    rng = random.Random(seed ^ 0x5EED)
    deck = Counter(build_deck(rules))
    size = sum(deck.values())
    actions = 0
    while game.phase is not Phase.ROUND_OVER and game.phase is not Phase.MATCH_OVER:
        action = random_action(game, rng)
        game.apply(action)
        actions += 1
        if check_every_action:
            check_cards(game, deck, size)
        if actions > 20_000:
            raise AssertionError(f"round did not end: {rules.rule_set.value} seed {seed}")
    check_cards(game, deck, size)
    check_views(game)
    return game, actions


def check_cards(game: Game, deck: Counter[object], size: int) -> None:
    """All cards there exactly once; the counts a player sees agree with the hands."""
    piles = (game.draw_pile, game.discard_pile, *game.hands)
    assert sum(map(len, piles)) == size, "a card was lost or invented"
    # dict equality runs in C; Counter's own == walks both in Python
    counted = Counter(chain.from_iterable(piles))
    assert dict.__eq__(counted, deck), "a card was duplicated or replaced"


def check_views(game: Game) -> None:
    """Every player's view agrees with the table: counts, piles, their own hand."""
    for seat in range(game.player_count):
        view = game.view(seat)
        assert view.hand_counts == tuple(map(len, game.hands))
        assert view.draw_pile_count == len(game.draw_pile)
        assert view.hand == tuple(game.hands[seat])
        assert view.top_card is game.top_card


def check_round_end(game: Game) -> None:
    """One winner (player or team) with an empty hand, scores computed, record replays."""
    from uno_tui.engine.events import RoundEnded

    ended = [e for e in game.log if isinstance(e, RoundEnded)]
    assert len(ended) == 1
    winners = ended[0].winners
    assert len(winners) == (2 if game.rules.team_game else 1)
    assert all(not game.hands[w] for w in winners)
    assert sum(game.scores) == ended[0].points or game.rules.match_method.value != "winner-scores"
    replayed = Game.from_record(MatchRecord.from_json(game.record().to_json()))
    assert replayed.digest() == game.digest()
