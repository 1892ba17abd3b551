// The checks of docs/fair-play.md on a well-formed export (document.ts read it), in the order every verifier runs
// them, stopping at the first failure: its name is the verdict's stable code. Nothing here asks the server anything:
// the audit page proves a file with WebCrypto and the public algorithms alone.
//
// What needs the game's rules (each recorded command decided again, each bot's move made again, the scores) is the
// server's re-execution (`GET /v1/games/{id}/audit`, `tapis verify FILE`): SERVER_ONLY, reported as not run here.

import { t } from "../i18n";
import {
  chainKey,
  chainLink,
  chainStart,
  commitment,
  dealKey,
  entropyCommitment,
  hex,
  hmacKey,
  keyedLink,
  keyedStart,
  shuffle,
  type Bytes,
} from "./dealing";
import { Event, readExport, seatsAtStart, type ExportDocument, type Fairness } from "./document";
import { RESHUFFLING, canonicalDeck, expectedDeal, type Card } from "./games";
import { canonical } from "./jcs";
import type { Json } from "./json";
import { Malformed } from "./malformed";
import { pyEquals, pyRepr } from "./python";

/** A check failed (exit 1): the message says why. */
class Failed extends Error {}

/** ok; n/a (not in this protocol version); partial (re_execution: the deals only); not_run (needs the rules); failed */
export type Status = "ok" | "n/a" | "partial" | "not_run" | "failed";
export interface CheckResult {
  name: string;
  status: Status;
  detail: string;
}

/** The checks every verifier runs, in order (docs/fair-play.md); `head` only with a head someone kept. */
export const CHECK_NAMES = [
  "protocol",
  "commitment",
  "reveals",
  "deal_key",
  "chain",
  "shuffles",
  "re_execution",
  "bot_moves",
  "scores",
  "head",
] as const;

/** What re-running the game's rules adds, which this verifier (like the standalone one) does not know. */
export const SERVER_ONLY: readonly CheckResult[] = [
  {
    name: "re_execution",
    status: "partial",
    get detail() {
      return t("vf.so.re_execution");
    },
  },
  {
    name: "bot_moves",
    status: "not_run",
    get detail() {
      return t("vf.so.bot_moves");
    },
  },
  {
    name: "scores",
    status: "not_run",
    get detail() {
      return t("vf.so.scores");
    },
  },
];

export interface Report {
  document: ExportDocument;
  /** Every check in order, up to the first failure. */
  checks: CheckResult[];
  /** Who could have chosen or foreseen the deal, from the events. */
  fairness: Fairness;
  /** Every check run here passed and the level is `committed`. */
  fair: boolean;
  verdict: "ok" | "failed";
  /** The first failed check's name, or "ok" (as every verifier says it). */
  code: string;
}

/** What the checks learn on the way: each builds on the ones before (the seed, then the key, then the shuffles). */
interface Work {
  x: ExportDocument;
  seed: Bytes;
  key: Bytes; // what every shuffle is keyed by
}
type Done = [Status, string]; // a check's status and detail; a failure throws Failed

const short = (text: string): string => `${text.slice(0, 16)}...`;
/** The events but the recorded commands (dealing 2 and 3), among which a deal's neighbours are looked up. */
const movesOf = (x: ExportDocument): Event[] => x.events.filter((e) => e.type !== "CommandAccepted");

function fromHex(text: string): Bytes {
  return Uint8Array.from(text.match(/../g) ?? [], (pair) => parseInt(pair, 16));
}

// --- the checks, in order: each returns its detail, or null when it does not apply, or throws Failed ------------

/** The stream has exactly the shape its dealing version wrote: a file that claims an older protocol to skip a check
 * (a downgrade) fails here. */
