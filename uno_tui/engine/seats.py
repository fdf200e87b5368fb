"""Seats and teams: who sits across from whom (pure arithmetic, no game state)."""

from __future__ import annotations


def teammate_of(seat: int, player_count: int) -> int:
    """ "Teammates sit across from each other"."""
    return (seat + player_count // 2) % player_count


def team_of(seat: int, player_count: int) -> int:
    """Team numbers run 0 .. player_count/2 - 1; seat s and seat s + n/2 share team s."""
    return seat % (player_count // 2)


def team_members(team: int, player_count: int) -> tuple[int, int]:
    return team, team + player_count // 2
