"""A strong rule bot: the heuristics good UNO players use, read from the view alone.

Its turn, in order of weight:
- Hit the next player with Draw Two, Skip or Wild Draw Four when they are about to go out.
- Leave in play a colour the next player showed they lack (they drew on it and have taken no
  card since): they must draw again, and that is worth more than the colour you hold most.
- Play the colour you hold most (any colour tied for most counts), so the next turns match.
- Among those, Draw Two first, then Skip (and a Reverse that skips, with two players), then
  numbers, a Reverse that only turns the play last; on a tie, the card matching most of the
  hand (colour or number), so the hand stays easy to follow.
- Hold the Wilds: a Wild is played only with at most two other (non-Wild) cards left, a Wild
  Draw Four with at most four (two, with two players); until then drawing is better than
  spending one. Never bluff a
  Wild Draw Four, unless nothing else is left in hand (where another Wild makes it a bluff, a
  hand of two of them could never go out otherwise) or the next player holds one card and
  nothing else stops them (they would likely go out on their turn).
- Name the colour you hold most. Challenge only when what it has seen makes a bluff likely;
  on your last card, expect one (a player facing UNO throws a Wild Draw Four whatever they hold).
  Always call UNO and catch others. In Teams it feeds its teammate and never attacks them.

The card order and the Wild limits are those of the strongest published heuristic we know,
UnoAI's MixBot (benchmarks/sparring.py ports it); the rest is medium's own. Rule differences
come from ``Rules`` fields, never from the rule set's name.
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
BLUFF_PRIOR_ON_UNO = 0.5
"""The same when we hold one card: a player facing someone about to go out throws a Wild Draw
Four whatever else they hold, and a caught bluff leaves us one card and the turn."""
CHALLENGE_ABOVE = 0.45
"""Challenge when the chance of a bluff is above this: failing costs two extra cards, winning
saves four and puts four on the bluffer."""
KEEP_BELOW = 9.0
"""A drawn card scoring below this is kept where the rules allow (a Wild worth holding)."""
COLORED_PLAY = 10.0
"""Worth of any coloured card that can be played, before the bonuses: above a Wild within its
limit (``WILD_PLAY``), so the Wilds are held."""
COMMON_COLOR = 5.0
"""Worth of playing a colour held most: above any card type, below an attack on a low player."""
LACKED_COLOR = 6.0
"""Worth of leaving in play a colour the next player showed they lack: above the colour held
most (two-player against MixBot, 5,000 games, seed 555: 52.9% against 51.7% below it). Hard's
plan and the imagined rounds use it too: hard had 8.0, which made no difference (hard against
medium, 40 deals a decision, the same games paired: two-player, 3,000 games, seed 4242, 60.60%
at 6.0 and 60.67% at 8.0, four games decided otherwise; classic with four, 1,000 games, seed
4243, 28.8% both, none)."""
WILD_PLAY = 9.5
"""A Wild within its limit: below every coloured card, above keeping it when drawn."""
UNO_BLUFF = WILD_PLAY + 20.0
"""A bluffed Wild Draw Four on an opponent holding one card: above any card but an attack
(a Draw Two or Skip stops them without risk), since otherwise they will likely go out."""
WILD_LIMIT = 2
"""A Wild is played only with at most this many non-Wild cards in hand (else draw)."""
DRAW_FOUR_LIMIT = 4
"""The same for a Wild Draw Four (unless the next player is about to go out)."""
DRAW_FOUR_LIMIT_TWO_PLAYERS = 2
"""The same with two players, where a Wild Draw Four also gives us the next turn: held longer
it wins more (two-player against MixBot2, the same games paired, 3,000 games each on tuning
seeds 1002 and 1003 (2,000): +1.67 points [0.75, 2.58] and +1.55 [0.44, 2.66] at 2, +1.03 and
+1.50 at 3 and 1; with four players in classic, 1,500 games, seed 1003, 2 was -0.67 [-1.53,
0.20], so four keeps 4)."""


def draw_four_limit(players: int) -> int:
    """The most non-Wild cards a hand may hold to play a Wild Draw Four it need not."""
    return DRAW_FOUR_LIMIT_TWO_PLAYERS if players == 2 else DRAW_FOUR_LIMIT


TYPE_EDGE = {Rank.DRAW_TWO: 1.0, Rank.SKIP: 0.5}
"""Draw Two, then Skip, before numbers (a skipping Reverse counts as a Skip)."""
TURNING_REVERSE = -0.5
TURN_AWAY = 20.0
"""Worth of a Reverse that turns play away from a next player about to go out (and the cost
of a Skip or Reverse that hands the turn to another such player)."""
MATCHING = 0.01
"""Per card of the hand the played card matches (colour or number): the last tie-break, with
three or more players (the hand stays easy to follow)."""
MATCHING_TWO_PLAYERS = -0.01
"""The same with two players, where it turns round: of plays worth the same, the card that
matches fewest of the others goes first (the cards that match many stay, to follow whatever
colour comes back). Two-player against MixBot2, the same 3,000 games paired: +3.1 points
[+1.6, +4.7] on tuning seed 1101 and +3.6 [+2.0, +5.1] on 1102 (-0.03 and -0.1 played the very
same games); medium against easy +1.25 [-0.7, +3.2] (2,000 games, seed 1101). With four in
classic it lost 3.3 points [-4.9, -1.6] against three MixBot2 (1,500 games, seed 1101), so
there the hand is kept easy to follow."""
DRAW_SCORE = -10.0
"""Drawing beats only plays that do harm (a bluff, swapping for a bigger hand)."""


@dataclass(frozen=True, slots=True)
class Situation:
    """What the card scores look at: this player's hand and the seats that matter to a play."""

    hand: tuple[Card, ...]
    reverse_skips: bool
    """Reverse works as a Skip here (two players, where the rules say so)."""
    wilds_make_bluff: bool
    """Another Wild in hand makes a Wild Draw Four a bluff (the challenge counts it)."""
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
    skipped_to_low: bool = False
    """With three or more players, the player after the next is an opponent about to go out
    (a Skip would bring their turn sooner)."""
    reversed_to_low: bool = False
    """With three or more players, the player before us is an opponent about to go out (a
    Reverse would give them the next turn)."""
    next_lacks: frozenset[Color] = frozenset()
    """Colours the next player (an opponent) showed they lack and have not drawn on since."""
    players: int = 4
    """How many sit at the table."""

    @classmethod
    def of(cls, view: PlayerView, *, inferred: bool = False) -> Situation:
        """The situation; with ``inferred``, also what the next player showed they lack."""
        after = next_in_play(view, view.player)
        lacks: frozenset[Color] = frozenset()
        if inferred and is_opponent(view, after):
            lacks = Knowledge.of(view).notes[after].missing_colors
        rivals = [seat for seat in opponents(view) if view.hand_counts[seat] > 0] or [after]
        fewest = min(rivals, key=lambda seat: view.hand_counts[seat])
        mate = view.teammate
        return cls(
            hand=view.hand,
            reverse_skips=view.rules.reverse_skips_with_two_players and view.player_count == 2,
            wilds_make_bluff=view.rules.challenge_counts_other_wilds,
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
            skipped_to_low=_low_opponent(view, next_in_play(view, after)),
            reversed_to_low=_low_opponent(view, _before(view)),
            next_lacks=lacks,
            players=view.player_count,
        )

    @property
    def my_count(self) -> int:
        return len(self.hand)

    @property
    def next_is_low(self) -> bool:
        return not self.next_is_mate and self.next_count <= LOW


