"""A strong rule bot: the heuristics good UNO players use, read from the view alone.

Keep the colour you hold most; hit the next player with Draw Two or Skip when they are low;
hold Wilds and Wild Draw Four until few cards remain; never bluff a Wild Draw Four, unless the
hand holds nothing else (in classic, another Wild makes it a bluff, so a hand of two of them
could never go out otherwise); name the colour you hold most; challenge
only when what it has seen makes a bluff likely; always call UNO and catch others. In Teams it
feeds its teammate and never attacks them.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from uno_tui.engine import (
    AcceptPenalty,
    Action,
    CallUno,
    Card,
    CatchUno,
    Challenge,
    Color,
    CustomEffect,
    Decision,
    DecisionKind,
    DrawCard,
    GiveCard,
    KeepDrawn,
    NameColor,
    PassCard,
    PlayCard,
    PlayerView,
    Rank,
    RuleSet,
)
from uno_tui.engine.events import CardPlayed

from .base import Bot, main_decision, out_of_turn_actions
from .knowledge import (
    ATTACK_RANKS,
    Knowledge,
    best_color,
    colors_held,
    is_opponent,
    next_in_play,
    opponents,
    previous_seat,
)

LOW = 2
"""A player with this many cards or fewer is about to go out."""
FEW_CARDS = 3
"""With this many cards or fewer, Wilds are no longer worth holding."""
BLUFF_PRIOR = 0.1
"""How often we assume an opponent plays a Wild Draw Four while holding the colour."""
CHALLENGE_ABOVE = 0.45
"""Challenge when the chance of a bluff is above this: failing costs two extra cards, winning
saves four and puts four on the bluffer."""
KEEP_BELOW = 10.0
"""A drawn card scoring below this is kept where the rules allow (a Wild worth holding)."""
DRAW_SCORE = -10.0
"""Drawing beats only plays that do harm (a bluff, swapping for a bigger hand)."""


@dataclass(frozen=True, slots=True)
class Table:
    """What the card scores look at: this player's hand and the seats that matter to a play."""

    hand: tuple[Card, ...]
    rules_name: RuleSet
    custom_effect: CustomEffect
    seven_zero: bool
    pass_symbol_rank: Rank | None
    current_color: Color | None
    next_count: int
    next_is_mate: bool
    mate_count: int
    fewest_opponent: int
    """The opponent holding the fewest cards (a Swap Hands or 7 target)."""
    fewest_count: int
    previous_count: int
    """Cards of the player whose hand comes to us when every hand moves along."""

    @classmethod
    def of(cls, view: PlayerView) -> Table:
        after = next_in_play(view, view.player)
        rivals = [seat for seat in opponents(view) if view.hand_counts[seat] > 0] or [after]
        fewest = min(rivals, key=lambda seat: view.hand_counts[seat])
        mate = view.teammate
        return cls(
            hand=view.hand,
            rules_name=view.rules.name,
            custom_effect=view.rules.custom_effect,
            seven_zero=view.rules.seven_zero,
            pass_symbol_rank=view.rules.pass_symbol_rank,
            current_color=view.current_color,
            next_count=view.hand_counts[after],
            next_is_mate=after == mate,
            mate_count=view.hand_counts[mate] if mate is not None else 0,
            fewest_opponent=fewest,
            fewest_count=view.hand_counts[fewest],
            previous_count=view.hand_counts[previous_seat(view, view.player)],
        )

    @property
    def my_count(self) -> int:
        return len(self.hand)

    @property
    def next_is_low(self) -> bool:
        return not self.next_is_mate and self.next_count <= LOW


def play_score(play: PlayCard, table: Table) -> float:
    """How much a play is worth now; higher is better, below ``DRAW_SCORE`` worse than drawing."""
    card = play.card
    if card.color is None:
        return _wild_score(card, table)
    rest = list(table.hand)
    rest.remove(card)
    score = 10.0 + 2.0 * colors_held(rest)[card.color]
    if card.rank in ATTACK_RANKS or (
        card.rank is Rank.REVERSE and table.rules_name is RuleSet.TWO_PLAYER
    ):
        score += _attack_bonus(table)
    if card.rank.is_number:
        score += card.rank.number / 10  # shed the points we would be caught with
        score += _number_effect(card, table)
    else:
        score += 1.0
    return score


def _attack_bonus(table: Table) -> float:
    if table.next_is_mate:
        return -50.0
    return 30.0 if table.next_is_low else 1.0


def _number_effect(card: Card, table: Table) -> float:
    if table.seven_zero and card.rank is Rank.SEVEN:
        return 4.0 * ((table.my_count - 1) - table.fewest_count)
    if table.seven_zero and card.rank is Rank.ZERO:
        return 4.0 * ((table.my_count - 1) - table.previous_count)
    if card.rank is table.pass_symbol_rank and table.mate_count > 0:
        return 2.0
    return 0.0


