#!/usr/bin/env python3
"""Check a finished Tapis game's export against the public protocol (docs/fair-play.md), standard library only.

    python tapis_verify.py FILE [--head HEX] [--json]

Exit 0: every check it runs passed; 1: a check failed; 2: the file is not a well-formed export. Either way it
names a stable code, the same as `tapis verify`, `/audit` and the web verifier give (docs/fair-play.md). It imports
nothing from Tapis and does not know the games' rules: an auditor reads this file, not Tapis' code
(verifier/README.md).
"""

from __future__ import annotations

import argparse
import builtins
import hashlib
import hmac
import json
import re
import sys
from array import array
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from datetime import datetime
from itertools import accumulate
from typing import Any, TypeVar

T = TypeVar("T")
Card = int | str
FORMAT = "tapis-export"
FORMAT_VERSIONS = (1, 2, 3)
DEALINGS = (1, 2, 3)
SCHEMA_VERSIONS = (1,)  # every event type is at its first schema version
GAMES = {"six-nimmt": (2, 10), "le-baron": (2, 10), "barbu": (3, 6), "daron": (2, 8), "bohnanza": (3, 7)}
RESHUFFLING = ("daron", "bohnanza")  # the games that shuffle a discard pile again; the others shuffle only to deal
CHECKS = ("protocol", "commitment", "reveals", "deal_key", "chain", "shuffles", "re_execution", "bot_moves", "scores")
FAIRNESS = ("committed", "open", "server", "client", "pending")
BOT_BUDGETS = (1, 10_000)  # GameCreated.bot_budget, in thousandths of the expert bots' default work
# the bounds of docs/fair-play.md ("The export a verifier reads"): checked before anything is decoded
MAX_BYTES = 64 * 2**20
MAX_DEPTH = 64
MAX_INT = 2**53 - 1  # every number a verifier reads is an integer of this magnitude at most (JCS's exact range)
HEX64 = re.compile(r"[0-9a-f]{64}")
GAME_ID = re.compile(r"[0-9a-f]{16}")  # the server draws 8 random bytes
STAMP = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\.[0-9]{6}Z")  # format 3, as hashed
RFC3339 = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\.[0-9]{1,9})?(Z|[+-][0-9]{2}:[0-9]{2})")


class Malformed(Exception):
    """The file is not a well-formed export (exit 2); `code` is one of docs/fair-play.md's malformed codes."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


class Failed(Exception):
    """A check failed (exit 1); the check is the one running."""


# --- the algorithm of docs/fair-play.md -----------------------------------------------------------------------------


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
    """The seed's commitment in GameCreated: dealing 1 a bare SHA-256; from 2, bound to the game and the protocol."""
    if dealing == 1:
        return hashlib.sha256(seed).hexdigest()
    return hashlib.sha256(f"tapis-commit-v{dealing}:{game_id}:".encode() + seed).hexdigest()


def entropy_commitment(game_id: str, entropy: str) -> str:
    """Dealing 3: a person's commitment to its entropy, bound to the game."""
    return hashlib.sha256(f"tapis-entropy-v3:{game_id}:{entropy}".encode()).hexdigest()


def deal_key(dealing: int, game_id: str, seed: bytes, entropy: Sequence[str]) -> bytes:
    """Dealing 2 and 3: HMAC(seed, the protocol's prefix and the game id, then each seat's entropy after a 0x00)."""
    message = f"tapis-deal-v{dealing}:{game_id}".encode() + b"".join(b"\x00" + e.encode() for e in entropy)
    return hmac.new(seed, message, hashlib.sha256).digest()


def chain_start(game_id: str) -> bytes:
    """Dealing 2: the unkeyed chain's first `prev`."""
    return hashlib.sha256(f"tapis-chain-v1:{game_id}".encode()).digest()


def chain_link(prev: bytes, version: int, type_: str, schema_version: int, data: bytes) -> bytes:
    """Dealing 2: SHA-256 over the link before and the event's exact bytes in the file."""
    return hashlib.sha256(prev + f"{version}\x00{type_}\x00{schema_version}\x00".encode() + data).digest()


def chain_key(game_id: str, seed: bytes) -> bytes:
    """Dealing 3: the chain's key K, secret while the seed is."""
    return hmac.new(seed, f"tapis-chain-v3:{game_id}".encode(), hashlib.sha256).digest()


