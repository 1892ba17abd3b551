"""The write use cases of a game's life: create, join, start, play. Each is one decision given to the transaction."""

from __future__ import annotations

import hmac
import re
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import msgspec

from domain.games.registry import GAMES
from domain.kernel import table as tables
from domain.kernel.bots import LEVELS
from domain.kernel.errors import RuleViolation
from domain.kernel.events import EntropyCommitted, PlayerJoined, PlayerLeft
from domain.kernel.game import AnyGame
from domain.kernel.table import Table
from domain.kernel.table_commands import Commit, Join, Play, Reveal, Sender, Start
from domain.kernel.versioned import stored_tag
from domain.kernel.viewer import seat_viewer
from services.access import admin, seated, seated_player
from services.auth import new_token, token_hash
from services.bots import BotPlayer
from services.codec import codec
from services.config import ServiceConfig
from services.errors import BadRequest, Forbidden, PreconditionFailed
from services.keys import PortalKeys
from services.ports import DuplicateCommand, GameRecord
from services.repository import Repository
from services.results import CommandResult, GameCreatedBody, SeatChange, SeatTaken
from services.transact import CACHED, FRESH, NEW, Carried, Grant, IdempotencyKey, Transactor
from services.writes import ADMIN, LOBBY, player

SEED_HEX = re.compile(r"^[0-9a-fA-F]{64}$")
JOIN_CODE_BYTES = 16  # a private game's join code: 128 random bits, as URL-safe base64 (22 characters)
IDEMPOTENCY_KEY = re.compile(r"^[\x21-\x7e]{1,200}$")
COMMAND_RESULT = msgspec.json.Decoder(CommandResult)


@dataclass(frozen=True)
class Founding:
    """A game about to be created: its record, the secrets shown once to its creator, and its first events."""

    record: GameRecord
    admin_token: str
    join_code: str | None
    decide: Callable[[Table[Any]], tuple[None, list[Any]]]


