"""Every game played over HTTP from create to `finished`, with the legal moves the server offers."""

from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.client import Tapis

pytestmark = pytest.mark.e2e

CASES: list[tuple[str, int, dict[str, Any]]] = [
    ("le-baron", 2, {}),
    ("le-baron", 5, {"variants": ["colour_first"]}),
    ("le-baron", 10, {"variants": ["positive"]}),
    ("le-baron", 5, {"variants": ["colour_first", "positive"], "rounds": 2}),
    ("le-baron", 10, {}),
    ("barbu", 3, {}),
    ("barbu", 4, {}),
    ("barbu", 6, {}),
    ("barbu", 5, {"contracts": ["reussite", "salad"], "early_end": False}),
    ("daron", 2, {}),
    ("daron", 4, {}),
    ("daron", 8, {}),
    ("bohnanza", 3, {}),
    ("bohnanza", 5, {}),
    ("bohnanza", 7, {"extended": True}),
]


def lowest(scores: list[int]) -> list[int]:
    return [s for s, v in enumerate(scores) if v == min(scores)]


def highest(scores: list[int]) -> list[int]:
    return [s for s, v in enumerate(scores) if v == max(scores)]


# a game's fewest and most players, and every variant, in `make test`; the counts between them (the same code at
# another size, the longest games of the list) in `make test-slow`, which CI runs too
MIDDLE = {("barbu", 4), ("daron", 4), ("bohnanza", 5)}


def selected(case: tuple[str, int, dict[str, Any]]) -> Any:
    game, players, _ = case
    return pytest.param(*case, marks=pytest.mark.slow) if (game, players) in MIDDLE else case


@pytest.mark.parametrize(("game", "players", "options"), [selected(c) for c in CASES], ids=str)
def test_full_game_over_http(api: Tapis, game: str, players: int, options: dict[str, Any]) -> None:
    game_id, _, tokens = api.new_game(game, players, options)
    final = api.play_to_end(game_id, tokens)
    assert final["status"] == "finished"
    scores = final["scores"]
    assert len(scores) == players
    assert final["winners"]
    match game:
        case "barbu":
            assert final["winners"] == lowest(scores)
        case "le-baron" if "positive" not in options.get("variants", []):
            assert final["winners"] == lowest(scores)
        case "le-baron" | "daron":
            assert final["winners"] == highest(scores)
        case "bohnanza":
            # ties go to the highest seat among the tied
            assert final["winners"] == [max(highest(scores))]
    audit = api.http.get(f"/v1/games/{game_id}/audit").json()
    assert audit["ok"], audit["checks"]