def _wild_score(card: Card, table: Table) -> float:
    """Wilds are kept for the end of the hand; their special effects decide the exceptions."""
    held = 15.0 if table.my_count <= FEW_CARDS else 0.0
    rank = card.rank
    if rank is Rank.WILD_DRAW_FOUR:
        if draw_four_is_bluff(table) and not only_draw_fours(table.hand):
            return DRAW_SCORE - 90.0
        return held + 5.0 + (30.0 if table.next_is_low else 0.0)
    if rank is Rank.WILD_TEAM_DRAW_FOUR:
        return held + 5.0 + _attack_bonus(table)
    if rank is Rank.WILD_SWAP_HANDS:
        return 5.0 * ((table.my_count - 1) - table.fewest_count)
    if rank is Rank.WILD_TEAM_PLAY:
        return 40.0 if 0 < table.mate_count <= LOW else held - 1.0
    if rank is Rank.WILD_CUSTOMIZABLE:
        return held + _custom_bonus(table)
    return held


def _custom_bonus(table: Table) -> float:
    effect = table.custom_effect
    if effect is CustomEffect.DRAW_TWO_SKIP:
        return _attack_bonus(table)
    if effect is CustomEffect.PASS_HANDS:
        return 4.0 * ((table.my_count - 1) - table.previous_count)
    if effect is CustomEffect.OTHERS_DRAW_ONE:
        return 5.0
    return 0.0


def draw_four_is_bluff(table: Table) -> bool:
    """Playing Wild Draw Four now would lose a challenge: we hold the colour in play (classic:
    or another Wild). Medium never bluffs."""
    rest = list(table.hand)
    rest.remove(Card(None, Rank.WILD_DRAW_FOUR))
    if any(card.color is table.current_color for card in rest):
        return True
    return table.rules_name is RuleSet.CLASSIC and any(card.is_wild for card in rest)


def only_draw_fours(hand: Sequence[Card]) -> bool:
    """Nothing but Wild Draw Fours in hand: where another Wild makes one a bluff (classic), each
    is a bluff for ever, and bluffing is the only way to go out."""
    return all(card.rank is Rank.WILD_DRAW_FOUR for card in hand)


def best_play(plays: Sequence[PlayCard], table: Table) -> PlayCard | None:
    """The best-scoring play with its colour and target, or None when drawing is better."""
    chosen = [choose_variant(variants, table) for variants in _by_card(plays).values()]
    scored = [(play_score(play, table), play) for play in chosen]
    scored = [(score, play) for score, play in scored if score > DRAW_SCORE]
    if not scored:
        return None
    return max(scored, key=lambda pair: pair[0])[1]


def _by_card(plays: Sequence[PlayCard]) -> dict[Card, list[PlayCard]]:
    grouped: dict[Card, list[PlayCard]] = {}
    for play in plays:
        grouped.setdefault(play.card, []).append(play)
    return grouped


def choose_variant(variants: Sequence[PlayCard], table: Table) -> PlayCard:
    """Of the ways to play one card, the one naming our best colour and the target with the
    fewest cards (for a Swap Hands or a 7 that is the hand we want)."""
    rest = list(table.hand)
    rest.remove(variants[0].card)
    color = best_color(rest)
    for play in variants:
        if play.color in (None, color) and play.target in (None, table.fewest_opponent):
            return play
    return variants[0]


