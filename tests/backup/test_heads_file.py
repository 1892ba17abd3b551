"""`tapis backup verify --heads FILE`: the heads file, one JSON object a line."""

from __future__ import annotations

import pytest

from api.backup_verify import Head, HeadsError, parse_heads


def test_heads_file_lines() -> None:
    text = '{"game_id": "g1", "version": 3, "chain_head": "ab"}\n\n'
    text += '{"game_id": "g2", "version": 1, "chain_head": "cd"}\n'
    assert parse_heads(text) == [Head("g1", 3, "ab"), Head("g2", 1, "cd")]
    with pytest.raises(HeadsError, match="line 2"):
        parse_heads('{"game_id": "g1", "version": 3, "chain_head": "ab"}\n{"game_id": "g2"}')
