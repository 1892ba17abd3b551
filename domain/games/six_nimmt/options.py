"""Six-nimmt options: deck size, end condition, variant."""

from __future__ import annotations

from typing import Literal

import msgspec

from domain.kernel.errors import refuse


class EndAtThreshold(msgspec.Struct, frozen=True, tag="threshold", tag_field="kind", forbid_unknown_fields=True):
    points: int = 66


class EndAfterRounds(msgspec.Struct, frozen=True, tag="rounds", tag_field="kind", forbid_unknown_fields=True):
    rounds: int = 1


class Options(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    deck: Literal["reduced", "full"] = "reduced"
    end: EndAtThreshold | EndAfterRounds = EndAtThreshold()
    variant: Literal["standard", "pro"] = "standard"

    @property
    def pro(self) -> bool:
        return self.variant == "pro"

    @property
    def full_deck(self) -> bool:
        # the pro draft lays out 10n+4 cards whatever `deck` says
        return self.deck == "full" and not self.pro


def check(players: int, options: Options) -> None:
    match options.end:
        case EndAtThreshold(points=points) if not 1 <= points <= 1000:
            raise refuse("invalid_options", "end.points must be 1..1000")
        case EndAfterRounds(rounds=rounds) if not 1 <= rounds <= 100:
            raise refuse("invalid_options", "end.rounds must be 1..100")
