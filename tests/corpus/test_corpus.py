"""The golden corpus: every recorded game of tests/corpus/ replayed by today's code, on every commit.

Each file (`python -m tools.corpus`, format in tests/corpus/README.md) holds a finished game's events as an
earlier release stored them, and what that release made of them. They go into a fresh in-memory event store as
they were stored (same versions, types, bytes and metadata, the game's record with its seed; from format 2 each
event's chain link and recorded time too), and the services on those adapters must give the same final view to
every viewer, the same scores and winners, and an audit that passes every check it passed then and reports what
the game's protocol (its dealing) proves. A change that cannot read, fold or audit an old game fails here.

The seats get tokens the recording did not have (bots have none): only so that each seat's view can be asked
for through `GameQueries.view`, as a client does. The events are untouched.
"""

from __future__ import annotations

from datetime import UTC, datetime
from functools import cache
from pathlib import Path
from typing import Any

import msgspec
import pytest

from bootstrap import Services, in_memory
from domain.games.registry import GAMES
from infra.settings import Settings
from services.auth import token_hash
from services.canonical import stamp
from services.ports import GameRecord, NewEvent, SeatToken
from tests.unit.services.fakes import fresh_adapters
from tools.corpus import CorpusEvent, CorpusGame, features, file_name, read

CORPUS = Path(__file__).parent
FILES = sorted(CORPUS.rglob("*.json"))
FORMATS = {1, 2}
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
# Proof version 3 (issue 28, item 10): every game dealt by dealing 3 at least once, with a person who committed at
# join, revealed and played through the services; and an `expert` bot, whose moves the audit's `bot_moves` searches
# again with the game's recorded budget.
PROVEN = frozenset({"dealing:3", "committed", "revealed", "person_moved"})
REQUIRED += [(game, None, PROVEN) for game in GAMES]
REQUIRED += [("six-nimmt", None, PROVEN | {"bot:expert"})]

# What each protocol proves (docs/fair-play.md, "Earlier protocols"): the checks that do not apply to a game it
# dealt. Its report says so check by check; every other check applies, and passes.
NOT_APPLYING = {
    1: {"reveals", "deal_key", "chain", "re_execution", "bot_moves"},
    2: {"reveals", "bot_moves"},
    3: set(),
}


def seat_token(seat: int) -> str:
    return f"corpus-seat-{seat}"


def as_json(value: Any) -> Any:
    """A Struct as the API's JSON gives it back: what the recorded views and checks are."""
    return msgspec.json.decode(msgspec.json.encode(value))


# Fields a view gained after a recording, with the value they must have for a game recorded before them (a
# recording that has the field compares it as it does any other). `fairness`: a dealing-1 game had no person's
# entropy, so its deal was the server's seed alone.
ADDED_TO_VIEWS = {
    "dealing": 1,
    "rules": 1,
    "seed_source": "server",
    "chain_head": None,
    "private": False,
    "fairness": "server",
    "imported": False,
}
ADDED_TO_SEATS = {"entropy": "", "commitment": ""}
# Fields a game's own view (`state`) gained after a recording, with the value they have once such a game has ended
# (barbu's `played` is [] outside play, bohnanza's `proposals` 0 outside trading: both for the view-only bots; daron's
# `drawn` null outside the phase `drawn`, rules version 3)
ADDED_TO_STATES: dict[str, dict[str, Any]] = {
    "barbu": {"played": []},
    "bohnanza": {"proposals": 0},
    "daron": {"drawn": None},
}


def without_added(shown: dict[str, Any], added: dict[str, Any], recorded: dict[str, Any]) -> dict[str, Any]:
    """`shown` without the fields in `added` that `recorded` lacks, each checked to hold its value from before it."""
    shown = dict(shown)
    for name, old in added.items():
        if name not in recorded:
            assert shown.pop(name, old) == old, name
    return shown


def state_as_recorded(game: str, state: Any, recorded: Any) -> Any:
    """A game's view of an old game without what the game's views gained since, each checked as above."""
    if not isinstance(state, dict) or not isinstance(recorded, dict):
        return state
    return without_added(state, ADDED_TO_STATES.get(game, {}), recorded)


def as_recorded(view: dict[str, Any], recorded: dict[str, Any]) -> dict[str, Any]:
    """Today's view of a recorded game without what views gained since `recorded` was made, each checked to say
    "recorded before it"."""
    view = without_added(view, ADDED_TO_VIEWS, recorded)
    # a seat missing from the recording (there is none in a well-formed file) is left whole: the comparison fails
    seats_then = recorded.get("players", [])
    seats = [
        without_added(seat, ADDED_TO_SEATS, seats_then[i]) if i < len(seats_then) else seat
        for i, seat in enumerate(view["players"])
    ]
    state = state_as_recorded(view["game"], view["state"], recorded.get("state"))
    return {**view, "players": seats, "state": state}


@cache
def corpus_game(path: Path) -> CorpusGame:
    return read(path)


