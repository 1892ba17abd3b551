"""The checks that prove a finished game, from its stored events and its revealed seed alone (no store, no clock).

The audit (`GET /audit`, `tapis audit`) runs them on a game in the store, `tapis verify FILE` on an export document
(docs/fair-play.md, "The audit"). Each check's name is a stable code, the same in every verifier; each says whether
it applies: a game recorded by an earlier protocol is checked as that protocol wrote it, and its report says what
that protocol does not prove.

- `protocol`: the stream has exactly the shape its dealing version writes (no downgrade: dealing 1 has no chain and
  no recorded commands; dealing 2 a link on every event and no commitments; dealing 3 both, and its bots' budget);
- `commitment`: the seed is the one committed to in `GameCreated` (bound to the game id from dealing 2 on);
- `reveals`: each revealed entropy opens its seat's commitment (dealing 3);
- `deal_key`: the entropies fixed at the start are those the seats joined with or revealed (dealing 2 and 3);
- `chain`: every event links to the one before it (services/chain.py), keyed from dealing 3;
- `shuffles`: each `shuffle:<k>` in order, its order derived from the key (the seed, or the deal key);
- `re_execution`: each recorded command, decided again on the state folded so far, gives exactly the events the
  record holds after it: deals and their sources, placements, scores, the end (dealing 2 and 3);
- `bot_moves`: each move recorded for a bot or the turn timer is the one that bot makes from the seat's view, the
  game's committed random stream and the game's work budget (dealing 3);
- `scores`: the scores and winners of `GameEnded` are those the rules give the final state.
"""

from __future__ import annotations

import itertools
from typing import Any

import msgspec

from domain.kernel import table as tables
from domain.kernel.bots import bot_label
from domain.kernel.deal_key import commitment, deal_key, entropy_commitment
from domain.kernel.errors import RuleViolation
from domain.kernel.events import (
    CommandAccepted,
    DeckShuffled,
    EntropyCommitted,
    EntropyRevealed,
    GameCreated,
    GameEnded,
    GameStarted,
    PlayerJoined,
    PlayerLeft,
)
from domain.kernel.shuffle import Draws, shuffle, shuffle_label
from domain.kernel.table import Table
from domain.kernel.table_commands import Play, TimeOut
from services.chain import first_break, links_of
from services.codec import GameCodec
from services.ports import RecordedEvent
from services.results import AuditCheck

DETAIL_MAX = 300
# every check, in the order every verifier runs and reports them (docs/fair-play.md, "Check codes")
CHECKS = (
    "protocol",
    "commitment",
    "reveals",
    "deal_key",
    "chain",
    "shuffles",
    "re_execution",
    "bot_moves",
    "scores",
)


class Verified(msgspec.Struct, frozen=True):
    checks: list[AuditCheck]
    table: Table[Any]  # the game as its events fold
    created: GameCreated
    ended: GameEnded

    @property
    def ok(self) -> bool:
        return all(c.ok for c in self.checks)

    @property
    def first_failure(self) -> AuditCheck | None:
        return next((c for c in self.checks if not c.ok), None)

    @property
    def fair(self) -> bool:
        """Every check passed, and at least one person's committed entropy fixed the deal (docs/fair-play.md)."""
        return self.ok and self.table.fairness == "committed"


class NotFinished(ValueError):
    """Only a finished game has revealed its seed: there is nothing to verify yet."""


class Unfoldable(ValueError):
    """The events cannot even be applied in order (a forged file): its re-execution fails before it starts."""


def check(name: str, ok: bool, detail: str) -> AuditCheck:
    return AuditCheck(name=name, ok=ok, detail=detail)


def not_applicable(name: str, detail: str) -> AuditCheck:
    return AuditCheck(name=name, ok=True, detail=detail, applies=False)


def verify(game_codec: GameCodec, recorded: list[RecordedEvent]) -> Verified:
    """Every check of a finished game's stored events; NotFinished when no `GameEnded` reveals the seed."""
    events = game_codec.events(recorded)
    created = events[0] if events else None
    ended = next((e for e in reversed(events) if isinstance(e, GameEnded)), None)  # a RematchCreated may follow
    if not isinstance(created, GameCreated) or ended is None:
        raise NotFinished("only a finished game can be verified: its seed is revealed by its end")
    seed = bytes.fromhex(ended.seed)
    try:
        table = game_codec.fold(recorded, events)
    except Exception as exc:  # any rule's own assertion on facts no decision produced: the file is forged
        raise Unfoldable(
            f"the events do not fold in order: {type(exc).__name__}: {shorten(str(exc).encode())}"
        ) from exc
    started = next((e for e in events if isinstance(e, GameStarted)), None)
    entropy = started.entropy if started is not None else []
    dealing = created.dealing
    key = deal_key(dealing, created.game_id, seed, entropy)
    replayed = re_execution(game_codec, recorded, events, seed) if dealing > 1 else None
    checks = [
        protocol_check(recorded, events, created),
        check(
            "commitment",
            committed := commitment(dealing, created.game_id, seed) == created.seed_commitment,
            f"the revealed seed is the one GameCreated committed to (dealing {dealing})"
            if committed
            else "the revealed seed does not match GameCreated's seed commitment",
        ),
        reveals_check(created, events)
        if dealing >= 3
        else not_applicable("reveals", "no commitments before dealing 3"),
        entropy_check(events, entropy) if dealing > 1 else not_applicable("deal_key", "dealing 1: the seed is the key"),
        chain_check(created, seed, recorded),
        shuffles_check(events, key),
        replayed[0]
        if replayed is not None
        else not_applicable("re_execution", "recorded before dealing 2: the game's commands were not recorded"),
        replayed[1]
        if replayed is not None
        else not_applicable("bot_moves", "recorded before dealing 3: the bots' budget was not recorded"),
        scores_check(game_codec, table, ended),
    ]
    return Verified(checks=checks, table=table, created=created, ended=ended)


