"""The round-end summary as text: every hand, its points, the totals."""

from __future__ import annotations

from textual.app import App
from textual.widgets._footer import FooterKey

from uno_tui.engine import Card, PlayCard, Rules
from uno_tui.tui.screens.round_end import (
    HAND_COLUMN,
    JOINED_ROUND_KEYS,
    LINE_WIDTH,
    JoinedRoundEndScreen,
    RoundEndScreen,
    round_summary,
)

from ..helpers import game_at

LONG_HAND = "B4 BS B9 B9 GS RR Y7 G5 RS B4 G9 B0 W G1 G2 Y3"


def test_a_long_hand_wraps_under_its_own_cards() -> None:
    game = game_at(Rules.two_player(), ["R1", LONG_HAND], top="R9")
    game.apply(PlayCard(0, Card.parse("R1")))

    lines = round_summary(game.view(0), game.round_events(None)).plain.splitlines()

    hand_lines = [i for i, line in enumerate(lines) if line.startswith("Ben")]
    assert len(hand_lines) == 1
    following = lines[hand_lines[0] + 1]
    assert following.startswith(" " * HAND_COLUMN) and following.strip()
    assert all(len(line.rstrip()) <= LINE_WIDTH for line in lines)
    assert "Hand 1: Ann wins the hand" in lines[0]


class HandEndApp(App[None]):
    """A hand's end alone on the screen, as a local table or a joined seat shows it."""

    def __init__(self, screen: RoundEndScreen) -> None:
        super().__init__()
        self.shown = screen

    def on_mount(self) -> None:
        self.push_screen(self.shown)


def footer_keys(app: App[None]) -> dict[str, str]:
    return {key.key: key.description for key in app.screen.query(FooterKey)}


async def test_a_joined_seats_hand_end_names_q_for_leaving_the_table() -> None:
    game = game_at(Rules.two_player(), ["R1", LONG_HAND], top="R9")
    game.apply(PlayCard(0, Card.parse("R1")))  # Ann goes out: the hand's end
    view, events = game.view(0), game.round_events(0)
    for screen, q in (
        (RoundEndScreen(view, events), "Quit"),
        (JoinedRoundEndScreen(view, events, joined=True), "Leave the table"),
    ):
        app = HandEndApp(screen)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            assert footer_keys(app)["q"] == q
    assert JOINED_ROUND_KEYS.endswith("Q leaves the table.")
