"""Quick imagined rounds for the hard bot: the rest of a round played out on plain lists.

The engine checks every action, writes events and keeps a record; an imagined round needs
none of that, and the hard bot wants thousands of them in a quarter of a second. Here a card
is a small int (colour * 32 + rank), a hand is a list of them, and one ``QuickRound`` plays
the round to its end with medium's judgement for every seat (but that an imagined opponent
may be an eager attacker, ``QuickRound.eager``): matching, Skip, Reverse, Draw Two, the Wilds
and their effects, medium's challenge of a Wild Draw Four (so a bluff, the first imagined
action or medium's on a player holding one card, is caught as often as medium would catch
it), drawing (and playing or keeping the drawn card), leaving in play a colour the next
player showed they lack (from the real round's draws, and those of the imagined one: what every
seat saw, never what the imagined hands hold), the Teams shares and tag-backs, going out. Left out
because they cannot change who goes out often enough to matter to a comparison of moves: UNO
calls and catches (medium always calls), jump-ins, stacking and the Teams exchanges. Where the
engine asks a person, the playout decides alone: a Teams share gives the first half of the hand,
the teammate answering a Wild Team Play plays medium's card, a challenge is medium's.
Rule differences come from ``Rules`` fields (``QuickRules.of``), never the rule set's name.
``tests/test_playout_engine.py`` plays random positions of every rule set both here and in the
engine and checks the same cards are playable and every card leaves the same table.

This is the bot's imagination only; the real table is always the engine's.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from uno_tui.engine import Card, Color, CustomEffect, Rank, Rules
from uno_tui.engine.effects import TEAM_PLAY_PENALTY

from .medium import (
    BLUFF_PRIOR,
    BLUFF_PRIOR_ON_UNO,
    CHALLENGE_ABOVE,
    COLORED_PLAY,
    COMMON_COLOR,
    DRAW_FOUR_LIMIT,
    DRAW_FOUR_LIMIT_TWO_PLAYERS,
    DRAW_SCORE,
    FEW_CARDS,
    KEEP_BELOW,
    LACKED_COLOR,
    LOW,
    TURNING_REVERSE,
    TYPE_EDGE,
    UNO_BLUFF,
    WILD_LIMIT,
    WILD_PLAY,
)

WILD = 4
"""The colour index of a Wild card (colours are 0-3 in ``Color`` order)."""
SKIP, REVERSE, DRAW_TWO = 10, 11, 12
W, W4, WX, WC, WT, WT4 = 13, 14, 15, 16, 17, 18
RANKS: tuple[Rank, ...] = tuple(Rank)
"""Rank index to ``Rank``: 0-9 the numbers, then Skip, Reverse, Draw Two and the Wilds."""
COLORS: tuple[Color, ...] = tuple(Color)
DRAW_TWO_EDGE, SKIP_EDGE = TYPE_EDGE[Rank.DRAW_TWO], TYPE_EDGE[Rank.SKIP]
"""Medium's ``TYPE_EDGE``, looked up once: the scores below run on every imagined turn."""
MOST_HELD = COLORED_PLAY + COMMON_COLOR
"""Medium's worth of a coloured card of a colour held most, before the other bonuses."""
CHALLENGE_HELD = CHALLENGE_ABOVE / (CHALLENGE_ABOVE + BLUFF_PRIOR * (1 - CHALLENGE_ABOVE))
"""Medium challenges a Wild Draw Four when the chance of a bluff is above ``CHALLENGE_ABOVE``
(expecting bluffs more when it holds one card): the same rule said of the chance the player
held the colour (about 0.89)."""
CHALLENGE_HELD_ON_UNO = CHALLENGE_ABOVE / (
    CHALLENGE_ABOVE + BLUFF_PRIOR_ON_UNO * (1 - CHALLENGE_ABOVE)
)
"""The same for a challenger holding one card (about 0.62)."""
TURN_LIMIT = 400
"""Turns after which an imagined round is judged on the hand sizes instead."""
EAGER_ATTACK = 6.0
"""What an eager player (``QuickRound.eager``) adds to a Draw Two or a Skip (or a Reverse that
skips): more than holding the most of a colour is worth (``COMMON_COLOR``), so such a player
attacks first and thinks of its colours after, as many people and the published heuristics
(MixBot's card-type ranks) do; medium holds them for when they hurt."""
EAGER_SHARE = 0.5
"""The share of imagined deals in which each other player is eager: we cannot tell a player's
style at a glance, so the imagined opponents are of both kinds."""
_CUSTOM = {
    CustomEffect.DRAW_TWO_SKIP: 0,
    CustomEffect.PASS_HANDS: 1,
    CustomEffect.OTHERS_DRAW_ONE: 2,
    CustomEffect.PLAIN: 3,
}


