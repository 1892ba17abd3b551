"""The stored names are a storage format: every event names its tag itself, and every name ever stored still decodes.

A class may be renamed (a refactor); its tag may not (the events table's `type` column holds it for every game
recorded). A tag derived from the class name (`tag=True`, or no tag beside the base's `tag_field`) would follow a
rename silently: the source of each class must spell its tag out.
"""

from __future__ import annotations

import ast
import inspect
import textwrap
import typing

import msgspec
import pytest

from domain.games.registry import GAMES
from domain.kernel.versioned import VersionedCommand, VersionedEvent, schema_version, stored_tag
from services.codec import LIFECYCLE, GameCodec

# Every event name stored so far, by game: each was its class's name when first stored. A name may join a list
# (a new event type), never leave it or change: games recorded under it must replay (docs/events.md).
LIFECYCLE_STORED = {
    "GameCreated",
    "PlayerJoined",
    "GameStarted",
    "DeckShuffled",
    "GameEnded",
    "PlayerLeft",
    "SeatForfeited",
    "BotTookOver",
    "TurnTimedOut",
    "RematchCreated",
    "CommandAccepted",  # dealing 2: the recorded command before the events it produced
    "LobbyExpired",  # issue 16: a lobby nobody started in time
    "EntropyCommitted",  # dealing 3: a seat's commitment to its entropy
    "EntropyRevealed",  # dealing 3: the entropy, once every seat is taken
}
ROWS = {"CardsRevealed", "CardPlaced"}  # the row games' shared facts (domain/kernel/secret_choice.py, rows.py)
STORED = {
    "barbu": {
        "CardsDealt",
        "ContractChosen",
        "CardPlayed",
        "TrickWon",
        "ExtraPlayOffered",
        "Passed",
        "WentOut",
        "RoundScored",
    },
    "bohnanza": {
        "CardsDealt",
        "BeanPlanted",
        "CardsTurnedUp",
        "TradeProposed",
        "TradeAccepted",
        "TradeCancelled",
        "TradingEnded",
        "FieldHarvested",
        "FieldBought",
        "CardsDrawn",
        "DeckReshuffled",
        "DeckExhausted",
        "TurnStarted",
        "GameFinished",
    },
    "daron": {
        "CardsDealt",
        "TurnStarted",
        "CardsDeposited",
        "DirectionReversed",
        "CardsDrawn",
        "Passed",
        "DuelStarted",
        "DuelRiposted",
        "DuelLost",
        "BrawlStarted",
        "BrawlJoined",
        "BrawlLost",
        "RoundWon",
        "RoundBlocked",
    },
    "le-baron": {
        *ROWS,
        "CardsDealt",
        "HandRefilled",
        "CardPlayed",
        "RowChoiceRequested",
        "RowTaken",
        "CardSlipped",
        "RoundEnded",
    },
    "six-nimmt": {
        *ROWS,
        "CardsDealt",
        "DraftOpened",
        "CardDrafted",
        "RowsStarted",
        "CardChosen",
        "RowTaken",
        "RowChoiceRequested",
        "RoundEnded",
    },
}

EVENTS: list[type[msgspec.Struct]] = sorted(
    {*LIFECYCLE, *(cls for rules in GAMES.values() for cls in rules.event_types)}, key=repr
)
COMMANDS = sorted({cls for rules in GAMES.values() for cls in typing.get_args(rules.command_type)}, key=repr)


def tag_in_source(cls: type[msgspec.Struct]) -> object:
    """The `tag=` the class statement itself gives, as written (None when it gives none)."""
    tree = ast.parse(textwrap.dedent(inspect.getsource(cls)))
    statement = tree.body[0]
    assert isinstance(statement, ast.ClassDef) and statement.name == cls.__name__
    given = [k.value for k in statement.keywords if k.arg == "tag"]
    return given[0].value if given and isinstance(given[0], ast.Constant) else None


@pytest.mark.parametrize("cls", [*EVENTS, *COMMANDS], ids=lambda c: f"{c.__module__}.{c.__name__}")
def test_every_event_and_command_spells_its_tag_out(cls: type[msgspec.Struct]) -> None:
    assert tag_in_source(cls) == stored_tag(cls), f'{cls.__name__} must say tag="..." itself'


def test_every_registered_event_is_stored_under_a_name_it_was_stored_under() -> None:
    assert {stored_tag(cls) for cls in LIFECYCLE} == LIFECYCLE_STORED
    assert set(GAMES) == set(STORED), "a new game: list its stored names here"
    for game, rules in GAMES.items():
        assert {stored_tag(cls) for cls in rules.event_types} == STORED[game], game


def test_todays_tags_are_the_class_names_they_were_stored_under() -> None:
    # true of every event so far; once a class is renamed, this names the ones that were, and the list above holds
    renamed = {stored_tag(cls): cls.__name__ for cls in EVENTS if stored_tag(cls) != cls.__name__}
    assert renamed == {}


@pytest.mark.parametrize("cls", EVENTS, ids=lambda c: f"{c.__module__}.{c.__name__}")
def test_every_event_has_the_kernel_base_and_a_schema_version(cls: type[msgspec.Struct]) -> None:
    assert issubclass(cls, VersionedEvent)
    assert cls.__struct_config__.frozen and cls.__struct_config__.tag_field == "type"
    assert schema_version(cls) >= 1


@pytest.mark.parametrize("cls", COMMANDS, ids=lambda c: f"{c.__module__}.{c.__name__}")
def test_every_command_has_the_kernel_base_and_a_schema_version(cls: type[msgspec.Struct]) -> None:
    assert issubclass(cls, VersionedCommand)
    assert cls.__struct_config__.forbid_unknown_fields
    assert schema_version(cls) >= 1


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_game_codec_builds_with_each_events_upcasters(game: str) -> None:
    GameCodec(GAMES[game])  # raises TypeError when an event's version lacks a step