def chain_genesis(key: bytes, game_id: str) -> bytes:
    """Dealing 3: `prev_0`, bound to the game again beside the key derived from it."""
    return hmac.new(key, f"tapis-chain-v3:genesis:{game_id}".encode(), hashlib.sha256).digest()


def keyed_link(key: bytes, prev: bytes, event: dict[str, Any]) -> bytes:
    """Dealing 3: HMAC(K, prev ‖ JCS of the event's version, type, schema_version, data, metadata, recorded_at)."""
    return hmac.new(key, prev + jcs(event), hashlib.sha256).digest()


def jcs(value: Any) -> bytes:
    """RFC 8785 canonical JSON of what an export holds (objects, arrays, strings, integers, booleans, null)."""
    try:
        return canonical_text(value).encode()
    except UnicodeEncodeError:  # a lone surrogate (`"\\ud800"`): no UTF-8, hence no canonical form
        raise Malformed("not_json", "a string holds a lone UTF-16 surrogate") from None


def canonical_text(value: Any) -> str:
    if value is None or isinstance(value, bool):
        return {None: "null", True: "true", False: "false"}[value]
    if isinstance(value, int):  # the reader refused any other number: an integer's decimal is JCS's number
        return str(value)
    if isinstance(value, str):  # json escapes `"`, `\` and the controls, as ECMAScript's JSON.stringify does
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        return "[" + ",".join(canonical_text(v) for v in value) + "]"
    if isinstance(value, dict):  # keys in the order of their UTF-16 code units (not of their code points)
        keys = sorted(value, key=lambda k: k.encode("utf-16-be"))
        return "{" + ",".join(f"{json.dumps(k, ensure_ascii=False)}:{canonical_text(value[k])}" for k in keys) + "}"
    raise TypeError(f"no JSON value: {type(value).__name__}")


def compact(data: dict[str, Any]) -> bytes:
    """Dealing 2's hashed bytes: the data as the store wrote it, compact, keys in their order (the file's). Whitespace
    a JSON tool added changes nothing; reordered keys do, as they did in dealing 2."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode()


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
LE_BARON_PILES = {2: 24, 3: 20, 4: 16, 5: 16, 6: 16, 7: 12, 8: 12, 9: 8, 10: 8}  # docs/games/le-baron.md


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


# --- reading the file strictly (docs/fair-play.md, "The export a verifier reads") ----------------------------------

STRINGS = re.compile(rb'"(?:[^"\\]|\\.)*"', re.DOTALL)
NOT_BRACKETS = bytes(b for b in range(256) if b not in b"[]{}")
SIGNS = bytes.maketrans(b"[{]}", b"\x01\x01\xff\xff")


def check_depth(blob: bytes) -> None:
    """Refuse nesting deeper than MAX_DEPTH before any parser recurses into it (a 100,000-deep file would exhaust
    the stack): the brackets outside strings as +1 and -1 (signed bytes), summed in C rather than a loop of ours."""
    brackets = STRINGS.sub(b"", blob).translate(None, NOT_BRACKETS).translate(SIGNS)
    if max(accumulate(array("b", brackets)), default=0) > MAX_DEPTH:
        raise Malformed("too_deep", f"arrays and objects nested more than {MAX_DEPTH} deep")


def no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """Two readers of an object that names a key twice may see two different values: refused anywhere."""
    obj = dict(pairs)
    if len(obj) != len(pairs):
        twice = sorted(k for k, n in Counter(k for k, _ in pairs).items() if n > 1)
        raise Malformed("duplicate_key", f"an object names a field twice: {', '.join(map(repr, twice))[:80]}")
    return obj


def bounded_int(digits: str) -> int:
    # the length first: a million digits would cost the int() conversion itself
    if len(digits) > 17 or abs(value := int(digits)) > MAX_INT:
        raise Malformed(
            "bad_number", f"the integer {digits[:24]}{'...' if len(digits) > 24 else ''} is beyond ±(2^53 - 1)"
        )
    return value


def no_float(text: str) -> Any:
    raise Malformed("bad_number", f"the number {text[:24]} is not an integer: the record holds integers only")


HOOKS: dict[str, Any] = {
    "object_pairs_hook": no_duplicates,
    "parse_int": bounded_int,
    "parse_float": no_float,
    "parse_constant": no_float,
}


def decode(blob: bytes) -> Any:
    """The file's JSON value, or Malformed: size, encoding, depth, then syntax, keys and numbers."""
    if len(blob) > MAX_BYTES:
        raise Malformed("too_large", f"the file is more than {MAX_BYTES // 2**20} MiB")
    if blob.startswith(b"\xef\xbb\xbf"):
        raise Malformed("not_json", "the file starts with a byte order mark")
    try:
        text = blob.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise Malformed("not_json", f"not UTF-8 text (byte {exc.start})") from None
    check_depth(blob)
    try:
        return json.loads(text, **HOOKS)
    except json.JSONDecodeError as exc:
        where = f"{exc.msg} at line {exc.lineno} column {exc.colno}"
        if exc.pos >= len(text.rstrip()) or not text.rstrip().endswith("}"):
            raise Malformed("not_json", f"the file ends early (truncated?): {where}") from None
        raise Malformed("not_json", where) from None