def check_join_code(record: GameRecord, join_code: str | None) -> None:
    """A private game takes a person only with its join code (stored as SHA-256, compared in constant time)."""
    if record.join_code_hash is None:
        return  # a public game: a code sent is not looked at
    presented = token_hash(join_code) if join_code is not None else b""
    if not hmac.compare_digest(presented, record.join_code_hash):
        raise Forbidden("this game is private: joining it needs its join code", code="invalid_join_code")


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
        private: bool = False,
    ) -> GameCreatedBody:
        """A new game in its lobby; a private one is unlisted and joined with the join code the answer gives."""
        key_id = await self.keys.for_creation(api_key)
        rules = GAMES.get(game)
        if rules is None:
            raise RuleViolation("unknown_game", f"no game named {game!r}", {"games": sorted(GAMES)})
        seed, source = self._seed(seed_hex)
        founding = self.founding(
            rules, secrets.token_hex(8), players, options, seed, source, turn_seconds, key_id, private, []
        )
        return (await self.found(founding))[0]

    def founding(
        self,
        rules: AnyGame,
        game_id: str,
        players: int,
        options: dict[str, Any] | None,
        seed: bytes,
        source: str,
        turn_seconds: int | None,
        key_id: str | None,
        private: bool,
        seats: list[Join],
    ) -> Founding:
        """Everything a new game is created with, decided before anything is stored: its record (the seed, the admin
        token's and the join code's hashes, the owning key) and its first events, `GameCreated` then the `seats`'
        joins (a rematch's), which one append stores together."""
        admin_token = new_token()
        join_code = secrets.token_urlsafe(JOIN_CODE_BYTES) if private else None
        record = GameRecord(
            game_id=game_id,
            game=rules.name,
            seed=seed,
            admin_token_hash=token_hash(admin_token),
            seat_token_hashes={},
            api_key_id=key_id,
            join_code_hash=token_hash(join_code) if join_code is not None else None,
        )

        def decision(_: Table[Any]) -> tuple[None, list[Any]]:
            events = tables.create(
                rules,
                game_id,
                players,
                options,
                seed,
                turn_seconds,
                seed_source=source,
                private=private,
                bot_budget=round(self.config.bot_expert_budget * tables.BOT_BUDGET),
            )
            table = tables.fold(rules, events)
            for join in seats:
                step = tables.accept(rules, table, join, "admin", seed)
                table = tables.evolve_all(rules, table, step)
                events.extend(step)
            return None, events

        return Founding(record=record, admin_token=admin_token, join_code=join_code, decide=decision)

    async def found(self, founding: Founding) -> tuple[GameCreatedBody, Table[Any]]:
        """Store a new game as `founding` decided it, in one append: the creator's answer, and the game's table."""
        created = await self.transactor.on(founding.record).transact(founding.decide, ADMIN, load=NEW)
        table = created.table
        body = GameCreatedBody(
            game_id=table.game_id,
            game=table.game,
            admin_token=founding.admin_token,
            version=table.version,
            players=table.players,
            options=table.options,
            seed_commitment=table.seed_commitment,
            dealing=table.dealing,
            seed_source=table.seed_source,
            private=table.private,
            join_code=founding.join_code,
        )
        return body, table

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
        join_code: str | None = None,
        commitment: object = None,
    ) -> SeatTaken:
        """A person takes a seat (and gets its token), or the admin seats a bot. `entropy`: as the client sent it.
        A person joins a private game with its join code only; the admin seats bots without one."""
        record = await self.repo.record(game_id)
        rules = codec(record.game).rules
        if bot is not None:
            # who may seat a bot first: a stranger's request is refused as such, whatever else it holds
            record = await admin(self.repo, game_id, token, "seats bots")
        sent = tables.seat_entropy(entropy, bot)
        committed = commitment_sent(commitment)
        if bot is not None:
            if bot not in LEVELS:
                raise RuleViolation("unknown_bot", f"bot levels are {', '.join(LEVELS)}", {"levels": list(LEVELS)})
            name = name or None  # an empty name, as none: the bot's default
        else:
            check_join_code(record, join_code)
            if name is None:
                raise BadRequest("a player needs a name", code="invalid_body")
        if name is not None:
            tables.normal_name(name)  # refused before any store is asked; the decision normalises it again
        player_token = new_token() if bot is None else None
        by: Sender = "admin" if bot is not None else "player"

        def decision(table: Table[Any]) -> tuple[int, list[Any]]:
            # the name is decided on the table the join lands on: unique there, a bot's default the first free one
            asked = Join(
                name=tables.seat_name(table, name, bot), seat=seat, bot=bot, entropy=sent, commitment=committed
            )
            events = tables.accept(rules, table, asked, by, record.seed)
            joined = next(e for e in events if isinstance(e, PlayerJoined))
            return joined.seat, events

        grant = Grant(token_hash(player_token)) if player_token is not None else None
        joined = await self.transactor.on(record).transact(decision, LOBBY, carried=Carried(token=grant))
        self.repo.forget(game_id)  # the cached record lacks the new seat's token
        return SeatTaken(seat=joined.result, version=joined.table.version, player_token=player_token, bot=bot)

    async def start(self, game_id: str, token: str | None) -> Table[Any]:
        """Deal (every seat taken, every committed seat revealed, or its reveal window over); the bots then play
        their first moves."""
        record = await admin(self.repo, game_id, token, "starts it")
        rules = codec(record.game).rules

        def decision(force: bool) -> Callable[[Table[Any]], tuple[None, list[Any]]]:
            return lambda table: (None, tables.accept(rules, table, Start(force=force), "admin", record.seed))

        try:
            started = await self.transactor.on(record).transact(decision(False), ADMIN)
        except RuleViolation as refusal:
            if refusal.code != "reveals_missing":
                raise
            waited = await self._reveal_wait(game_id)
            if waited > 0:
                details = {**(refusal.details or {}), "retry_after": int(waited) + 1}
                raise RuleViolation(
                    "reveals_missing",
                    f"{refusal} (the start deals without them in {int(waited) + 1} s: TAPIS_REVEAL_SECONDS)",
                    details,
                ) from None
            # the window is over: deal without the missing reveals, whose seats bots take over (docs/fair-play.md)
            started = await self.transactor.on(record).transact(decision(True), ADMIN)
        return await self.bots.play(record, started.table)

    async def _reveal_wait(self, game_id: str) -> float:
        """Seconds left of the reveal window, counted from the last change of the seats or their commitments."""
        recorded = await self.repo.events(game_id)
        changes = {stored_tag(PlayerJoined), stored_tag(PlayerLeft), stored_tag(EntropyCommitted)}
        last = next((r.recorded_at for r in reversed(recorded) if r.type in changes), recorded[0].recorded_at)
        return self.config.reveal_seconds - (self.transactor.clock() - last).total_seconds()

    async def commit(self, game_id: str, token: str | None, commitment: object) -> SeatChange:
        """A seated person commits to its entropy after joining (dealing 3: a rematch's seats do so)."""
        record, seat = await seated_player(self.repo, game_id, token, "commits to an entropy")
        committed = commitment_sent(commitment)
        if not committed:
            raise RuleViolation("invalid_commitment", "a commitment is 64 lowercase hex digits", {"reason": "empty"})
        rules = codec(record.game).rules

        def decision(table: Table[Any]) -> tuple[None, list[Any]]:
            return None, tables.accept(rules, table, Commit(seat=seat, commitment=committed), "player", record.seed)

        done = await self.transactor.on(record).transact(decision, player(seat))
        return SeatChange(seat=seat, version=done.table.version)

    async def reveal(self, game_id: str, token: str | None, entropy: object) -> SeatChange:
        """A seat opens its commitment, once every seat is taken (dealing 3)."""
        record, seat = await seated_player(self.repo, game_id, token, "reveals an entropy")
        if not isinstance(entropy, str):
            raise RuleViolation("invalid_entropy", "a revealed entropy is 64 lowercase hex digits", {"reason": "type"})
        rules = codec(record.game).rules

        def decision(table: Table[Any]) -> tuple[None, list[Any]]:
            return None, tables.accept(rules, table, Reveal(seat=seat, entropy=entropy), "player", record.seed)

        done = await self.transactor.on(record).transact(decision, player(seat))
        return SeatChange(seat=seat, version=done.table.version)

    async def command(
        self, game_id: str, token: str | None, body: bytes, if_match: int | None, idempotency_key: str | None
    ) -> CommandResult:
        """A seated player's move: refused whole, or appended with the bots' answers after it."""
        with self.transactor.observer.command() as seen:
            record = await self.repo.record(game_id)
            seen.game(record, body)
            record, seat = await seated(self.repo, record, token, "sends commands")  # the token, resolved once
            seen.seat(seat)
            game_codec = codec(record.game)
            try:
                command = game_codec.command(body)
            except (msgspec.ValidationError, msgspec.DecodeError) as exc:
                raise BadRequest(str(exc), code="invalid_command") from exc
            actor = player(seat)
            keyed = None
            if idempotency_key is not None:
                if not IDEMPOTENCY_KEY.match(idempotency_key):
                    raise BadRequest(
                        "Idempotency-Key: 1 to 200 visible ASCII characters", code="invalid_idempotency_key"
                    )
                stored = await self.repo.stored_response(game_id, f"seat:{seat}", idempotency_key)
                if stored is not None:
                    seen.replayed()
                    await self.repo.refresh(record)  # its append may have committed unheard (a lost connection)
                    return COMMAND_RESULT.decode(stored)
                keyed = IdempotencyKey(scope=f"seat:{seat}", key=idempotency_key)
            rules = game_codec.rules

            def decision(table: Table[Any]) -> tuple[None, list[Any]]:
                if if_match is not None and table.version != if_match:
                    raise PreconditionFailed(
                        f"the game is at version {table.version}, not {if_match}",
                        details={"version": table.version},
                    )
                return None, tables.accept(rules, table, Play(seat=seat, command=command), "player", record.seed)

            try:
                played = await self.transactor.on(record).transact(
                    decision,
                    actor,
                    # If-Match names the version the client saw: decide on the stream's head, not on a cached copy
                    load=CACHED if if_match is None else FRESH,
                    carried=Carried(idempotency=keyed, answer_for=seat_viewer(seat)),
                    told=seen.ended,
                )
            except DuplicateCommand as duplicate:
                await self.repo.refresh(record)
                return COMMAND_RESULT.decode(duplicate.response)
            await self.bots.play(record, played.table)
            assert played.answer is not None  # asked for with `answer_for`
            return played.answer


def commitment_sent(commitment: object) -> str:
    """A join's or a commit's `entropy_commitment` as sent ("" for none), its form checked by the domain."""
    if commitment is None:
        return ""
    if not isinstance(commitment, str) or not commitment:
        raise RuleViolation("invalid_commitment", "a commitment is 64 lowercase hex digits", {"reason": "type"})
    return commitment