def protocol_check(recorded: list[RecordedEvent], events: list[Any], created: GameCreated) -> AuditCheck:
    """The stream is in the exact shape its dealing version wrote: a file that claims an older protocol to skip a
    check (a downgrade) fails here."""
    dealing = created.dealing
    problem = None
    unchained = next((r for r in recorded if r.chain is None), None)
    chained = next((r for r in recorded if r.chain is not None), None)
    commits = next((e for e in events if isinstance(e, EntropyCommitted | EntropyRevealed)), None)
    withheld = next((e for e in events if isinstance(e, GameStarted) and e.withheld), None)
    if dealing == 1:
        if chained is not None:
            problem = f"event {chained.version} carries a chain link, which dealing 1 never wrote"
        elif any(isinstance(e, CommandAccepted) for e in events):
            problem = "dealing 1 recorded no commands, and this stream holds CommandAccepted events"
    elif unchained is not None:
        problem = f"event {unchained.version} ({unchained.type}) has no chain link: dealing {dealing} links every event"
    if problem is None and dealing < 3:
        if commits is not None:
            problem = f"dealing {dealing} has no entropy commitments, and this stream holds {type(commits).__name__}"
        elif withheld is not None or created.bot_budget is not None:
            problem = f"dealing {dealing} wrote no withheld reveals and no bot budget"
    if problem is None and dealing >= 3 and created.bot_budget is None:
        problem = "a dealing-3 game records its bots' budget in GameCreated"
    if problem is not None:
        return check("protocol", False, problem)
    return check("protocol", True, f"the stream has the shape dealing {dealing} writes")


def reveals_check(created: GameCreated, events: list[Any]) -> AuditCheck:
    """Each reveal opens its seat's commitment (the re-execution refuses one that does not, too: this names it)."""
    commitments: dict[int, str] = {}
    for event in events:
        if isinstance(event, EntropyCommitted):
            commitments[event.seat] = event.commitment
        elif isinstance(event, PlayerLeft):
            commitments.pop(event.seat, None)
        elif isinstance(event, EntropyRevealed):
            if entropy_commitment(created.game_id, event.entropy) != commitments.get(event.seat):
                return check("reveals", False, f"seat {event.seat}'s revealed entropy does not open its commitment")
        elif isinstance(event, GameStarted):
            break
    return check("reveals", True, f"{len(commitments)} commitments; every reveal opens its seat's")


def entropy_check(events: list[Any], entropy: list[str]) -> AuditCheck:
    """The entropies the start fixed are those of the seats' joins or reveals (a seat left and taken again: the
    last join; a seat that withheld its reveal: empty)."""
    seats: dict[int, str] = {}
    for event in events:
        if isinstance(event, PlayerJoined | EntropyRevealed):
            seats[event.seat] = event.entropy
        elif isinstance(event, PlayerLeft):
            seats.pop(event.seat, None)
        elif isinstance(event, GameStarted):
            break
    joined = [seats.get(seat, "") for seat in range(len(entropy))]
    return check(
        "deal_key",
        joined == entropy and len(seats) == len(entropy),
        f"the deal key mixes the {len(entropy)} seats' entropies as they joined or revealed them: {entropy}",
    )


def chain_check(created: GameCreated, seed: bytes, recorded: list[RecordedEvent]) -> AuditCheck:
    if created.dealing == 1:
        return not_applicable("chain", "dealing 1 had no hash chain: its events carry no links")
    broken = first_break(links_of(created.game_id, created.dealing, seed), recorded)
    if broken is None:
        keyed = ", keyed by the revealed seed" if created.dealing >= 3 else ""
        return check("chain", True, f"{len(recorded)} events linked{keyed}, head {recorded[-1].chain}")
    return check("chain", False, f"event {broken.version} ({broken.type}) does not link to the events before it")


def shuffles_check(events: list[Any], key: bytes) -> AuditCheck:
    shuffles = [e for e in events if isinstance(e, DeckShuffled)]
    for k, e in enumerate(shuffles):
        if e.label != shuffle_label(k):
            return check("shuffles", False, f"shuffle {k} is labelled {e.label!r}, not {shuffle_label(k)!r}")
        if shuffle(key, e.label, e.source) != e.order:
            return check("shuffles", False, f"{e.label}: the recorded order is not the shuffle of its source")
    return check("shuffles", True, f"{len(shuffles)} shuffles derived from the key")