def decoded(game: CorpusGame) -> list[tuple[str, dict[str, Any]]]:
    return [(e.type, msgspec.json.decode(e.data)) for e in game.events]


def recorded_time(text: str) -> datetime:
    """A format-2 event's `recorded_at`, written as dealing 3 hashes it (`services.canonical.stamp`)."""
    moment = datetime.strptime(text, "%Y-%m-%dT%H:%M:%S.%fZ").replace(tzinfo=UTC)
    assert stamp(moment) == text, f"{text!r} is not written as a stamp"
    return moment


def new_event(event: CorpusEvent) -> NewEvent:
    """The event to store as recorded: format 2 with its link and its time (the store keeps a given time), which
    dealing 3's chain covers; format 1 with neither (its games have no chain: the store stamps its own time)."""
    if event.recorded_at is not None:
        return NewEvent(
            type=event.type,
            data=event.data.encode(),
            schema_version=event.schema_version,
            chain=event.chain,
            recorded_at=recorded_time(event.recorded_at),
        )
    assert event.chain is None, f"version {event.version}: a link without the time it covers"
    return NewEvent(type=event.type, data=event.data.encode(), schema_version=event.schema_version)


def stored_form(event: Any) -> tuple[int, str, int, dict[str, Any], bytes, str | None]:
    """A stored event or a corpus one, as the comparison of the two needs it (the corpus keeps `data` as text)."""
    data = event.data.encode() if isinstance(event.data, str) else bytes(event.data)
    return (event.version, event.type, event.schema_version, event.metadata, data, event.chain)


def stored_time(event: Any) -> str | None:
    """When an event was recorded, as the corpus writes it (a stored event's datetime, a corpus event's text)."""
    return event.recorded_at if isinstance(event.recorded_at, str | None) else stamp(event.recorded_at)


def dealing(game: CorpusGame) -> int:
    """The protocol that dealt the game (a GameCreated recorded before dealing 2 has no `dealing`: version 1)."""
    created: dict[str, Any] = msgspec.json.decode(game.events[0].data)
    return int(created.get("dealing", 1))


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
    if game.format >= 2:  # the times dealing 3's links cover (format 1 kept none: the store stamped its own)
        assert [stored_time(e) for e in stored] == [stored_time(e) for e in game.events]
    expected = game.expected
    recorded_spectator = expected.views["spectator"]

    # no projection yet: the spectator's view is a replay of the stream
    spectator = as_recorded(as_json(await services.queries.view(game.game_id, None)), recorded_spectator)
    assert spectator == recorded_spectator
    assert spectator["status"] == "finished"
    assert (spectator["scores"], spectator["winners"]) == (expected.scores, expected.winners)

    # the catch-up projector folds the stream again (in batches): the seats' views come from its projection
    await services.projector.catch_up()
    for seat in range(game.players):
        recorded_view = expected.views[f"seat:{seat}"]
        view = as_recorded(as_json(await services.queries.view(game.game_id, seat_token(seat))), recorded_view)
        assert view == recorded_view, f"seat {seat}"

    report = await services.auditor.audit(game.game_id)
    checks = {c.name: c for c in report.checks}
    assert report.ok, report.checks
    assert expected.audit_ok
    # every check the recording ran passes again, as it did then; format 2 recorded whether each applied too
    assert {c.name: c.ok for c in expected.checks} == {
        c.name: checks[c.name].ok if c.name in checks else None for c in expected.checks
    }
    assert {c.name: c.applies for c in expected.checks if c.applies is not None} == {
        c.name: checks[c.name].applies for c in expected.checks if c.applies is not None
    }
    # a check added since the recording passes, or does not apply to the game's protocol
    added = [c for c in report.checks if c.name not in {e.name for e in expected.checks}]
    assert all(c.ok or not c.applies for c in added), added
    # the report says what the game's protocol proves, check by check, and its fairness as the recording saw it
    assert report.dealing == dealing(game)
    assert {c.name for c in report.checks if not c.applies} == NOT_APPLYING[report.dealing]
    fairness = recorded_spectator.get("fairness", ADDED_TO_VIEWS["fairness"])
    assert (report.fairness, report.fair) == (fairness, fairness == "committed")
    assert (report.seed, report.scores, report.winners) == (game.seed, expected.scores, expected.winners)
    final_state = state_as_recorded(game.game, as_json(report.final_state), recorded_spectator["state"])
    assert final_state == recorded_spectator["state"]


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
        if game.format == 1:  # kept no links, no times, no applicability: its games (dealing 1) have none to keep
            assert dealing(game) == 1, path.name
            assert all(e.chain is None and e.recorded_at is None for e in game.events), path.name
            assert all(c.applies is None for c in game.expected.checks), path.name
        else:  # every event's time, every event's link from dealing 2 on, and whether each check applies
            assert all(e.recorded_at is not None for e in game.events), path.name
            assert all((e.chain is not None) == (dealing(game) >= 2) for e in game.events), path.name
            assert all(c.applies is not None for c in game.expected.checks), path.name


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