function checkProtocol(w: Work): Done {
  const { x } = w;
  const created = x.events[0] as Event;
  const chained = x.events.find((e) => e.chain !== null);
  const unchained = x.events.find((e) => e.chain === null);
  const committing = x.events.find((e) => e.type === "EntropyCommitted" || e.type === "EntropyRevealed");
  const withheld = x.events.find((e) => e.type === "GameStarted" && e.has("withheld") && e.list("withheld").length > 0);
  const budget = created.data["bot_budget"];
  if (x.dealing === 1) {
    if (chained !== undefined) throw new Failed(t("vf.p.linked1", { where: chained.where }));
    if (x.events.some((e) => e.type === "CommandAccepted")) throw new Failed(t("vf.p.commands1"));
  } else if (unchained !== undefined) {
    throw new Failed(t("vf.p.unlinked", { where: unchained.where, dealing: x.dealing }));
  }
  if (x.dealing < 3) {
    if (committing !== undefined)
      throw new Failed(t("vf.p.noCommitments", { dealing: x.dealing, type: committing.type }));
    if (withheld !== undefined || (budget !== undefined && budget !== null))
      throw new Failed(t("vf.p.noBudget", { dealing: x.dealing }));
  } else if (typeof budget !== "number") {
    throw new Failed(t("vf.p.budget3"));
  }
  return ["ok", t("vf.p.ok", { dealing: x.dealing, format: x.formatVersion, game: x.game })];
}

async function checkCommitment(w: Work): Promise<Done> {
  const { x } = w;
  const created = x.events[0] as Event;
  const published = created.str("seed_commitment");
  if ((await commitment(x.dealing, x.gameId, w.seed)) !== published) {
    const formula = x.dealing === 1 ? "sha256(seed)" : `SHA-256("tapis-commit-v${x.dealing}:" + game_id + ":" || seed)`;
    throw new Failed(t("vf.c.bad", { formula, published: short(published) }));
  }
  const chosen = x.seedSource !== "server" ? t("vf.c.chosen") : "";
  return ["ok", t("vf.c.ok", { dealing: x.dealing, chosen })];
}

/** Dealing 3: each reveal opens the commitment its seat made (and still held) before it. */
async function checkReveals(w: Work): Promise<Done> {
  const { x } = w;
  if (x.dealing < 3) return ["n/a", t("vf.r.na", { dealing: x.dealing })];
  const commitments = new Map<number, string>();
  let revealed = 0;
  for (const e of x.events) {
    if (e.type === "GameStarted") break;
    if (e.type === "EntropyCommitted") commitments.set(e.int("seat"), e.str("commitment"));
    else if (e.type === "PlayerLeft") commitments.delete(e.int("seat"));
    else if (e.type === "EntropyRevealed") {
      const seat = e.int("seat");
      if ((await entropyCommitment(x.gameId, e.str("entropy"))) !== commitments.get(seat))
        throw new Failed(t("vf.r.bad", { where: e.where, seat }));
      revealed += 1;
    }
  }
  return ["ok", t("vf.r.ok", { commitments: commitments.size, revealed })];
}

const printable = (s: Json): boolean =>
  typeof s === "string" && [...s].length <= 64 && [...s].every((c) => c >= " " && c <= "~");

/** The entropies GameStarted fixed are those the seats joined with or revealed, and the key derives from them. */
async function checkDealKey(w: Work): Promise<Done> {
  const { x } = w;
  w.key = w.seed;
  if (x.dealing === 1) return ["n/a", t("vf.k.na")];
  const started = x.events.find((e) => e.type === "GameStarted");
  if (started === undefined) throw new Failed(t("vf.k.noStart"));
  const seats = seatsAtStart(x.events);
  const entropy = started.list("entropy");
  const atStart: Json[] = Array.from({ length: x.players }, (_, seat) => seats.get(seat)?.entropy ?? null);
  if (canonical(entropy) !== canonical(atStart))
    throw new Failed(t("vf.k.notSeats", { where: started.where }));
  if (!entropy.every(printable)) throw new Failed(t("vf.k.notPrintable", { where: started.where }));
  w.key = await dealKey(x.gameId, w.seed, entropy as string[], x.dealing);
  const given = entropy.filter((e) => e !== "").length;
  return ["ok", t("vf.k.ok", { dealing: x.dealing, seats: entropy.length, given, key: short(hex(w.key)) })];
}

