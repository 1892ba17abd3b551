"""The boardgame.io peer of `make bench` plays our six-nimmt rules: recorded games replayed through its moves.

Whole random four-player games are played by our Decider (bench/mirror.py); their deals and moves are then played
through the boardgame.io game's own move functions (bench/peers/bgio/check.js), which must reach the same totals.
The benchmark's comparison is only fair if both sides do the same work.
"""

from __future__ import annotations

import hashlib
import json
import subprocess
from typing import Any

import msgspec
import pytest

from bench import bgio
from bench.mirror import Mirror
from domain.games.six_nimmt.events import CardsDealt, RoundEnded

pytestmark = pytest.mark.skipif(bgio.missing() is not None, reason=f"boardgame.io peer: {bgio.missing()}")


def recorded(n: int) -> tuple[dict[str, Any], list[int]]:
    mirror = Mirror("six-nimmt", 4, {}, hashlib.sha256(f"bgio-rules-{n}".encode()).digest())
    events: list[Any] = list(mirror.opening)
    moves = []
    while mirror.active:
        seat, move, _ = mirror.next_move()
        events.extend(mirror.play(seat, move))
        moves.append([seat, msgspec.to_builtins(move)])
    deals = [[card for hand in e.hands for card in hand] + list(e.rows) for e in events if isinstance(e, CardsDealt)]
    totals = [e.totals for e in events if isinstance(e, RoundEnded)][-1]
    return {"players": 4, "deals": deals, "moves": moves}, list(totals)


@pytest.mark.parametrize("n", range(12))
def test_the_peer_reaches_our_totals(n: int) -> None:
    bgio.install()
    game, totals = recorded(n)
    done = subprocess.run(
        ["node", "check.js"], cwd=bgio.PEER, input=json.dumps(game), capture_output=True, text=True, check=True
    )
    assert json.loads(done.stdout) == {"totals": totals, "over": True}
