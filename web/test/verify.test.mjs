// The test vectors of docs/fair-play.md (dealing 3) and docs/fair-dealing.md (dealing 1 and 2), run on the audit
// page's own verifier: the shuffle, the commitments, the deal key and both chains must be the Python verifier's bit
// for bit; and the strict reader's stable codes.
//   node --test test/verify.test.mjs   (from web/, after `npm ci`; tests/verifier/test_browser_verifier.py runs it)
import assert from "node:assert/strict";
import { createHash, createHmac } from "node:crypto";
import { before, test } from "node:test";

import { loadVerifier } from "./bundle.mjs";

let v;
before(async () => {
  v = await loadVerifier();
});

const SEED_0_31 = Uint8Array.from({ length: 32 }, (_, i) => i);
const range = (from, to) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

test("the shuffle of 1..10 under the zero seed", async () => {
  assert.deepEqual(await v.shuffle(new Uint8Array(32), "shuffle:0", range(1, 10)), [8, 5, 4, 6, 10, 2, 1, 3, 9, 7]);
});

test("shuffle:0 and shuffle:1 of 1..104 under the seed 00..1f", async () => {
  const first = await v.shuffle(SEED_0_31, "shuffle:0", range(1, 104));
  assert.deepEqual(first.slice(0, 12), [37, 36, 74, 11, 6, 84, 22, 14, 17, 65, 21, 50]);
  assert.deepEqual(first.slice(-5), [41, 97, 49, 94, 85]);
  assert.deepEqual(
    [...first].sort((a, b) => a - b),
    range(1, 104),
  );
  const second = await v.shuffle(SEED_0_31, "shuffle:1", range(1, 104));
  assert.deepEqual(second.slice(0, 10), [37, 16, 50, 31, 53, 82, 20, 45, 73, 5]);
});

test("the version 1 commitment is sha256(seed)", async () => {
  const expected = "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd";
  assert.equal(await v.commitment(1, "any game", SEED_0_31), expected);
});

test("the version 2 commitment, deal key and shuffle", async () => {
  const gameId = "0123456789abcdef";
  assert.equal(
    await v.commitment(2, gameId, SEED_0_31),
    "c69ce1f12baef7d8a9c0c72a2bd99f8f1afd0237200dde925af23a8e93b82f01",
  );
  const key = await v.dealKey(gameId, SEED_0_31, ["alice-device-7f3a", "", "bob"]);
  assert.equal(v.hex(key), "671422168da92723c618561dedde50e00a7306b817b0dce4557f203c011550ec");
  assert.deepEqual(
    await v.shuffle(key, "shuffle:0", range(1, 34)),
    [
      31, 6, 12, 19, 13, 9, 7, 11, 1, 15, 26, 34, 20, 32, 28, 17, 30, 24, 21, 33, 4, 5, 10, 29, 8, 25, 23, 22, 14, 16,
      3, 27, 18, 2,
    ],
  );
  const empty = await v.dealKey(gameId, SEED_0_31, ["", "", ""]);
  assert.equal(v.hex(empty), "46ee4506530061e1674d2e4793ed4783f15ee2db5c3dc63130d9018920b47a1c");
});

test("a shuffle moves string cards as it moves numbers", async () => {
  const deck = v.canonicalDeck("barbu", 4, {});
  assert.equal(deck.length, 52);
  const shuffled = await v.shuffle(SEED_0_31, "shuffle:0", deck);
  assert.deepEqual([...shuffled].sort(), [...deck].sort());
  assert.notDeepEqual(shuffled, deck);
});

test("the chain links as docs/fair-dealing.md defines them", async () => {
  const sha = (...parts) =>
    createHash("sha256")
      .update(Buffer.concat(parts.map((p) => Buffer.from(p))))
      .digest();
  const start = await v.chainStart("g1");
  assert.equal(v.hex(start), sha("tapis-chain-v1:g1").toString("hex"));
  const data = new TextEncoder().encode('{"type":"GameCreated"}');
  const link = await v.chainLink(start, 1, "GameCreated", 1, data);
  assert.equal(v.hex(link), sha(start, "1\0GameCreated\x001\0", data).toString("hex"));
});

