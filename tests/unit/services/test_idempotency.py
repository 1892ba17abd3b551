"""Idempotency keys of commands: the same key gets the first answer and appends nothing more, in a later request
or a concurrent one; a key is its seat's (the scope `seat:<n>`), so another seat's same key is another command."""

from __future__ import annotations

import asyncio

import msgspec
import pytest

from bootstrap import Adapters, Services
from tests.game_driver import new_game
from tests.plain import plain


def play_card(card: int) -> bytes:
    return msgspec.json.encode({"type": "play_card", "card": card})


async def chosen_by(adapters: Adapters, game_id: str) -> list[int]:
    return [r.metadata["actor"] for r in await adapters.store.read_stream(game_id) if r.type == "CardChosen"]


async def test_the_same_key_gets_the_same_answer_and_appends_nothing_more(
    services: Services, adapters: Adapters
) -> None:
    game_id, _, tokens = await new_game(services, "six-nimmt", 3)  # three seats: one choice reveals nothing
    hand = plain(await services.queries.view(game_id, tokens[0]))["state"]["hand"]
    first = await services.commands.command(game_id, tokens[0], play_card(hand[0]), None, "key-1")
    length = len(await adapters.store.read_stream(game_id))
    # sent again, even with another body: the key names the command, the first answer is the answer
    for body in (play_card(hand[0]), play_card(hand[1])):
        assert await services.commands.command(game_id, tokens[0], body, None, "key-1") == first
    assert len(await adapters.store.read_stream(game_id)) == length
    assert await chosen_by(adapters, game_id) == [0]


async def test_another_seats_same_key_is_another_command(services: Services, adapters: Adapters) -> None:
    game_id, _, tokens = await new_game(services, "six-nimmt", 3)
    hands = [plain(await services.queries.view(game_id, t))["state"]["hand"] for t in tokens[:2]]
    mine = await services.commands.command(game_id, tokens[0], play_card(hands[0][0]), None, "key-1")
    theirs = await services.commands.command(game_id, tokens[1], play_card(hands[1][0]), None, "key-1")
    # each command appends its record (CommandAccepted, dealing 2) and its CardChosen
    assert theirs != mine and theirs.version == mine.version + 2
    assert await chosen_by(adapters, game_id) == [0, 1]
    assert await services.commands.command(game_id, tokens[1], play_card(hands[1][0]), None, "key-1") == theirs


# A command's answer is stored with its append; a retry after a conflict decides again before it looks for one.
# In a turn-based game the second of two concurrent sends then meets the first's move and is refused
# (`not_your_turn`) instead of getting the first answer. Six-nimmt lets a seat choose again, so its second send
# reaches the append, where the key is found.
@pytest.mark.parametrize("game", ["six-nimmt", "daron"])
async def test_a_key_sent_twice_at_once_appends_once_and_answers_both_alike(
    services: Services, adapters: Adapters, game: str
) -> None:
    game_id, _, tokens = await new_game(services, game, 3)
    seat = plain(await services.queries.view(game_id, None))["awaiting"][0]
    move = msgspec.json.encode(plain(await services.queries.legal_moves(game_id, tokens[seat]))["moves"][0])
    length = len(await adapters.store.read_stream(game_id))
    both = await asyncio.gather(
        *(services.commands.command(game_id, tokens[seat], move, None, "key-1") for _ in range(2))
    )
    assert both[0] == both[1]
    assert both[0].version == len(await adapters.store.read_stream(game_id)) > length
    assert {r.metadata["actor"] for r in await adapters.store.read_stream(game_id, length)} == {seat}