# The fields of each format's document and event, with their JSON kinds ("?": or null). A field unknown or missing is
# refused (bad_shape): a reader that skipped one could be shown a value the others do not see.
DOCUMENT_1 = {"format": "str", "format_version": "int", "game_id": "str", "game": "str", "players": "int"}
DOCUMENT_1 |= {"options": "object", "created_at": "str", "finished": "bool", "seed": "str?", "events": "list"}
DOCUMENT_2 = DOCUMENT_1 | {"dealing": "int", "seed_source": "str", "chain_head": "str?"}
DOCUMENTS = {1: DOCUMENT_1, 2: DOCUMENT_2, 3: DOCUMENT_2 | {"fairness": "str"}}
EVENT_1 = {"version": "int", "type": "str", "schema_version": "int", "data": "object", "recorded_at": "str"}
EVENT_1 |= {"metadata": "object"}
EVENTS = {1: EVENT_1, 2: EVENT_1 | {"chain": "str?"}, 3: EVENT_1 | {"chain": "str?"}}
# The table's events (the same in every game: domain/kernel/events.py), as their data is written: required fields,
# then optional ones. A dealing-3 event holding anything else is refused (bad_event). The games' own events are
# the rules' domain: `tapis verify` decodes them; this verifier reads only the deals' fields it checks.
TABLE_EVENTS: dict[str, tuple[dict[str, str], dict[str, str]]] = {
    "GameCreated": (
        {"game": "str", "game_id": "str", "players": "int", "options": "object", "seed_commitment": "str"},
        {"turn_seconds": "int?", "dealing": "int", "seed_source": "str", "private": "bool", "rules": "int"}
        | {"bot_budget": "int?"},
    ),
    "PlayerJoined": ({"seat": "int", "name": "str"}, {"bot": "str?", "entropy": "str"}),
    "GameStarted": ({}, {"entropy": "[str]", "withheld": "[int]"}),
    "EntropyCommitted": ({"seat": "int", "commitment": "str"}, {}),
    "EntropyRevealed": ({"seat": "int", "entropy": "str"}, {}),
    "CommandAccepted": ({"by": "str", "command": "object"}, {}),
    "DeckShuffled": ({"label": "str", "size": "int"}, {"source": "[card]", "order": "[card]"}),
    "GameEnded": ({"seed": "str", "scores": "[int]", "winners": "[int]"}, {}),
    "PlayerLeft": ({"seat": "int"}, {}),
    "SeatForfeited": ({"seat": "int"}, {}),
    "BotTookOver": ({"seat": "int", "bot": "str"}, {}),
    "TurnTimedOut": ({"seat": "int", "bot": "str"}, {}),
    "RematchCreated": ({"game_id": "str"}, {}),
    "LobbyExpired": ({}, {}),
}


def fits(value: Any, kind: str) -> bool:
    if kind.endswith("?"):
        return value is None or fits(value, kind[:-1])
    if kind.startswith("["):
        return isinstance(value, list) and all(fits(v, kind[1:-1]) for v in value)
    if kind == "card":
        return fits(value, "int") or isinstance(value, str)
    if kind == "int":
        return isinstance(value, int) and not isinstance(value, bool)
    kinds: dict[str, type] = {"str": str, "bool": bool, "object": dict, "list": list}
    return isinstance(value, kinds[kind])


def shaped(obj: Any, fields: dict[str, str], where: str) -> dict[str, Any]:
    """`obj` when it is an object of exactly these fields, each of its kind; else bad_shape."""
    if not isinstance(obj, dict):
        raise Malformed("bad_shape", f"{where} is not an object")
    if unknown := sorted(set(obj) - set(fields)):
        raise Malformed("bad_shape", f"{where} holds an unknown field {unknown[0][:40]!r}")
    for key, kind in fields.items():
        if key not in obj:
            raise Malformed("bad_shape", f"{where}: the field {key!r} is missing")
        if not fits(obj[key], kind):
            raise Malformed("bad_shape", f"{where}: {key!r} is not {kind.replace('?', ' or null')}")
    return obj


