"""The table everyone may see: seats and card counts, direction, the piles and the scores."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.widgets import Static

from uno_tui.engine import PlayerView, PublicView, team_of
from uno_tui.tui.cards import card_label, card_text, color_text


class TableView(Static):
    """Public facts only: whoever's view it is given, it never reads the hand."""

    def show_table(self, view: PublicView, seat_labels: Sequence[str], viewer: int | None) -> None:
        self.update(table_text(view, seat_labels, viewer))


def table_text(view: PublicView, seat_labels: Sequence[str], viewer: int | None) -> Text:
    rules = view.rules
    text = Text()
    arrow = "↻ clockwise" if view.clockwise else "↺ counterclockwise"
    text.append(f"Round {view.round_number}", style="bold")
    # The target goes with the scores: "Round 12 · two-player · ↺ counterclockwise" is as
    # long as a line of the table gets at 80 columns.
    text.append(f" · {rules.name.value} · {arrow}\n")
    cells = [seat_text(view, seat, seat_labels[seat], viewer) for seat in range(len(view.names))]
    columns = 1 if len(cells) <= 4 else 2
    for start in range(0, len(cells), columns):
        row = cells[start : start + columns]
        for i, cell in enumerate(row):
            if i < len(row) - 1:
                cell.pad_right(max(0, 38 - cell.cell_len))
            text.append_text(cell)
        text.append("\n")
    text.append("Top card ")
    text.append_text(card_text(view.top_card))
    under = view.discard_pile[-3:-1]
    if under:  # the discard pile's next cards down, most recent first
        text.append(" on " + ", ".join(card_label(card) for card in reversed(under)), style="dim")
    text.append("\nColour ")
    text.append_text(color_text(view.current_color))
    text.append(f"  draw pile {view.draw_pile_count}")
    if view.pending_penalty and view.responder is not None:
        text.append(f"  {view.names[view.responder]} faces +{view.pending_penalty}", style="bold")
    text.append(f"\nScores to {rules.target_score}: " + scores_line(view))
    return text


def seat_text(view: PublicView, seat: int, label: str, viewer: int | None) -> Text:
    """``▶ Ada (medium) 5 cards UNO!``: who, what sits there, how many cards."""
    text = Text()
    current = seat == view.current_player and not view.winners
    text.append("▶ " if current else "  ", style="bold")
    text.append(view.names[seat], style="bold reverse" if current else "bold")
    if view.rules.team_game:
        team = "ABCD"[team_of(seat, len(view.names))]
        mate = isinstance(view, PlayerView) and seat == view.teammate
        label = ", ".join(
            part for part in (f"team {team}", label, "your teammate" if mate else "") if part
        )
    if seat == view.dealer:
        label = ", ".join(part for part in (label, "dealer") if part)
    if label:
        text.append(f" ({label})", style="dim")
    count = view.hand_counts[seat]
    text.append(f" {count} card{'s' if count != 1 else ''}")
    if seat in view.out_players:
        text.append(" out", style="italic")
    elif seat in view.uno_exposed:
        text.append(" UNO not called!", style="bold red")
    elif count == 1:
        text.append(" UNO", style="bold")
    return text


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
