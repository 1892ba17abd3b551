// The checks of the standalone verifier (verifier/tapis_verify.py), in the browser: an export document in, one
// verdict per check out, stopping at the first failure, with the verifier's own words. Nothing here asks the
// server anything: the audit page proves a file with WebCrypto and the public algorithm of docs/fair-dealing.md.
//
// What needs the game's rules (every move legal, the scores right, the served projection equal to the replay) is
// the server's re-execution (`GET /v1/games/{id}/audit`, `tapis verify FILE`), listed in SERVER_ONLY.

import { chainLink, chainStart, commitment, dealKey, fromHex, hex, hmacKey, shuffle, type Bytes } from "./dealing";
import { GAMES, RESHUFFLING, canonicalDeck, expectedDeal, type Card, type Options } from "./games";
import { DuplicateField, JsonSyntaxError, lineAndColumn, parseWithSpans, type Json } from "./json";
import { pyDumps, pyEquals, pyRepr, pyStr } from "./python";

export const FORMAT = "tapis-export";
export const FORMAT_VERSIONS = [1, 2];

/** The file is not a well-formed export (the standalone verifier's exit 2): nothing was checked. */
export class Malformed extends Error {}

/** A check failed (exit 1): the message says why. */
class Failed extends Error {}

export type Status = "ok" | "n/a" | "FAILED";
export interface CheckResult {
  name: string;
  status: Status;
  detail: string;
}

/** The checks the server's audit adds, which re-run the game's rules and so cannot be done here. */
export const SERVER_ONLY: readonly CheckResult[] = [
  {
    name: "re_execution",
    status: "n/a",
    detail: "each recorded command, decided again by the game's rules, gives exactly the recorded events (dealing 2)",
  },
  { name: "scores", status: "n/a", detail: "GameEnded's scores and winners are what the rules give the final state" },
  { name: "replay", status: "n/a", detail: "the server's stored projection equals the replay of its events" },
];

export const CHECK_NAMES = ["format", "commitment", "deal_key", "chain", "shuffles", "deals", "head"] as const;
const NOT_APPLYING: Record<string, string> = {
  deal_key: "dealing 1 keys every shuffle by the seed itself",
  chain: "no event carries a chain",
};

type JsonObject = { [key: string]: Json };
type Kind = "int" | "str" | "list" | "dict" | "bool";

function isKind(value: Json, kind: Kind): boolean {
  switch (kind) {
    case "int":
      return typeof value === "number" && Number.isInteger(value);
    case "str":
      return typeof value === "string";
    case "bool":
      return typeof value === "boolean";
    case "list":
      return Array.isArray(value);
    case "dict":
      return typeof value === "object" && value !== null && !Array.isArray(value);
  }
}

function maybe(obj: JsonObject, key: string, kind: Kind, where: string): Json {
  if (!Object.hasOwn(obj, key)) throw new Malformed(`${where}: the field ${pyRepr(key)} is missing`);
  const value = obj[key] as Json;
  if (value !== null && !isKind(value, kind))
    throw new Malformed(`${where}: ${pyRepr(key)} is ${pyDumps(value).slice(0, 40)}, not ${kind}`);
  return value;
}

function need(obj: JsonObject, key: string, kind: "int", where: string): number;
function need(obj: JsonObject, key: string, kind: "str", where: string): string;
function need(obj: JsonObject, key: string, kind: "bool", where: string): boolean;
function need(obj: JsonObject, key: string, kind: "list", where: string): Json[];
function need(obj: JsonObject, key: string, kind: "dict", where: string): JsonObject;
function need(obj: JsonObject, key: string, kind: Kind, where: string): Json {
  const value = maybe(obj, key, kind, where);
  if (value === null) throw new Malformed(`${where}: ${pyRepr(key)} is null, not ${kind}`);
  return value;
}

class Event {
  constructor(
    readonly version: number,
    readonly type: string,
    readonly schemaVersion: number,
    readonly data: JsonObject,
    readonly raw: Bytes, // the exact bytes of `data` in the file
    readonly chain: string | null,
  ) {}

  get where(): string {
    return `event ${this.version} (${this.type})`;
  }

  int(key: string): number {
    return need(this.data, key, "int", this.where);
  }