async function checkChain(w: Work): Promise<Done> {
  const { x } = w;
  if (x.dealing === 1) return ["n/a", t("vf.h.na")]; // and the protocol check saw no link
  let prev: Bytes;
  if (x.dealing === 2) {
    prev = await chainStart(x.gameId);
    for (const e of x.events) {
      prev = await chainLink(prev, e.version, e.type, e.schemaVersion, e.compact);
      if (e.chain !== hex(prev))
        throw new Failed(t("vf.h.link2", { where: e.where }));
    }
  } else {
    const key = await chainKey(x.gameId, w.seed);
    prev = await keyedStart(key, x.gameId);
    for (const e of x.events) {
      const linked = { version: e.version, type: e.type, schema_version: e.schemaVersion, data: e.data };
      prev = await keyedLink(key, prev, { ...linked, metadata: e.metadata, recorded_at: e.recordedAt });
      if (e.chain !== hex(prev))
        throw new Failed(t("vf.h.link3", { where: e.where }));
    }
  }
  if (x.chainHead !== hex(prev)) throw new Failed(t("vf.h.head"));
  const keyed = t(x.dealing >= 3 ? "vf.h.keyed" : "vf.h.unkeyed");
  return ["ok", t("vf.h.ok", { links: x.events.length, keyed, head: short(hex(prev)) })];
}

const sameCards = (a: readonly Card[], b: readonly Card[]): boolean =>
  a.length === b.length && a.every((c, i) => c === b[i]);

function counted(cards: readonly Card[]): Map<Card, number> {
  const counts = new Map<Card, number>();
  for (const c of cards) counts.set(c, (counts.get(c) ?? 0) + 1);
  return counts;
}

/** Every shuffle follows from the key, from the game's canonical deck where it deals. */
async function checkShuffles(w: Work): Promise<Done> {
  const { x } = w;
  const moves = movesOf(x);
  const deck = canonicalDeck(x.game, x.players, x.options);
  const shuffles = moves.flatMap((e, i) => (e.type === "DeckShuffled" ? [[i, e] as const] : []));
  const keyName = t(x.dealing === 1 ? "vf.s.seed" : "vf.s.key");
  const key = await hmacKey(w.key);
  let deals = 0;
  for (const [k, [i, e]] of shuffles.entries()) {
    const label = e.str("label");
    const source = e.cards("source");
    const order = e.cards("order");
    if (label !== `shuffle:${k}`) throw new Failed(t("vf.s.label", { where: e.where, index: k, label: pyRepr(label) }));
    if (!(e.int("size") === source.length && source.length === order.length))
      throw new Failed(t("vf.s.sizes", { where: e.where }));
    if (i + 1 < moves.length && moves[i + 1]?.type === "CardsDealt") {
      deals += 1;
      if (!sameCards(source, deck))
        throw new Failed(t("vf.s.notDeck", { where: e.where, label, game: x.game }));
    } else if (!RESHUFFLING.includes(x.game)) {
      throw new Failed(t("vf.s.noDeal", { where: e.where, game: x.game, label }));
    } else {
      // Counter(source) - Counter(deck): the cards the source holds more of than the game has
      const have = counted(deck);
      const extra = [...counted(source)].flatMap(([card, n]) => {
        const over = n - (have.get(card) ?? 0);
        return over > 0 ? [`${pyRepr(card)}: ${over}`] : [];
      });
      if (extra.length > 0)
        throw new Failed(t("vf.s.extra", { where: e.where, label, game: x.game, extra: `{${extra.join(", ")}}` }));
    }
    if (!sameCards(await shuffle(key, label, source), order))
      throw new Failed(t("vf.s.order", { where: e.where, label, key: keyName }));
  }
  return ["ok", t("vf.s.ok", { shuffles: shuffles.length, key: keyName, deals, reshuffles: shuffles.length - deals })];
}

/** The part of re_execution that needs no rules: each deal is what the public algorithm deals from the shuffle
 * before it (docs/fair-dealing.md, "Canonical orders and deals"); the moves between deals are not decided again. */
