#!/usr/bin/env python3
"""Check a Tapis export file against the public dealing algorithm (rules/dealing.md), with the standard library only.

    python tapis_verify.py FILE [--head HEX]

Exit 0: every check passed; 1: a check failed (named, with why); 2: the file is not a well-formed export.
It imports nothing from Tapis: an auditor reads this file, not Tapis' code (verifier/README.md).
"""

from __future__ import annotations

import argparse
import builtins
import hashlib
import hmac
import json
import json.decoder
import json.scanner
import sys
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

T = TypeVar("T")
Card = int | str
FORMAT = "tapis-export"
FORMAT_VERSIONS = (1, 2)
GAMES = ("six-nimmt", "le-baron", "barbu", "daron", "bohnanza")
RESHUFFLING = ("daron", "bohnanza")  # the games that shuffle a discard pile again; the others shuffle only to deal


class Malformed(Exception):
    """The file is not a well-formed export (exit 2)."""


class Failed(Exception):
    """A check failed (exit 1)."""


# --- the algorithm of rules/dealing.md ------------------------------------------------------------------------------


def u64_stream(key: bytes, label: str) -> Iterator[int]:
    k = 0
    while True:
        block = hmac.new(key, f"{label}:{k}".encode(), hashlib.sha256).digest()
        yield from (int.from_bytes(block[i : i + 8], "big") for i in range(0, 32, 8))
        k += 1


