// The shapes an export document is checked against (docs/export-format.md): the fields of the document and of an
// event's envelope by format version, the table's events field by field, the formats of ids, hashes and times.
// What does not fit is Malformed with its stable code (bad_shape, bad_event, bad_value).
import { t } from "../i18n";
import type { Event, JsonObject } from "./event";
import type { Json } from "./json";
import { Malformed } from "./malformed";

type Kind = "int" | "str" | "bool" | "list" | "dict" | "int?" | "str?" | "list<str>" | "list<int>" | "list<card>";

export function isKind(value: Json | undefined, kind: Kind): boolean {
  switch (kind) {
    case "int":
      return typeof value === "number"; // the strict reader gives integers only
    case "str":
      return typeof value === "string";
    case "bool":
      return typeof value === "boolean";
    case "list":
      return Array.isArray(value);
    case "dict":
      return typeof value === "object" && value !== null && !Array.isArray(value);
    case "int?":
      return value === null || typeof value === "number";
    case "str?":
      return value === null || typeof value === "string";
    case "list<str>":
      return Array.isArray(value) && value.every((v) => typeof v === "string");
    case "list<int>":
      return Array.isArray(value) && value.every((v) => typeof v === "number");
    case "list<card>":
      return Array.isArray(value) && value.every((v) => typeof v === "number" || typeof v === "string");
  }
}

export type Fields = Record<string, Kind>;

/** `obj` holds exactly `fields`, each of its kind; else bad_shape (a reader that skipped a field could be shown a
 * value the other readers do not see). */
export function shape(obj: JsonObject, where: string, fields: Fields): void {
  const unknown = Object.keys(obj).find((key) => !Object.hasOwn(fields, key));
  if (unknown !== undefined)
    throw new Malformed("bad_shape", t("mf.unknownField", { where, key: JSON.stringify(unknown.slice(0, 40)) }));
  for (const [key, kind] of Object.entries(fields)) {
    if (!Object.hasOwn(obj, key))
      throw new Malformed("bad_shape", t("mf.fieldMissing", { where, key: JSON.stringify(key) }));
    if (!isKind(obj[key], kind))
      throw new Malformed("bad_shape", t("mf.notKind", { where, key: JSON.stringify(key), kind }));
  }
}

export const isObject = (value: Json | undefined): value is JsonObject =>
  typeof value === "object" && value !== null && !Array.isArray(value);

// the document's fields by format version (docs/export-format.md): 2 added the protocol's, 3 the fairness level
export const DOCUMENT_1: Fields = {
  format: "str",
  format_version: "int",
  game_id: "str",
  game: "str",
  players: "int",
  options: "dict",
  created_at: "str",
  finished: "bool",
  seed: "str?",
  events: "list",
};
export const DOCUMENT_2: Fields = { ...DOCUMENT_1, dealing: "int", seed_source: "str", chain_head: "str?" };
export const DOCUMENT_3: Fields = { ...DOCUMENT_2, fairness: "str" };
export const ENVELOPE_1: Fields = {
  version: "int",
  type: "str",
  schema_version: "int",
  data: "dict",
  recorded_at: "str",
  metadata: "dict",
};
export const ENVELOPE_2: Fields = { ...ENVELOPE_1, chain: "str?" };

// The table's events (domain/kernel/events.py), every game's: [required, optional] fields besides `type`. A
// game's own events are known to its rules only; their fields are checked where a check reads them.
const TABLE_EVENTS: Record<string, [Fields, Fields]> = {
  GameCreated: [
    { game: "str", game_id: "str", players: "int", options: "dict", seed_commitment: "str" },
    { turn_seconds: "int?", dealing: "int", seed_source: "str", private: "bool", rules: "int", bot_budget: "int?" },
  ],
  PlayerJoined: [
    { seat: "int", name: "str" },
    { bot: "str?", entropy: "str" },
  ],
  GameStarted: [{}, { entropy: "list<str>", withheld: "list<int>" }],
  EntropyCommitted: [{ seat: "int", commitment: "str" }, {}],
  EntropyRevealed: [{ seat: "int", entropy: "str" }, {}],
  CommandAccepted: [{ by: "str", command: "dict" }, {}],
  DeckShuffled: [
    { label: "str", size: "int" },
    { source: "list<card>", order: "list<card>" },
  ],
  GameEnded: [{ seed: "str", scores: "list<int>", winners: "list<int>" }, {}],
  PlayerLeft: [{ seat: "int" }, {}],
  SeatForfeited: [{ seat: "int" }, {}],
  BotTookOver: [{ seat: "int", bot: "str" }, {}],
  TurnTimedOut: [{ seat: "int", bot: "str" }, {}],
  RematchCreated: [{ game_id: "str" }, {}],
  LobbyExpired: [{}, {}],
};
export const HEX64 = /^[0-9a-f]{64}$/;
export const BOT_BUDGETS = [1, 10_000] as const; // GameCreated.bot_budget, in thousandths of the expert bots' default work
export const GAME_ID = /^[0-9a-f]{16}$/; // `secrets.token_hex(8)`, as the server gives ids
const STAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/; // format 3, as dealing 3's chain hashes it
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/; // formats 1 and 2

export function value(ok: boolean, message: string): void {
  if (!ok) throw new Malformed("bad_value", message);
}

export const timeFormat = (formatVersion: number): string => (formatVersion >= 3 ? "YYYY-MM-DDTHH:MM:SS.ffffffZ" : "RFC 3339");

/** A time in its format's writing (format 3: as dealing 3's chain hashes it) that names a real moment. */
export function isTime(text: string, formatVersion: number): boolean {
  if (!(formatVersion >= 3 ? STAMP : RFC3339).test(text)) return false;
  const [y, mo, d, h, mi, s] = [0, 5, 8, 11, 14, 17].map((at) =>
    Number(text.slice(at, at + (at === 0 ? 4 : 2))),
  ) as number[];
  const days = new Date(Date.UTC(y as number, mo as number, 0)).getUTCDate(); // the month's length
  const offset = /([+-])(\d{2}):(\d{2})$/.exec(text);
  const offsetOk = offset === null || (Number(offset[2]) < 24 && Number(offset[3]) < 60);
  return (
    (mo as number) >= 1 &&
    (mo as number) <= 12 &&
    (d as number) >= 1 &&
    (d as number) <= days &&
    (h as number) < 24 &&
    (mi as number) < 60 &&
    (s as number) < 60 &&
    offsetOk
  );
}

/** The event's data is of its type: the table's events field by field, and in dealing 3 nothing else either. */
export function eventShape(e: Event, dealing: number): void {
  if (e.data["type"] !== e.type)
    throw new Malformed("bad_event", t("mf.dataType", { where: e.where, type: JSON.stringify(e.data["type"] ?? null) }));
  const known = TABLE_EVENTS[e.type];
  if (known === undefined) return;
  const [required, optional] = known;
  for (const [key, kind] of Object.entries({ ...required, ...optional })) {
    if ((Object.hasOwn(required, key) || e.has(key)) && !isKind(e.data[key], kind))
      throw new Malformed("bad_event", t("mf.missingOrNot", { where: e.where, key: JSON.stringify(key), kind }));
  }
  const unknown = Object.keys(e.data).find(
    (key) => key !== "type" && !Object.hasOwn(required, key) && !Object.hasOwn(optional, key),
  );
  if (dealing >= 3 && unknown !== undefined)
    throw new Malformed(
      "bad_event",
      t("mf.neverHas", { where: e.where, key: JSON.stringify(unknown.slice(0, 40)), type: e.type }),
    );
}
