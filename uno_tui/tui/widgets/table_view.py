"""The table everyone may see: the piles in the middle, the players around them with their
card counts, whose turn and which way play goes, the scores."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.geometry import Offset
from textual.widget import Widget

from uno_tui.engine import Phase, PlayerView, PublicView, team_of
from uno_tui.tui.cards import (
    BACK_PATTERN,
    LARGE_CARD,
    back_lines,
    card_corner,
    card_lines,
    card_style,
    color_text,
)
from uno_tui.tui.last_move import last_move, seat_banners, who


class TableView(Widget):
    """The table as a table: the discard pile's top card drawn large in the middle, the draw
    pile a card back with its count, and the players around them with a fan of card backs.

    Public facts only: whoever's view it is given, it never reads the hand. Compact at 80x24
    (one line a player, beside the piles); roomy when there is space (the players in two
    columns on either side of the piles, two lines each, going round the table)."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.view: PublicView | None = None
        self.seat_labels: tuple[str, ...] = ()
        self.viewer: int | None = None

    def show_table(self, view: PublicView, seat_labels: Sequence[str], viewer: int | None) -> None:
        self.view, self.seat_labels, self.viewer = view, tuple(seat_labels), viewer
        self.refresh()

    def render(self) -> Text:
        if self.view is None:
            return Text()
        size = self.content_region.size
        return draw_table(self.view, self.seat_labels, self.viewer, size.width, size.height)

    def _find(self, needle: str) -> Offset | None:
        """Where ``needle`` is drawn on the screen now (the first place), if it is."""
        if self.view is None:
            return None
        size = self.content_region.size
        plain = draw_table(self.view, self.seat_labels, self.viewer, size.width, size.height).plain
        for row, line in enumerate(plain.split("\n")):
            column = line.find(needle)
            if column >= 0:
                return self.content_region.offset + Offset(column, row)
        return None

    def pile_offset(self) -> Offset | None:
        """Where the discard pile's top card is on the screen (its top-left corner)."""
        return self._find("┏")

    def deck_offset(self) -> Offset | None:
        """Where the draw pile is on the screen."""
        pile = self.pile_offset()
        return None if pile is None else pile - Offset(DRAW_BACK[0] + 1, 0)

    def seat_offset(self, seat: int) -> Offset | None:
        """Where a player's name is on the screen."""
        return None if self.view is None else self._find(self.view.names[seat])


