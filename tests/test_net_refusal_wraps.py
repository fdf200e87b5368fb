"""A refusal in the join window says in full what to do, wrapped to the window, never cut at
its right edge (issue 35: the room's refusal after the start was cut mid-sentence)."""

from __future__ import annotations

import pytest

from uno_tui.net.room import Room, RoomRefusal
from uno_tui.tui.join_app import JoinApp


async def test_the_rooms_refusal_after_the_start_is_wrapped_whole_in_the_window() -> None:
    room = Room("ROOM-CODE", [1], started=True)
    with pytest.raises(RoomRefusal) as refusal:
        room.claim("Ann", ["Host", "Ben"])
    text = str(refusal.value)
    assert "codes" in text and "uno-tui join HOST" in text
    app = JoinApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.refused(text)
        await pilot.pause()
        label = app.query_one("#join-error")
        assert label.region.right <= 80 and label.region.height >= 3
        shown = " ".join(
            "".join(segment.text for segment in line).strip()
            for line in app.screen._compositor.render_strips()
        )
        assert "from the machine that joined before." in " ".join(shown.split())
