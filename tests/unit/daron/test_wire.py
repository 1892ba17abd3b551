"""Commands decode from the JSON bodies of docs/games/daron.md; events and state survive the store's encodings."""

from typing import Any, Union

import msgspec
import pytest

from domain.games.daron import GAME
from domain.games.daron.commands import Accept, Brawl, Command, Deposit, Draw, Duel, Pass, Riposte
from domain.games.daron.events import EVENT_TYPES
from domain.games.daron.state import State
from domain.kernel import table as tables
from domain.kernel.events import DeckShuffled, GameCreated, GameEnded, GameStarted, PlayerJoined
from domain.kernel.table import Table
from tests.unit.harness import Game, encoded


@pytest.mark.parametrize(
    ("body", "command"),
    [
        (b'{"type": "deposit", "cards": ["4", "6", "4"]}', Deposit(cards=["4", "6", "4"])),
        (b'{"type": "deposit", "cards": ["+4", "7", "6", "8"]}', Deposit(cards=["+4", "7", "6", "8"])),
        (b'{"type": "deposit", "cards": ["joker_odd", "8", "7", "9"]}', Deposit(cards=["joker_odd", "8", "7", "9"])),
        (b'{"type": "draw"}', Draw()),
        (b'{"type": "pass"}', Pass()),
        (b'{"type": "duel", "card": "+2"}', Duel(card="+2")),
        (b'{"type": "riposte", "card": "x2"}', Riposte(card="x2")),
        (b'{"type": "brawl", "count": 2}', Brawl(count=2)),
        (b'{"type": "accept"}', Accept()),
    ],
)
def test_documented_bodies_decode(body: bytes, command: Command) -> None:
    assert msgspec.json.decode(body, type=Command) == command


@pytest.mark.parametrize(
    "body",
    [b'{"type": "deposit", "cards": [4]}', b'{"type": "duel"}', b'{"type": "brawl", "count": 1, "x": 1}'],
)
def test_malformed_bodies_are_refused_by_the_decoder(body: bytes) -> None:
    with pytest.raises(msgspec.ValidationError):
        msgspec.json.decode(body, type=Command)


def test_a_game_replays_from_json_events_and_its_table_from_msgpack() -> None:
    game = Game(GAME, 4)
    game.play_out()
    members: Any = Union[(GameCreated, PlayerJoined, GameStarted, DeckShuffled, GameEnded, *EVENT_TYPES)]
    decoded = [msgspec.json.decode(msgspec.json.encode(e), type=members) for e in game.events]
    assert decoded == game.events
    assert encoded(tables.fold(GAME, decoded)) == encoded(game.table)
    assert msgspec.msgpack.decode(encoded(game.table), type=Table[State]) == game.table