def _low_opponent(view: PlayerView, seat: int) -> bool:
    return view.player_count > 2 and is_opponent(view, seat) and view.hand_counts[seat] <= LOW


def _before(view: PlayerView) -> int:
    """The seat that plays after us once the direction turns."""
    step = -1 if view.clockwise else 1
    count = view.player_count
    for offset in range(1, count + 1):
        seat = (view.player + offset * step) % count
        if view.hand_counts[seat] > 0:
            return seat
    return view.player


def play_score(play: PlayCard, situation: Situation) -> float:
    """How much a play is worth now; higher is better, below ``DRAW_SCORE`` worse than drawing."""
    card = play.card
    if card.color is None:
        score = _wild_score(card, situation)
        lacked = play.color is not None and play.color in situation.next_lacks
        if lacked and score > DRAW_SCORE and any(c.color is play.color for c in situation.hand):
            score += LACKED_COLOR
        return score
    held = colors_held(situation.hand)
    score = COLORED_PLAY + (COMMON_COLOR if held[card.color] == max(held.values()) else 0.0)
    if card.color in situation.next_lacks:
        score += LACKED_COLOR
    rank = card.rank
    if rank in ATTACK_RANKS or (rank is Rank.REVERSE and situation.reverse_skips):
        score += _attack_bonus(situation) + TYPE_EDGE.get(rank, TYPE_EDGE[Rank.SKIP])
        if rank is not Rank.DRAW_TWO and situation.skipped_to_low and not situation.next_is_low:
            score -= TURN_AWAY
    elif rank is Rank.REVERSE:
        score += TURNING_REVERSE
        if situation.next_is_low and not situation.reversed_to_low:
            score += TURN_AWAY
        elif situation.reversed_to_low and not situation.next_is_low:
            score -= TURN_AWAY
    if rank.is_number:
        score += rank.number / 1000  # shed the points we would be caught with
        score += _number_effect(card, situation)
    matching = MATCHING if situation.players > 2 else MATCHING_TWO_PLAYERS
    score += matching * sum(
        1 for other in situation.hand if other.color is card.color or other.rank is rank
    )
    return score