def draw_table(
    view: PublicView, seat_labels: Sequence[str], viewer: int | None, width: int, height: int
) -> Text:
    """The table in ``width`` x ``height`` cells (see ``TableView``)."""
    seats = len(view.names)
    header = header_line(view, width)
    roomy = width >= ROOMY_WIDTH and height >= 1 + 2 * ((seats + 1) // 2) + 1
    under = len(UNDER_PILE)
    if roomy and width >= GIANT_WIDTH and height >= 1 + GIANT_CARD[1] + under + 4:
        card = GIANT_CARD
    elif roomy and width >= HUGE_WIDTH and height >= 1 + HUGE_CARD[1] + under + 2:
        card = HUGE_CARD
    elif roomy or width >= COMPACT_WIDTH + LARGE_CARD[0] - PILE_CARD[0]:
        card = LARGE_CARD if height >= 1 + LARGE_CARD[1] + under else (LARGE_CARD[0], PILE_CARD[1])
    else:
        card = PILE_CARD if height >= 1 + PILE_CARD[1] + under else (PILE_CARD[0], 5)
    text_width = max(DRAW_BACK[0] + 1 + card[0], min(PILE_TEXT, width - COMPACT_SIDE - 2))
    piles = pile_lines(view, card, viewer, text_width)
    pile_width = max(text_width, *(line.cell_len for line in piles))  # steady: no jitter
    banners = seat_banners(view)
    lines = [header]
    scored = False
    if roomy:
        side = min(SEAT_WIDTH, (width - pile_width - 4) // 2)
        left_seats = list(range((seats + 1) // 2))
        right_seats = list(range(seats - 1, len(left_seats) - 1, -1))
        down = "↓" if view.clockwise else "↑"
        up = "↑" if view.clockwise else "↓"

        def column(seats: Sequence[int], arrow: str) -> list[Text]:
            return [
                line
                for seat in seats
                for line in seat_lines(
                    view,
                    seat,
                    label=banners.get(seat, seat_labels[seat]),
                    viewer=viewer,
                    width=side,
                    arrow=arrow,
                    banner=seat in banners,
                )
            ]

        left = column(left_seats, down)
        right = column(right_seats, up)
        if height >= 1 + 3 * len(left_seats) + 2:  # room for blank lines between players
            # spread the players along the piles' height (up to 3 lines apart), as round a table
            spread = (len(piles) - 2 * len(left_seats)) // len(left_seats)
            gap = max(1, min(3, spread))
            left = spaced(left, gap)
            right = spaced(right, gap)
        spare = max(0, (max(len(left), len(right)) - len(piles)) // 2)
        piles = [Text()] * spare + piles
        body = beside([left, piles, right], [side, pile_width, side], gap=2)
        indent = " " * max(0, (width - 2 * side - pile_width - 4) // 2)
        body = [Text(indent) + line for line in body]
    else:
        side = width - pile_width - 2
        arrow_mark = "↓" if view.clockwise else "↑"
        name_width = max(len(name) for name in view.names)
        flags_width = max(min(seat_flags(view, s, viewer).cell_len, 6) for s in range(seats))
        left = [
            seat_line(
                view,
                seat,
                label=banners.get(seat, seat_labels[seat]),
                banner=seat in banners,
                viewer=viewer,
                width=side,
                arrow=arrow_mark,
                name_width=name_width,
                flags_width=flags_width,
            )
            for seat in range(seats)
        ]
        scores = wrapped_scores(view, side)
        if len(left) + 1 + len(scores) <= len(piles):  # the scores in the room under the seats
            left += [Text(), *scores]
            scored = True
        body = beside([left, piles], [side, pile_width], gap=2)
    if roomy:  # the table in the middle of the space, not at its top
        lines += [Text()] * max(0, (height - len(body) - 3) // 2)
    lines += body
    if len(lines) < height and not scored:
        score = Text(f"Scores: {scores_line(view)}", no_wrap=True, overflow="ellipsis")
        lines += [Text()] * max(0, min(1, height - len(lines) - 1)) + [score]
    for line in lines:
        line.truncate(width, overflow="ellipsis")
    text = Text("\n").join(line for line in lines[: max(height, 1)])
    text.no_wrap = True
    text.overflow = "ellipsis"
    return text


ROOMY_WIDTH = 64
"""From this width of the table on, the players sit on both sides of the piles."""
PILE_CARD = (9, 7)
"""The discard pile's top card on a compact table (LARGE_CARD when there is room)."""
HUGE_CARD = (15, 11)
HUGE_WIDTH = 70
"""From this width of a roomy table (and the height for it), the pile's card is HUGE_CARD."""
GIANT_CARD = (19, 15)
GIANT_WIDTH = 100
"""From this width of a roomy table (160 columns), the pile's card is GIANT_CARD."""
SEAT_WIDTH = 34
"""A seat on a roomy table takes up to this many cells; the table is centred in the rest."""
COMPACT_WIDTH = 50
COMPACT_SIDE = 24
"""The players' column of a compact table keeps at least this many cells."""
PILE_TEXT = 24
"""The lines under the piles (the colour, the last move, whose turn) take up to this many
cells, wider than the cards: ``Ada G+2 → you +2``."""
UNDER_PILE = ("colour", "last move", "turn")
"""The lines under the piles."""
DRAW_BACK = (6, 5)
FAN_MAX = 10
BANNER_STYLE = "bold reverse"
"""A seat's banner after a move hit it: reversed, so it reads with NO_COLOR too."""


def header_line(view: PublicView, width: int) -> Text:
    """``Hand 1 · classic · ↻ clockwise · to 500``, shortened until it fits ``width``."""
    number = f"Hand {view.round_number}"
    rules = view.rules.rule_set.value
    target = f"to {view.rules.target_score}"
    arrow = "↻" if view.clockwise else "↺"
    way = f"{arrow} {'clockwise' if view.clockwise else 'counterclockwise'}"
    candidates = ((rules, way, target), (way, target), (rules, arrow, target), (arrow, target))
    for parts in candidates:
        rest = "".join(f" · {part}" for part in parts)
        if len(number) + len(rest) <= width:
            break
    header = Text(no_wrap=True, overflow="ellipsis")
    header.append(number, style="bold")
    header.append(rest)
    return header


def pile_lines(
    view: PublicView, card: tuple[int, int], viewer: int | None = None, text_width: int = 0
) -> list[Text]:
    """The draw pile (a card back with its count) beside the discard pile's top card, and
    under them the colour to follow, who played the top card and what it did, and any
    penalty waiting (or whose turn it is)."""
    back = back_lines((DRAW_BACK[0], card[1]), str(view.draw_pile_count))
    top = card_lines(view.top_card, card, selected=True)
    lines = beside([back, top], [DRAW_BACK[0], card[0]], gap=1)
    width = max(DRAW_BACK[0] + 1 + card[0], text_width)
    color = Text("colour ", no_wrap=True)
    color.append_text(color_text(view.current_color))
    lines.append(color)
    lines.append(last_move_line(view, viewer, width))
    if view.pending_penalty and view.responder is not None:
        penalty = Text(f"+{view.pending_penalty} waits: ", style="bold", no_wrap=True)
        penalty.append(who(view, view.responder, viewer), style="bold")
        penalty.truncate(width, overflow="ellipsis")
        lines.append(penalty)
    elif hand_over(view):
        lines.append(Text("the hand is over", style="bold"))
    elif view.phase is Phase.PASSING:  # nobody's turn: both partners choose, in secret
        lines.append(Text("partners pass a card", style="bold", no_wrap=True))
    else:
        turn = Text(no_wrap=True)
        turn.append(view.names[view.current_player], style="bold")
        turn.append(" to play")
        turn.truncate(width, overflow="ellipsis")
        lines.append(turn)
    return lines


def to_act(view: PublicView) -> int | None:
    """The seat marked ▶: whoever must answer a penalty that waits (a challenge), else the
    player whose turn it is; nobody while the hand is over or the Teams partners pass."""
    if not turn_shown(view):
        return None
    if view.pending_penalty and view.responder is not None:
        return view.responder
    return view.current_player


def turn_shown(view: PublicView) -> bool:
    """Someone's turn is to be marked: not while the hand is over, nor during the Teams
    passes (every partner chooses at once; whoever plays first is not yet to play)."""
    return not hand_over(view) and view.phase is not Phase.PASSING


def hand_over(view: PublicView) -> bool:
    """The hand (or the match) is over: nobody is to play."""
    return bool(view.winners) or view.phase in (Phase.ROUND_OVER, Phase.MATCH_OVER)


def last_move_line(view: PublicView, viewer: int | None, width: int) -> Text:
    """``Ada G+2 → you +2``: who played the top card (its index on its paint) and what it
    did; ``first card`` when nobody has played on it yet."""
    move = last_move(view, viewer)
    line = Text(no_wrap=True, overflow="ellipsis")
    if move is None:
        line.append("first card", style="italic")
        return line
    line.append(who(view, move.player, viewer), style="bold")
    line.append(" ")
    line.append(f"{card_corner(move.card)}", style=card_style(move.card))
    if move.effect:
        line.append(f" {move.effect}", style="bold")
    line.truncate(width, overflow="ellipsis")
    return line


def spaced(lines: list[Text], gap: int) -> list[Text]:
    """Two-line seats with ``gap`` blank lines after each."""
    return [line for i in range(0, len(lines), 2) for line in (*lines[i : i + 2], *[Text()] * gap)]


def beside(columns: Sequence[Sequence[Text]], widths: Sequence[int], gap: int) -> list[Text]:
    """Blocks of lines side by side, each cut or padded to its width."""
    rows = max((len(column) for column in columns), default=0)
    lines = []
    for row in range(rows):
        line = Text(no_wrap=True)
        for i, (column, width) in enumerate(zip(columns, widths, strict=True)):
            cell = column[row].copy() if row < len(column) else Text()
            cell.truncate(width, overflow="ellipsis", pad=True)
            if i:
                line.append(" " * gap)
            line.append_text(cell)
        lines.append(line)
    return lines


def seat_facts(view: PublicView, seat: int, label: str, viewer: int | None) -> list[str]:
    """What sits in a seat besides the name: person or bot level, team, teammate, dealer."""
    facts = [label or "person"]
    if view.rules.team_game:
        facts.append(f"team {'ABCDE'[team_of(seat, len(view.names))]}")
        if isinstance(view, PlayerView) and seat == view.teammate:
            facts.append("mate")
    if seat == view.dealer:
        facts.append("dealer")
    return facts


def uno_mark(view: PublicView, seat: int, *, short: bool = False) -> Text:
    count = view.hand_counts[seat]
    if seat in view.out_players:
        return Text(" out", style="italic")
    if seat in view.uno_exposed:
        return Text(" no UNO!" if short else " UNO not called!", style="bold red")
    if count == 1:
        return Text(" UNO!", style="bold")
    return Text()


def fan(count: int, room: int) -> Text:
    """A fan of card backs as wide as the hand is big (up to ``room``), then the number."""
    text = Text()
    text.append(BACK_PATTERN * max(0, min(count, room)), style="#f9a825 on #5d1010")
    text.append(f" {count}", style="bold")
    return text


def seat_marks(view: PublicView, seat: int, viewer: int | None) -> Text:
    """A seat's short marks: team letter, M for the viewer's teammate, D for the dealer."""
    facts = seat_facts(view, seat, "", viewer)
    marks = "".join({"dealer": " D", "mate": " M"}.get(fact, "") for fact in facts[1:])
    if view.rules.team_game:
        marks = " " + "ABCDE"[team_of(seat, len(view.names))] + marks
    return Text(marks, style="bold")


def seat_flags(view: PublicView, seat: int, viewer: int | None) -> Text:
    """What follows a player's cards on their line: team letter, teammate, dealer, UNO."""
    flags = seat_marks(view, seat, viewer)
    flags.append_text(uno_mark(view, seat, short=True))
    return flags


def seat_line(
    view: PublicView,
    seat: int,
    *,
    label: str,
    viewer: int | None,
    width: int,
    arrow: str,
    name_width: int,
    flags_width: int,
    banner: bool = False,
) -> Text:
    """One player on one line (never wrapped): ``▶ Ada  medium ▚▚▚▚▚ 7 D UNO!``, in columns
    shared by every seat; the name is cut before anything else is, then the fan of backs
    (never the marks). A ``banner`` (``+2``, ``skip``) takes the label's place for a move."""
    current = seat == to_act(view)
    facts = seat_facts(view, seat, label, viewer)
    flags = seat_flags(view, seat, viewer)
    name_width = max(3, min(name_width, width - 2 - 8 - 6))
    marks = max(flags_width, flags.cell_len)
    room = max(1, min(FAN_MAX, width - 2 - name_width - 8 - 3 - marks))
    line = Text(no_wrap=True, overflow="ellipsis")
    line.append("▶ " if current else f"{arrow} ", style="bold" if current else "dim")
    name = Text(view.names[seat], style="bold reverse" if current else "bold")
    name.truncate(name_width, overflow="ellipsis", pad=True)
    line.append_text(name)
    line.append(" ")
    line.append(f"{facts[0][:6]:<6}", style=BANNER_STYLE if banner else "dim")
    line.append(" ")
    backs = fan(view.hand_counts[seat], room)
    backs.pad_right(room + 3 - backs.cell_len)
    line.append_text(backs)
    line.append_text(flags)
    line.truncate(width, overflow="ellipsis")
    return line


def seat_lines(
    view: PublicView,
    seat: int,
    *,
    label: str,
    viewer: int | None,
    width: int,
    arrow: str,
    banner: bool = False,
) -> list[Text]:
    """One player on two lines, for a roomy table: name and what sits there (or, for a move,
    a ``banner``: ``+2``, ``skip``); the fan of backs, the count, UNO, and the score."""
    current = seat == to_act(view)
    first = Text(no_wrap=True, overflow="ellipsis")
    first.append("▶ " if current else f"{arrow} ", style="bold" if current else "dim")
    name = Text(view.names[seat], style="bold reverse" if current else "bold")
    facts = seat_facts(view, seat, label, viewer)
    shown = f" {facts[0]} " if banner else ""
    rest = facts[1:] if banner else facts
    said = f" · {', '.join(rest)}" if rest else ""
    beside = len(shown) + 1 if banner else 0
    if 2 + name.cell_len + beside + len(said) <= width:
        first.append_text(name)
        if banner:
            first.append(" ")
            first.append(shown, style=BANNER_STYLE)
        first.append(said, style="dim")
    else:
        # Too narrow for the words: the marks of the one-line table (team letter, M for the
        # teammate, D for the dealer) stay whole after the name, which is cut first.
        marks = seat_marks(view, seat, viewer)
        name.truncate(max(3, width - 2 - marks.cell_len - beside), overflow="ellipsis")
        first.append_text(name)
        first.append_text(marks)
        if banner:
            first.append(" ")
            first.append(shown, style=BANNER_STYLE)
        else:
            first.append(f" · {facts[0]}", style="dim")
    first.truncate(width, overflow="ellipsis")
    second = Text("  ", no_wrap=True, overflow="ellipsis")
    score = seat_score(view, seat)
    flags = uno_mark(view, seat)
    room = max(1, min(FAN_MAX + 5, width - 2 - 4 - flags.cell_len - len(score) - 1))
    second.append_text(fan(view.hand_counts[seat], room))
    second.append_text(flags)
    second.append(f" {score}", style="dim")
    second.truncate(width, overflow="ellipsis")
    return [first, second]


def seat_score(view: PublicView, seat: int) -> str:
    if view.rules.team_game:
        return f"team {view.scores[team_of(seat, len(view.names))]} pts"
    return f"{view.scores[seat]} pts"


def wrapped_scores(view: PublicView, width: int) -> list[Text]:
    """``Scores: You 0 · Ada 0`` over as many lines of ``width`` as it takes."""
    parts = scores_line(view).split(" · ")
    lines = [f"Scores: {parts[0]}"]
    for part in parts[1:]:
        if len(lines[-1]) + 3 + len(part) <= width:
            lines[-1] += f" · {part}"
        else:
            lines.append(f"  {part}")
    return [Text(line, style="dim", no_wrap=True, overflow="ellipsis") for line in lines]


def scores_line(view: PublicView) -> str:
    if view.rules.team_game:
        half = len(view.names) // 2
        return " · ".join(
            f"{view.names[team]} & {view.names[team + half]} {score}"
            for team, score in enumerate(view.scores)
        )
    return " · ".join(
        f"{name} {score}" for name, score in zip(view.names, view.scores, strict=True)
    )
