"""The golden corpus: every recorded game of tests/corpus/ replayed by today's code, on every commit.

Each file (`python -m tools.corpus`, format in tests/corpus/README.md) holds a finished game's events as an
earlier release stored them, and what that release made of them. They go into a fresh in-memory event store as
they were stored (same versions, types, bytes and metadata, the game's record with its seed), and the services
on those adapters must give the same final view to every viewer, the same scores and winners, and an audit that
passes every check it passed then. A change that cannot read, fold or audit an old game fails here.

The seats get tokens the recording did not have (bots have none): only so that each seat's view can be asked
for through `GameQueries.view`, as a client does. The events are untouched.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import msgspec
import pytest

from bootstrap import Services, in_memory
from domain.games.registry import GAMES
from infra.settings import Settings
from services.auth import token_hash
from services.ports import GameRecord, NewEvent, SeatToken
from tests.unit.services.fakes import fresh_adapters
from tools.corpus import CorpusEvent, CorpusGame, features, file_name, read

CORPUS = Path(__file__).parent
FILES = sorted(CORPUS.rglob("*.json"))
FORMATS = {1}
ADMIN_TOKEN = "corpus-admin"

# What the issue (History, part 2) asks the corpus to show: (game, players or None for any count, features that
# one game must show together). Features are read from the recorded events by `tools.corpus.features`.
REQUIRED: list[tuple[str, int | None, frozenset[str]]] = [
    ("six-nimmt", None, frozenset({"pro"})),
    ("six-nimmt", None, frozenset({"full_deck"})),
    ("le-baron", None, frozenset({"colour_first"})),
    ("le-baron", None, frozenset({"positive"})),
    ("barbu", 3, frozenset({"every_contract"})),
    ("barbu", 6, frozenset({"every_contract"})),
    ("daron", None, frozenset({"duel", "brawl", "blocked_round"})),
    ("bohnanza", None, frozenset({"trade_accepted", "three_exhaustions"})),
]


def seat_token(seat: int) -> str:
    return f"corpus-seat-{seat}"


def as_json(value: Any) -> Any:
    """A Struct as the API's JSON gives it back: what the recorded views and checks are."""
    return msgspec.json.decode(msgspec.json.encode(value))


# Fields a view gained after a recording, with the value they must have for a game recorded before them.
ADDED_TO_VIEWS = {"dealing": 1, "rules": 1, "seed_source": "server", "chain_head": None, "private": False}
ADDED_TO_SEATS = {"entropy": ""}
# Fields a game's own view (`state`) gained after a recording, with the value they have once such a game has ended
# (barbu's `played` is [] outside play, bohnanza's `proposals` 0 outside trading: both for the view-only bots)
ADDED_TO_STATES: dict[str, dict[str, Any]] = {"barbu": {"played": []}, "bohnanza": {"proposals": 0}}


def state_as_recorded(game: str, state: Any) -> Any:
    """A game's view of an old game without what the game's views gained since, each checked as above."""
    if not isinstance(state, dict):
        return state
    state = dict(state)
    for name, old in ADDED_TO_STATES.get(game, {}).items():
        assert state.pop(name, old) == old, name
    return state


def as_recorded(view: dict[str, Any]) -> dict[str, Any]:
    """Today's view of an old game without what views gained since, each checked to say "recorded before it"."""
    view = dict(view)
    for name, old in ADDED_TO_VIEWS.items():
        assert view.pop(name, old) == old, name
    seats = []
    for shown in view["players"]:
        seat = dict(shown)
        for name, old in ADDED_TO_SEATS.items():
            assert seat.pop(name, old) == old, name
        seats.append(seat)
    return {**view, "players": seats, "state": state_as_recorded(view["game"], view["state"])}


@cache
def corpus_game(path: Path) -> CorpusGame:
    return read(path)


def decoded(game: CorpusGame) -> list[tuple[str, dict[str, Any]]]:
    return [(e.type, msgspec.json.decode(e.data)) for e in game.events]


# the event schema versions (services/ports.py) may or may not be there yet: the corpus serves the code either way
STORES_SCHEMA_VERSIONS = "schema_version" in NewEvent.__struct_fields__


def new_event(event: CorpusEvent) -> NewEvent:
    if STORES_SCHEMA_VERSIONS:
        return NewEvent(type=event.type, data=event.data.encode(), schema_version=event.schema_version)
    assert event.schema_version == 1, f"version {event.version}: schema {event.schema_version}, this code stores none"
    return NewEvent(type=event.type, data=event.data.encode())