def need(obj: dict[str, Any], key: str, kind: builtins.type[T], where: str) -> T:
    """A field of an event's data that a check reads: present and of its kind, else the event is not of its type."""
    value = obj.get(key)
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise Malformed("bad_event", f"{where}: {key!r} is {json.dumps(value)[:40]}, not {kind.__name__}")
    return value


def time_problem(value: str, format_version: int) -> str | None:
    """Format 3 writes times as dealing 3's chain hashes them; earlier formats wrote RFC 3339."""
    pattern = STAMP if format_version >= 3 else RFC3339
    if not pattern.fullmatch(value):
        return f"{value[:40]!r} is not written {'YYYY-MM-DDTHH:MM:SS.ffffffZ' if format_version >= 3 else 'RFC 3339'}"
    try:
        datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        return f"{value[:40]!r} is no time"
    return None


def hex_problem(value: str | None, what: str) -> None:
    if value is not None and not HEX64.fullmatch(value):
        shown = f"{value[:20]!r}{'...' if len(value) > 20 else ''} ({len(value)} characters)"
        raise Malformed("bad_value", f"{what} {shown} is not 64 lowercase hex digits")


@dataclass(frozen=True)
class Event:
    version: int
    type: str
    schema_version: int
    data: dict[str, Any]
    recorded_at: str
    metadata: dict[str, Any]
    chain: str | None

    @property
    def where(self) -> str:
        return f"event {self.version} ({self.type})"

    def get(self, key: str, kind: builtins.type[T]) -> T:
        return need(self.data, key, kind, self.where)

    def cards(self, key: str) -> list[Card]:
        items = self.get(key, list)
        if not all(fits(c, "card") for c in items):
            raise Malformed("bad_event", f"{self.where}: {key!r} is not a list of cards")
        return items

    def hashed(self) -> dict[str, Any]:
        """What a dealing-3 link covers."""
        fields = ("version", "type", "schema_version", "data", "metadata", "recorded_at")
        return {name: getattr(self, name) for name in fields}


@dataclass
class Export:
    format_version: int
    game_id: str
    game: str
    players: int
    options: dict[str, Any]
    dealing: int  # GameCreated's
    seed: bytes
    chain_head: str | None
    events: list[Event]
    fairness: str  # the level this verifier computes from the seats at the start (the document's is not trusted)
    key: bytes = b""  # what every shuffle is keyed by, once the deal key is checked

    @property
    def created(self) -> Event:
        return self.events[0]

    def moves(self) -> list[Event]:
        """The events but the recorded commands, among which a deal's neighbours are looked up."""
        return [e for e in self.events if e.type != "CommandAccepted"]

    def before_start(self) -> list[Event]:
        started = next((i for i, e in enumerate(self.events) if e.type == "GameStarted"), len(self.events))
        return self.events[:started]


