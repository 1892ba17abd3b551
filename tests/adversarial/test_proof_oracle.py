"""The spectator's brute force (issue 28, attack 1): every public hash of a running game, tried as an oracle.

A spectator holds every value a running game shows it (the view, each event page, the running game's export; the
live stream and webhooks carry the same links and head). For each event whose data it sees redacted, it may guess
the hidden part (a card: at most 110 values) and test the guess against any public hash it can recompute. The
oracle exists when the *true* data, put through any formula the spectator can compute, gives a public value: then
trying every card finds the hidden one.

On dealing 2 the unkeyed chain is such an oracle (the test shows it, so that it bites); on dealing 3 nothing is,
for all five games. Played on the service layer (memory adapters): what each HTTP path serves is these same values.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from collections.abc import Iterator
from typing import Any

import msgspec
import pytest

from bootstrap import Services, wire
from domain.kernel import table as tables
from domain.kernel.deal_key import entropy_commitment
from domain.kernel.shuffle import Draws
from infra.settings import Settings
from services.canonical import canonical
from services.chain import link
from tests.plain import plain
from tests.unit.services.fakes import fresh_adapters

GAMES = {"six-nimmt": 3, "le-baron": 3, "barbu": 4, "daron": 3, "bohnanza": 3}
HEX = re.compile(r"\b[0-9a-f]{64}\b")


def public_hashes(*values: Any) -> set[str]:
    """Every 64-digit hex string anywhere in what the spectator was shown."""
    return set(HEX.findall(msgspec.json.encode(values).decode()))


def guesses(
    game_id: str, version: int, type_: str, schema_version: int, data: bytes, metadata: Any, previous: str | None
) -> Iterator[str]:
    """Every hash of the true data a spectator can compute: the unkeyed link, plain and canonical digests, and
    HMACs keyed by any public value it knows."""
    if previous is not None:
        yield link(bytes.fromhex(previous), version, type_, schema_version, data).hex()
    canon = canonical(msgspec.json.decode(data))
    for body in (data, canon):
        yield hashlib.sha256(body).hexdigest()
        for key in (b"", game_id.encode(), bytes.fromhex(previous) if previous else b""):
            yield hmac.new(key, body, hashlib.sha256).hexdigest()
            if previous is not None:
                yield hmac.new(key, bytes.fromhex(previous) + body, hashlib.sha256).hexdigest()


async def running_game(services: Services, game: str, players: int) -> tuple[str, list[str]]:
    """A game in its middle: people who committed and revealed (on dealing 3), a few moves played."""
    created = plain(await services.commands.create(game, players, None, None, None))
    game_id, admin = created["game_id"], created["admin_token"]
    tokens, entropies = [], []
    for seat in range(players):
        entropy = secrets.token_hex(32)
        committed = entropy_commitment(game_id, entropy) if created["dealing"] >= 3 else None
        joined = plain(await services.commands.join(game_id, None, f"p{seat}", None, None, commitment=committed))
        tokens.append(joined["player_token"])
        entropies.append(entropy)
    if created["dealing"] >= 3:
        for token, entropy in zip(tokens, entropies, strict=True):
            await services.commands.reveal(game_id, token, entropy)
    await services.commands.start(game_id, admin)
    draws = Draws(b"oracle", game_id)
    for _ in range(6):
        view = plain(await services.queries.view(game_id, None))
        if view["status"] != "active":
            break
        seat = view["awaiting"][0]
        moves = plain(await services.queries.legal_moves(game_id, tokens[seat]))["moves"]
        await services.commands.command(
            game_id, tokens[seat], msgspec.json.encode(moves[draws.draw(len(moves))]), None, None
        )
    assert plain(await services.queries.view(game_id, None))["status"] == "active"
    return game_id, tokens


async def confirmed_guesses(services: Services, game_id: str) -> list[str]:
    """The hidden events whose true data a public hash confirms."""
    view = plain(await services.queries.view(game_id, None))
    shown = plain(await services.queries.events(game_id, None, 0, 1000))["events"]
    export = await services.exports.export(game_id, None)
    public = public_hashes(view, shown, export.decode())
    recorded = await services.repo.events(game_id)
    found, previous = [], None
    for stored, seen in zip(recorded, shown, strict=True):
        hidden = msgspec.json.decode(stored.data) != seen["data"]
        if hidden:
            made = guesses(game_id, stored.version, stored.type, stored.schema_version, stored.data, {}, previous)
            if any(h in public for h in made):
                found.append(f"{stored.version} {stored.type}")
        previous = seen.get("chain")
    return found


@pytest.mark.parametrize("game", GAMES)
async def test_no_public_hash_confirms_a_hidden_card_on_dealing_3(game: str) -> None:
    services = wire(fresh_adapters(), Settings())
    game_id, _ = await running_game(services, game, GAMES[game])
    assert plain(await services.queries.view(game_id, None))["dealing"] == 3
    hidden = [r for r in await services.repo.events(game_id) if r.type in {"DeckShuffled", "CommandAccepted"}]
    assert hidden, "the game holds hidden events to attack"
    assert await confirmed_guesses(services, game_id) == []


@pytest.mark.parametrize("game", GAMES)
async def test_the_unkeyed_chain_of_dealing_2_confirms_hidden_cards(game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The attack works where the guarantee is missing: a game dealt by dealing 2 (its chain unkeyed)."""
    create = tables.create

    def dealing_2(*args: Any, **kwargs: Any) -> list[Any]:
        return create(*args, **{**kwargs, "dealing": 2})

    monkeypatch.setattr(tables, "create", dealing_2)
    services = wire(fresh_adapters(), Settings())
    game_id, _ = await running_game(services, game, GAMES[game])
    assert plain(await services.queries.view(game_id, None))["dealing"] == 2
    assert await confirmed_guesses(services, game_id) != []
