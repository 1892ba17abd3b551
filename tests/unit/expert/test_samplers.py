"""The `expert` bot's worlds: each game's sampler builds, from a seat's `Seen` alone, a full state that gives that
seat exactly the view it was sampled from, with every card of the box in one place, each place at its size.

Games are played some way in by `smart` and `random` bots; at every step the sampler is asked for each seat the game
awaits, from its `Seen` (domain/kernel/game.py `Game.seen`, what every bot is handed), with draws of its own.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

import msgspec
import pytest

from domain.games.barbu import GAME as BARBU
from domain.games.barbu import expert as barbu
from domain.games.barbu.cards import DECK as BARBU_DECK
from domain.games.bohnanza import GAME as BOHNANZA
from domain.games.bohnanza import expert as bohnanza
from domain.games.bohnanza.cards import deck as bohnanza_deck
from domain.games.daron import GAME as DARON
from domain.games.daron import expert as daron
from domain.games.daron.cards import deck as daron_deck
from domain.games.le_baron import GAME as LE_BARON
from domain.games.le_baron import expert as le_baron
from domain.games.le_baron.cards import canonical_order
from domain.games.six_nimmt import GAME as SIX_NIMMT
from domain.games.six_nimmt import expert as six_nimmt
from domain.games.six_nimmt.cards import deck as six_nimmt_deck
from domain.kernel.game import AnyGame
from domain.kernel.shuffle import Draws
from domain.kernel.viewer import Viewer
from tests.unit.harness import Game

Places = Callable[[Any], dict[str, list[Any]]]


def six_nimmt_places(s: Any) -> dict[str, list[Any]]:
    return {
        **{f"hand {i}": h for i, h in enumerate(s.hands)},
        "rows": [c for r in s.rows for c in r],
        "penalties": [c for p in s.penalties for c in p],
        "pending": [c for _, c in s.pending],
    }


def le_baron_places(s: Any) -> dict[str, list[Any]]:
    return {
        **{f"hand {i}": h for i, h in enumerate(s.hands)},
        **{f"pile {i}": p for i, p in enumerate(s.piles)},
        "rows": [c for r in s.rows for c in r],
        "box": s.box,
        "taken": [c for t in s.taken for c in t],
        "pending": [c for _, c in s.pending],
    }


def barbu_places(s: Any) -> dict[str, list[Any]]:
    return {**{f"hand {i}": h for i, h in enumerate(s.hands)}, "removed": s.removed}


def daron_places(s: Any) -> dict[str, list[Any]]:
    return {
        **{f"hand {i}": h for i, h in enumerate(s.hands)},
        "draw": s.draw_pile,
        "discard": s.discard,
        "duels": s.duel_pile,
        "brawls": s.brawl_pile,
    }


def bohnanza_places(s: Any) -> dict[str, list[Any]]:
    return {
        **{f"hand {i}": h for i, h in enumerate(s.hands)},
        **{f"gold {i}": g for i, g in enumerate(s.gold)},
        "deck": s.deck,
        "discard": s.discard,
        "fields": [f.bean for fields in s.fields for f in fields if f is not None for _ in range(f.count)],
        "face_up": s.face_up,
        "pending": [c for p in s.pending for c in p],
    }


# (game, its expert module, players, options, where the cards lie, the box, is every card of the box in play)
CASES = [
    pytest.param(SIX_NIMMT, six_nimmt, 4, {}, six_nimmt_places, six_nimmt_deck(4, False), True, id="six-nimmt"),
    pytest.param(
        SIX_NIMMT, six_nimmt, 3, {"deck": "full"}, six_nimmt_places, six_nimmt_deck(3, True), False, id="six-nimmt-full"
    ),
    pytest.param(
        SIX_NIMMT,
        six_nimmt,
        3,
        {"variant": "pro"},
        six_nimmt_places,
        six_nimmt_deck(3, False),
        False,
        id="six-nimmt-pro",
    ),
    pytest.param(LE_BARON, le_baron, 4, {}, le_baron_places, canonical_order(), True, id="le-baron"),
    pytest.param(
        LE_BARON,
        le_baron,
        3,
        {"variants": ["positive"]},
        le_baron_places,
        canonical_order(),
        True,
        id="le-baron-positive",
    ),
    pytest.param(BARBU, barbu, 4, {"max_rounds": 8}, barbu_places, list(BARBU_DECK), False, id="barbu"),
    pytest.param(DARON, daron, 4, {}, daron_places, daron_deck(), True, id="daron"),
    pytest.param(BOHNANZA, bohnanza, 4, {}, bohnanza_places, bohnanza_deck(False), True, id="bohnanza"),
]


@pytest.mark.parametrize(("rules", "module", "players", "options", "places", "box", "whole"), CASES)
def test_a_sampled_world_shows_the_seat_its_view_and_keeps_every_card(
    rules: AnyGame, module: Any, players: int, options: dict[str, Any], places: Places, box: list[Any], whole: bool
) -> None:
    game = Game(rules, players, options, seed=b"expert-samplers")
    game.start()
    checked = 0
    for step in range(400):
        if game.table.status != "active":
            break
        state = game.state
        for seat in rules.awaiting(state):
            seen = rules.seen(state, seat)
            world = module.sample(seen, Draws(b"sampler", f"{step}:{seat}"))
            viewer = Viewer(seat=seat)
            assert msgspec.to_builtins(rules.view(world, viewer)) == msgspec.to_builtins(seen.view), (step, seat)
            assert rules.legal_moves(world, seat) == seen.moves, (step, seat)
            real, imagined = places(state), places(world)
            assert {k: len(v) for k, v in imagined.items()} == {k: len(v) for k, v in real.items()}, (step, seat)
            cards = Counter(c for pile in imagined.values() for c in pile)
            if whole:
                assert cards == Counter(box), (step, seat)
            else:
                assert not cards - Counter(box), (step, seat)  # no card twice, none from outside the box
            checked += 1
        game.bot_step("smart" if step % 3 else "random")
    assert checked > 20