def parse(blob: bytes) -> Export:
    """The export, or Malformed naming the first problem in the order of docs/fair-play.md's table."""
    top = decode(blob)
    if not isinstance(top, dict) or top.get("format") != FORMAT:
        raise Malformed("bad_shape", f"not a tapis export: its 'format' is not {FORMAT!r}")
    version = top.get("format_version")
    if not fits(version, "int"):
        raise Malformed("bad_shape", "the document's 'format_version' is missing or not an integer")
    if version not in FORMAT_VERSIONS:
        raise Malformed("unknown_version", f"format_version {version} (this verifier reads {FORMAT_VERSIONS})")
    doc = shaped(top, DOCUMENTS[version], "the document")
    dealing = doc.get("dealing", 1)
    if dealing not in DEALINGS:
        raise Malformed("unknown_version", f"dealing {dealing} (this verifier knows {DEALINGS})")
    game, players = doc["game"], doc["players"]
    if game not in GAMES:
        raise Malformed("unknown_game", f"unknown game {game[:40]!r} (this verifier knows {', '.join(GAMES)})")
    if not GAMES[game][0] <= players <= GAMES[game][1]:
        raise Malformed("unknown_game", f"{game} is played by {GAMES[game][0]} to {GAMES[game][1]}, not {players}")
    if not GAME_ID.fullmatch(doc["game_id"]):
        raise Malformed("bad_value", f"the game id {doc['game_id'][:40]!r} is not 16 lowercase hex digits")
    hex_problem(doc["seed"], "the seed")
    hex_problem(doc.get("chain_head"), "chain_head")
    if problem := time_problem(doc["created_at"], 2):  # RFC 3339 in every format: it is not hashed
        raise Malformed("bad_value", f"created_at {problem}")
    if doc.get("seed_source", "server") not in ("server", "client"):
        raise Malformed("bad_value", "seed_source is neither 'server' nor 'client'")
    if doc.get("fairness", "pending") not in FAIRNESS:
        raise Malformed("bad_value", f"fairness is none of {', '.join(FAIRNESS)}")
    if not doc["finished"] or doc["seed"] is None:
        raise Malformed("not_finished", "the game has not finished: there is no seed to check yet")
    events = read_events(doc["events"], version)
    created = check_events(events, dealing)
    for key in ("game_id", "game", "players", "options", "dealing", "seed_source"):
        recorded = created.data.get(key, {"dealing": 1, "seed_source": "server"}.get(key))
        if key in doc and canonical_text(recorded) != canonical_text(doc[key]):  # Python's == has True == 1
            raise Malformed("document_mismatch", f"the document's {key} differs from GameCreated's")
    if version >= 2 and doc["chain_head"] != events[-1].chain:
        raise Malformed("document_mismatch", "chain_head is not the last event's chain")
    ended = [e for e in events if e.type == "GameEnded"]
    if not ended:
        raise Malformed("not_finished", "no GameEnded reveals the seed")
    if ended[-1].data["seed"] != doc["seed"]:
        raise Malformed("document_mismatch", "the document's seed is not the one GameEnded reveals")
    if created.data.get("dealing", 1) >= 3 and version < 3:
        raise Malformed("document_mismatch", "a dealing-3 game is exported in format 3 (its times as hashed)")
    fields = {key: doc[key] for key in ("game_id", "game", "players", "options")}
    seed = bytes.fromhex(doc["seed"])
    return Export(
        version,
        **fields,
        dealing=created.data.get("dealing", 1),
        seed=seed,
        chain_head=doc.get("chain_head"),
        events=events,
        fairness=fairness(events, created.data),
    )


def read_events(items: list[Any], version: int) -> list[Event]:
    events = []
    for i, item in enumerate(items):
        where = f"events[{i}]"
        env = shaped(item, EVENTS[version], where)
        if env["schema_version"] not in SCHEMA_VERSIONS:
            raise Malformed("unknown_version", f"{where}: schema_version {env['schema_version']} is unknown here")
        hex_problem(env.get("chain"), f"{where}: its chain")
        if problem := time_problem(env["recorded_at"], version):
            raise Malformed("bad_value", f"{where}: recorded_at {problem}")
        fields = ("version", "type", "schema_version", "data", "recorded_at", "metadata")
        events.append(Event(**{key: env[key] for key in fields}, chain=env.get("chain")))
    if [e.version for e in events] != list(range(1, len(events) + 1)) or not events:
        raise Malformed("numbering", "the events are not numbered 1..n")
    return events


def check_events(events: list[Event], dealing: int) -> Event:
    """Each event's data is of its type: the table's events field by field (dealing 3: nothing else either); the
    first creates the game. Returns GameCreated."""
    for e in events:
        if e.data.get("type") != e.type:
            raise Malformed("bad_event", f"{e.where}: its data says type {str(e.data.get('type'))[:40]!r}")
        if e.type not in TABLE_EVENTS:
            continue
        required, optional = TABLE_EVENTS[e.type]
        for key, kind in (required | optional).items():
            if (key in required or key in e.data) and not fits(e.data.get(key), kind):
                raise Malformed("bad_event", f"{e.where}: {key!r} is missing or not {kind}")
        if dealing >= 3 and (unknown := sorted(set(e.data) - {"type", *required, *optional})):
            raise Malformed("bad_event", f"{e.where} holds {unknown[0][:40]!r}, which a {e.type} never has")
    created = events[0]
    if created.type != "GameCreated":
        raise Malformed("bad_event", f"the first event is {created.type}, not GameCreated")
    if created.data.get("dealing", 1) not in DEALINGS:
        raise Malformed("unknown_version", f"GameCreated says dealing {created.data.get('dealing')}")
    budget = created.data.get("bot_budget")
    if budget is not None and not BOT_BUDGETS[0] <= budget <= BOT_BUDGETS[1]:
        # this verifier replays no bot, but the others do, with this budget: they refuse it, and so does it
        raise Malformed("bad_value", f"a bot budget is {BOT_BUDGETS[0]} to {BOT_BUDGETS[1]} thousandths, not {budget}")
    for e in events:
        if e.type == "GameEnded":
            hex_problem(e.data["seed"], f"{e.where}: its seed")
    return created


