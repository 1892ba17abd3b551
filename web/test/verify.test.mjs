// The dealing test vectors (../shared/rules/dealing.md, docs/fair-dealing.md), run on the audit page's own verifier:
// the shuffle, the commitments, the deal key and the chain must be the Python verifier's bit for bit.
//   node --test test/verify.test.mjs   (from web/, after `npm ci`; tests/browser/test_verify_vectors.py runs it under pytest)
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
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
  assert.deepEqual([...first].sort((a, b) => a - b), range(1, 104));
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
  assert.deepEqual(await v.shuffle(key, "shuffle:0", range(1, 34)), [
    31, 6, 12, 19, 13, 9, 7, 11, 1, 15, 26, 34, 20, 32, 28, 17, 30, 24, 21, 33, 4, 5, 10, 29, 8, 25, 23, 22, 14, 16,
    3, 27, 18, 2,
  ]);
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
  const sha = (...parts) => createHash("sha256").update(Buffer.concat(parts.map((p) => Buffer.from(p)))).digest();
  const start = await v.chainStart("g1");
  assert.equal(v.hex(start), sha("tapis-chain-v1:g1").toString("hex"));
  const data = new TextEncoder().encode('{"type":"GameCreated"}');
  const link = await v.chainLink(start, 1, "GameCreated", 1, data);
  assert.equal(v.hex(link), sha(start, "1\0GameCreated\x001\0", data).toString("hex"));
});

test("the parser keeps each object's exact text, whitespace and escapes included", () => {
  const text = '{"events":[{"data": {"a" : "\\u00e9", "b":[1, 2]} }]}';
  const { value, spans } = v.parseWithSpans(text);
  const data = value.events[0].data;
  assert.equal(data.a, "é");
  const [start, end] = spans.get(data);
  assert.equal(text.slice(start, end), '{"a" : "\\u00e9", "b":[1, 2]}');
});

test("a field named twice, a truncated file and a file that is no export are malformed", async () => {
  await assert.rejects(v.verifyExport('{"format":"tapis-export","format":"x"}'), v.Malformed);
  await assert.rejects(v.verifyExport('{"format":"tapis-export","format_version":2'), /ends early/);
  await assert.rejects(v.verifyExport('{"format":"other"}'), /not a tapis export/);
  await assert.rejects(v.verifyExport('{"format":"tapis-export","format_version":3}'), /unknown format_version 3/);
});
