"""The e2e games suite (tests/e2e/test_games_http.py) against a `tapis serve` on the Citus cluster: every game from
create to `finished` and its audit, each command a transaction on the game's shard."""

from __future__ import annotations

import pytest

from tests.e2e.test_games_http import test_full_game_over_http

pytestmark = [pytest.mark.citus, pytest.mark.e2e]

__all__ = ["test_full_game_over_http"]  # collected here, with this directory's `api` (a server on Citus)
