"""Listing summaries for the projection tests: here and in tests/integration/test_projections.py."""

from __future__ import annotations


def summary(game_id: str, version: int, bot_turn: bool = False) -> dict[str, object]:
    return {"game_id": game_id, "version": version, "created": 1.0, "bot_turn": bot_turn}