def shuffle(key: bytes, label: str, items: Sequence[T]) -> list[T]:
    a, stream = list(items), u64_stream(key, label)
    for i in range(len(a) - 1, 0, -1):
        limit = (2**64 // (i + 1)) * (i + 1)
        j = next(u for u in stream if u < limit) % (i + 1)
        a[i], a[j] = a[j], a[i]
    return a


def commitment(dealing: int, game_id: str, seed: bytes) -> str:
    if dealing == 1:
        return hashlib.sha256(seed).hexdigest()
    return hashlib.sha256(f"tapis-commit-v2:{game_id}:".encode() + seed).hexdigest()


def deal_key(game_id: str, seed: bytes, entropy: Sequence[str]) -> bytes:
    message = f"tapis-deal-v2:{game_id}".encode() + b"".join(b"\x00" + e.encode() for e in entropy)
    return hmac.new(seed, message, hashlib.sha256).digest()


def chain_start(game_id: str) -> bytes:
    return hashlib.sha256(f"tapis-chain-v1:{game_id}".encode()).digest()


def chain_link(prev: bytes, version: int, type_: str, schema_version: int, data: bytes) -> bytes:
    return hashlib.sha256(prev + f"{version}\x00{type_}\x00{schema_version}\x00".encode() + data).digest()


def one_at_a_time(cards: Sequence[Card], players: int, first: int = 0) -> list[list[Card]]:
    hands: list[list[Card]] = [[] for _ in range(players)]
    for i, card in enumerate(cards):
        hands[(first + i) % players].append(card)
    return hands


# --- the games: canonical orders, and what the deal event after a canonical shuffle records --------------------------

RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
BARBU_DECK: list[Card] = [rank + suit for suit in "CDHS" for rank in RANKS]
DARON_COUNTS = {**{str(v): 4 if v in (1, 9) else 8 for v in range(1, 10)}, "joker_even": 4, "joker_odd": 4}
DARON_COUNTS |= {"+2": 4, "+3": 4, "+4": 4, "+5": 2, "x2": 2, "daron": 12}
DARON_DECK: list[Card] = [card for card, count in DARON_COUNTS.items() for _ in range(count)]
DARON_NUMBERS = DARON_DECK[:64]  # 1..9
BEANS = {"blue": 20, "chili": 18, "stink": 16, "green": 14, "soy": 12, "black_eyed": 10, "red": 8, "garden": 6}
EXTENDED_BEANS = {**{b: n for b, n in BEANS.items() if b != "garden"}, "wax": 22, "coffee": 24}
LE_BARON_PILES = {2: 24, 3: 20, 4: 16, 5: 16, 6: 16, 7: 12, 8: 12, 9: 8, 10: 8}  # rules/le-baron.md


def canonical_deck(game: str, players: int, options: dict[str, Any]) -> list[Card]:
    if game == "six-nimmt":  # option deck "full": 1..104, except in the pro variant (its draft lays out 10n+4)
        full = options.get("deck") == "full" and options.get("variant") != "pro"
        return list(range(1, (104 if full else 10 * players + 4) + 1))
    if game in ("barbu", "daron"):
        return list(BARBU_DECK if game == "barbu" else DARON_DECK)
    if game == "le-baron":
        return list(range(1, 111))
    beans = EXTENDED_BEANS if options.get("extended") is True else BEANS
    return [bean for bean, count in beans.items() for _ in range(count)]


def expected_deal(game: str, players: int, options: dict[str, Any], order: list[Card], round_: int) -> dict[str, Any]:
    """The fields of the `CardsDealt` that follows the canonical shuffle of round `round_` (1, 2, ...) to `order`."""
    n = players
    if game == "six-nimmt":
        hands = one_at_a_time(order[: 10 * n], n)
        return {"round": round_, "hands": hands, "rows": order[10 * n : 10 * n + 4], "hand_sizes": [10] * n}
    if game == "le-baron":
        size = LE_BARON_PILES[n]
        piles, box = one_at_a_time(order[: size * n], n), order[size * n + 5 :]
        rows = order[size * n : size * n + 5]
        deal = {"round": round_, "piles": piles, "pile_sizes": [size] * n}
        return deal | {"rows": rows, "box": box, "box_size": len(box)}
    if game == "barbu":  # the round's chooser first; each hand is recorded sorted in the canonical order
        chooser, dealt = (round_ - 1) % n, 52 // n * n
        hands = [sorted(h, key=BARBU_DECK.index) for h in one_at_a_time(order[:dealt], n, chooser)]
        sizes = [len(h) for h in hands]
        return {"round": round_, "chooser": chooser, "hands": hands, "removed": order[dealt:], "hand_sizes": sizes}
    if game == "daron":  # the round's first player first; then the first number card is turned up
        first, rest = (round_ - 1) % n, order[7 * n :]
        turned = next((i for i, c in enumerate(rest) if c in DARON_NUMBERS), len(rest))
        hands = one_at_a_time(order[: 7 * n], n, first)
        top = rest[turned] if turned < len(rest) else None
        deal = {"round": round_, "first": first, "hands": hands, "hand_sizes": [7] * n}
        return deal | {"top": top, "returned": rest[:turned]}
    counts = [min(3 + seat, 6) for seat in range(n)] if options.get("extended") is True else [5] * n
    bean_hands: list[list[Card]] = [[] for _ in counts]
    cards = iter(order)
    while any(len(h) < c for h, c in zip(bean_hands, counts, strict=True)):
        for hand, count in zip(bean_hands, counts, strict=True):
            if len(hand) < count:
                hand.append(next(cards))
    return {"hands": bean_hands, "hand_sizes": counts}


# --- reading the file -----------------------------------------------------------------------------------------------


def maybe(obj: dict[str, Any], key: str, kind: type[T], where: str) -> T | None:
    if key not in obj:
        raise Malformed(f"{where}: the field {key!r} is missing")
    value = obj[key]
    if value is not None and (not isinstance(value, kind) or (kind is int and isinstance(value, bool))):
        raise Malformed(f"{where}: {key!r} is {json.dumps(value)[:40]}, not {kind.__name__}")
    return value


def need(obj: dict[str, Any], key: str, kind: type[T], where: str) -> T:
    value = maybe(obj, key, kind, where)
    if value is None:
        raise Malformed(f"{where}: {key!r} is null, not {kind.__name__}")
    return value


@dataclass(frozen=True)
class Event:
    version: int
    type: str
    schema_version: int
    data: dict[str, Any]
    raw: bytes  # the exact bytes of `data` in the file
    chain: str | None

    @property
    def where(self) -> str:
        return f"event {self.version} ({self.type})"

    def get(self, key: str, kind: builtins.type[T]) -> T:
        return need(self.data, key, kind, self.where)

    def cards(self, key: str) -> list[Card]:
        items = self.get(key, list)
        if not all(isinstance(c, (int, str)) and not isinstance(c, bool) for c in items):
            raise Malformed(f"{self.where}: {key!r} is not a list of cards")
        return items


@dataclass
class Export:
    format_version: int
    game_id: str
    game: str
    players: int
    options: dict[str, Any]
    finished: bool
    revealed: str | None  # the seed, hex
    chain_head: str | None
    events: list[Event]
    dealing: int | None  # format 2 says it at the top; the checks then take GameCreated's
    seed_source: str | None  # format 2 only, as GameCreated says it
    seed: bytes = b""
    key: bytes = b""  # what every shuffle is keyed by

    def moves(self) -> list[Event]:
        """The events but the recorded commands (dealing 2), among which a deal's neighbours are looked up."""
        return [e for e in self.events if e.type != "CommandAccepted"]


def no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    keys = [k for k, _ in pairs]
    if len(set(keys)) != len(keys):
        raise Malformed(f"an object names a field twice: {sorted(k for k in set(keys) if keys.count(k) > 1)}")
    return dict(pairs)


class SpanDecoder(json.JSONDecoder):
    """json's own pure-Python parser, noting where each object's text starts and ends, so that the chain is
    computed over each event's `data` exactly as the file holds it (not over a re-encoding)."""

    def __init__(self) -> None:
        super().__init__(object_pairs_hook=no_duplicates)
        self.spans: dict[int, tuple[int, int]] = {}  # id of each parsed object (all are kept alive) -> its span

        def parse_object(at: tuple[str, int], *args: Any) -> tuple[dict[str, Any], int]:
            obj, end = json.decoder.JSONObject(at, *args)  # type: ignore[attr-defined]
            self.spans[id(obj)] = (at[1] - 1, end)
            return obj, end

        self.parse_object = parse_object
        self.scan_once = json.scanner.py_make_scanner(self)  # type: ignore[attr-defined]


def parse(blob: bytes) -> Export:
    try:
        text = blob.decode("utf-8")
        decoder = SpanDecoder()
        top = decoder.decode(text)
    except UnicodeDecodeError as exc:
        raise Malformed(f"not JSON: not UTF-8 text (byte {exc.start})") from None
    except json.JSONDecodeError as exc:
        where = f"{exc.msg} at line {exc.lineno} column {exc.colno}"
        if exc.pos >= len(text.rstrip()) or not text.rstrip().endswith("}"):
            raise Malformed(f"not JSON: the file ends early (truncated?): {where}") from None
        raise Malformed(f"not JSON: {where}") from None
    if not isinstance(top, dict) or top.get("format") != FORMAT:
        raise Malformed(f"not a tapis export: its 'format' is not {FORMAT!r}")
    doc = "the document"
    version = need(top, "format_version", int, doc)
    if version not in FORMAT_VERSIONS:
        raise Malformed(f"unknown format_version {version} (this verifier reads {FORMAT_VERSIONS})")
    if need(top, "game", str, doc) not in GAMES:
        raise Malformed(f"unknown game {top['game']!r} (this verifier knows {', '.join(GAMES)})")
    for key, kind in (("game_id", str), ("players", int), ("options", dict), ("created_at", str), ("finished", bool)):
        need(top, key, kind, doc)
    events = []
    for i, env in enumerate(need(top, "events", list, doc)):
        where = f"events[{i}]"
        if not isinstance(env, dict):
            raise Malformed(f"{where} is not an object")
        for key, kind in (("version", int), ("type", str), ("schema_version", int), ("recorded_at", str)):
            need(env, key, kind, where)
        need(env, "metadata", dict, where)
        start, end = decoder.spans[id(need(env, "data", dict, where))]
        chain = maybe(env, "chain", str, where) if version == 2 else None
        envelope = (env["version"], env["type"], env["schema_version"], env["data"])
        events.append(Event(*envelope, text[start:end].encode(), chain))
    if not events:
        raise Malformed("the document holds no event")
    seed, two = maybe(top, "seed", str, doc), version == 2
    head = maybe(top, "chain_head", str, doc) if two else None
    dealing = need(top, "dealing", int, doc) if two else None
    source = need(top, "seed_source", str, doc) if two else None
    fields = {key: top[key] for key in ("game_id", "game", "players", "options", "finished")}
    return Export(version, revealed=seed, chain_head=head, events=events, dealing=dealing, seed_source=source, **fields)


# --- the checks, in order: each returns its detail, or None when it does not apply, or raises Failed ----------------


def check_format(x: Export) -> str:
    if not x.finished or x.revealed is None:
        raise Failed("the game has not finished: its seed is not revealed")
    try:
        x.seed = bytes.fromhex(x.revealed)
    except ValueError:
        raise Failed(f"the seed {x.revealed[:16]!r}... is not hex") from None
    if len(x.seed) != 32:
        raise Failed(f"the seed is {len(x.seed)} bytes, not 32")
    for i, e in enumerate(x.events, start=1):
        if e.version != i:
            raise Failed(f"the events are not numbered 1..n: event {i} says {e.version}")
        if e.data.get("type") != e.type:
            raise Failed(f"{e.where}: its data says type {e.data.get('type')!r}")
    created = x.events[0]
    if created.type != "GameCreated":
        raise Failed(f"the first event is {created.type}, not GameCreated")
    for key in ("game", "game_id", "players", "options"):
        if created.data.get(key) != getattr(x, key):
            raise Failed(f"the document's {key} differs from GameCreated's")
    dealing = created.data.get("dealing", 1)
    if dealing not in (1, 2) or type(dealing) is not int or x.dealing not in (None, dealing):
        raise Failed(f"dealing {dealing!r} (the document says {x.dealing}): this verifier knows dealing 1 and 2")
    x.dealing, source = dealing, created.data.get("seed_source", "server")
    if x.seed_source not in (None, source):
        raise Failed(f"the document's seed_source {x.seed_source!r} is not GameCreated's {source!r}")
    ended = [e for e in x.events if e.type == "GameEnded"]
    if len(ended) != 1 or ended[0].get("seed", str) != x.revealed:
        raise Failed("there must be one GameEnded, revealing the document's seed")
    return f"tapis-export {x.format_version}, {x.game}, {x.players} seats, {len(x.events)} events, dealing {dealing}"


def check_commitment(x: Export) -> str:
    published = x.events[0].get("seed_commitment", str)
    if commitment(x.dealing or 1, x.game_id, x.seed) != published:
        formula = "sha256(seed)" if x.dealing == 1 else 'SHA-256("tapis-commit-v2:" + game_id + ":" || seed)'
        raise Failed(f"{formula} is not GameCreated's seed_commitment {published[:16]}...")
    source = x.events[0].data.get("seed_source", "server")
    note = f"; seed_source {source}: the creator chose the seed (a test-mode server)" if source != "server" else ""
    return f"the revealed seed matches the commitment {published[:16]}... (dealing {x.dealing}){note}"


def check_deal_key(x: Export) -> str | None:
    x.key = x.seed
    if x.dealing == 1:
        return None
    held: dict[int, str] = {}  # the seats' entropy, as they are held when the game starts
    started = next((e for e in x.events if e.type == "GameStarted"), None)
    if started is None:
        raise Failed("no GameStarted records the seats' entropy")
    for e in x.events[: started.version - 1]:
        if e.type == "PlayerJoined":
            seat = e.get("seat", int)
            if seat in held or not 0 <= seat < x.players:
                raise Failed(f"{e.where}: seat {seat} is taken or not a seat")
            held[seat] = e.data.get("entropy", "")
        elif e.type == "PlayerLeft":
            held.pop(e.get("seat", int), None)
    entropy = started.get("entropy", list)
    if entropy != [held.get(seat) for seat in range(x.players)]:
        raise Failed(f"{started.where}: its entropy is not that of the seats' PlayerJoined at the start")
    if not all(isinstance(s, str) and len(s) <= 64 and all(" " <= c <= "~" for c in s) for s in entropy):
        raise Failed(f"{started.where}: an entropy is not 0 to 64 printable ASCII characters")
    x.key = deal_key(x.game_id, x.seed, entropy)
    return f"HMAC-SHA256(seed, game id and {len(entropy)} seats' entropy) = {x.key.hex()[:16]}..."


def check_chain(x: Export) -> str | None:
    if all(e.chain is None for e in x.events):  # format 1, or a game recorded before the chain existed
        if x.chain_head is not None:
            raise Failed("chain_head is set but no event carries a chain")
        return None
    prev = chain_start(x.game_id)
    for e in x.events:
        prev = chain_link(prev, e.version, e.type, e.schema_version, e.raw)
        if e.chain is None or e.chain.lower() != prev.hex():
            raise Failed(f"{e.where}: its chain is not SHA-256 of the previous link and its own bytes")
    if x.chain_head is None or x.chain_head.lower() != prev.hex():
        raise Failed("chain_head is not the last event's chain")
    return f"{len(x.events)} links, head {prev.hex()[:16]}..."


def check_shuffles(x: Export) -> str:
    moves, deck = x.moves(), canonical_deck(x.game, x.players, x.options)
    shuffles = [(i, e) for i, e in enumerate(moves) if e.type == "DeckShuffled"]
    key_name, deals = "seed" if x.dealing == 1 else "deal key", 0
    for k, (i, e) in enumerate(shuffles):
        label, source, order = e.get("label", str), e.cards("source"), e.cards("order")
        if label != f"shuffle:{k}":
            raise Failed(f"{e.where}: shuffle {k} is labelled {label!r}")
        if not e.get("size", int) == len(source) == len(order):
            raise Failed(f"{e.where}: size, source and order disagree in length")
        if i + 1 < len(moves) and moves[i + 1].type == "CardsDealt":
            deals += 1
            if source != deck:
                raise Failed(f"{e.where}: {label} is dealt but does not shuffle {x.game}'s canonical deck")
        elif x.game not in RESHUFFLING:
            raise Failed(f"{e.where}: {x.game} shuffles only to deal, and no deal follows {label}")
        elif extra := Counter(source) - Counter(deck):
            raise Failed(f"{e.where}: {label} reshuffles cards that are not {x.game}'s: {dict(extra)}")
        if shuffle(x.key, label, source) != order:
            raise Failed(f"{e.where}: its order is not what {label} gives from the {key_name}")
    return f"{len(shuffles)} shuffles from the {key_name}: {deals} deals, {len(shuffles) - deals} reshuffles"


def check_deals(x: Export) -> str:
    moves, dealt = x.moves(), 0
    for i, e in enumerate(moves):
        if e.type == "DraftOpened" and e.cards("pool") != canonical_deck(x.game, x.players, {"variant": "pro"}):
            raise Failed(f"{e.where}: the draft's pool is not 1..{10 * x.players + 4}")
        if e.type != "CardsDealt":
            continue
        dealt, shuffled = dealt + 1, moves[i - 1]
        if shuffled.type != "DeckShuffled":
            raise Failed(f"{e.where}: it follows no shuffle")
        label = shuffled.get("label", str)
        want = expected_deal(x.game, x.players, x.options, shuffled.cards("order"), dealt)
        for key, value in want.items():
            got = e.data.get(key)
            if key in ("hands", "piles") and isinstance(got, list) and len(got) == len(value):
                for seat, (mine, right) in enumerate(zip(got, value, strict=True)):
                    if mine != right:
                        raise Failed(f"{e.where} seat {seat}'s {key[:-1]} is not what {label} deals")
            if got != value:
                raise Failed(f"{e.where} {key} is not what {label} deals")
        for seat, pile in enumerate(want["piles"] if x.game == "le-baron" else []):  # each draws its pile's top 4
            refill = moves[min(i + 1 + seat, len(moves) - 1)]
            if refill.type != "HandRefilled" or refill.data.get("seat") != seat or refill.cards("cards") != pile[:4]:
                raise Failed(f"{refill.where}: seat {seat} does not draw the top 4 of its pile after {e.where}")
    if dealt:
        return f"{dealt} deals follow from their shuffles"
    if x.game == "six-nimmt" and x.options.get("variant") == "pro":
        return "no deal: a six-nimmt draft, its pool 1..10n+4"
    raise Failed("no deal recorded")


def check_head(x: Export, head: str) -> str:
    seen = next((e for e in x.events if e.chain is not None and e.chain.lower() == head.lower()), None)
    if seen is None:
        raise Failed(f"no event's chain is {head[:16]}...: the history its holder saw is not a prefix of this file")
    return f"{head[:16]}... is the chain of {seen.where}: the history it stands for is a prefix of this file"


# --- running --------------------------------------------------------------------------------------------------------

NOT_APPLYING = {"deal_key": "dealing 1 keys every shuffle by the seed itself", "chain": "no event carries a chain"}


def verify(blob: bytes, head: str | None = None) -> list[tuple[str, str, str]]:
    """(name, "ok" | "n/a" | "FAILED", detail) for each check in order, up to the first that fails.

    Raises Malformed for a file that is not a well-formed export."""
    x = parse(blob)
    steps: list[tuple[str, Callable[[Export], str | None]]] = [
        ("format", check_format),
        ("commitment", check_commitment),
        ("deal_key", check_deal_key),
        ("chain", check_chain),
        ("shuffles", check_shuffles),
        ("deals", check_deals),
    ]
    if head is not None:
        steps.append(("head", lambda x: check_head(x, head)))
    results: list[tuple[str, str, str]] = []
    for name, step in steps:
        try:
            detail = step(x)
        except Failed as failed:
            return [*results, (name, "FAILED", str(failed))]
        status = "ok" if detail is not None else "n/a"
        results.append((name, status, detail if detail is not None else f"does not apply: {NOT_APPLYING[name]}"))
    return results


def hex_head(value: str) -> str:
    if len(value) != 64 or any(c not in "0123456789abcdefABCDEF" for c in value):
        raise argparse.ArgumentTypeError("a chain head is 64 hex characters")
    return value


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Check a Tapis export file against rules/dealing.md.")
    parser.add_argument("file", help="the export document (JSON)")
    parser.add_argument("--head", type=hex_head, help="a chain head you kept: it must be the chain of some event")
    args = parser.parse_args(argv)
    try:
        with open(args.file, "rb") as f:
            results = verify(f.read(), args.head)
    except OSError as exc:
        print(f"malformed: cannot read {args.file}: {exc.strerror}", file=sys.stderr)
        return 2
    except Malformed as exc:
        print(f"malformed: {exc}", file=sys.stderr)
        return 2
    except Exception as exc:  # content of a shape no check expected (deep nesting, ...): still no traceback
        print(f"malformed: unexpected content ({type(exc).__name__}: {exc})", file=sys.stderr)
        return 2
    for name, status, detail in results:
        print(f"{name:<10} {status:<6} {detail}")
    failed = [(name, detail) for name, status, detail in results if status == "FAILED"]
    for name, detail in failed:
        print(f"FAILED {name}: {detail}", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