function checkDeals(w: Work): Done {
  const { x } = w;
  const moves = movesOf(x);
  let dealt = 0;
  for (const [i, e] of moves.entries()) {
    if (e.type === "DraftOpened" && !sameCards(e.cards("pool"), canonicalDeck(x.game, x.players, { variant: "pro" })))
      throw new Failed(t("vf.d.pool", { where: e.where, size: 10 * x.players + 4 }));
    if (e.type !== "CardsDealt") continue;
    dealt += 1;
    const shuffled = moves[i - 1];
    if (shuffled === undefined || shuffled.type !== "DeckShuffled")
      throw new Failed(t("vf.d.noShuffle", { where: e.where }));
    const label = shuffled.str("label");
    const want = expectedDeal(x.game, x.players, x.options, shuffled.cards("order"), dealt);
    for (const [key, value] of want) {
      const got = e.data[key];
      if (
        (key === "hands" || key === "piles") &&
        Array.isArray(got) &&
        Array.isArray(value) &&
        got.length === value.length
      ) {
        got.forEach((mine, seat) => {
          if (!pyEquals(mine, value[seat]))
            throw new Failed(t("vf.d.seat", { where: e.where, seat, what: key.slice(0, -1), label }));
        });
      }
      if (!pyEquals(got, value)) throw new Failed(t("vf.d.field", { where: e.where, what: key, label }));
    }
    if (x.game === "le-baron") {
      const piles = (want.find(([key]) => key === "piles")?.[1] ?? []) as Card[][];
      for (const [seat, pile] of piles.entries()) {
        // each seat draws the top 4 of its pile
        const refill = moves[Math.min(i + 1 + seat, moves.length - 1)] as Event;
        if (
          refill.type !== "HandRefilled" ||
          !pyEquals(refill.data["seat"], seat) ||
          !sameCards(refill.cards("cards"), pile.slice(0, 4))
        )
          throw new Failed(t("vf.d.refill", { where: refill.where, seat, after: e.where }));
      }
    }
  }
  const rest = t("vf.d.rest");
  if (dealt > 0) return ["partial", t("vf.d.ok", { deals: dealt, rest })];
  if (x.game === "six-nimmt" && x.options["variant"] === "pro") return ["partial", t("vf.d.draft", { rest })];
  throw new Failed(t("vf.d.none"));
}

function checkBotMoves(w: Work): Done {
  if (w.x.dealing < 3) return ["n/a", t("vf.b.na")];
  return ["not_run", t("vf.b.rules")];
}

function checkScores(): Done {
  return ["not_run", t("vf.sc.rules")];
}

function checkHead(w: Work, head: string): Done {
  const seen = w.x.events.find((e) => e.chain !== null && e.chain === head.toLowerCase());
  if (seen === undefined)
    throw new Failed(t("vf.hd.bad", { head: short(head) }));
  return ["ok", t("vf.hd.ok", { head: short(head), where: seen.where })];
}

/** A chain head someone kept is 64 hex characters (the verifiers' `--head`). */
export function isHead(value: string): boolean {
  return /^[0-9a-fA-F]{64}$/.test(value);
}

/**
 * The checks of docs/fair-play.md, in order, up to the first that fails; those that need the rules are reported as
 * partial or not run.
 *
 * Throws Malformed (with its code) for a text that is not a well-formed export, as the verifiers exit 2: also when a
 * check finds a field it reads missing or of another kind (bad_event), or a string with no UTF-8 form (not_json).
 */
export async function verifyExport(text: string, head?: string | null): Promise<Report> {
  const x = readExport(text);
  const w: Work = { x, seed: fromHex(x.seed), key: new Uint8Array(0) };
  const steps: [string, (w: Work) => Promise<Done> | Done][] = [
    ["protocol", checkProtocol],
    ["commitment", checkCommitment],
    ["reveals", checkReveals],
    ["deal_key", checkDealKey],
    ["chain", checkChain],
    ["shuffles", checkShuffles],
    ["re_execution", checkDeals],
    ["bot_moves", checkBotMoves],
    ["scores", checkScores],
  ];
  if (head !== undefined && head !== null) steps.push(["head", (w) => checkHead(w, head)]);
  const checks: CheckResult[] = [];
  for (const [name, step] of steps) {
    try {
      const [status, detail] = await step(w);
      checks.push({ name, status, detail });
    } catch (error) {
      if (!(error instanceof Failed)) throw error;
      checks.push({ name, status: "failed", detail: error.message });
      return { document: x, checks, fairness: x.fairness, fair: false, verdict: "failed", code: name };
    }
  }
  return { document: x, checks, fairness: x.fairness, fair: x.fairness === "committed", verdict: "ok", code: "ok" };
}

export { Malformed };
