"""Events, commands and the folded table survive JSON and msgpack as the store and projections keep them."""

from __future__ import annotations

from typing import Any, Union

import msgspec
import pytest

from domain.games.bohnanza import GAME
from domain.games.bohnanza.commands import AcceptTrade, Command, EndTrading, Plant, PlantPending, ProposeTrade
from domain.games.bohnanza.state import State
from domain.kernel import table as tables
from domain.kernel.events import DeckShuffled, GameCreated, GameEnded, GameStarted, PlayerJoined
from domain.kernel.table import Table
from tests.unit.harness import Game, encoded

LIFECYCLE = (GameCreated, PlayerJoined, GameStarted, DeckShuffled, GameEnded)
EVENT: Any = Union[(*LIFECYCLE, *GAME.event_types)]


def test_a_game_replayed_from_json_events_equals_the_live_table() -> None:
    game = Game(GAME, 5)
    game.play_out("random")
    decoder = msgspec.json.Decoder(EVENT)
    stored = [decoder.decode(msgspec.json.encode(e)) for e in game.events]
    assert stored == game.events
    assert encoded(tables.fold(GAME, stored)) == encoded(game.table)


def test_the_table_round_trips_through_msgpack() -> None:
    game = Game(GAME, 4)
    game.start()
    for _ in range(150):
        game.bot_step()
        blob = msgspec.msgpack.encode(game.table)
        assert msgspec.msgpack.encode(msgspec.msgpack.decode(blob, type=Table[State])) == blob


def test_command_bodies_decode_in_one_step() -> None:
    decoder = msgspec.json.Decoder(Command)
    assert decoder.decode(b'{"type": "plant", "field": 1}') == Plant(field=1)
    assert decoder.decode(b'{"type": "end_trading"}') == EndTrading()
    assert decoder.decode(b'{"type": "plant_pending", "card": 0, "field": 2}') == PlantPending(card=0, field=2)
    body = b'{"type": "propose_trade", "to": null, "give_hand": [2], "give_face_up": [0], "want": {"red": 2}}'
    assert decoder.decode(body) == ProposeTrade(to=None, give_hand=[2], give_face_up=[0], want={"red": 2})
    assert decoder.decode(b'{"type": "accept_trade", "trade_id": 3}') == AcceptTrade(trade_id=3)


@pytest.mark.parametrize(
    "body",
    [b'{"type": "plant"}', b'{"type": "plant", "field": 0, "extra": 1}', b'{"type": "propose_trade", "want": [1]}'],
)
def test_malformed_bodies_are_refused_by_the_decoder(body: bytes) -> None:
    with pytest.raises(msgspec.ValidationError):
        msgspec.json.Decoder(Command).decode(body)