def seats_at_start(events: list[Event]) -> dict[int, dict[str, Any]]:
    """Each seat as the start found it: its bot, public or revealed entropy, and commitment."""
    seats: dict[int, dict[str, Any]] = {}
    for e in events:
        if e.type == "GameStarted":
            break
        seat: int = e.data.get("seat", -1)  # the table's events were checked to hold an integer seat
        if e.type == "PlayerJoined":
            seats[seat] = {"bot": e.data.get("bot"), "entropy": e.data.get("entropy", ""), "commitment": ""}
        elif e.type == "PlayerLeft":
            seats.pop(seat, None)
        elif e.type in ("EntropyCommitted", "EntropyRevealed") and seat in seats:
            field = "commitment" if e.type == "EntropyCommitted" else "entropy"
            seats[seat][field] = e.data[field]
    return seats


def fairness(events: list[Event], created: dict[str, Any]) -> str:
    """Who could have chosen or foreseen the deal (docs/fair-play.md): at least one person committed and revealed;
    people sent public entropy; the server's seed alone; the creator's seed."""
    if not any(e.type == "GameStarted" for e in events):
        return "pending"
    if created.get("seed_source", "server") != "server":
        return "client"
    dealing = created.get("dealing", 1)
    people = [s for s in seats_at_start(events).values() if s["bot"] is None]
    if dealing >= 3 and any(s["commitment"] and s["entropy"] for s in people):
        return "committed"
    if dealing >= 2 and any(s["entropy"] for s in people):
        return "open"
    return "server"


# --- the checks, in docs/fair-play.md's order: each returns (status, detail) or raises Failed -----------------------

Result = tuple[str, str]  # ("ok" | "n/a" | "partial" | "not_run", detail)


def check_protocol(x: Export) -> Result:
    """The stream has exactly the shape its dealing wrote: claiming an older protocol (a downgrade) to skip a check
    fails here."""
    unchained = next((e for e in x.events if e.chain is None), None)
    chained = next((e for e in x.events if e.chain is not None), None)
    commits = next((e for e in x.events if e.type in ("EntropyCommitted", "EntropyRevealed")), None)
    withheld = next((e for e in x.events if e.type == "GameStarted" and e.data.get("withheld")), None)
    budget = x.created.data.get("bot_budget")
    if x.dealing == 1:
        if chained is not None:
            raise Failed(f"{chained.where} carries a chain link, which dealing 1 never wrote")
        if any(e.type == "CommandAccepted" for e in x.events):
            raise Failed("dealing 1 recorded no commands, and this stream holds CommandAccepted events")
    elif unchained is not None:
        raise Failed(f"{unchained.where} has no chain link: dealing {x.dealing} links every event")
    if x.dealing < 3:
        if commits is not None:
            raise Failed(f"dealing {x.dealing} has no entropy commitments, and this stream holds {commits.type}")
        if withheld is not None or budget is not None:
            raise Failed(f"dealing {x.dealing} wrote no withheld reveals and no bot budget")
    elif budget is None:
        raise Failed("a dealing-3 game records its bots' budget in GameCreated")
    return "ok", f"the stream has the shape dealing {x.dealing} writes (tapis-export {x.format_version}, {x.game})"


def check_commitment(x: Export) -> Result:
    published = x.created.get("seed_commitment", str)
    if commitment(x.dealing, x.game_id, x.seed) != published:
        formula = "sha256(seed)" if x.dealing == 1 else f'SHA-256("tapis-commit-v{x.dealing}:" + game_id + ":" ‖ seed)'
        raise Failed(f"{formula} is not GameCreated's seed_commitment {published[:16]}...")
    source = x.created.data.get("seed_source", "server")
    note = f"; seed_source {source}: the creator chose the seed (a test-mode server)" if source != "server" else ""
    return "ok", f"the revealed seed matches the commitment {published[:16]}... (dealing {x.dealing}){note}"