  str(key: string): string {
    return need(this.data, key, "str", this.where);
  }

  list(key: string): Json[] {
    return need(this.data, key, "list", this.where);
  }

  cards(key: string): Card[] {
    const items = this.list(key);
    if (!items.every((c) => typeof c === "string" || (typeof c === "number" && Number.isInteger(c))))
      throw new Malformed(`${this.where}: ${pyRepr(key)} is not a list of cards`);
    return items as Card[];
  }
}

interface Export {
  formatVersion: number;
  gameId: string;
  game: string;
  players: number;
  options: Options;
  finished: boolean;
  revealed: string | null; // the seed, hex
  chainHead: string | null;
  events: Event[];
  dealing: number | null; // format 2 says it at the top; the checks then take GameCreated's
  seedSource: string | null; // format 2 only
  seed: Bytes;
  key: Bytes; // what every shuffle is keyed by
}

/** The events but the recorded commands (dealing 2), among which a deal's neighbours are looked up. */
const movesOf = (x: Export): Event[] => x.events.filter((e) => e.type !== "CommandAccepted");
const short = (text: string): string => `${text.slice(0, 16)}...`;
const utf8 = new TextEncoder();

export function parseExport(text: string): Export {
  let parsed;
  try {
    parsed = parseWithSpans(text);
  } catch (error) {
    if (error instanceof DuplicateField) throw new Malformed(error.message);
    if (!(error instanceof JsonSyntaxError)) throw error;
    const [line, column] = lineAndColumn(text, error.position);
    const where = `${error.message} at line ${line} column ${column}`;
    const trimmed = text.trimEnd();
    if (error.position >= trimmed.length || !trimmed.endsWith("}"))
      throw new Malformed(`not JSON: the file ends early (truncated?): ${where}`);
    throw new Malformed(`not JSON: ${where}`);
  }
  const top = parsed.value;
  if (top === null || typeof top !== "object" || Array.isArray(top) || top["format"] !== FORMAT)
    throw new Malformed(`not a tapis export: its 'format' is not '${FORMAT}'`);
  const doc = "the document";
  const version = need(top, "format_version", "int", doc);
  if (!FORMAT_VERSIONS.includes(version))
    throw new Malformed(`unknown format_version ${version} (this verifier reads (1, 2))`);
  const game = need(top, "game", "str", doc);
  if (!(GAMES as readonly string[]).includes(game))
    throw new Malformed(`unknown game ${pyRepr(game)} (this verifier knows ${GAMES.join(", ")})`);
  const gameId = need(top, "game_id", "str", doc);
  const players = need(top, "players", "int", doc);
  const options = need(top, "options", "dict", doc);
  need(top, "created_at", "str", doc);
  const finished = need(top, "finished", "bool", doc);
  const events = need(top, "events", "list", doc).map((env, i) => {
    const where = `events[${i}]`;
    if (env === null || typeof env !== "object" || Array.isArray(env)) throw new Malformed(`${where} is not an object`);
    const eventVersion = need(env, "version", "int", where);
    const type = need(env, "type", "str", where);
    const schemaVersion = need(env, "schema_version", "int", where);
    need(env, "recorded_at", "str", where);
    need(env, "metadata", "dict", where);
    const data = need(env, "data", "dict", where);
    const span = parsed.spans.get(data);
    if (span === undefined) throw new Error("a parsed object has no span");
    const chain = version === 2 ? (maybe(env, "chain", "str", where) as string | null) : null;
    return new Event(eventVersion, type, schemaVersion, data, utf8.encode(text.slice(span[0], span[1])), chain);
  });
  if (events.length === 0) throw new Malformed("the document holds no event");
  const revealed = maybe(top, "seed", "str", doc) as string | null;
  const two = version === 2;
  return {
    formatVersion: version,
    gameId,
    game,
    players,
    options,
    finished,
    revealed,
    chainHead: two ? (maybe(top, "chain_head", "str", doc) as string | null) : null,
    dealing: two ? need(top, "dealing", "int", doc) : null,
    seedSource: two ? need(top, "seed_source", "str", doc) : null,
    events,
    seed: new Uint8Array(0),
    key: new Uint8Array(0),
  };
}

