"""Events, commands and the folded table survive JSON and msgpack as the store and projections keep them."""

from __future__ import annotations

from typing import Any, Union

import msgspec

from domain.games.barbu import GAME
from domain.games.barbu.commands import ChooseContract, Command, Pass, PlayCard
from domain.games.barbu.state import State
from domain.kernel.events import DeckShuffled, GameCreated, GameEnded, GameStarted, PlayerJoined
from domain.kernel.table import Table
from tests.unit.harness import Game

LIFECYCLE = (GameCreated, PlayerJoined, GameStarted, DeckShuffled, GameEnded)
EVENT: Any = Union[(*LIFECYCLE, *GAME.event_types)]


def test_every_event_of_a_game_round_trips_through_json() -> None:
    game = Game(GAME, 5, {"contracts": ["salad", "reussite", "queens"]})
    game.play_out("random")
    decoder = msgspec.json.Decoder(EVENT)
    for event in game.events:
        assert decoder.decode(msgspec.json.encode(event)) == event


def test_the_table_round_trips_through_msgpack() -> None:
    game = Game(GAME, 3, {"contracts": ["reussite", "tricks"]})
    game.start()
    for _ in range(40):
        game.bot_step()
        blob = msgspec.msgpack.encode(game.table)
        assert msgspec.msgpack.encode(msgspec.msgpack.decode(blob, type=Table[State])) == blob


def test_command_bodies_decode_in_one_step() -> None:
    decoder = msgspec.json.Decoder(Command)
    assert decoder.decode(b'{"type": "choose_contract", "contract": "salad"}') == ChooseContract(contract="salad")
    assert decoder.decode(b'{"type": "play_card", "card": "10H"}') == PlayCard(card="10H")
    assert decoder.decode(b'{"type": "pass"}') == Pass()
