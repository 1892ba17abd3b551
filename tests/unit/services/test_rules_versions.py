"""A game records the rules version it was created under (`GameCreated.rules`, domain/kernel/game.py RULES).

A game created by the release before the four corrected rules of issue 17 says no `rules` (1): today's code plays it
on, serves it, audits it and re-executes its recorded commands by the rules it was created under, so the moves those
rules allowed are still accepted and give the same events. A game created today says `rules: 2`.
"""

from __future__ import annotations

from collections import Counter
from datetime import UTC, datetime
from typing import Any

import msgspec

from bootstrap import Services
from domain.games.barbu.state import RULES
from domain.games.registry import GAMES
from domain.kernel import table as tables
from domain.kernel.shuffle import Draws
from services.auth import new_token, token_hash
from services.chain import extend, links_of
from services.codec import codec
from services.ports import GameRecord
from tests.plain import plain

SEED = bytes(range(32))
Policy = Any  # (view's state, legal moves) -> the index of the move to send, or None for any


async def created_under_rules_1(
    services: Services, game: str, players: int, options: dict[str, Any]
) -> tuple[str, list[str]]:
    """A game as the release before rules version 2 stored it (its GameCreated says no `rules`), its seats taken
    and started: today's services then play it on."""
    game_id, admin = f"rules-1-{game}", new_token()
    record = GameRecord(game_id, game, SEED, token_hash(admin), {})
    # that release dealt by version 2, and chained every event from the first
    (created,) = tables.create(GAMES[game], game_id, players, options, SEED, rules_version=1, dealing=2)
    encoded = codec(game).new_event(created)
    assert b'"rules"' not in encoded.data  # the bytes such a release wrote
    metadata = {"actor": "admin"}
    linked = extend(links_of(game_id, 2, SEED), None, 1, [encoded], metadata, datetime.now(UTC))
    await services.repo.store.create(record, linked, metadata)
    tokens = [
        plain(await services.commands.join(game_id, None, f"p{s}", None, None))["player_token"] for s in range(players)
    ]
    await services.commands.start(game_id, admin)
    return game_id, tokens


async def play_out(services: Services, game_id: str, tokens: list[str], prefer: Policy) -> int:
    """Play to the end, each awaited seat sending the move `prefer` picks (else one drawn); returns how often
    `prefer` picked one."""
    draws, preferred = Draws(b"moves", game_id), 0
    while True:
        shown = plain(await services.queries.view(game_id, None))
        if shown["status"] != "active":
            return preferred
        seat = shown["awaiting"][0]
        state = plain(await services.queries.view(game_id, tokens[seat]))["state"]
        moves = plain(await services.queries.legal_moves(game_id, tokens[seat]))["moves"]
        chosen = prefer(state, moves)
        preferred += chosen is not None
        move = moves[chosen if chosen is not None else draws.draw(len(moves))]
        await services.commands.command(game_id, tokens[seat], msgspec.json.encode(move), None, None)


async def audited(services: Services, game_id: str) -> list[Any]:
    """The audit passes, re-execution included; the game's events as stored."""
    report = plain(await services.auditor.audit(game_id))
    assert report["ok"], report["checks"]
    checks = {c["name"]: c for c in report["checks"]}
    assert checks["re_execution"]["applies"] and checks["re_execution"]["ok"]
    recorded = await services.repo.store.read_stream(game_id)
    return [(r.type, msgspec.json.decode(r.data)) for r in recorded]


def joker_after_draw(state: dict[str, Any], moves: list[dict[str, Any]]) -> int | None:
    if state["phase"] != "drawn":
        return None
    return next((i for i, m in enumerate(moves) if m["type"] == "deposit" and m["cards"][0].startswith("joker")), None)


async def test_a_daron_game_of_rules_1_still_takes_a_joker_after_a_draw_and_shows_no_hand(services: Services) -> None:
    game_id, tokens = await created_under_rules_1(services, "daron", 3, {})
    assert await play_out(services, game_id, tokens, joker_after_draw) > 0, "the old rule was exercised"
    events = await audited(services, game_id)
    ends = [data for kind, data in events if kind in ("RoundWon", "RoundBlocked")]
    assert len(ends) == 3 and all("hands" not in data or data["hands"] == [] for data in ends)