// --- the checks, in order: each returns its detail, or null when it does not apply, or throws Failed ------------

async function checkFormat(x: Export): Promise<string> {
  if (!x.finished || x.revealed === null) throw new Failed("the game has not finished: its seed is not revealed");
  const seed = fromHex(x.revealed);
  if (seed === null) throw new Failed(`the seed ${pyRepr(x.revealed.slice(0, 16))}... is not hex`);
  x.seed = seed;
  if (seed.length !== 32) throw new Failed(`the seed is ${seed.length} bytes, not 32`);
  x.events.forEach((e, i) => {
    if (e.version !== i + 1) throw new Failed(`the events are not numbered 1..n: event ${i + 1} says ${e.version}`);
    if (e.data["type"] !== e.type) throw new Failed(`${e.where}: its data says type ${pyRepr(e.data["type"])}`);
  });
  const created = x.events[0] as Event;
  if (created.type !== "GameCreated") throw new Failed(`the first event is ${created.type}, not GameCreated`);
  const fields: [string, Json][] = [
    ["game", x.game],
    ["game_id", x.gameId],
    ["players", x.players],
    ["options", x.options],
  ];
  for (const [key, value] of fields) {
    if (!pyEquals(created.data[key], value)) throw new Failed(`the document's ${key} differs from GameCreated's`);
  }
  const dealing = Object.hasOwn(created.data, "dealing") ? (created.data["dealing"] as Json) : 1;
  if ((dealing !== 1 && dealing !== 2) || (x.dealing !== null && x.dealing !== dealing))
    throw new Failed(
      `dealing ${pyRepr(dealing)} (the document says ${pyStr(x.dealing)}): this verifier knows dealing 1 and 2`,
    );
  x.dealing = dealing;
  const source = Object.hasOwn(created.data, "seed_source") ? (created.data["seed_source"] as Json) : "server";
  if (x.seedSource !== null && !pyEquals(x.seedSource, source))
    throw new Failed(`the document's seed_source ${pyRepr(x.seedSource)} is not GameCreated's ${pyRepr(source)}`);
  const ended = x.events.filter((e) => e.type === "GameEnded");
  if (ended.length !== 1 || (ended[0] as Event).str("seed") !== x.revealed)
    throw new Failed("there must be one GameEnded, revealing the document's seed");
  return `tapis-export ${x.formatVersion}, ${x.game}, ${x.players} seats, ${x.events.length} events, dealing ${dealing}`;
}

async function checkCommitment(x: Export): Promise<string> {
  const created = x.events[0] as Event;
  const published = created.str("seed_commitment");
  if ((await commitment(x.dealing ?? 1, x.gameId, x.seed)) !== published) {
    const formula = x.dealing === 1 ? "sha256(seed)" : 'SHA-256("tapis-commit-v2:" + game_id + ":" || seed)';
    throw new Failed(`${formula} is not GameCreated's seed_commitment ${short(published)}`);
  }
  const source = Object.hasOwn(created.data, "seed_source") ? (created.data["seed_source"] as Json) : "server";
  const note = source !== "server" ? `; seed_source ${pyStr(source)}: the creator chose the seed (a test-mode server)` : "";
  return `the revealed seed matches the commitment ${short(published)} (dealing ${x.dealing})${note}`;
}

const printable = (s: Json): boolean =>
  typeof s === "string" && [...s].length <= 64 && [...s].every((c) => c >= " " && c <= "~");

async function checkDealKey(x: Export): Promise<string | null> {
  x.key = x.seed;
  if (x.dealing === 1) return null;
  const held = new Map<number, Json>(); // the seats' entropy, as they are held when the game starts
  const started = x.events.find((e) => e.type === "GameStarted");
  if (started === undefined) throw new Failed("no GameStarted records the seats' entropy");
  for (const e of x.events.slice(0, started.version - 1)) {
    if (e.type === "PlayerJoined") {
      const seat = e.int("seat");
      if (held.has(seat) || !(seat >= 0 && seat < x.players))
        throw new Failed(`${e.where}: seat ${seat} is taken or not a seat`);
      held.set(seat, Object.hasOwn(e.data, "entropy") ? (e.data["entropy"] as Json) : "");
    } else if (e.type === "PlayerLeft") {
      held.delete(e.int("seat"));
    }
  }
  const entropy = started.list("entropy");
  const atStart: Json[] = Array.from({ length: x.players }, (_, seat) => held.get(seat) ?? null);
  if (!pyEquals(entropy, atStart))
    throw new Failed(`${started.where}: its entropy is not that of the seats' PlayerJoined at the start`);
  if (!entropy.every(printable))
    throw new Failed(`${started.where}: an entropy is not 0 to 64 printable ASCII characters`);
  x.key = await dealKey(x.gameId, x.seed, entropy as string[]);
  return `HMAC-SHA256(seed, game id and ${entropy.length} seats' entropy) = ${short(hex(x.key))}`;
}