def check_reveals(x: Export) -> Result:
    """Each revealed entropy opens the commitment its seat made (and the seat still held) before it."""
    if x.dealing < 3:
        return "n/a", f"dealing {x.dealing} has no entropy commitments"
    commitments: dict[int, str] = {}
    reveals = 0
    for e in x.before_start():
        if e.type == "EntropyCommitted":
            commitments[e.get("seat", int)] = e.get("commitment", str)
        elif e.type == "PlayerLeft":
            commitments.pop(e.get("seat", int), None)
        elif e.type == "EntropyRevealed":
            seat, entropy = e.get("seat", int), e.get("entropy", str)
            if entropy_commitment(x.game_id, entropy) != commitments.get(seat):
                raise Failed(f"{e.where}: seat {seat}'s revealed entropy does not open its commitment")
            reveals += 1
    return "ok", f"{len(commitments)} commitments; each of the {reveals} reveals opens its seat's"


def check_deal_key(x: Export) -> Result:
    x.key = x.seed
    if x.dealing == 1:
        return "n/a", "dealing 1 keys every shuffle by the seed itself"
    started = next((e for e in x.events if e.type == "GameStarted"), None)
    if started is None:
        raise Failed("no GameStarted records the seats' entropy")
    seats = seats_at_start(x.events)
    entropy = started.get("entropy", list)
    if entropy != [seats[s]["entropy"] if s in seats else None for s in range(x.players)]:
        raise Failed(f"{started.where}: its entropy is not what the seats joined with or revealed at the start")
    if not all(len(s) <= 64 and all(" " <= c <= "~" for c in s) for s in entropy):
        raise Failed(f"{started.where}: an entropy is not 0 to 64 printable ASCII characters")
    x.key = deal_key(x.dealing, x.game_id, x.seed, entropy)
    return "ok", f"HMAC-SHA256(seed, game id and {len(entropy)} seats' entropy) = {x.key.hex()[:16]}..."


def check_chain(x: Export) -> Result:
    if x.dealing == 1:
        return "n/a", "dealing 1 had no hash chain"
    if x.dealing == 2:  # unkeyed, over each event's data as stored: compact JSON, its keys in the file's order
        prev = chain_start(x.game_id)
        for e in x.events:
            prev = chain_link(prev, e.version, e.type, e.schema_version, compact(e.data))
            if e.chain != prev.hex():
                raise Failed(f"{e.where}: its chain is not SHA-256 of the previous link and its own bytes")
        return "ok", f"{len(x.events)} links, head {prev.hex()[:16]}... (unkeyed: anyone can recompute them)"
    key = chain_key(x.game_id, x.seed)
    prev = chain_genesis(key, x.game_id)
    for e in x.events:
        prev = keyed_link(key, prev, e.hashed())
        if e.chain != prev.hex():
            raise Failed(f"{e.where}: its chain is not the keyed link of the previous one and its canonical JSON")
    return "ok", f"{len(x.events)} links keyed by the revealed seed, head {prev.hex()[:16]}..."


def check_shuffles(x: Export) -> Result:
    moves, deck = x.moves(), canonical_deck(x.game, x.players, x.options)
    shuffles = [(i, e) for i, e in enumerate(moves) if e.type == "DeckShuffled"]
    key_name, deals = "seed" if x.dealing == 1 else "deal key", 0
    for k, (i, e) in enumerate(shuffles):
        label, source, order = e.get("label", str), e.cards("source"), e.cards("order")
        if label != f"shuffle:{k}":
            raise Failed(f"{e.where}: shuffle {k} is labelled {label[:40]!r}")
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
    return "ok", f"{len(shuffles)} shuffles from the {key_name}: {deals} deals, {len(shuffles) - deals} reshuffles"


def check_deals(x: Export) -> Result:
    """The part of the re-execution that needs no rules: each deal is what the public dealing algorithm deals from
    the shuffle before it (docs/fair-dealing.md, "Canonical orders and deals"); nothing between deals is re-executed."""
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
    rest = "the moves between them are not re-executed (that needs the rules: tapis verify)"
    if dealt:
        return "partial", f"the deals only: {dealt} deals are what their shuffles deal; {rest}"
    if x.game == "six-nimmt" and x.options.get("variant") == "pro":
        return "partial", f"the deals only: a six-nimmt draft from the pool 1..10n+4; {rest}"
    raise Failed("no deal recorded")


def check_bot_moves(x: Export) -> Result:
    if x.dealing < 3:
        return "n/a", "recorded before dealing 3: the bots' budget was not recorded"
    return "not_run", "making each bot's move again needs the rules and the bots: tapis verify and /audit run it"


