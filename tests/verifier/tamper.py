"""What an attacker who holds a finished game's export would do to it, each as bytes in, bytes out.

Every function re-encodes the document as the export does (compact JSON, fields in their order, `\\n` at the end),
so that the events it does not touch keep their bytes; `flip_byte` alone edits the bytes themselves. `rechain`
recomputes the hash chain from its public definition, as an attacker would after a change: the semantic tampers
(`swap_hands`, `chosen_deal`) call it so that only the check about their meaning can catch them. The others leave
the chain as it was unless asked (`rechained=True`).

`chosen_deal` uses the verifier's own `expected_deal`: the public deal algorithm is what a forger uses too.
"""

from __future__ import annotations

import copy
import hashlib
import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

VERIFIER = Path(__file__).resolve().parents[2] / "verifier" / "tapis_verify.py"
# the moves that the first deal's neighbours are not: what an inserted, removed or swapped event is picked among
NOT_MOVES = {"GameCreated", "PlayerJoined", "PlayerLeft", "GameStarted", "DeckShuffled", "CardsDealt", "HandRefilled"}
NOT_MOVES |= {"CommandAccepted", "GameEnded", "RematchCreated"}


def load_verifier() -> ModuleType:
    """The verifier by its path: it is a standalone script, not a package."""
    spec = importlib.util.spec_from_file_location("tapis_verify", VERIFIER)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


verifier = load_verifier()


def decode(blob: bytes) -> dict[str, Any]:
    document: dict[str, Any] = json.loads(blob)
    return document


def encode(document: dict[str, Any]) -> bytes:
    """As `services/export_format.py` encodes: no whitespace, one newline at the end."""
    return json.dumps(document, separators=(",", ":"), ensure_ascii=False).encode() + b"\n"


def data_bytes(data: dict[str, Any]) -> bytes:
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False).encode()


def chained(document: dict[str, Any]) -> bool:
    return any(e.get("chain") is not None for e in document["events"])


def renumber(document: dict[str, Any]) -> None:
    for i, event in enumerate(document["events"], start=1):
        event["version"] = i


def first_index(document: dict[str, Any], type_: str) -> int:
    return next(i for i, e in enumerate(document["events"]) if e["type"] == type_)


def first_moves(document: dict[str, Any], count: int) -> list[int]:
    """The indexes of the first `count` game moves after the first deal (and le-baron's refills)."""
    dealt = first_index(document, "CardsDealt")
    moves = [i for i, e in enumerate(document["events"]) if i > dealt and e["type"] not in NOT_MOVES]
    return moves[:count]


def rechain_document(document: dict[str, Any]) -> None:
    """Every link recomputed from the protocol's public definition: dealing 2's unkeyed SHA-256 over the data's
    bytes, or dealing 3's HMAC over canonical JSON with the key the revealed seed gives (docs/fair-play.md)."""
    if not chained(document):
        return  # format 1, or a game recorded before the chain: nothing to forge
    events = document["events"]
    if events[0]["data"].get("dealing", 1) >= 3:
        key = verifier.chain_key(document["game_id"], bytes.fromhex(document["seed"]))
        prev = verifier.chain_genesis(key, document["game_id"])
        for e in events:
            hashed = {k: e[k] for k in ("version", "type", "schema_version", "data", "metadata", "recorded_at")}
            prev = verifier.keyed_link(key, prev, hashed)
            e["chain"] = prev.hex()
    else:
        prev = hashlib.sha256(f"tapis-chain-v1:{document['game_id']}".encode()).digest()
        for e in events:
            prev = verifier.chain_link(prev, e["version"], e["type"], e["schema_version"], data_bytes(e["data"]))
            e["chain"] = prev.hex()
    document["chain_head"] = prev.hex()


def rechain(blob: bytes) -> bytes:
    """Every event's chain and the chain head recomputed, as one who knows the public chain algorithm would."""
    document = decode(blob)
    rechain_document(document)
    return encode(document)


def finish(document: dict[str, Any], rechained: bool) -> bytes:
    if rechained:
        rechain_document(document)
    return encode(document)


def dealt_field(game: str) -> str:
    return "piles" if game == "le-baron" else "hands"


def swap_hands(blob: bytes, rechained: bool = True) -> bytes:
    """Seats 0 and 1 trade what the first deal gave them."""
    document = decode(blob)
    data = document["events"][first_index(document, "CardsDealt")]["data"]
    field = dealt_field(document["game"])
    data[field][0], data[field][1] = data[field][1], data[field][0]
    return finish(document, rechained)