async function checkChain(x: Export): Promise<string | null> {
  if (x.events.every((e) => e.chain === null)) {
    // format 1, or a game recorded before the chain existed
    if (x.chainHead !== null) throw new Failed("chain_head is set but no event carries a chain");
    return null;
  }
  let prev = await chainStart(x.gameId);
  for (const e of x.events) {
    prev = await chainLink(prev, e.version, e.type, e.schemaVersion, e.raw);
    if (e.chain === null || e.chain.toLowerCase() !== hex(prev))
      throw new Failed(`${e.where}: its chain is not SHA-256 of the previous link and its own bytes`);
  }
  if (x.chainHead === null || x.chainHead.toLowerCase() !== hex(prev))
    throw new Failed("chain_head is not the last event's chain");
  return `${x.events.length} links, head ${short(hex(prev))}`;
}

const sameCards = (a: readonly Card[], b: readonly Card[]): boolean =>
  a.length === b.length && a.every((c, i) => c === b[i]);

function counted(cards: readonly Card[]): Map<Card, number> {
  const counts = new Map<Card, number>();
  for (const c of cards) counts.set(c, (counts.get(c) ?? 0) + 1);
  return counts;
}

async function checkShuffles(x: Export): Promise<string> {
  const moves = movesOf(x);
  const deck = canonicalDeck(x.game, x.players, x.options);
  const shuffles = moves.flatMap((e, i) => (e.type === "DeckShuffled" ? [[i, e] as const] : []));
  const keyName = x.dealing === 1 ? "seed" : "deal key";
  const key = await hmacKey(x.key);
  let deals = 0;
  for (const [k, [i, e]] of shuffles.entries()) {
    const label = e.str("label");
    const source = e.cards("source");
    const order = e.cards("order");
    if (label !== `shuffle:${k}`) throw new Failed(`${e.where}: shuffle ${k} is labelled ${pyRepr(label)}`);
    if (!(e.int("size") === source.length && source.length === order.length))
      throw new Failed(`${e.where}: size, source and order disagree in length`);
    if (i + 1 < moves.length && moves[i + 1]?.type === "CardsDealt") {
      deals += 1;
      if (!sameCards(source, deck))
        throw new Failed(`${e.where}: ${label} is dealt but does not shuffle ${x.game}'s canonical deck`);
    } else if (!RESHUFFLING.includes(x.game)) {
      throw new Failed(`${e.where}: ${x.game} shuffles only to deal, and no deal follows ${label}`);
    } else {
      // Counter(source) - Counter(deck): the cards the source holds more of than the game has
      const have = counted(deck);
      const extra = [...counted(source)].flatMap(([card, n]) => {
        const over = n - (have.get(card) ?? 0);
        return over > 0 ? [`${pyRepr(card)}: ${over}`] : [];
      });
      if (extra.length > 0)
        throw new Failed(`${e.where}: ${label} reshuffles cards that are not ${x.game}'s: {${extra.join(", ")}}`);
    }
    if (!sameCards(await shuffle(key, label, source), order))
      throw new Failed(`${e.where}: its order is not what ${label} gives from the ${keyName}`);
  }
  return `${shuffles.length} shuffles from the ${keyName}: ${deals} deals, ${shuffles.length - deals} reshuffles`;
}