test("dealing 2 hashes each event's data compact, its keys in the file's order", () => {
  // JSON.parse would put the integer-like key "10" first; the file's order is what the store wrote
  const text = '{"events":[{"data": {"b" : "\\u00e9\\n", "10":[1, -0], "a": {"z": true, "y": null}} }]}';
  const { value, keyOrder } = v.parseStrict(text);
  const data = value.events[0].data;
  assert.equal(data.b, "é\n");
  assert.equal(v.compact(data, keyOrder), '{"b":"é\\n","10":[1,0],"a":{"z":true,"y":null}}');
});

const GAME = "0123456789abcdef";
const sha256hex = (text) => createHash("sha256").update(text).digest("hex");

test("the dealing 3 vectors of docs/fair-play.md", async () => {
  assert.equal(
    await v.commitment(3, GAME, SEED_0_31),
    "ba491275af00043522651fca89dd6b54af3be5aa8b7b5fb9dadd05fcf932c93c",
  );
  const e0 = sha256hex("alice");
  const e2 = sha256hex("bob");
  assert.equal(e0, "2bd806c97f0e00af1a1fc3328fa763a9269723c8db8fac4f93af71db186d6e90");
  assert.equal(e2, "81b637d8fcd2c6da6359e6963113a1170de795e4b725b84d1e0b4cfd9ec58ce9");
  assert.equal(await v.entropyCommitment(GAME, e0), "e5607d5d81ee4340a0b15fc19f5a31c1ec5f88fd8014d901196b76e7500a702f");
  assert.equal(await v.entropyCommitment(GAME, e2), "4d03f865381d2fbc2494803166d801d6c512e6cf3b6776f1c110aca3d2bda708");
  const key = await v.dealKey(GAME, SEED_0_31, [e0, "", e2], 3);
  assert.equal(v.hex(key), "703950f15ebd8c4e9d518e43dfd5e215eefe6fc5836a0c413c8ccefd032af47f");
  assert.deepEqual(
    await v.shuffle(key, "shuffle:0", range(1, 34)),
    [
      7, 32, 17, 19, 10, 18, 13, 12, 30, 34, 25, 1, 23, 33, 26, 27, 11, 5, 8, 20, 4, 29, 21, 3, 31, 9, 6, 28, 16, 15,
      14, 2, 24, 22,
    ],
  );
});

const VECTOR_EVENT = {
  version: 1,
  type: "GameCreated",
  schema_version: 1,
  metadata: { actor: "admin" },
  recorded_at: "2026-12-03T13:00:00.123456Z",
  data: {
    type: "GameCreated",
    game: "six-nimmt",
    game_id: GAME,
    players: 3,
    options: {},
    seed_commitment: "x",
  },
};

test("the keyed chain of docs/fair-play.md: K, prev_0, the JCS bytes and link_1", async () => {
  const hmac = (key, ...parts) =>
    createHmac("sha256", key)
      .update(Buffer.concat(parts.map((p) => Buffer.from(p))))
      .digest();
  const k = hmac(Buffer.from(SEED_0_31), `tapis-chain-v3:${GAME}`);
  assert.equal(k.toString("hex"), "9a75ddd092f277141c32d4781f6dda1dad677e7f0b4a50e3ec97ecfacddb20a3");
  const key = await v.chainKey(GAME, SEED_0_31);
  const prev0 = await v.keyedStart(key, GAME);
  assert.equal(v.hex(prev0), "fb900fe230e965c111ec7d41a9fb53d902e98da55abab73e712db8c956686603");
  assert.equal(
    v.canonical(VECTOR_EVENT),
    '{"data":{"game":"six-nimmt","game_id":"0123456789abcdef","options":{},"players":3,"seed_commitment":"x",' +
      '"type":"GameCreated"},"metadata":{"actor":"admin"},"recorded_at":"2026-12-03T13:00:00.123456Z",' +
      '"schema_version":1,"type":"GameCreated","version":1}',
  );
  const link = await v.keyedLink(key, prev0, VECTOR_EVENT);
  assert.equal(v.hex(link), "b0cd535c20cdd3f6b48a4ab8762fd1f937613a8cbfaf5b0c11c3de42c918cc88");
  assert.equal(v.hex(link), hmac(k, prev0, v.canonical(VECTOR_EVENT)).toString("hex"));
});

