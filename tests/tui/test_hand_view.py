"""The hand as a fan of cards: every card's index shows, even 25 cards at 80 columns; a click
selects the card under the pointer and a second click plays it."""

from __future__ import annotations

from uno_tui.tui.cards import card_corner
from uno_tui.tui.widgets import HandView

from .scenarios import big_hand, solo_classic
from .screen import screen_text


async def test_a_25_card_hand_shows_every_card_index_at_80_columns() -> None:
    app = big_hand()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause(0.1)
        await pilot.press("enter")  # Ann takes the keyboard
        await pilot.pause(0.1)
        hand = app.screen.query_one(HandView)
        assert len(hand.cards) == 25
        starts, _ = hand.layout_fan(hand.content_region.width)
        assert starts[-1] + 6 <= hand.content_region.width  # the last card ends inside
        rows = [line for line in screen_text(app).splitlines() if "WS" in line or "R0" in line]
        # The selected card (R0) is raised a row above the others' indexes; read both rows.
        raised, indexes = rows[0], rows[1]
        assert "R0" in raised
        column = 0
        for card in hand.cards[1:]:  # every other index, letter and value, left to right
            found = indexes.find(card_corner(card)[:2], column)
            assert found > column, card
            column = found


async def test_a_click_selects_a_card_and_a_second_click_plays_it() -> None:
    app = solo_classic()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause(0.3)
        hand = app.screen.query_one(HandView)
        starts, _ = hand.layout_fan(hand.content_region.width)
        playable = next(
            i for i, card in enumerate(hand.cards) if card in hand.playable and not card.is_wild
        )
        other = next(i for i in range(len(hand.cards)) if i != playable)
        await pilot.click(HandView, offset=(starts[other] + 1, 3))
        assert hand.cursor == other
        await pilot.click(HandView, offset=(starts[playable] + 1, 3))
        assert hand.cursor == playable
        assert app.session is not None
        before = len(app.session.game.hands[0])
        await pilot.click(HandView, offset=(starts[playable] + 1, 3))
        await pilot.pause(0.1)
        assert len(app.session.game.hands[0]) == before - 1  # played
