"""Daron options: the rules fix everything (three rounds, 7 cards), so there are none yet."""

from __future__ import annotations

import msgspec


class Options(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    pass