def encode(card: Card) -> int:
    color = WILD if card.color is None else COLORS.index(card.color)
    return color * 32 + RANKS.index(card.rank)


CODES: dict[Card, int] = {}
"""Filled lazily: every ``Card`` is interned, so the table stays small."""


def decode(code: int) -> Card:
    color = code >> 5
    return Card(None if color == WILD else COLORS[color], RANKS[code & 31])


def code_of(card: Card) -> int:
    code = CODES.get(card)
    if code is None:
        code = CODES[card] = encode(card)
    return code


@dataclass(frozen=True, slots=True)
class QuickRules:
    """The differences between the rule sets that an imagined round plays by."""

    reverse_skips: bool
    """With two players, Reverse works like Skip (two-player's rule)."""
    must_play_drawn: bool
    wilds_make_bluff: bool
    """classic: a Wild Draw Four is a bluff while another Wild is held, too."""
    team_game: bool
    custom: int
    seven_zero: bool
    draw_until_playable: bool

    @classmethod
    def of(cls, rules: Rules) -> QuickRules:
        return cls(
            reverse_skips=rules.reverse_skips_with_two_players,
            must_play_drawn=rules.must_play_drawn_card,
            wilds_make_bluff=rules.challenge_counts_other_wilds,
            team_game=rules.team_game,
            custom=_CUSTOM[rules.custom_effect],
            seven_zero=rules.seven_zero,
            draw_until_playable=rules.draw_until_playable,
        )


def random_keys(rng: random.Random) -> Callable[[int], float]:
    """A sort key that shuffles: sorting by independent random keys is a fair shuffle, and
    much quicker than ``random.shuffle`` in pure Python."""
    rand = rng.random
    return lambda _card: rand()


