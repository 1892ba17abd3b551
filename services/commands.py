"""The write use cases of a game's life: create, join, start, play. Each is one decision given to the transaction."""

from __future__ import annotations

import re
import secrets
from typing import Any

import msgspec

from domain.games.registry import GAMES
from domain.kernel import table as tables
from domain.kernel.bots import LEVELS
from domain.kernel.errors import RuleViolation
from domain.kernel.events import PlayerJoined
from domain.kernel.table import Table
from domain.kernel.table_commands import Join, Play, Sender, Start
from domain.kernel.viewer import seat_viewer
from services.access import admin, seated_player
from services.auth import new_token, token_hash
from services.bots import BotPlayer
from services.codec import codec
from services.config import ServiceConfig
from services.errors import BadRequest, PreconditionFailed
from services.keys import PortalKeys
from services.ports import DuplicateCommand, GameRecord
from services.repository import Repository
from services.results import CommandResult, GameCreatedBody, SeatTaken
from services.transact import CACHED, FRESH, NEW, Grant, IdempotencyKey, Transactor

SEED_HEX = re.compile(r"^[0-9a-fA-F]{64}$")
IDEMPOTENCY_KEY = re.compile(r"^[\x21-\x7e]{1,200}$")
COMMAND_RESULT = msgspec.json.Decoder(CommandResult)


class GameCommands:
    def __init__(self, transactor: Transactor, bots: BotPlayer, config: ServiceConfig, keys: PortalKeys) -> None:
        self.transactor = transactor
        self.repo: Repository = transactor.repo
        self.bots = bots
        self.config = config
        self.keys = keys

    async def create(
        self,
        game: str,
        players: int,
        options: dict[str, Any] | None,
        seed_hex: str | None,
        api_key: str | None,
        turn_seconds: int | None = None,
        owner: str | None = None,
    ) -> GameCreatedBody:
        """A new game in its lobby; `owner` is the portal key of the game a rematch follows."""
        key_id = owner if owner is not None else await self.keys.for_creation(api_key)
        rules = GAMES.get(game)
        if rules is None:
            raise RuleViolation("unknown_game", f"no game named {game!r}", {"games": sorted(GAMES)})
        seed, source = self._seed(seed_hex)
        game_id = secrets.token_hex(8)
        admin_token = new_token()
        record = GameRecord(
            game_id=game_id,
            game=game,
            seed=seed,
            admin_token_hash=token_hash(admin_token),
            seat_token_hashes={},
            api_key_id=key_id,
        )

        def decision(_: Table[Any]) -> tuple[None, list[Any]]:
            return None, tables.create(rules, game_id, players, options, seed, turn_seconds, seed_source=source)

        created = await self.transactor.transact(record, decision, {"actor": "admin"}, load=NEW)
        table = created.table
        return GameCreatedBody(
            game_id=game_id,
            game=game,
            admin_token=admin_token,
            version=table.version,
            players=players,
            options=table.options,
            seed_commitment=table.seed_commitment,
            dealing=table.dealing,
            seed_source=table.seed_source,
        )

    def _seed(self, seed_hex: str | None) -> tuple[bytes, str]:
        """The game's seed and where it came from: the CSPRNG, or (a server in test mode only) the creator."""
        if seed_hex is None:
            return secrets.token_bytes(32), "server"
        if not self.config.test_mode:
            raise RuleViolation(
                "client_seed_not_allowed", "this server chooses every seed: a client seed needs a server in test mode"
            )
        if not SEED_HEX.match(seed_hex):
            raise BadRequest("seed must be 64 hex characters", code="invalid_seed")
        return bytes.fromhex(seed_hex), "client"

    async def join(
        self,
        game_id: str,
        token: str | None,
        name: str | None,
        seat: int | None,
        bot: str | None,
        entropy: object = None,
    ) -> SeatTaken:
        """A person takes a seat (and gets its token), or the admin seats a bot. `entropy`: as the client sent it."""
        record = await self.repo.record(game_id)
        rules = codec(record.game).rules
        sent = tables.seat_entropy(entropy, bot)
        if bot is not None:
            record = await admin(self.repo, game_id, token, "seats bots")
            if bot not in LEVELS:
                raise RuleViolation("unknown_bot", f"bot levels are {', '.join(LEVELS)}", {"levels": list(LEVELS)})
            name = name or f"{bot} bot"
        if name is None:
            raise BadRequest("a player needs a name", code="invalid_body")
        player_token = new_token() if bot is None else None
        asked = Join(name=name, seat=seat, bot=bot, entropy=sent)
        by: Sender = "admin" if bot is not None else "player"

        def decision(table: Table[Any]) -> tuple[int, list[Any]]:
            events = tables.accept(rules, table, asked, by, record.seed)
            joined = next(e for e in events if isinstance(e, PlayerJoined))
            return joined.seat, events

        grant = Grant(token_hash(player_token)) if player_token is not None else None
        joined = await self.transactor.transact(record, decision, {"actor": "lobby"}, token=grant)
        self.repo.forget(game_id)  # the cached record lacks the new seat's token
        return SeatTaken(seat=joined.result, version=joined.table.version, player_token=player_token, bot=bot)

    async def start(self, game_id: str, token: str | None) -> Table[Any]:
        """Deal (every seat taken); the bots then play their first moves."""
        record = await admin(self.repo, game_id, token, "starts it")
        rules = codec(record.game).rules

        def decision(table: Table[Any]) -> tuple[None, list[Any]]:
            return None, tables.accept(rules, table, Start(), "admin", record.seed)

        started = await self.transactor.transact(record, decision, {"actor": "admin"})
        return await self.bots.play(record, started.table)

    async def command(
        self, game_id: str, token: str | None, body: bytes, if_match: int | None, idempotency_key: str | None
    ) -> CommandResult:
        """A seated player's move: refused whole, or appended with the bots' answers after it."""
        record, seat = await seated_player(self.repo, game_id, token, "sends commands")
        game_codec = codec(record.game)
        try:
            command = game_codec.command(body)
        except (msgspec.ValidationError, msgspec.DecodeError) as exc:
            raise BadRequest(str(exc), code="invalid_command") from exc
        scope = f"seat:{seat}"
        keyed = None
        if idempotency_key is not None:
            if not IDEMPOTENCY_KEY.match(idempotency_key):
                raise BadRequest("Idempotency-Key: 1 to 200 visible ASCII characters", code="invalid_idempotency_key")
            stored = await self.repo.store.stored_response(game_id, scope, idempotency_key)
            if stored is not None:
                return COMMAND_RESULT.decode(stored)
            keyed = IdempotencyKey(scope=scope, key=idempotency_key)
        rules = game_codec.rules

        def decision(table: Table[Any]) -> tuple[None, list[Any]]:
            if if_match is not None and table.version != if_match:
                raise PreconditionFailed(
                    f"the game is at version {table.version}, not {if_match}",
                    details={"version": table.version},
                )
            return None, tables.accept(rules, table, Play(seat=seat, command=command), "player", record.seed)

        try:
            played = await self.transactor.transact(
                record,
                decision,
                {"actor": seat, "scope": scope},
                # If-Match names the version the client saw: decide on the stream's head, not on a cached copy
                load=CACHED if if_match is None else FRESH,
                idempotency=keyed,
                answer_for=seat_viewer(seat),
            )
        except DuplicateCommand as duplicate:
            return COMMAND_RESULT.decode(duplicate.response)
        await self.bots.play(record, played.table)
        assert played.answer is not None  # asked for with `answer_for`
        return played.answer