def check_scores(x: Export) -> Result:
    return "not_run", "the scores follow from the final state by the rules: tapis verify and /audit check them"


def check_head(x: Export, head: str) -> Result:
    seen = next((e for e in x.events if e.chain is not None and e.chain == head.lower()), None)
    if seen is None:
        raise Failed(f"no event's chain is {head[:16]}...: the history its holder saw is not a prefix of this file")
    return "ok", f"{head[:16]}... is the chain of {seen.where}: the history it stands for is a prefix of this file"


# --- running --------------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Verdict:
    verdict: str  # "ok" | "failed" | "malformed"
    code: str  # "ok", the failed check, or the malformed code
    fairness: str | None  # None: the file is malformed
    checks: list[dict[str, str]]  # {"name", "status", "detail"}, up to the first that failed
    message: str = ""  # a malformed file's problem, or the failed check's why


STEPS: list[tuple[str, Callable[[Export], Result]]] = [
    ("protocol", check_protocol),
    ("commitment", check_commitment),
    ("reveals", check_reveals),
    ("deal_key", check_deal_key),
    ("chain", check_chain),
    ("shuffles", check_shuffles),
    ("re_execution", check_deals),
    ("bot_moves", check_bot_moves),
    ("scores", check_scores),
]


def verify(blob: bytes, head: str | None = None) -> Verdict:
    """Every check this verifier runs, in order, up to the first that fails."""
    try:
        x = parse(blob)
    except Malformed as exc:
        return Verdict("malformed", exc.code, None, [], str(exc))
    steps = [*STEPS, *([("head", lambda x: check_head(x, head))] if head is not None else [])]
    checks: list[dict[str, str]] = []
    for name, step in steps:
        try:
            status, detail = step(x)
        except Failed as failed:
            checks.append({"name": name, "status": "failed", "detail": str(failed)})
            return Verdict("failed", name, x.fairness, checks, str(failed))
        except Malformed as exc:  # a field a check reads is not of its event's type
            return Verdict("malformed", exc.code, None, [], str(exc))
        checks.append({"name": name, "status": status, "detail": detail})
    return Verdict("ok", "ok", x.fairness, checks)


def hex_head(value: str) -> str:
    if len(value) != 64 or any(c not in "0123456789abcdefABCDEF" for c in value):
        raise argparse.ArgumentTypeError("a chain head is 64 hex characters")
    return value


def read(path: str) -> bytes:
    """At most one byte more than the bound: a larger file is refused without being read whole."""
    with open(path, "rb") as f:
        return f.read(MAX_BYTES + 1)


def report(v: Verdict, as_json: bool) -> int:
    if as_json:
        print(json.dumps({"verdict": v.verdict, "code": v.code, "fairness": v.fairness, "checks": v.checks}))
    else:
        for c in v.checks:
            print(f"{c['name']:<12} {c['status'].upper() if c['status'] == 'failed' else c['status']:<7} {c['detail']}")
        if v.verdict == "ok":
            print(
                f"verified: every public check passed; fairness {v.fairness}. Not run here: bot_moves and scores, and"
            )
            print("re_execution past the deals (they need the games' rules: tapis verify FILE, or /audit)")
    if v.verdict == "malformed":
        print(f"malformed ({v.code}): {v.message}", file=sys.stderr)
        return 2
    if v.verdict == "failed":
        print(f"FAILED {v.code}: {v.message}", file=sys.stderr)
        return 1
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Check a finished Tapis game's export (docs/fair-play.md).")
    parser.add_argument("file", help="the export document (JSON)")
    parser.add_argument("--head", type=hex_head, help="a chain head you kept: it must be the chain of some event")
    parser.add_argument("--json", action="store_true", help='print {"verdict", "code", "fairness", "checks"}')
    args = parser.parse_args(argv)
    try:
        blob = read(args.file)
    except OSError as exc:
        verdict = Verdict("malformed", "unreadable", None, [], f"cannot read {args.file}: {exc.strerror}")
    else:
        try:
            verdict = verify(blob, args.head)
        except Exception as exc:
            # content of a shape no check expected: still a verdict, never a traceback (the message says what
            # broke, for the file's author or this verifier's, whichever is at fault)
            why = f"unexpected content ({type(exc).__name__}: {str(exc)[:80]})"
            verdict = Verdict("malformed", "bad_event", None, [], why)
    return report(verdict, args.json)


if __name__ == "__main__":
    sys.exit(main())
