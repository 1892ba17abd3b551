"""Who is looking: a seat, a spectator, or everyone once the game has ended."""

from __future__ import annotations

import msgspec


class Viewer(msgspec.Struct, frozen=True):
    seat: int | None = None
    sees_all: bool = False

    def can_see(self, owner: int) -> bool:
        """May this viewer see what is hidden to all but `owner`?"""
        return self.sees_all or self.seat == owner


SPECTATOR = Viewer()
EVERYONE = Viewer(sees_all=True)


def seat_viewer(seat: int) -> Viewer:
    return Viewer(seat=seat)
