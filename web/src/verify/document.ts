// An export document read as every verifier reads it (docs/fair-play.md, "The export a verifier reads"): the strict
// JSON of json.ts, then every field of the document and of each event present, known and of its type, the versions
// known, the values in their formats, the events numbered 1..n and agreeing with the document. What fails is
// Malformed with its stable code, and nothing is checked: the checks (checks.ts) may then trust the shape. The
// shapes themselves are shape.ts, an event event.ts.

import { t } from "../i18n";
import { GAMES, PLAYERS } from "./games";
import { canonical } from "./jcs";
import { Event, type JsonObject } from "./event";
import { parseStrict, type Json } from "./json";
import { Malformed } from "./malformed";
import {
  BOT_BUDGETS,
  DOCUMENT_1,
  DOCUMENT_2,
  DOCUMENT_3,
  ENVELOPE_1,
  ENVELOPE_2,
  eventShape,
  GAME_ID,
  HEX64,
  isObject,
  isTime,
  shape,
  timeFormat,
  value,
} from "./shape";

export { Event, type JsonObject } from "./event";

export const FORMAT = "tapis-export";
export const FORMAT_VERSIONS: readonly number[] = [1, 2, 3];
export const DEALINGS: readonly number[] = [1, 2, 3];
export const SCHEMA_VERSIONS: readonly number[] = [1]; // no event has been upcast yet (domain/kernel/versioned.py)
export const FAIRNESS = ["committed", "open", "server", "client", "pending"] as const;
export type Fairness = (typeof FAIRNESS)[number];

export interface ExportDocument {
  formatVersion: number;
  gameId: string;
  game: string;
  players: number;
  options: JsonObject;
  createdAt: string;
  seed: string;
  dealing: number;
  seedSource: string;
  chainHead: string | null;
  /** The level the events give: what every verifier reports. */
  fairness: Fairness;
  /** What a format-3 document says of itself (not trusted: the page names a claim the events do not bear out). */
  claimedFairness: string | null;
  events: Event[];
}

/** The export in `text`, every field checked; Malformed naming the first problem, in the order the standalone
 * verifier finds them (so that a file with two problems gets the same code from both). */
export function readExport(text: string): ExportDocument {
  const parsed = parseStrict(text);
  const top = parsed.value;
  if (!isObject(top) || top["format"] !== FORMAT)
    throw new Malformed("bad_shape", t("mf.format", { format: FORMAT }));
  const formatVersion = top["format_version"];
  if (typeof formatVersion !== "number")
    throw new Malformed("bad_shape", t("mf.formatVersion"));
  if (!FORMAT_VERSIONS.includes(formatVersion))
    throw new Malformed("unknown_version", t("mf.formatVersionUnknown", { version: formatVersion }));
  shape(top, t("mf.document"), formatVersion === 1 ? DOCUMENT_1 : formatVersion === 2 ? DOCUMENT_2 : DOCUMENT_3);
  const dealing = (top["dealing"] ?? 1) as number;
  if (!DEALINGS.includes(dealing))
    throw new Malformed("unknown_version", t("mf.dealingUnknown", { dealing }));
  const game = top["game"] as string;
  const players = top["players"] as number;
  const range = PLAYERS[game];
  if (!(GAMES as readonly string[]).includes(game) || range === undefined)
    throw new Malformed(
      "unknown_game",
      t("mf.gameUnknown", { game: JSON.stringify(game.slice(0, 40)), games: GAMES.join(", ") }),
    );
  if (players < range[0] || players > range[1])
    throw new Malformed("unknown_game", t("mf.players", { game, min: range[0], max: range[1], players }));

  const gameId = top["game_id"] as string;
  const seed = top["seed"] as string | null;
  const chainHead = (top["chain_head"] ?? null) as string | null;
  const seedSource = (top["seed_source"] ?? "server") as string;
  const fairness = (top["fairness"] ?? null) as string | null;
  value(GAME_ID.test(gameId), t("mf.gameId"));
  value(seed === null || HEX64.test(seed), t("mf.seed"));
  value(chainHead === null || HEX64.test(chainHead), t("mf.chainHead"));
  // RFC 3339 in every format: no chain hashes it (format 3 writes only the events' times as the chain does)
  value(isTime(top["created_at"] as string, 2), t("mf.createdAt"));
  value(
    seedSource === "server" || seedSource === "client",
    t("mf.seedSource", { source: JSON.stringify(seedSource) }),
  );
  value(
    fairness === null || (FAIRNESS as readonly string[]).includes(fairness),
    t("mf.fairness", { fairness: JSON.stringify(fairness) }),
  );
  if (!(top["finished"] as boolean) || seed === null)
    throw new Malformed(
      "not_finished",
      t("mf.notFinished"),
    );

  const events = readEvents(top["events"] as Json[], formatVersion, parsed.keyOrder);
  const created = events[0] as Event;
  for (const e of events) eventShape(e, dealing); // the document's dealing: GameCreated's must agree with it below
  if (created.type !== "GameCreated")
    throw new Malformed("bad_event", t("mf.firstEvent", { type: created.type }));
  const createdDealing = (created.data["dealing"] ?? 1) as number;
  if (!DEALINGS.includes(createdDealing))
    throw new Malformed("unknown_version", t("mf.createdDealing", { dealing: createdDealing }));
  // this verifier replays no bot, but the others do, with this budget: they refuse one out of bounds, and so does it
  const budget = created.data["bot_budget"];
  if (typeof budget === "number")
    value(
      budget >= BOT_BUDGETS[0] && budget <= BOT_BUDGETS[1],
      t("mf.budget", { budget }),
    );
  for (const e of events) {
    if (e.type === "GameEnded") value(HEX64.test(e.str("seed")), t("mf.eventSeed", { where: e.where }));
  }

  const agreeing: [string, Json | undefined, Json][] = [
    ["game_id", gameId, created.data["game_id"] as Json],
    ["game", game, created.data["game"] as Json],
    ["players", players, created.data["players"] as Json],
    ["options", top["options"] as Json, created.data["options"] as Json],
    ["dealing", top["dealing"], (created.data["dealing"] ?? 1) as Json],
    ["seed_source", top["seed_source"], (created.data["seed_source"] ?? "server") as Json],
  ];
  for (const [key, mine, theirs] of agreeing) {
    // canonical forms compared: `true` is not `1` (which Python's == would take it for)
    if (mine !== undefined && canonical(mine) !== canonical(theirs))
      throw new Malformed("document_mismatch", t("mf.mismatch", { key }));
  }
  const last = events[events.length - 1] as Event;
  if (formatVersion >= 2 && chainHead !== last.chain)
    throw new Malformed("document_mismatch", t("mf.headNotLast"));
  const ended = events.filter((e) => e.type === "GameEnded");
  if (ended.length === 0) throw new Malformed("not_finished", t("mf.noEnd"));
  if ((ended[ended.length - 1] as Event).str("seed") !== seed)
    throw new Malformed("document_mismatch", t("mf.seedNotEnd"));
  if (createdDealing >= 3 && formatVersion < 3)
    throw new Malformed(
      "document_mismatch",
      t("mf.format3"),
    );

  return {
    formatVersion,
    gameId,
    game,
    players,
    options: top["options"] as JsonObject,
    createdAt: top["created_at"] as string,
    seed,
    dealing: createdDealing,
    seedSource,
    chainHead,
    fairness: fairnessOf(events, created),
    claimedFairness: fairness,
    events,
  };
}

