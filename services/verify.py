"""The checks that prove a finished game, from its stored events and its revealed seed alone (no store, no clock).

The audit (`GET /audit`, `tapis audit`) runs them on a game in the store, `tapis verify FILE` on an export document.
Each check says whether it applies: a game recorded before dealing version 2 has no recorded commands and no hash
chain, so those checks do not apply to it and the report says so (docs/fair-dealing.md).

- `commitment`: the seed is the one committed to in `GameCreated` (bound to the game id from dealing 2 on);
- `deal_key`: the entropies fixed at the start are those the seats sent when joining (dealing 2);
- `chain`: every event links to the one before it (services/chain.py);
- `shuffles`: each `shuffle:<k>` in order, its order derived from the key (the seed, or the deal key);
- `re_execution`: each recorded command, decided again on the state folded so far, gives exactly the events the
  record holds after it: deals and their sources, placements, scores, the end (dealing 2);
- `scores`: the scores and winners of `GameEnded` are those the rules give the final state.
"""

from __future__ import annotations

import itertools
from typing import Any

import msgspec

from domain.kernel import table as tables
from domain.kernel.deal_key import commitment, deal_key
from domain.kernel.errors import RuleViolation
from domain.kernel.events import (
    CommandAccepted,
    DeckShuffled,
    GameCreated,
    GameEnded,
    GameStarted,
    PlayerJoined,
    PlayerLeft,
)
from domain.kernel.shuffle import shuffle, shuffle_label
from domain.kernel.table import Table
from services.chain import first_break
from services.codec import GameCodec
from services.ports import RecordedEvent
from services.results import AuditCheck

DETAIL_MAX = 300


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


class NotFinished(ValueError):
    """Only a finished game has revealed its seed: there is nothing to verify yet."""


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
    table = game_codec.fold(recorded, events)
    started = next((e for e in events if isinstance(e, GameStarted)), None)
    entropy = started.entropy if started is not None else []
    key = deal_key(created.dealing, created.game_id, seed, entropy)
    v2 = created.dealing > 1
    checks = [
        check(
            "commitment",
            commitment(created.dealing, created.game_id, seed) == created.seed_commitment,
            f"the revealed seed is the one GameCreated committed to (dealing {created.dealing})",
        ),
        entropy_check(events, entropy) if v2 else not_applicable("deal_key", "dealing 1: the seed is the key"),
        chain_check(created.game_id, recorded),
        shuffles_check(events, key),
        re_execution(game_codec, recorded, events, seed)
        if v2
        else not_applicable("re_execution", "recorded before dealing 2: the game's commands were not recorded"),
        scores_check(game_codec, table, ended),
    ]
    return Verified(checks=checks, table=table, created=created, ended=ended)


def entropy_check(events: list[Any], entropy: list[str]) -> AuditCheck:
    """The entropies the start fixed are those of the seats' joins (a seat left and taken again: the last join)."""
    seats: dict[int, str] = {}
    for event in events:
        if isinstance(event, PlayerJoined):
            seats[event.seat] = event.entropy
        elif isinstance(event, PlayerLeft):
            seats.pop(event.seat, None)
        elif isinstance(event, GameStarted):
            break
    joined = [seats.get(seat, "") for seat in range(len(entropy))]
    return check(
        "deal_key",
        joined == entropy and len(seats) == len(entropy),
        f"the deal key mixes the {len(entropy)} seats' entropies as they joined: {entropy}",
    )


def chain_check(game_id: str, recorded: list[RecordedEvent]) -> AuditCheck:
    chained = [r.chain is not None for r in recorded]
    if not any(chained):
        return not_applicable("chain", "recorded before the hash chain: its events carry no links")
    broken = first_break(game_id, recorded)
    if broken is None:
        return check("chain", True, f"{len(recorded)} events linked, head {recorded[-1].chain}")
    return check("chain", False, f"event {broken.version} ({broken.type}) does not link to the events before it")


def shuffles_check(events: list[Any], key: bytes) -> AuditCheck:
    shuffles = [e for e in events if isinstance(e, DeckShuffled)]
    for k, e in enumerate(shuffles):
        if e.label != shuffle_label(k):
            return check("shuffles", False, f"shuffle {k} is labelled {e.label!r}, not {shuffle_label(k)!r}")
        if shuffle(key, e.label, e.source) != e.order:
            return check("shuffles", False, f"{e.label}: the recorded order is not the shuffle of its source")
    return check("shuffles", True, f"{len(shuffles)} shuffles derived from the key")


def re_execution(game_codec: GameCodec, recorded: list[RecordedEvent], events: list[Any], seed: bytes) -> AuditCheck:
    """Each recorded command decided again, in order, must give exactly the events recorded after it."""
    rules = game_codec.rules
    table = tables.initial(events[0])
    i, commands = 1, 0
    while i < len(events):
        accepted = events[i]
        if not isinstance(accepted, CommandAccepted):
            return check("re_execution", False, f"event {recorded[i].version} ({recorded[i].type}) follows no command")
        end = next((k for k in range(i + 1, len(events)) if isinstance(events[k], CommandAccepted)), len(events))
        action = accepted.command.__struct_config__.tag
        try:
            produced = tables.accept(rules, table, accepted.command, accepted.by, seed)  # type: ignore[arg-type]
        except RuleViolation as exc:
            where = recorded[i].version
            return check("re_execution", False, f"event {where}: the rules refuse its {action}: {exc.code}: {exc}")
        for made, stored, event in itertools.zip_longest(produced, recorded[i:end], events[i:end]):
            if stored is None:
                at = recorded[end - 1].version
                tag = game_codec.tag(made)
                return check("re_execution", False, f"the {action} at event {at} also gives a {tag} the record lacks")
            if made is None or msgspec.to_builtins(made) != msgspec.to_builtins(event):
                expected = "nothing" if made is None else shorten(msgspec.json.encode(made))
                return check(
                    "re_execution",
                    False,
                    f"event {stored.version} ({stored.type}): the record holds {shorten(stored.data)}, the {action}"
                    f" at event {recorded[i].version} gives {expected}",
                )
        table = tables.evolve_all(rules, table, events[i:end])
        commands += 1
        i = end
    return check("re_execution", True, f"{commands} recorded commands decided again give every recorded event")


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