async function checkDeals(x: Export): Promise<string> {
  const moves = movesOf(x);
  let dealt = 0;
  for (const [i, e] of moves.entries()) {
    if (
      e.type === "DraftOpened" &&
      !sameCards(e.cards("pool"), canonicalDeck(x.game, x.players, { variant: "pro" }))
    )
      throw new Failed(`${e.where}: the draft's pool is not 1..${10 * x.players + 4}`);
    if (e.type !== "CardsDealt") continue;
    dealt += 1;
    const shuffled = moves[i - 1];
    if (shuffled === undefined || shuffled.type !== "DeckShuffled") throw new Failed(`${e.where}: it follows no shuffle`);
    const label = shuffled.str("label");
    const want = expectedDeal(x.game, x.players, x.options, shuffled.cards("order"), dealt);
    for (const [key, value] of want) {
      const got = e.data[key];
      if ((key === "hands" || key === "piles") && Array.isArray(got) && Array.isArray(value) && got.length === value.length) {
        got.forEach((mine, seat) => {
          if (!pyEquals(mine, value[seat])) throw new Failed(`${e.where} seat ${seat}'s ${key.slice(0, -1)} is not what ${label} deals`);
        });
      }
      if (!pyEquals(got, value)) throw new Failed(`${e.where} ${key} is not what ${label} deals`);
    }
    if (x.game === "le-baron") {
      const piles = (want.find(([key]) => key === "piles")?.[1] ?? []) as Card[][];
      for (const [seat, pile] of piles.entries()) {
        // each seat draws the top 4 of its pile
        const refill = moves[Math.min(i + 1 + seat, moves.length - 1)] as Event;
        if (refill.type !== "HandRefilled" || !pyEquals(refill.data["seat"], seat) || !sameCards(refill.cards("cards"), pile.slice(0, 4)))
          throw new Failed(`${refill.where}: seat ${seat} does not draw the top 4 of its pile after ${e.where}`);
      }
    }
  }
  if (dealt > 0) return `${dealt} deals follow from their shuffles`;
  if (x.game === "six-nimmt" && x.options["variant"] === "pro") return "no deal: a six-nimmt draft, its pool 1..10n+4";
  throw new Failed("no deal recorded");
}

function checkHead(x: Export, head: string): string {
  const seen = x.events.find((e) => e.chain !== null && e.chain.toLowerCase() === head.toLowerCase());
  if (seen === undefined)
    throw new Failed(`no event's chain is ${short(head)}: the history its holder saw is not a prefix of this file`);
  return `${short(head)} is the chain of ${seen.where}: the history it stands for is a prefix of this file`;
}

/** A chain head someone kept is 64 hex characters (the standalone verifier's `--head`). */
export function isHead(value: string): boolean {
  return /^[0-9a-fA-F]{64}$/.test(value);
}

/**
 * The checks of `tapis_verify.py FILE [--head HEX]`, in order, up to the first that fails.
 *
 * Throws Malformed for a text that is not a well-formed export, as the verifier exits 2; any other error from the
 * content (a shape no check expected) is reported by the caller as the verifier's "unexpected content".
 */
export async function verifyExport(text: string, head?: string | null): Promise<CheckResult[]> {
  const x = parseExport(text);
  const steps: [string, (x: Export) => Promise<string | null> | string][] = [
    ["format", checkFormat],
    ["commitment", checkCommitment],
    ["deal_key", checkDealKey],
    ["chain", checkChain],
    ["shuffles", checkShuffles],
    ["deals", checkDeals],
  ];
  if (head !== undefined && head !== null) steps.push(["head", (x) => checkHead(x, head)]);
  const results: CheckResult[] = [];
  for (const [name, step] of steps) {
    let detail: string | null;
    try {
      detail = await step(x);
    } catch (error) {
      if (error instanceof Failed) return [...results, { name, status: "FAILED", detail: error.message }];
      throw error;
    }
    results.push(
      detail !== null
        ? { name, status: "ok", detail }
        : { name, status: "n/a", detail: `does not apply: ${NOT_APPLYING[name] ?? ""}` },
    );
  }
  return results;
}

/** Decode a file's bytes as the verifier does: UTF-8 or refused (a byte order mark is kept, and refused by JSON). */
export function decodeFile(bytes: ArrayBuffer | Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    throw new Malformed("not JSON: not UTF-8 text");
  }
}