function readEvents(items: Json[], formatVersion: number, keyOrder: WeakMap<object, readonly string[]>): Event[] {
  const envelope = formatVersion === 1 ? ENVELOPE_1 : ENVELOPE_2;
  const events = items.map((env, i) => {
    const where = `events[${i}]`;
    if (!isObject(env)) throw new Malformed("bad_shape", t("mf.notObject", { where }));
    shape(env, where, envelope);
    const schemaVersion = env["schema_version"] as number;
    if (!SCHEMA_VERSIONS.includes(schemaVersion))
      throw new Malformed(
        "unknown_version",
        t("mf.schema", { where, version: schemaVersion }),
      );
    const chain = (env["chain"] ?? null) as string | null;
    value(chain === null || HEX64.test(chain), t("mf.eventChain", { where }));
    const recordedAt = env["recorded_at"] as string;
    value(isTime(recordedAt, formatVersion), t("mf.recordedAt", { where, format: timeFormat(formatVersion) }));
    const data = env["data"] as JsonObject;
    const metadata = env["metadata"] as JsonObject;
    return new Event(
      env["version"] as number,
      env["type"] as string,
      schemaVersion,
      data,
      recordedAt,
      metadata,
      chain,
      keyOrder,
    );
  });
  if (events.length === 0 || events.some((e, i) => e.version !== i + 1))
    throw new Malformed("numbering", t("mf.numbering"));
  return events;
}

/** Each seat as the start found it (PlayerJoined, PlayerLeft, and dealing 3's commitments and reveals). */
export function seatsAtStart(events: readonly Event[]): Map<number, Seat> {
  const seats = new Map<number, Seat>();
  for (const e of events) {
    if (e.type === "GameStarted") break;
    const seat = e.data["seat"];
    if (typeof seat !== "number") continue;
    if (e.type === "PlayerJoined") {
      const bot = e.data["bot"];
      const entropy = e.data["entropy"];
      seats.set(seat, {
        bot: bot !== undefined && bot !== null,
        entropy: typeof entropy === "string" ? entropy : "",
        commitment: "",
      });
    } else if (e.type === "PlayerLeft") {
      seats.delete(seat);
    } else if (e.type === "EntropyCommitted") {
      const held = seats.get(seat);
      if (held !== undefined) held.commitment = e.str("commitment");
    } else if (e.type === "EntropyRevealed") {
      const held = seats.get(seat);
      if (held !== undefined) held.entropy = e.str("entropy");
    }
  }
  return seats;
}

export interface Seat {
  bot: boolean;
  entropy: string; // public (dealing 2) or revealed (dealing 3); "" for none
  commitment: string;
}

/** Who could have chosen or foreseen the deal (docs/fair-play.md), from the seats as the start found them. */
function fairnessOf(events: readonly Event[], created: Event): Fairness {
  if (!events.some((e) => e.type === "GameStarted")) return "pending";
  if ((created.data["seed_source"] ?? "server") !== "server") return "client";
  const dealing = (created.data["dealing"] ?? 1) as number;
  const people = [...seatsAtStart(events).values()].filter((s) => !s.bot);
  if (dealing >= 3 && people.some((s) => s.commitment !== "" && s.entropy !== "")) return "committed";
  if (dealing >= 2 && people.some((s) => s.entropy !== "")) return "open";
  return "server";
}