def expected_bot_move(game_codec: GameCodec, table: Table[Any], accepted: CommandAccepted, seed: bytes) -> Any:
    """The move a bot had to make where `accepted` records one (dealing 3), or None when it records none. A seat's
    bot moves by `next_bot_move` (the services play nothing else); the turn timer's bot by `TAKEOVER_BOT` from the
    seat's view, drawing from the label `play_for_late_seats` uses."""
    rules = game_codec.rules
    command = accepted.command
    if accepted.by == "bot" and isinstance(command, Play):
        chosen = tables.next_bot_move(rules, table, seed)
        return None if chosen is None else Play(seat=chosen.seat, command=chosen.command)
    if accepted.by == "timer" and isinstance(command, TimeOut) and table.inner is not None:
        draws = Draws(tables.key(table, seed), bot_label(command.seat, table.version))
        return TimeOut(seat=command.seat, command=rules.bot_move(table.inner, command.seat, tables.TAKEOVER_BOT, draws))
    return accepted.command


def re_execution(
    game_codec: GameCodec, recorded: list[RecordedEvent], events: list[Any], seed: bytes
) -> tuple[AuditCheck, AuditCheck]:
    """Each recorded command decided again, in order, must give exactly the events recorded after it; in dealing 3
    each bot's or the timer's move must be the one that bot makes there."""
    rules = game_codec.rules
    table = tables.initial(events[0])
    i, commands, bot_moves = 1, 0, 0
    bots_checked = table.dealing >= 3
    bots = check("bot_moves", True, "")
    while i < len(events):
        accepted = events[i]
        if not isinstance(accepted, CommandAccepted):
            return failed(f"event {recorded[i].version} ({recorded[i].type}) follows no command"), stopped(
                bots, bot_moves
            )
        end = next((k for k in range(i + 1, len(events)) if isinstance(events[k], CommandAccepted)), len(events))
        action = accepted.command.__struct_config__.tag
        if bots_checked and bots.ok and accepted.by in ("bot", "timer"):
            try:
                due = expected_bot_move(game_codec, table, accepted, seed)
            except RuleViolation:
                due = None
            bot_moves += 1
            if due is None or msgspec.to_builtins(due) != msgspec.to_builtins(accepted.command):
                made = "nothing" if due is None else shorten(msgspec.json.encode(due))
                bots = check(
                    "bot_moves",
                    False,
                    f"event {recorded[i].version}: the record holds {shorten(recorded[i].data)}, the bot makes {made}",
                )
        try:
            produced = tables.accept(rules, table, accepted.command, accepted.by, seed)  # type: ignore[arg-type]
        except RuleViolation as exc:
            where = recorded[i].version
            return failed(f"event {where}: the rules refuse its {action}: {exc.code}: {exc}"), stopped(bots, bot_moves)
        for made, stored, event in itertools.zip_longest(produced, recorded[i:end], events[i:end]):
            if stored is None:
                at = recorded[end - 1].version
                tag = game_codec.tag(made)
                return failed(f"the {action} at event {at} also gives a {tag} the record lacks"), stopped(
                    bots, bot_moves
                )
            if made is None or msgspec.to_builtins(made) != msgspec.to_builtins(event):
                expected = "nothing" if made is None else shorten(msgspec.json.encode(made))
                return failed(
                    f"event {stored.version} ({stored.type}): the record holds {shorten(stored.data)}, the {action}"
                    f" at event {recorded[i].version} gives {expected}"
                ), stopped(bots, bot_moves)
        table = tables.evolve_all(rules, table, events[i:end])
        commands += 1
        i = end
    if not bots_checked:
        bots = not_applicable("bot_moves", "recorded before dealing 3: the bots' budget was not recorded")
    elif bots.ok:
        bots = check("bot_moves", True, f"{bot_moves} bot and timer moves made again from the seats' views")
    return check("re_execution", True, f"{commands} recorded commands decided again give every recorded event"), bots


def stopped(bots: AuditCheck, moves: int) -> AuditCheck:
    """The bots' check where the re-execution stopped early: what it saw up to there."""
    if not bots.ok:
        return bots
    return check("bot_moves", True, f"{moves} bot and timer moves made again before the re-execution stopped")


def failed(detail: str) -> AuditCheck:
    return check("re_execution", False, detail)


def scores_check(game_codec: GameCodec, table: Table[Any], ended: GameEnded) -> AuditCheck:
    rules = game_codec.rules
    if table.inner is None:
        return check("scores", False, "the game ended without being played")
    scores, winners = rules.scores(table.inner), rules.winners(table.inner)
    same = (scores, winners) == (ended.scores, ended.winners)
    detail = f"the final state scores {scores}, winners {winners}"
    return check("scores", same, detail if same else f"{detail}; GameEnded says {ended.scores}, {ended.winners}")


def shorten(data: bytes) -> str:
    text = data.decode(errors="replace")
    return text if len(text) <= DETAIL_MAX else text[: DETAIL_MAX - 1] + "…"
