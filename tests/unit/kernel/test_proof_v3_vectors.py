"""docs/fair-play.md's test vectors, checked twice: against the code (domain/kernel/deal_key.py, services/chain.py,
services/canonical.py), and against the formulas written out here with hashlib, hmac and json alone, as an
auditor's short script would, so that the module and the text cannot drift apart together."""

from __future__ import annotations

import hashlib
import hmac
import json
from datetime import UTC, datetime
from typing import Any

from domain.kernel.deal_key import chain_key, commitment, deal_key, entropy_commitment
from domain.kernel.shuffle import shuffle
from services.chain import linked_bytes, links_of

GAME = "0123456789abcdef"
SEED = bytes(range(32))
E0 = hashlib.sha256(b"alice").hexdigest()
E2 = hashlib.sha256(b"bob").hexdigest()
VECTORS = {
    "seed_commitment": "ba491275af00043522651fca89dd6b54af3be5aa8b7b5fb9dadd05fcf932c93c",
    "e0": "2bd806c97f0e00af1a1fc3328fa763a9269723c8db8fac4f93af71db186d6e90",
    "c0": "e5607d5d81ee4340a0b15fc19f5a31c1ec5f88fd8014d901196b76e7500a702f",
    "e2": "81b637d8fcd2c6da6359e6963113a1170de795e4b725b84d1e0b4cfd9ec58ce9",
    "c2": "4d03f865381d2fbc2494803166d801d6c512e6cf3b6776f1c110aca3d2bda708",
    "deal_key": "703950f15ebd8c4e9d518e43dfd5e215eefe6fc5836a0c413c8ccefd032af47f",
    "chain_key": "9a75ddd092f277141c32d4781f6dda1dad677e7f0b4a50e3ec97ecfacddb20a3",
    "prev_0": "fb900fe230e965c111ec7d41a9fb53d902e98da55abab73e712db8c956686603",
    "link_1": "b0cd535c20cdd3f6b48a4ab8762fd1f937613a8cbfaf5b0c11c3de42c918cc88",
}
SHUFFLE = [7, 32, 17, 19, 10, 18, 13, 12, 30, 34, 25, 1, 23, 33, 26, 27, 11, 5, 8, 20, 4, 29, 21, 3, 31, 9, 6, 28]
SHUFFLE += [16, 15, 14, 2, 24, 22]
DATA = (
    b'{"type":"GameCreated","game":"six-nimmt","game_id":"0123456789abcdef","players":3,"options":{},'
    b'"seed_commitment":"x"}'
)
METADATA = {"actor": "admin"}
AT = datetime(2026, 12, 3, 13, 0, 0, 123456, tzinfo=UTC)
JCS = (
    b'{"data":{"game":"six-nimmt","game_id":"0123456789abcdef","options":{},"players":3,"seed_commitment":"x",'
    b'"type":"GameCreated"},"metadata":{"actor":"admin"},"recorded_at":"2026-12-03T13:00:00.123456Z",'
    b'"schema_version":1,"type":"GameCreated","version":1}'
)


def hmac256(key: bytes, message: bytes) -> bytes:
    return hmac.new(key, message, hashlib.sha256).digest()


def jcs(value: Any) -> bytes:
    """RFC 8785 for what the record holds (no floats): sorted keys by UTF-16 code units, no whitespace."""
    if isinstance(value, dict):
        items = sorted(value.items(), key=lambda kv: kv[0].encode("utf-16-be"))
        return b"{" + b",".join(jcs(k) + b":" + jcs(v) for k, v in items) + b"}"
    if isinstance(value, list):
        return b"[" + b",".join(jcs(v) for v in value) + b"]"
    return json.dumps(value, ensure_ascii=False).encode()


def test_the_commitments_by_the_code_and_by_the_formula() -> None:
    assert commitment(3, GAME, SEED) == VECTORS["seed_commitment"]
    assert hashlib.sha256(f"tapis-commit-v3:{GAME}:".encode() + SEED).hexdigest() == VECTORS["seed_commitment"]
    assert (VECTORS["e0"], VECTORS["e2"]) == (E0, E2)
    for entropy, committed in ((E0, VECTORS["c0"]), (E2, VECTORS["c2"])):
        assert entropy_commitment(GAME, entropy) == committed
        assert hashlib.sha256(f"tapis-entropy-v3:{GAME}:{entropy}".encode()).hexdigest() == committed


def test_the_deal_key_and_its_first_shuffle() -> None:
    assert deal_key(3, GAME, SEED, [E0, "", E2]).hex() == VECTORS["deal_key"]
    message = f"tapis-deal-v3:{GAME}".encode() + b"\x00" + E0.encode() + b"\x00" + b"\x00" + E2.encode()
    assert hmac256(SEED, message).hex() == VECTORS["deal_key"]
    assert shuffle(bytes.fromhex(VECTORS["deal_key"]), "shuffle:0", list(range(1, 35))) == SHUFFLE
    # a version's prefix is its own: the same inputs under dealing 2 give another key
    assert deal_key(2, GAME, SEED, [E0, "", E2]).hex() != VECTORS["deal_key"]


def test_the_chain_key_genesis_and_first_link() -> None:
    key = hmac256(SEED, f"tapis-chain-v3:{GAME}".encode())
    assert key.hex() == chain_key(GAME, SEED).hex() == VECTORS["chain_key"]
    genesis = hmac256(key, f"tapis-chain-v3:genesis:{GAME}".encode())
    links = links_of(GAME, 3, SEED)
    assert genesis.hex() == links.genesis.hex() == VECTORS["prev_0"]
    assert linked_bytes(1, "GameCreated", 1, DATA, METADATA, AT) == JCS
    record = {
        "version": 1,
        "type": "GameCreated",
        "schema_version": 1,
        "data": json.loads(DATA),
        "metadata": METADATA,
        "recorded_at": "2026-12-03T13:00:00.123456Z",
    }
    assert jcs(record) == JCS
    assert hmac256(key, genesis + JCS).hex() == VECTORS["link_1"]
    assert links.link(genesis, 1, "GameCreated", 1, DATA, METADATA, AT).hex() == VECTORS["link_1"]


def test_the_link_does_not_depend_on_how_the_data_was_written() -> None:
    links = links_of(GAME, 3, SEED)
    pretty = json.dumps(json.loads(DATA), indent=2, sort_keys=True).encode()
    assert links.link(links.genesis, 1, "GameCreated", 1, pretty, METADATA, AT).hex() == VECTORS["link_1"]
    changed = DATA.replace(b'"players":3', b'"players":4')
    assert links.link(links.genesis, 1, "GameCreated", 1, changed, METADATA, AT).hex() != VECTORS["link_1"]