def _attack_bonus(situation: Situation) -> float:
    if situation.next_is_mate:
        return -50.0
    return 30.0 if situation.next_is_low else 0.0


def _number_effect(card: Card, situation: Situation) -> float:
    if situation.seven_zero and card.rank is Rank.SEVEN:
        return 4.0 * ((situation.my_count - 1) - situation.fewest_count)
    if situation.seven_zero and card.rank is Rank.ZERO:
        return 4.0 * ((situation.my_count - 1) - situation.previous_count)
    if card.rank is situation.pass_symbol_rank and situation.mate_count > 0:
        return 2.0
    return 0.0


def _wild_score(card: Card, situation: Situation) -> float:
    """Wilds are kept for the end of the hand; their special effects decide the exceptions."""
    held = 15.0 if situation.my_count <= FEW_CARDS else 0.0
    rank = card.rank
    others = sum(1 for other in situation.hand if not other.is_wild)
    if rank is Rank.WILD_DRAW_FOUR:
        if draw_four_is_bluff(situation) and not only_draw_fours(situation.hand):
            return UNO_BLUFF if _on_uno(situation) else DRAW_SCORE - 90.0
        return draw_four_score(situation)
    if rank is Rank.WILD:
        return WILD_PLAY if others <= WILD_LIMIT else DRAW_SCORE - 1.0
    if rank is Rank.WILD_TEAM_DRAW_FOUR:
        return held + 5.0 + _attack_bonus(situation)
    if rank is Rank.WILD_SWAP_HANDS:
        return 5.0 * ((situation.my_count - 1) - situation.fewest_count)
    if rank is Rank.WILD_TEAM_PLAY:
        return 40.0 if 0 < situation.mate_count <= LOW else held - 1.0
    if rank is Rank.WILD_CUSTOMIZABLE:
        return held + _custom_bonus(situation)
    return held


def _custom_bonus(situation: Situation) -> float:
    effect = situation.custom_effect
    if effect is CustomEffect.DRAW_TWO_SKIP:
        return _attack_bonus(situation)
    if effect is CustomEffect.PASS_HANDS:
        return 4.0 * ((situation.my_count - 1) - situation.previous_count)
    if effect is CustomEffect.OTHERS_DRAW_ONE:
        return 5.0
    return 0.0


def _on_uno(situation: Situation) -> bool:
    """The next player is an opponent holding one card: they go out at their next match."""
    return not situation.next_is_mate and situation.next_count == 1


def draw_four_score(situation: Situation) -> float:
    """A Wild Draw Four's worth, were it no bluff: an attack on a low next player, else a Wild
    held while more than ``draw_four_limit`` other cards are left."""
    if situation.next_is_low:
        return WILD_PLAY + 30.0
    others = sum(1 for card in situation.hand if not card.is_wild)
    limit = draw_four_limit(situation.players)
    return WILD_PLAY + 0.25 if others <= limit else DRAW_SCORE - 1.0


def draw_four_is_bluff(situation: Situation) -> bool:
    """Playing Wild Draw Four now would lose a challenge: we hold the colour in play (classic:
    or another Wild). Medium never bluffs."""
    rest = list(situation.hand)
    rest.remove(Card(None, Rank.WILD_DRAW_FOUR))
    if any(card.color is situation.current_color for card in rest):
        return True
    return situation.wilds_make_bluff and any(card.is_wild for card in rest)


def only_draw_fours(hand: Sequence[Card]) -> bool:
    """Nothing but Wild Draw Fours in hand: where another Wild makes one a bluff (classic), each
    is a bluff for ever, and bluffing is the only way to go out."""
    return all(card.rank is Rank.WILD_DRAW_FOUR for card in hand)


def best_play(plays: Sequence[PlayCard], situation: Situation) -> PlayCard | None:
    """The best-scoring play with its colour and target, or None when drawing is better."""
    chosen = [choose_variant(variants, situation) for variants in _by_card(plays).values()]
    scored = [(play_score(play, situation), play) for play in chosen]
    scored = [(score, play) for score, play in scored if score > DRAW_SCORE]
    if not scored:
        return None
    return max(scored, key=lambda pair: pair[0])[1]