async def test_a_six_nimmt_pro_game_of_rules_1_drafts_from_seat_0_every_round(services: Services) -> None:
    options = {"variant": "pro", "end": {"kind": "rounds", "rounds": 3}}
    game_id, tokens = await created_under_rules_1(services, "six-nimmt", 3, options)
    await play_out(services, game_id, tokens, lambda state, moves: None)
    events = await audited(services, game_id)
    opened = [i for i, (kind, _) in enumerate(events) if kind == "DraftOpened"]
    assert len(opened) == 3
    for i in opened:
        assert events[i][1].get("first", 0) == 0
        first_draft = next(data for kind, data in events[i:] if kind == "CardDrafted")
        assert first_draft["seat"] == 0


async def test_a_barbu_game_of_rules_1_plays_the_king_out_without_early_end(services: Services) -> None:
    options = {"contracts": ["king_of_hearts"], "early_end": False}
    game_id, tokens = await created_under_rules_1(services, "barbu", 4, options)
    await play_out(services, game_id, tokens, lambda state, moves: None)
    events = await audited(services, game_id)
    reasons = [data["reason"] for kind, data in events if kind == "RoundScored"]
    assert reasons == ["all_played"] * 4


async def test_a_game_created_today_records_the_current_rules(services: Services) -> None:
    created = plain(await services.commands.create("barbu", 4, {"early_end": False}, "ab" * 32, None))
    (first,) = (await services.repo.store.read_stream(created["game_id"]))[:1]
    assert first.type == "GameCreated"
    assert msgspec.json.decode(first.data)["rules"] == RULES == 2


# Rules versions per game (issue 32): each game declares its own; daron's version 3 (the deposit after a draw lays the
# card drawn) moved no other game's.


def test_each_game_creates_at_its_own_rules_version() -> None:
    current = {name: game.rules_version for name, game in GAMES.items()}
    assert current == {"six-nimmt": 2, "le-baron": 2, "barbu": 2, "daron": 3, "bohnanza": 2}
    for name, game in GAMES.items():
        assert game.rules_versions == tuple(range(1, current[name] + 1)), name
        (created,) = tables.create(game, "g", game.min_players, {}, SEED)
        assert created.rules == current[name], name


async def created_under_rules(services: Services, game: str, players: int, version: int) -> tuple[str, list[str]]:
    """A game as a release of rules `version` stored it (its GameCreated says that version), seats taken, started."""
    game_id, admin = f"rules-{version}-{game}", new_token()
    record = GameRecord(game_id, game, SEED, token_hash(admin), {})
    (created,) = tables.create(GAMES[game], game_id, players, {}, SEED, rules_version=version, dealing=2)
    encoded = codec(game).new_event(created)
    metadata = {"actor": "admin"}
    linked = extend(links_of(game_id, 2, SEED), None, 1, [encoded], metadata, datetime.now(UTC))
    await services.repo.store.create(record, linked, metadata)
    tokens = [
        plain(await services.commands.join(game_id, None, f"p{s}", None, None))["player_token"] for s in range(players)
    ]
    await services.commands.start(game_id, admin)
    return game_id, tokens


def without_drawn_card() -> Policy:
    """After a draw, a deposit that leaves the drawn card in the hand (what rules version 3 refuses): the drawn card is
    what the hand gained since the seat's view before its draw."""
    before: dict[int, Counter[str]] = {}

    def prefer(state: dict[str, Any], moves: list[dict[str, Any]]) -> int | None:
        seat, hand = state["to_act"], Counter(state["hand"])
        if state["phase"] == "play":  # the view of the seat to act (in a duel or brawl, of the one answering)
            before[seat] = hand
        if state["phase"] != "drawn":
            return None
        drawn = list((hand - before.get(seat, Counter())).elements())
        return next(
            (i for i, m in enumerate(moves) if m["type"] == "deposit" and not set(drawn) & set(m["cards"])), None
        )

    return prefer


async def test_a_daron_game_of_rules_2_still_takes_any_deposit_after_a_draw(services: Services) -> None:
    game_id, tokens = await created_under_rules(services, "daron", 3, 2)
    assert await play_out(services, game_id, tokens, without_drawn_card()) > 0, "the old rule was exercised"
    events = await audited(services, game_id)
    assert events[0] == ("GameCreated", events[0][1]) and events[0][1]["rules"] == 2


async def test_a_daron_game_created_today_plays_by_rules_3(services: Services) -> None:
    created = plain(await services.commands.create("daron", 3, None, "ab" * 32, None))
    (first,) = (await services.repo.store.read_stream(created["game_id"]))[:1]
    assert msgspec.json.decode(first.data)["rules"] == 3