test("JCS sorts keys by UTF-16 code units and escapes as JSON.stringify", () => {
  // U+1F600 sorts after U+FF61 by code point, before it by UTF-16 units (its first is the surrogate 0xD83D)
  const value = { "\uff61": 1, "\u{1f600}": 2, a: [true, null, -0, '\u0000\u001f"\\\u2028\ud800'], B: {} };
  assert.equal(
    v.canonical(value),
    '{"B":{},"a":[true,null,0,"\\u0000\\u001f\\"\\\\\u2028\\ud800"],"\u{1f600}":2,"\uff61":1}',
  );
  // what the strict reader gives back canonicalises the same whatever the spacing and key order of the text
  const a = v.parseStrict('{"b": [1, 2], "a": {"y": "\\u00e9", "x": 0}}').value;
  const b = v.parseStrict('{"a":{"x":0,"y":"é"},"b":[1,2]}').value;
  assert.equal(v.canonical(a), v.canonical(b));
});

const code = async (text) => {
  try {
    await v.verifyExport(text);
  } catch (error) {
    if (error instanceof v.Malformed) return error.code;
    throw error;
  }
  return "checked";
};

test("the strict reader's codes", async () => {
  assert.equal(await code("\ufeff{}"), "not_json");
  assert.equal(await code('{"format":"tapis-export","format_version":2'), "not_json");
  assert.equal(await code('{"a":1,"a":2}'), "duplicate_key");
  assert.equal(await code('{"a":{"b":[{"c":1,"c":1}]}}'), "duplicate_key");
  for (const number of ["17.0", "2.0", "1e3", "-1E-2", "9007199254740992", "-9007199254740992", "NaN", "-Infinity"])
    assert.equal(await code(`{"a":${number}}`), "bad_number", number);
  assert.equal(await code('{"a":9007199254740991,"b":-9007199254740991}'), "bad_shape"); // read, then no export
  assert.equal(await code(`${"[".repeat(65)}${"]".repeat(65)}`), "too_deep");
  assert.equal(await code(`${"[".repeat(64)}${"]".repeat(64)}`), "bad_shape");
  assert.equal(await code(`{"s":"${"[".repeat(100)}"}`), "bad_shape"); // brackets in a string do not nest
  assert.throws(
    () => v.decodeFile(new Uint8Array([0x7b, 0xff, 0x7d])),
    (e) => e.code === "not_json",
  );
  assert.throws(
    () => v.decodeFile(new Uint8Array(64 * 1024 * 1024 + 1)),
    (e) => e.code === "too_large",
  );
  assert.equal(await code('{"format":"other"}'), "bad_shape");
  assert.equal(await code('{"format":"tapis-export","format_version":4}'), "unknown_version");
  assert.equal(await code('{"format":"tapis-export","format_version":3}'), "bad_shape");
});

test("a field named twice, a truncated file and a file that is no export are malformed", async () => {
  await assert.rejects(v.verifyExport('{"format":"tapis-export","format":"x"}'), v.Malformed);
  await assert.rejects(v.verifyExport('{"format":"tapis-export","format_version":2'), /ends early/);
  await assert.rejects(v.verifyExport('{"format":"other"}'), /not a tapis export/);
  await assert.rejects(v.verifyExport('{"format":"tapis-export","format_version":9}'), /format_version 9/);
});