def stored_form(event: Any) -> tuple[int, str, int, dict[str, Any], bytes]:
    """A stored event or a corpus one, as the comparison of the two needs it (the corpus keeps `data` as text)."""
    data = event.data.encode() if isinstance(event.data, str) else bytes(event.data)
    return (event.version, event.type, getattr(event, "schema_version", None) or 1, event.metadata, data)


async def replayed(game: CorpusGame) -> Services:
    """The services on fresh memory adapters whose event store holds the game as it was recorded."""
    adapters = fresh_adapters()
    store = adapters.store
    record = GameRecord(
        game_id=game.game_id,
        game=game.game,
        seed=bytes.fromhex(game.seed),
        admin_token_hash=token_hash(ADMIN_TOKEN),
        seat_token_hashes={},
    )
    first, *rest = game.events
    await store.create(record, [new_event(first)], first.metadata)
    seated: set[int] = set()
    for event in rest:
        grant = None
        if event.type == "PlayerJoined":
            seat = msgspec.json.decode(event.data)["seat"]
            if seat not in seated:  # a seat's token row is written once, with its first join
                seated.add(seat)
                grant = SeatToken(seat=seat, token_hash=token_hash(seat_token(seat)))
        # one event per append, at the recorded version: the store numbers it, and must number it the same
        await store.append(game.game_id, event.version - 1, [new_event(event)], event.metadata, seat_token=grant)
    return in_memory(Settings(test_mode=True), adapters)


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
async def test_a_recorded_game_replays_to_its_recorded_results(path: Path) -> None:
    game = corpus_game(path)
    services = await replayed(game)
    stored = await services.repo.store.read_stream(game.game_id)
    assert [stored_form(e) for e in stored] == [stored_form(e) for e in game.events]
    expected = game.expected

    # no projection yet: the spectator's view is a replay of the stream
    spectator = as_recorded(as_json(await services.queries.view(game.game_id, None)))
    assert spectator == expected.views["spectator"]
    assert spectator["status"] == "finished"
    assert (spectator["scores"], spectator["winners"]) == (expected.scores, expected.winners)

    # the catch-up projector folds the stream again (in batches): the seats' views come from its projection
    await services.projector.catch_up()
    for seat in range(game.players):
        view = as_recorded(as_json(await services.queries.view(game.game_id, seat_token(seat))))
        assert view == expected.views[f"seat:{seat}"], f"seat {seat}"

    report = await services.auditor.audit(game.game_id)
    outcomes = {c.name: c.ok for c in report.checks}
    # every check the recording passed passes again (a later release may add checks: they must pass too)
    assert report.ok, report.checks
    assert {c.name: c.ok for c in expected.checks} == {c.name: outcomes.get(c.name) for c in expected.checks}
    assert expected.audit_ok
    # dealt by version 1, before commands were recorded and events chained: the report says so, check by check
    assert report.dealing == 1 and not report.fair
    assert {c.name for c in report.checks if not c.applies} == {"deal_key", "chain", "re_execution"}
    assert (report.seed, report.scores, report.winners) == (game.seed, expected.scores, expected.winners)
    assert state_as_recorded(game.game, as_json(report.final_state)) == expected.views["spectator"]["state"]


def test_every_corpus_file_is_well_formed() -> None:
    assert FILES, "tests/corpus/ holds no recorded game: run `python -m tools.corpus`"
    names = [(g.name, g.release) for g in map(corpus_game, FILES)]
    assert len(set(names)) == len(names)
    for path in FILES:
        game = corpus_game(path)
        assert game.format in FORMATS, path.name
        assert path.name == file_name(game)
        assert game.game in GAMES, path.name
        assert [e.version for e in game.events] == list(range(1, len(game.events) + 1)), path.name
        assert game.events[0].type == "GameCreated", path.name
        assert "GameEnded" in {e.type for e in game.events}, path.name
        assert set(game.expected.views) == {"spectator", *(f"seat:{s}" for s in range(game.players))}, path.name


def test_the_corpus_shows_what_the_issue_asks_for() -> None:
    shown = [(g.game, g.players, features(g.game, g.players, decoded(g))) for g in map(corpus_game, FILES)]
    missing = [
        (game, players, sorted(needed))
        for game, players, needed in REQUIRED
        if not any(g == game and players in (None, p) and needed <= found for g, p, found in shown)
    ]
    assert not missing, f"no recorded game shows these: {missing}"
    for name, rules in GAMES.items():
        counts = {p for g, p, found in shown if g == name and "finished" in found}
        # every game, at its fewest and most players and one count between
        assert {rules.min_players, rules.max_players} <= counts, (name, sorted(counts))
        assert len(counts) >= 3, (name, sorted(counts))
