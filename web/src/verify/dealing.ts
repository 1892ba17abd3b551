// The public dealing algorithm and the hash chain of every protocol version (docs/fair-play.md for dealing 3,
// docs/fair-dealing.md for 1 and 2), on WebCrypto (SHA-256, HMAC-SHA256): the same bits as verifier/tapis_verify.py,
// checked against the documents' test vectors by web/test/verify.test.mjs and against the Python verifier on real
// exports by tests/verifier/test_browser_verifier.py. The lobby uses `entropyCommitment` to commit for its player.

import { canonicalBytes } from "./jcs";
import type { Json } from "./json";

export type Bytes = Uint8Array<ArrayBuffer>;

const utf8 = new TextEncoder();
const TWO_64 = BigInt(2) ** BigInt(64);

function subtle(): SubtleCrypto {
  // WebCrypto's digest and sign exist only in a secure context (https, or http on localhost/127.0.0.1)
  const api = globalThis.crypto?.subtle;
  if (api === undefined) throw new Error("WebCrypto is not available here: open the page over https or from localhost");
  return api;
}

export function encode(text: string): Bytes {
  return utf8.encode(text);
}

export function concat(...parts: Uint8Array[]): Bytes {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

export function hex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Python's `bytes.fromhex`: pairs of hex digits, ASCII whitespace between them ignored; null if not hex. */
export function fromHex(text: string): Bytes | null {
  const digits = text.replace(/[ \t\n\r\f\v]/g, "");
  if (digits.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(digits)) return null;
  const out = new Uint8Array(digits.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(digits.slice(2 * i, 2 * i + 2), 16);
  return out;
}

export async function sha256(data: Bytes): Promise<Bytes> {
  return new Uint8Array(await subtle().digest("SHA-256", data));
}

export function hmacKey(key: Bytes): Promise<CryptoKey> {
  return subtle().importKey("raw", key, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
}

export async function hmacSha256(key: Bytes | CryptoKey, message: Bytes): Promise<Bytes> {
  const k = key instanceof Uint8Array ? await hmacKey(key) : key;
  return new Uint8Array(await subtle().sign("HMAC", k, message));
}

/** The u64 stream for (key, label): block_k = HMAC-SHA256(key, label + ":" + k), four big-endian u64 per block. */
export class U64Stream {
  private k = 0;
  private block: DataView | null = null;
  private offset = 32;

  constructor(
    private readonly key: CryptoKey,
    private readonly label: string,
  ) {}

  async next(): Promise<bigint> {
    if (this.block === null || this.offset === 32) {
      const digest = await hmacSha256(this.key, encode(`${this.label}:${this.k}`));
      this.block = new DataView(digest.buffer);
      this.k += 1;
      this.offset = 0;
    }
    const u = this.block.getBigUint64(this.offset, false);
    this.offset += 8;
    return u;
  }
}

/** draw(n): limit = floor(2^64 / n) * n; the next u of the stream below limit, mod n (no modulo bias). */
export async function draw(stream: U64Stream, n: number): Promise<number> {
  const size = BigInt(n);
  const limit = (TWO_64 / size) * size;
  for (;;) {
    const u = await stream.next();
    if (u < limit) return Number(u % size);
  }
}

/** Fisher–Yates from the back, each j drawn from the (key, label) stream: the dealing algorithm's `shuffle`. */
export async function shuffle<T>(key: Bytes | CryptoKey, label: string, items: readonly T[]): Promise<T[]> {
  const a = [...items];
  const stream = new U64Stream(key instanceof Uint8Array ? await hmacKey(key) : key, label);
  for (let i = a.length - 1; i > 0; i--) {
    const j = await draw(stream, i + 1);
    const held = a[i] as T;
    a[i] = a[j] as T;
    a[j] = held;
  }
  return a;
}

/** The seed commitment of GameCreated: sha256(seed) in dealing 1, bound to the game id and the version from 2 on. */
export async function commitment(dealing: number, gameId: string, seed: Bytes): Promise<string> {
  if (dealing === 1) return hex(await sha256(seed));
  return hex(await sha256(concat(encode(`tapis-commit-v${dealing}:${gameId}:`), seed)));
}

/** deal_key = HMAC-SHA256(seed, "tapis-deal-v<d>:" + game_id ‖ 0x00 ‖ x_0 ‖ 0x00 ‖ x_1 ‖ …) (dealing 2 and 3). */
export async function dealKey(gameId: string, seed: Bytes, entropy: readonly string[], dealing = 2): Promise<Bytes> {
  const zero = new Uint8Array([0]);
  const parts = entropy.flatMap((e) => [zero, encode(e)]);
  return hmacSha256(seed, concat(encode(`tapis-deal-v${dealing}:${gameId}`), ...parts));
}

/** Dealing 3: a person's commitment to its entropy e, bound to the game (a commitment copied from another game opens
 * to nothing here): hex(SHA-256("tapis-entropy-v3:" + game_id + ":" + e)). */
export async function entropyCommitment(gameId: string, entropy: string): Promise<string> {
  return hex(await sha256(encode(`tapis-entropy-v3:${gameId}:${entropy}`)));
}

/** Dealing 2's genesis: SHA-256("tapis-chain-v1:" + game_id). */
export function chainStart(gameId: string): Promise<Bytes> {
  return sha256(encode(`tapis-chain-v1:${gameId}`));
}

/** Dealing 2's link: SHA-256(prev ‖ UTF8(v + "\0" + type + "\0" + schema_version + "\0") ‖ data), data as stored. */
export function chainLink(
  prev: Bytes,
  version: number,
  type: string,
  schemaVersion: number,
  data: Bytes,
): Promise<Bytes> {
  return sha256(concat(prev, encode(`${version}\0${type}\0${schemaVersion}\0`), data));
}

/** Dealing 3's chain key K = HMAC(seed, "tapis-chain-v3:" + game_id): secret while the seed is, anyone's after the end. */
export async function chainKey(gameId: string, seed: Bytes): Promise<CryptoKey> {
  return hmacKey(await hmacSha256(seed, encode(`tapis-chain-v3:${gameId}`)));
}

/** Dealing 3's prev_0 = HMAC(K, "tapis-chain-v3:genesis:" + game_id): bound to the game again beside the key. */
export function keyedStart(key: CryptoKey, gameId: string): Promise<Bytes> {
  return hmacSha256(key, encode(`tapis-chain-v3:genesis:${gameId}`));
}

/** What a dealing-3 link covers of its event, all of it canonical JSON (RFC 8785) so that no re-encoding changes it. */
export interface Linked {
  version: number;
  type: string;
  schema_version: number;
  data: Json;
  metadata: Json;
  recorded_at: string;
}

/** Dealing 3's link_v = HMAC(K, prev_{v-1} ‖ JCS({version, type, schema_version, data, metadata, recorded_at})). */
export function keyedLink(key: CryptoKey, prev: Bytes, event: Linked): Promise<Bytes> {
  const covered: Json = {
    version: event.version,
    type: event.type,
    schema_version: event.schema_version,
    data: event.data,
    metadata: event.metadata,
    recorded_at: event.recorded_at,
  };
  return hmacSha256(key, concat(prev, canonicalBytes(covered)));
}