class QuickRound:
    """One imagined round, from a given table to its end."""

    __slots__ = (
        "color",
        "count",
        "current",
        "discard",
        "draw_pile",
        "eager",
        "hands",
        "lacks",
        "rng",
        "rules",
        "seed",
        "step",
        "top",
        "winner",
    )

    def __init__(
        self,
        hands: list[list[int]],
        *,
        draw_pile: list[int],
        discard: list[int],
        top: int,
        color: int,
        current: int,
        clockwise: bool,
        rules: QuickRules,
        seed: int = 0,
        lacks: list[int] | None = None,
        eager: int = 0,
    ) -> None:
        self.hands = hands
        self.draw_pile = draw_pile
        """The next card drawn is the last one."""
        self.discard = discard
        """The discard pile under the top card."""
        self.top = top
        self.color = color
        self.current = current
        self.step = 1 if clockwise else -1
        self.count = len(hands)
        self.rules = rules
        self.seed = seed
        """Seeds the reshuffles; the generator is made only if the draw pile runs out."""
        self.rng: random.Random | None = None
        self.winner = -1
        self.lacks = [0] * len(hands) if lacks is None else lacks
        """By seat, the colours (bit ``1 << colour``) it showed it lacks, drawing on its turn,
        and has taken no card since: what every seat knows, never what the hands hold."""
        self.eager = eager
        """The seats (bit ``1 << seat``) imagined as players who play a Draw Two or a Skip as
        soon as they can (``EAGER_ATTACK``); the others play as medium."""

    def copy(self, seed: int) -> QuickRound:
        """The same table, to be played out with reshuffles seeded by ``seed``."""
        return QuickRound(
            [list(hand) for hand in self.hands],
            draw_pile=list(self.draw_pile),
            discard=list(self.discard),
            top=self.top,
            color=self.color,
            current=self.current,
            clockwise=self.step == 1,
            rules=self.rules,
            seed=seed,
            lacks=list(self.lacks),
            eager=self.eager,
        )

    # Seats -------------------------------------------------------------------------------

    def mate(self, seat: int) -> int:
        """The teammate (Teams), or -1."""
        return (seat + self.count // 2) % self.count if self.rules.team_game else -1

    def next_active(self, seat: int) -> int:
        hands, count, step = self.hands, self.count, self.step
        candidate = (seat + step) % count
        if hands[candidate]:  # nearly always: only Teams leaves an empty hand in play
            return candidate
        for offset in range(2, count + 1):
            candidate = (seat + offset * step) % count
            if hands[candidate]:
                return candidate
        return seat

    # Playing out -------------------------------------------------------------------------

    def play_out(self, turns: int = TURN_LIMIT) -> int:
        """Play to the end (or for ``turns`` turns) with medium's judgement for everyone (an
        eager seat's with its attacks first); the seat that went out (in Teams, the one that
        finished the team), or -1 if none did."""
        for _ in range(turns):
            if self.winner >= 0:
                return self.winner
            self.turn(self.current)
        return self.winner

    def turn(self, player: int) -> None:
        """``player`` plays the card medium would, or draws."""
        choice = self.choose(player, forced=False)
        if choice is None:
            self.draw_and_maybe_play(player)
        else:
            self.play(player, *choice)

    def draw_and_maybe_play(self, player: int) -> None:
        """Draw (until playable, under that house rule); play the drawn card as medium
        would, or end the turn."""
        hand = self.hands[player]
        color = self.color
        while True:
            drawn = self.draw(player, 1)
            if not drawn or self.playable(hand[-1]) or not self.rules.draw_until_playable:
                break
        if color != WILD:
            self.lacks[player] |= 1 << color
        if drawn and self.playable(hand[-1]):
            card = hand[-1]
            if self.tag_backs(player) and card not in hand:
                self.current = self.next_active(player)
                return
            color, target = self.variant(player, card)
            if not self.may_keep(player, card) or self.score(player, card) >= KEEP_BELOW:
                self.play(player, card, color, target)
                return
        self.tag_backs(player)
        self.current = self.next_active(player)

    def keep_drawn(self, player: int) -> None:
        self.current = self.next_active(player)

    def may_keep(self, player: int, card: int) -> bool:
        """Where the drawn card must be played, a bluffing Wild Draw Four may still be kept."""
        if not self.rules.must_play_drawn:
            return True
        return card & 31 == W4 and self.is_bluff(player, card)

    def playable(self, card: int) -> bool:
        color = card >> 5
        if color in (WILD, self.color):
            return True
        top = self.top
        return top >> 5 != WILD and card & 31 == top & 31

    def draw(self, player: int, count: int) -> int:
        """``player`` draws up to ``count`` cards, reshuffling the discards when needed."""
        pile, hand = self.draw_pile, self.hands[player]
        self.lacks[player] = 0
        drawn = 0
        for _ in range(count):
            if not pile:
                if not self.discard:
                    break
                pile.extend(self.discard)
                self.discard.clear()
                if self.rng is None:
                    self.rng = random.Random(self.seed)
                pile.sort(key=random_keys(self.rng))
            hand.append(pile.pop())
            drawn += 1
        return drawn

    def tag_backs(self, drawer: int) -> bool:
        """Teams: an out teammate of someone who drew is given half their cards."""
        if not self.rules.team_game:
            return False
        mate = self.mate(drawer)
        if self.hands[mate] or len(self.hands[drawer]) < 2:
            return False
        self.share(drawer, mate)
        return True

    def share(self, giver: int, receiver: int) -> None:
        """Half the giver's cards, rounded down, go to the receiver (the first ones: a card
        just drawn, last in the hand, stays with its drawer)."""
        hand = self.hands[giver]
        half = len(hand) // 2
        self.lacks[receiver] = 0
        self.hands[receiver].extend(hand[:half])
        del hand[:half]

    def play(self, player: int, card: int, color: int, target: int) -> None:
        hand = self.hands[player]
        rank = card & 31
        before = self.color
        hand.remove(card)
        self.discard.append(self.top)
        self.top = card
        self.color = color if card >> 5 == WILD else card >> 5
        rules = self.rules
        if not hand:
            mate = self.mate(player)
            if mate < 0 or not self.hands[mate]:
                self.winner = player
                return
        nxt = self.next_active
        if rank < SKIP:
            if rules.seven_zero and rank == 7 and target >= 0:
                self.swap(player, target)
            elif rules.seven_zero and rank == 0:
                self.pass_hands()
            self.current = nxt(player)
        elif rank == SKIP:
            self.current = nxt(nxt(player))
        elif rank == REVERSE:
            if self.count == 2 and rules.reverse_skips:
                self.current = nxt(nxt(player))
            else:
                self.step = -self.step
                self.current = nxt(player)
        elif rank == W4:
            victim = nxt(player)
            self.answer_draw_four(victim, player, before, self.challenges(victim, player, before))
        elif rank == DRAW_TWO:
            victim = nxt(player)
            self.draw(victim, 2)
            self.tag_backs(victim)
            self.current = nxt(victim)
        elif rank == WX:
            if target >= 0:
                self.swap(player, target)
            self.current = nxt(player)
        elif rank == WC:
            self.customizable(player)
        elif rank == WT:
            self.team_play(player)
        elif rank == WT4:
            victim = nxt(player)
            self.draw(victim, 2)
            self.draw(self.mate(victim), 2)
            self.tag_backs(victim)
            self.tag_backs(self.mate(victim))
            self.current = nxt(victim)
        else:
            self.current = nxt(player)
        if not self.hands[player] and rules.team_game:
            mate = self.mate(player)
            if len(self.hands[mate]) >= 2:
                self.share(mate, player)

    def answer_draw_four(self, victim: int, player: int, before: int, challenge: bool) -> None:
        """``victim`` takes the Wild Draw Four ``player`` played on ``before`` (the colour then
        in play), or challenges it: a bluffer draws the four and the challenger plays on; else
        the challenger draws six. Either way a victim who draws loses the turn."""
        if challenge and self.held(player, before):
            self.draw(player, 4)
            self.tag_backs(player)
            self.current = victim
            return
        self.draw(victim, 6 if challenge else 4)
        self.tag_backs(victim)
        self.current = self.next_active(victim)

    def held(self, player: int, color: int) -> bool:
        """Whether ``player``'s hand holds what makes a Wild Draw Four played on ``color`` a
        bluff: a card of that colour, or (classic) another Wild."""
        wilds = self.rules.wilds_make_bluff
        return any(
            card >> 5 == color or (wilds and card >> 5 == WILD) for card in self.hands[player]
        )

    def challenges(self, victim: int, player: int, color: int) -> bool:
        """Whether ``victim`` challenges ``player``'s Wild Draw Four as medium would: when the
        cards ``victim`` cannot see make it very likely that ``player`` held ``color``."""
        if victim == self.mate(player) or victim == player:
            return False
        wilds = self.rules.wilds_make_bluff
        total = good = 0
        for seat, hand in enumerate(self.hands):
            if seat != victim:
                for card in hand:
                    total += 1
                    good += card >> 5 == color or (wilds and card >> 5 == WILD)
        for card in self.draw_pile:
            total += 1
            good += card >> 5 == color or (wilds and card >> 5 == WILD)
        miss = 1.0
        for i in range(len(self.hands[player])):
            if total - i <= 0:
                break
            miss *= max(0, total - good - i) / (total - i)
        above = CHALLENGE_HELD_ON_UNO if len(self.hands[victim]) == 1 else CHALLENGE_HELD
        return 1.0 - miss > above

    def swap(self, player: int, target: int) -> None:
        """Two seats swap hands, and with them what the hands showed they lack."""
        hands, lacks = self.hands, self.lacks
        hands[player], hands[target] = hands[target], hands[player]
        lacks[player], lacks[target] = lacks[target], lacks[player]

    def pass_hands(self) -> None:
        hands, lacks, count, step = self.hands, self.lacks, self.count, self.step
        self.hands = [hands[(seat - step) % count] for seat in range(count)]
        self.lacks = [lacks[(seat - step) % count] for seat in range(count)]

    def customizable(self, player: int) -> None:
        effect, nxt = self.rules.custom, self.next_active
        if effect == 0:
            victim = nxt(player)
            self.draw(victim, 2)
            self.current = nxt(victim)
            return
        if effect == 1:
            self.pass_hands()
        elif effect == 2:
            seat = player
            for _ in range(self.count - 1):
                seat = (seat + self.step) % self.count
                self.draw(seat, 1)
        self.current = nxt(player)

    def team_play(self, player: int) -> None:
        """Play jumps to the teammate, who must play if they can; else we draw two."""
        mate = self.mate(player)
        if any(self.playable(card) for card in self.hands[mate]):
            choice = self.choose(mate, forced=True)
            assert choice is not None
            self.play(mate, *choice)
            return
        self.draw(player, TEAM_PLAY_PENALTY)
        self.current = self.next_active(mate)

    # Medium's judgement ------------------------------------------------------------------

    def choose(self, player: int, *, forced: bool) -> tuple[int, int, int] | None:
        """Medium's play (card, colour, target), or None to draw. The scores are ``score``'s,
        written out here because this runs on every imagined turn (medium's last tie-breaks,
        the cards the hand matches and turning play away from a low player, are left out);
        ``tests/test_playout_medium.py`` holds both to medium's ``play_score``."""
        hand = self.hands[player]
        current, top = self.color, self.top
        top_rank = -1 if top >> 5 == WILD else top & 31
        for card in hand:  # most turns with nothing to play end here, before any scoring
            if card >> 5 in (WILD, current) or card & 31 == top_rank:
                break
        else:
            return None
        counts = [0, 0, 0, 0, 0]
        for card in hand:
            counts[card >> 5] += 1
        most = max(counts[0], counts[1], counts[2], counts[3])
        rules = self.rules
        reverse_attacks = rules.reverse_skips and self.count == 2
        lacked = self.next_lacks(player)
        best, best_score = -1, -1e9 if forced else DRAW_SCORE
        attack: float | None = None
        for card in hand:
            color, rank = card >> 5, card & 31
            if color == WILD:
                if rank == W:  # ``wild_score``'s, on the counts at hand: most Wilds held are these
                    others = len(hand) - counts[WILD]
                    score = WILD_PLAY if others <= WILD_LIMIT else DRAW_SCORE - 1.0
                else:
                    score = self.wild_score(player, card)
                if lacked and score > DRAW_SCORE and _lacked_choice(counts, lacked) >= 0:
                    score += LACKED_COLOR
            elif color == current or rank == top_rank:
                score = MOST_HELD if counts[color] == most else COLORED_PLAY
                if lacked >> color & 1:
                    score += LACKED_COLOR
                if rank < SKIP:
                    score += rank / 1000
                    if rules.seven_zero and rank in {0, 7}:
                        score += self.seven_zero_score(player, rank)
                elif rank != REVERSE or reverse_attacks:
                    if attack is None:
                        attack = self.attack_bonus(player)
                    score += attack + (DRAW_TWO_EDGE if rank == DRAW_TWO else SKIP_EDGE)
                    if self.eager >> player & 1:
                        score += EAGER_ATTACK
                else:
                    score += TURNING_REVERSE
            else:
                continue
            if score > best_score:
                best, best_score = card, score
        if best < 0:
            return None
        return (best, *self.variant(player, best))

    def variant(self, player: int, card: int) -> tuple[int, int]:
        """The colour (our best among the rest of the hand) and target (the opponent with the
        fewest cards) medium would choose for ``card``."""
        color = -1
        if card >> 5 == WILD:
            counts = [0, 0, 0, 0, 0]
            for other in self.hands[player]:
                counts[other >> 5] += 1
            counts[WILD] = -1
            color = _lacked_choice(counts, self.next_lacks(player))
            if color < 0:
                color = counts.index(max(counts))
        rank = card & 31
        target = -1
        if rank == WX or (rank == 7 and card >> 5 != WILD and self.rules.seven_zero):
            target = self.fewest_opponent(player)
        return color, target

    def next_lacks(self, player: int) -> int:
        """The colours the next player, an opponent, showed they lack (medium leaves one in
        play: they must draw again)."""
        after = self.next_active(player)
        if self.rules.team_game and after == (player + self.count // 2) % self.count:
            return 0  # the teammate (``mate``)
        return self.lacks[after]

    def fewest_opponent(self, player: int) -> int:
        mate = self.mate(player)
        best, fewest = -1, 1 << 30
        for seat, hand in enumerate(self.hands):
            if seat not in (player, mate) and hand and len(hand) < fewest:
                best, fewest = seat, len(hand)
        return best if best >= 0 else self.next_active(player)

    def attack_bonus(self, player: int) -> float:
        after = self.next_active(player)
        if after == self.mate(player):
            return -50.0
        return 30.0 if len(self.hands[after]) <= LOW else 0.0

    def score(self, player: int, card: int) -> float:
        """medium's ``play_score`` for ``card`` in ``player``'s hand, without the tie-breaks
        ``choose`` leaves out."""
        hand = self.hands[player]
        color, rank = card >> 5, card & 31
        counts = [0, 0, 0, 0, 0]
        for other in hand:
            counts[other >> 5] += 1
        lacked = self.next_lacks(player)
        if color == WILD:
            score = self.wild_score(player, card)
            if lacked and score > DRAW_SCORE and _lacked_choice(counts, lacked) >= 0:
                score += LACKED_COLOR
            return score
        most = max(counts[0], counts[1], counts[2], counts[3])
        score = MOST_HELD if counts[color] == most else COLORED_PLAY
        if lacked >> color & 1:
            score += LACKED_COLOR
        if rank in (SKIP, DRAW_TWO) or (
            rank == REVERSE and self.rules.reverse_skips and self.count == 2
        ):
            score += self.attack_bonus(player) + (DRAW_TWO_EDGE if rank == DRAW_TWO else SKIP_EDGE)
        elif rank == REVERSE:
            score += TURNING_REVERSE
        if rank < SKIP:
            score += rank / 1000
            if self.rules.seven_zero and rank in {0, 7}:
                score += self.seven_zero_score(player, rank)
        return score

    def seven_zero_score(self, player: int, rank: int) -> float:
        """A 7 swaps with the smallest other hand, a 0 takes the previous seat's hand."""
        mine = len(self.hands[player]) - 1
        if rank == 7:
            return 4.0 * (mine - len(self.hands[self.fewest_opponent(player)]))
        return 4.0 * (mine - len(self.hands[(player - self.step) % self.count]))

    def wild_score(self, player: int, card: int) -> float:
        hand = self.hands[player]
        held = 15.0 if len(hand) <= FEW_CARDS else 0.0
        rank = card & 31
        if rank in (W4, W):
            others = 0
            for other in hand:
                others += other >> 5 != WILD
            if rank == W:
                return WILD_PLAY if others <= WILD_LIMIT else DRAW_SCORE - 1.0
            after = self.next_active(player)
            on_uno = after != self.mate(player) and len(self.hands[after]) == 1
            if self.is_bluff(player, card) and any(other & 31 != W4 for other in hand):
                return UNO_BLUFF if on_uno else DRAW_SCORE - 90.0
            if after != self.mate(player) and len(self.hands[after]) <= LOW:
                return WILD_PLAY + 30.0
            limit = DRAW_FOUR_LIMIT_TWO_PLAYERS if self.count == 2 else DRAW_FOUR_LIMIT
            return WILD_PLAY + 0.25 if others <= limit else DRAW_SCORE - 1.0
        if rank == WT4:
            return held + 5.0 + self.attack_bonus(player)
        if rank == WX:
            return 5.0 * ((len(hand) - 1) - len(self.hands[self.fewest_opponent(player)]))
        if rank == WT:
            mate_count = len(self.hands[self.mate(player)])
            return 40.0 if 0 < mate_count <= LOW else held - 1.0
        if rank == WC:
            effect = self.rules.custom
            if effect == 0:
                return held + self.attack_bonus(player)
            if effect == 1:
                previous = (player - self.step) % self.count
                return held + 4.0 * ((len(hand) - 1) - len(self.hands[previous]))
            return held + (5.0 if effect == 2 else 0.0)
        return held

    def is_bluff(self, player: int, card: int) -> bool:
        """Playing this Wild Draw Four would lose a challenge."""
        skipped = False
        for other in self.hands[player]:
            if other == card and not skipped:
                skipped = True
                continue
            if other >> 5 == self.color:
                return True
            if other >> 5 == WILD and self.rules.wilds_make_bluff:
                return True
        return False


def _lacked_choice(counts: list[int], lacked: int) -> int:
    """The colour medium names for a Wild when the next player lacks some: a lacked colour
    it holds nearly as much of as its most held (the most held of those), else -1."""
    least = max(1, max(counts[0], counts[1], counts[2], counts[3]) - 1)
    best, held = -1, least - 1
    for color in range(4):
        if lacked >> color & 1 and counts[color] > held:
            best, held = color, counts[color]
    return best
