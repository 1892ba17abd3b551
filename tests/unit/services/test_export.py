"""Export and import through the service layer on memory adapters: the document, byte-identical round trips,
and imports refused (corrupt, duplicate) with nothing written."""

from __future__ import annotations

import msgspec
import pytest

from bootstrap import Services, in_memory
from services.errors import Conflict, NotFound
from services.export_check import CorruptExport
from tests.game_driver import new_game, play_to_end
from tests.plain import plain
from tests.unit.services.fakes import fresh_adapters


async def finished_game(services: Services) -> tuple[str, list[str]]:
    game_id, _, tokens = await new_game(services, "six-nimmt", 3)
    await play_to_end(services, game_id, tokens)
    return game_id, tokens


async def test_a_finished_game_exports_everything_as_stored(services: Services) -> None:
    game_id, _ = await finished_game(services)
    document = msgspec.json.decode(await services.exports.export(game_id, None))
    recorded = await services.repo.store.read_stream(game_id)
    record = await services.repo.record(game_id)
    assert (document["format"], document["format_version"]) == ("tapis-export", 3)
    assert (document["game_id"], document["game"], document["players"]) == (game_id, "six-nimmt", 3)
    assert document["finished"] is True
    assert document["seed"] == record.seed.hex()
    assert [e["version"] for e in document["events"]] == list(range(1, len(recorded) + 1))
    assert [msgspec.json.encode(e["data"]) for e in document["events"]] == [
        msgspec.json.encode(msgspec.json.decode(r.data)) for r in recorded
    ]
    assert all(e["schema_version"] == 1 for e in document["events"])
    assert document["events"][1]["metadata"] == recorded[1].metadata


async def test_the_export_embeds_each_stored_json_text_byte_for_byte(services: Services) -> None:
    game_id, _ = await finished_game(services)
    blob = await services.exports.export(game_id, None)
    for r in await services.repo.store.read_stream(game_id):
        assert b'"data":' + r.data + b',"recorded_at"' in blob


async def test_a_running_game_exports_what_the_bearer_sees_without_the_seed(services: Services) -> None:
    game_id, _, tokens = await new_game(services, "six-nimmt", 3)
    mine = msgspec.json.decode(await services.exports.export(game_id, tokens[0]))
    other = msgspec.json.decode(await services.exports.export(game_id, tokens[1]))
    assert mine["finished"] is False
    assert mine["seed"] is None
    assert all(e["metadata"] == {} for e in mine["events"])
    shown = plain(await services.queries.events(game_id, tokens[0], 0, 1000))["events"]
    assert [{k: v for k, v in e["data"].items() if k != "type"} for e in mine["events"]] == [e["data"] for e in shown]
    assert mine["events"] != other["events"]  # each seat sees its own hand only


async def test_export_of_an_unknown_game_is_not_found(services: Services) -> None:
    with pytest.raises(NotFound):
        await services.exports.export("nope", None)


async def test_export_import_export_gives_identical_bytes() -> None:
    source = in_memory(adapters=fresh_adapters())
    game_id, _ = await finished_game(source)
    first = await source.exports.export(game_id, None)
    target = in_memory(adapters=fresh_adapters())
    assert await target.exports.import_(first) == game_id
    assert await target.exports.export(game_id, None) == first
    # and the imported game serves view, replay and audit
    assert plain(await target.queries.view(game_id, None))["status"] == "finished"
    assert plain(await target.queries.replay(game_id, None, 2))["version"] == 2
    assert (await target.auditor.audit(game_id)).ok


async def test_a_duplicate_import_is_refused_and_changes_nothing(services: Services) -> None:
    game_id, _ = await finished_game(services)
    blob = await services.exports.export(game_id, None)
    before = await services.repo.store.read_stream(game_id)
    with pytest.raises(Conflict, match="exists already"):
        await services.exports.import_(blob)
    assert await services.repo.store.read_stream(game_id) == before


def corrupted(blob: bytes, change: str) -> bytes:
    document = msgspec.json.decode(blob)
    if change == "not json":
        return blob[: len(blob) // 2]
    if change == "format version":
        document["format_version"] = 99
    elif change == "missing field":
        del document["seed"]
    elif change == "numbering":
        document["events"][3]["version"] = 7
    elif change == "game":
        document["game"] = "chess"
    elif change == "seed":
        document["seed"] = "ab" * 32
    elif change == "event data":
        document["events"][2]["data"] = {"type": "NoSuchEvent"}
    elif change == "running":
        document["finished"] = False
    return msgspec.json.encode(document)


@pytest.mark.parametrize(
    ("change", "named"),
    [
        ("not json", "not an export document"),
        ("format version", "version 99"),
        ("missing field", "seed"),
        ("numbering", "numbered 1..n"),
        ("game", "not registered"),
        ("seed", "seed commitment"),
        ("event data", "not one of six-nimmt's"),
        ("running", "only a finished game"),
    ],
)
async def test_a_corrupt_import_is_refused_with_its_problem_named(change: str, named: str) -> None:
    source = in_memory(adapters=fresh_adapters())
    game_id, _ = await finished_game(source)
    blob = corrupted(await source.exports.export(game_id, None), change)
    target = in_memory(adapters=fresh_adapters())
    with pytest.raises(CorruptExport, match=named):
        await target.exports.import_(blob)
    assert await target.repo.store.game(game_id) is None
    assert await target.repo.store.read_stream(game_id) == []
