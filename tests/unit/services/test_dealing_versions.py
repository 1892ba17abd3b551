"""A game recorded before dealing version 2 (dealt by the seed, no recorded commands, no hash chain) keeps its
version when today's code plays it on: it is dealt, played, served and audited as version 1, and the audit says
which checks do not apply to it. A game created today is version 2 through and through."""

from __future__ import annotations

from bootstrap import Services
from domain.games.registry import GAMES
from domain.kernel import table as tables
from domain.kernel.events import CommandAccepted
from domain.kernel.shuffle import Draws
from services.auth import new_token, token_hash
from services.codec import codec
from services.ports import GameRecord
from tests.game_driver import new_game, step
from tests.plain import plain

SEED = bytes(range(32))


async def created_by_an_earlier_release(services: Services, game: str, players: int) -> tuple[str, str]:
    """A lobby as a release before dealing 2 stored it: its GameCreated says nothing of dealing."""
    game_id, admin = "v1-game", new_token()
    record = GameRecord(game_id, game, SEED, token_hash(admin), {})
    (created,) = tables.create(GAMES[game], game_id, players, None, SEED, dealing=1)
    encoded = codec(game).new_event(created)
    assert b"dealing" not in encoded.data  # the bytes such a release wrote
    await services.repo.store.create(record, [encoded], {"actor": "admin"})
    return game_id, admin


async def test_a_version_1_game_played_on_by_todays_code_stays_version_1(services: Services) -> None:
    game_id, admin = await created_by_an_earlier_release(services, "six-nimmt", 3)
    tokens = [plain(await services.commands.join(game_id, None, f"p{s}", None, None))["player_token"] for s in range(3)]
    await services.commands.start(game_id, admin)
    draws = Draws(b"moves", "v1")
    while await step(services, game_id, tokens, draws):
        pass
    recorded = await services.repo.store.read_stream(game_id)
    events = codec("six-nimmt").events(recorded)
    assert not any(isinstance(e, CommandAccepted) for e in events)
    assert all(r.chain is None for r in recorded)
    view = plain(await services.queries.view(game_id, None))
    assert (view["status"], view["dealing"], view["chain_head"]) == ("finished", 1, None)

    report = plain(await services.auditor.audit(game_id))
    assert report["ok"], report["checks"]
    assert (report["dealing"], report["fair"]) == (1, False)
    skipped = {c["name"] for c in report["checks"] if not c["applies"]}
    # what dealing 1 does not prove, each said: no entropy, chain, recorded commands, commitments or bot budget
    assert skipped == {"deal_key", "chain", "re_execution", "reveals", "bot_moves"}


async def test_a_game_created_today_is_dealt_by_version_3_and_chained(services: Services) -> None:
    game_id, _, tokens = await new_game(services, "six-nimmt", 3, seed="ab" * 32)
    draws = Draws(b"moves", "v2")
    while await step(services, game_id, tokens, draws):
        pass
    recorded = await services.repo.store.read_stream(game_id)
    assert all(r.chain is not None for r in recorded)
    view = plain(await services.queries.view(game_id, tokens[0]))
    assert (view["dealing"], view["seed_source"], view["chain_head"]) == (3, "client", recorded[-1].chain)
    report = plain(await services.auditor.audit(game_id))
    assert report["ok"], report["checks"]
    assert all(c["applies"] for c in report["checks"])
    assert not report["fair"], "a seed the creator chose (test mode) is never reported fair"