class MediumBot(Bot):
    """Plays by the heuristics above; takes every decision a person takes."""

    level = "medium"

    def choose(self, view: PlayerView, rng: random.Random) -> Action:
        decision = main_decision(view)
        chooser = {
            DecisionKind.TURN: self._turn,
            DecisionKind.TEAM_PLAY: self._turn,
            DecisionKind.PLAY_DRAWN: self._play_drawn,
            DecisionKind.NAME_COLOR: self._name_color,
            DecisionKind.CHALLENGE: self._respond,
            DecisionKind.STACK: self._respond,
            DecisionKind.PASS: self._pass,
            DecisionKind.SHARE: self._pass,
        }.get(decision.kind)
        if chooser is None:
            return decision.actions[0]
        return chooser(view, decision)

    def _turn(self, view: PlayerView, decision: Decision) -> Action:
        plays = [a for a in decision.actions if isinstance(a, PlayCard)]
        play = best_play(plays, Table.of(view))
        if play is not None:
            return play
        draw = next((a for a in decision.actions if isinstance(a, DrawCard)), None)
        return draw or plays[0]

    def _play_drawn(self, view: PlayerView, decision: Decision) -> Action:
        """Play the drawn card, unless it is a Wild worth holding and keeping is allowed."""
        keep = next((a for a in decision.actions if isinstance(a, KeepDrawn)), None)
        plays = [a for a in decision.actions if isinstance(a, PlayCard)]
        if not plays:
            return decision.actions[0]
        table = Table.of(view)
        play = choose_variant(plays, table)
        if keep is not None and play_score(play, table) < KEEP_BELOW:
            return keep
        return play

    def _name_color(self, view: PlayerView, decision: Decision) -> Action:
        color = best_color(view.hand)
        return next(a for a in decision.actions if isinstance(a, NameColor) and a.color is color)

    def _respond(self, view: PlayerView, decision: Decision) -> Action:
        """Pass a penalty on when we can (never to our teammate), else challenge or draw."""
        plays = [a for a in decision.actions if isinstance(a, PlayCard)]
        table = Table.of(view)
        if plays and not table.next_is_mate:
            return choose_variant(plays, table)
        challenge = next((a for a in decision.actions if isinstance(a, Challenge)), None)
        if challenge is not None and bluff_chance(view) > CHALLENGE_ABOVE:
            return challenge
        return next(a for a in decision.actions if isinstance(a, AcceptPenalty))

    def _pass(self, view: PlayerView, decision: Decision) -> Action:
        """Pass our teammate a card they can use and we can spare (a first pass, a pass-symbol
        exchange, or one card of a share when they went out)."""
        mate_colors = _colors_played_by(view, view.teammate)
        actions = [a for a in decision.actions if isinstance(a, PassCard | GiveCard)]
        return max(actions, key=lambda action: feed_score(view, action.card, mate_colors))

    def react(self, view: PlayerView, rng: random.Random) -> Action | None:
        """Always call UNO, catch every opponent who forgot, jump in when it helps."""
        actions = out_of_turn_actions(view)
        for kind in (CallUno, CatchUno):
            for action in actions:
                if isinstance(action, kind):
                    return action
        jumps = [a for a in actions if isinstance(a, PlayCard)]
        if jumps:
            return self._jump_in(view, jumps)
        return None

    def _jump_in(self, view: PlayerView, jumps: list[PlayCard]) -> Action | None:
        """Jumping in sheds a card and takes the turn; not when it would hit our teammate."""
        after = next_in_play(view, view.player)
        card = jumps[0].card
        if card.rank in ATTACK_RANKS and after == view.teammate:
            return None
        table = Table.of(view)
        play = choose_variant(jumps, table)
        return play if play_score(play, table) > 0 else None  # not a 7 that swaps us a worse hand


def _colors_played_by(view: PlayerView, seat: int | None) -> Counter[Color]:
    played: Counter[Color] = Counter()
    for event in view.events:
        if isinstance(event, CardPlayed) and event.player == seat:
            played[event.color] += 1
    return played


def feed_score(view: PlayerView, card: Card, mate_colors: Counter[Color]) -> float:
    """How good ``card`` is to hand our teammate: a colour they have been playing, a colour we
    hold little of, and a Wild when they are close to going out."""
    mate = view.teammate
    mate_count = view.hand_counts[mate] if mate is not None else 0
    if card.color is None:
        return 20.0 if mate_count <= LOW else -20.0
    rest = list(view.hand)
    rest.remove(card)
    mine = colors_held(rest)[card.color]
    return 3.0 * mate_colors[card.color] - 2.0 * mine + _points(card) / 10


def _points(card: Card) -> int:
    return card.rank.number if card.rank.is_number else 20


def bluff_chance(view: PlayerView) -> float:
    """The chance the Wild Draw Four on us is a bluff: how likely its player held the colour
    (from the unseen cards, their hand size and what they showed), weighed by how often
    players bluff at all."""
    knowledge = Knowledge.of(view)
    color = knowledge.color_before_draw_four
    if color is None:
        return 0.0
    player = _draw_four_player(view)
    if player is None or not is_opponent(view, player):
        return 0.0
    wanted = [card for card in knowledge.unseen if card.color is color]
    if view.rules.challenge_counts_other_wilds:
        wanted += [card for card in knowledge.unseen if card.is_wild]
    held = knowledge.chance_holds(player, wanted)
    bluff = held * BLUFF_PRIOR
    return bluff / (bluff + (1.0 - held)) if bluff + (1.0 - held) > 0 else 1.0


def _draw_four_player(view: PlayerView) -> int | None:
    for event in reversed(view.events):
        if isinstance(event, CardPlayed) and event.card.rank is Rank.WILD_DRAW_FOUR:
            return event.player
    return None