def chosen_deal(blob: bytes, rechained: bool = True) -> bytes:
    """The first deal's shuffle replaced by an order of the forger's choosing (the canonical deck reversed), the
    deal made to follow from it, the source kept canonical: only the shuffle itself can show it."""
    document = decode(blob)
    events, n = document["events"], document["players"]
    dealt = first_index(document, "CardsDealt")
    shuffled = next(e for e in reversed(events[:dealt]) if e["type"] == "DeckShuffled")
    order = list(reversed(shuffled["data"]["source"]))
    shuffled["data"]["order"] = order
    deal = events[dealt]["data"]
    want = verifier.expected_deal(document["game"], n, document["options"], order, deal.get("round", 1))
    deal.update({key: value for key, value in want.items() if key in deal})
    if document["game"] == "le-baron":  # the refills that follow come from the new piles
        refills = [e for e in events[dealt + 1 :] if e["type"] == "HandRefilled"][:n]
        for refill in refills:
            cards = want["piles"][refill["data"]["seat"]][:4]
            refill["data"].update(cards=cards, count=len(cards))
    return finish(document, rechained)


def forge_scores(blob: bytes, rechained: bool = False) -> bytes:
    """GameEnded says someone else won, by other scores."""
    document = decode(blob)
    data = document["events"][first_index(document, "GameEnded")]["data"]
    data["scores"] = [score + 7 * (seat + 1) for seat, score in enumerate(data["scores"])]
    losers = [seat for seat in range(document["players"]) if seat not in data["winners"]]
    data["winners"] = losers[:1] or [0]
    return finish(document, rechained)


def illegal_move(document: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """A move the rules refuse, right after the first deal: a seat plays a card that another seat holds
    (barbu: before the contract is chosen; bohnanza: by a seat whose turn it is not)."""
    game, n = document["game"], document["players"]
    deal = document["events"][first_index(document, "CardsDealt")]["data"]
    if game == "six-nimmt":
        return "CardChosen", {"seat": 0, "card": deal["hands"][1][0]}
    if game == "le-baron":
        return "CardPlayed", {"seat": 0, "card": deal["piles"][1][0]}
    if game == "barbu":
        chooser = deal["chooser"]
        return "CardPlayed", {"seat": chooser, "card": deal["hands"][(chooser + 1) % n][0]}
    if game == "daron":
        first = deal["first"]
        card = deal["hands"][(first + 1) % n][0]
        return "CardsDeposited", {"seat": first, "cards": [card], "top": int(card) if card.isdigit() else 5}
    return "BeanPlanted", {"seat": 1, "field": 0, "bean": deal["hands"][1][0]}


def insert_illegal_move(blob: bytes, rechained: bool = False) -> bytes:
    """An illegal move inserted after the first deal (with its recorded command where the game records them), in
    the shape of the game's own events of that type; the versions renumbered."""
    document = decode(blob)
    events = document["events"]
    type_, fields = illegal_move(document)
    template = next((e for e in events if e["type"] == type_), None)
    assert template is not None, f"no {type_} to take the shape of"
    event = copy.deepcopy(template)
    event["data"].update(fields)
    inserted = [event]
    at = events.index(template)
    if at > 0 and events[at - 1]["type"] == "CommandAccepted":  # its command, seat and card changed alike
        command = copy.deepcopy(events[at - 1])
        recorded = command["data"]["command"]
        recorded["seat"] = fields["seat"]
        move = recorded.get("command") or {}
        for key in ("card", "cards", "bean"):
            if key in move and key in fields:
                move[key] = fields[key]
        inserted.insert(0, command)
    after = first_moves(document, 1)[0]
    while events[after - 1]["type"] == "CommandAccepted":
        after -= 1
    events[after:after] = inserted
    renumber(document)
    return finish(document, rechained)


def remove_event(blob: bytes, rechained: bool = False) -> bytes:
    """The first move after the first deal is gone; the versions renumbered."""
    document = decode(blob)
    del document["events"][first_moves(document, 1)[0]]
    renumber(document)
    return finish(document, rechained)


def reorder_events(blob: bytes, rechained: bool = False) -> bytes:
    """The first two different moves after the first deal swapped; the versions renumbered."""
    document = decode(blob)
    events = document["events"]
    moves = first_moves(document, 50)
    a = moves[0]
    b = next(i for i in moves if events[i]["data"] != events[a]["data"])
    events[a], events[b] = events[b], events[a]
    renumber(document)
    return finish(document, rechained)


def flip_byte(blob: bytes) -> bytes:
    """One byte of one event's data changed in the file itself (the first seat's name), the chain left as it was."""
    joined = blob.index(b'"type":"PlayerJoined"')
    at = blob.index(b'"name":"', joined) + len(b'"name":"')
    replacement = b"x" if blob[at : at + 1] != b"x" else b"y"
    return blob[:at] + replacement + blob[at + 1 :]


def last_chain(blob: bytes) -> str:
    """The head an honest holder kept when the game ended: the chain of the file's last event."""
    chain: str = decode(blob)["events"][-1]["chain"]
    return chain