def _by_card(plays: Sequence[PlayCard]) -> dict[Card, list[PlayCard]]:
    grouped: dict[Card, list[PlayCard]] = {}
    for play in plays:
        grouped.setdefault(play.card, []).append(play)
    return grouped


def choose_variant(variants: Sequence[PlayCard], situation: Situation) -> PlayCard:
    """Of the ways to play one card, the one naming our best colour (or one the next player
    lacks, held nearly as much) and the target with the fewest cards (for a Swap Hands or a 7
    that is the hand we want)."""
    rest = list(situation.hand)
    rest.remove(variants[0].card)
    color = best_color(rest)
    held = colors_held(rest)
    lacked = [c for c in situation.next_lacks if held[c] > 0 and held[c] >= held[color] - 1]
    if lacked:  # a colour the next player lacks, if we hold nearly as much of it
        color = max(lacked, key=lambda c: (held[c], -list(Color).index(c)))
    for play in variants:
        if play.color in (None, color) and play.target in (None, situation.fewest_opponent):
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
        play = best_play(plays, Situation.of(view, inferred=True))
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
        situation = Situation.of(view)
        play = choose_variant(plays, situation)
        if keep is not None and play_score(play, situation) < KEEP_BELOW:
            return keep
        return play

    def _name_color(self, view: PlayerView, decision: Decision) -> Action:
        color = best_color(view.hand)
        return next(a for a in decision.actions if isinstance(a, NameColor) and a.color is color)

    def _respond(self, view: PlayerView, decision: Decision) -> Action:
        """Pass a penalty on when we can (never to our teammate), else challenge or draw."""
        plays = [a for a in decision.actions if isinstance(a, PlayCard)]
        situation = Situation.of(view)
        if plays and not situation.next_is_mate:
            return choose_variant(plays, situation)
        challenge = next((a for a in decision.actions if isinstance(a, Challenge)), None)
        if challenge is not None and bluff_chance(view) > CHALLENGE_ABOVE:
            return challenge
        return next(a for a in decision.actions if isinstance(a, AcceptPenalty))

    def _pass(self, view: PlayerView, decision: Decision) -> Action:
        """Pass our teammate a card they can use and we can spare (a first pass, a pass-symbol
        exchange, or one card of a share when they went out)."""
        mate = view.teammate
        mate_colors = _colors_played_by(view, mate)
        mate_count = view.hand_counts[mate] if mate is not None else 0
        card = card_to_feed(view.hand, mate_colors, mate_count)
        return next(
            a for a in decision.actions if isinstance(a, PassCard | GiveCard) and a.card == card
        )

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
        situation = Situation.of(view)
        play = choose_variant(jumps, situation)
        return (
            play if play_score(play, situation) > 0 else None
        )  # not a 7 that swaps us a worse hand


def _colors_played_by(view: PlayerView, seat: int | None) -> Counter[Color]:
    played: Counter[Color] = Counter()
    for event in view.events:
        if isinstance(event, CardPlayed) and event.player == seat:
            played[event.color] += 1
    return played


def card_to_feed(hand: Sequence[Card], mate_colors: Counter[Color], mate_count: int) -> Card:
    """The card of ``hand`` best handed to our teammate (``feed_score``; the first on a tie)."""
    return max(dict.fromkeys(hand), key=lambda c: feed_score(hand, c, mate_colors, mate_count))


def feed_score(
    hand: Sequence[Card], card: Card, mate_colors: Counter[Color], mate_count: int
) -> float:
    """How good ``card`` of ``hand`` is to hand our teammate (who played ``mate_colors`` this
    round and holds ``mate_count`` cards): a colour they have been playing, a colour we hold
    little of, and a Wild when they are close to going out."""
    if card.color is None:
        return 20.0 if mate_count <= LOW else -20.0
    rest = list(hand)
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
    player = draw_four_player(view)
    if player is None or not is_opponent(view, player):
        return 0.0
    wanted = [card for card in knowledge.unseen if card.color is color]
    if view.rules.challenge_counts_other_wilds:
        wanted += [card for card in knowledge.unseen if card.is_wild]
    held = knowledge.chance_holds(player, wanted)
    bluff = held * (BLUFF_PRIOR_ON_UNO if len(view.hand) <= 1 else BLUFF_PRIOR)
    return bluff / (bluff + (1.0 - held)) if bluff + (1.0 - held) > 0 else 1.0


def draw_four_player(view: PlayerView) -> int | None:
    """Who played the last Wild Draw Four of the round."""
    for event in reversed(view.events):
        if isinstance(event, CardPlayed) and event.card.rank is Rank.WILD_DRAW_FOUR:
            return event.player
    return None
