// Each game's score sheet as data, built from the game's events as the API gives them to this viewer (GET /events):
// a row per round with each seat's points (six-nimmt's heads, le-baron's points, daron's winner and every hand as the
// round ended, barbu's contract and who chose it), the totals after the last round, and barbu's grid of the
// contracts each player has chosen. Bohnanza has no rounds: its sheet is the harvests and the coins each brought.
import type { Schemas } from "../api/client";
import { t, tryT } from "../i18n";

type EventOut = Schemas["EventOut"];

export interface SheetRow {
  round: number;
  /** text cells between the round and the points (barbu: who chose, the contract) */
  extra: string[];
  /** each seat's points in this round; null where the seat has nothing to show (a harvest by another) */
  points: (number | null)[];
  /** a line under a seat's points (daron: the hand it held as the round ended) */
  notes?: (string | null)[];
  /** a line about the whole round (daron: who went out, or a blocked round) */
  remark?: string;
}

export interface ContractGrid {
  contracts: string[];
  /** [seat][contract]: the round in which the seat chose it, or null */
  rounds: (number | null)[][];
}

export interface SheetModel {
  kind: "rounds" | "harvests";
  extraHeads: string[];
  rows: SheetRow[];
  /** the totals after the last row (the API's totals when its events carry them) */
  totals: number[] | null;
  grid?: ContractGrid;
}

const BARBU_CONTRACTS = ["king_of_hearts", "queens", "hearts", "tricks", "last_trick", "salad", "reussite"];

const numbers = (value: unknown): number[] => (Array.isArray(value) ? value.map((item) => Number(item)) : []);

/** Six-nimmt: the heads each player took in each round. */
function sixNimmt(events: EventOut[]): SheetModel {
  const ends = events.filter((event) => event.type === "RoundEnded");
  const rows = ends.map((event) => ({ round: Number(event.data["round"]), extra: [], points: numbers(event.data["heads"]) }));
  const last = ends[ends.length - 1];
  return { kind: "rounds", extraHeads: [], rows, totals: last ? numbers(last.data["totals"]) : null };
}

/** Le-baron: each round's points, as the totals moved (the positive variant's cards left count against). */
function leBaron(events: EventOut[], players: number): SheetModel {
  let before = new Array<number>(players).fill(0);
  const rows: SheetRow[] = [];
  for (const event of events.filter((event) => event.type === "RoundEnded")) {
    const totals = numbers(event.data["totals"]);
    rows.push({ round: Number(event.data["round"]), extra: [], points: totals.map((total, seat) => total - (before[seat] ?? 0)) });
    before = totals;
  }
  return { kind: "rounds", extraHeads: [], rows, totals: rows.length ? before : null };
}

function daronFace(code: string): string {
  if (code === "x2") return "×2";
  return tryT(`dr.face.${code}`) ?? code;
}

/** Daron: the round's winner scores, nobody else; every hand as the round ended (it reaches clients only here). */
function daron(events: EventOut[], names: string[]): SheetModel {
  const rows: SheetRow[] = [];
  let totals: number[] | null = null;
  for (const event of events) {
    if (event.type !== "RoundWon" && event.type !== "RoundBlocked") continue;
    totals = numbers(event.data["totals"]);
    const hands = (Array.isArray(event.data["hands"]) ? event.data["hands"] : []) as string[][];
    const handPoints = numbers(event.data["hand_points"]);
    const notes = totals.map((_, seat) => {
      const hand = hands[seat];
      if (!hand) return null;
      if (hand.length === 0) return t("sheet.handEmpty");
      const cards = hand.map(daronFace).join(" ");
      const points = handPoints[seat];
      return points === undefined ? cards : t("sheet.hand", { cards, points: t("sheet.points", { count: points }) });
    });
    if (event.type === "RoundWon") {
      const winner = Number(event.data["seat"]);
      const points = totals.map((_, seat) => (seat === winner ? Number(event.data["points"]) : 0));
      const remark = t("sheet.wonBy", { name: names[winner] ?? String(winner + 1) });
      rows.push({ round: Number(event.data["round"]), extra: [], points, notes, remark });
    } else {
      const points = totals.map(() => 0);
      rows.push({ round: Number(event.data["round"]), extra: [], points, notes, remark: t("sheet.blocked") });
    }
  }
  return { kind: "rounds", extraHeads: [], rows, totals };
}

/** Barbu: each round's contract, who chose it and everyone's points; the grid of contracts chosen per player. */
function barbu(events: EventOut[], names: string[], players: number): SheetModel {
  const created = events.find((event) => event.type === "GameCreated");
  const options = (created?.data["options"] ?? {}) as { contracts?: unknown };
  const chosenList = Array.isArray(options.contracts) ? options.contracts.map(String) : BARBU_CONTRACTS;
  const contracts = BARBU_CONTRACTS.filter((contract) => chosenList.includes(contract));
  const chooser = new Map<number, number>();
  for (const event of events.filter((event) => event.type === "ContractChosen")) chooser.set(Number(event.data["round"]), Number(event.data["seat"]));
  const rounds: (number | null)[][] = Array.from({ length: players }, () => contracts.map(() => null));
  const rows: SheetRow[] = [];
  let totals: number[] | null = null;
  for (const event of events.filter((event) => event.type === "RoundScored")) {
    const round = Number(event.data["round"]);
    const contract = String(event.data["contract"]);
    const seat = chooser.get(round);
    totals = numbers(event.data["totals"]);
    const column = contracts.indexOf(contract);
    if (seat !== undefined && column >= 0) {
      const line = rounds[seat];
      if (line) line[column] = round;
    }
    rows.push({
      round,
      extra: [seat === undefined ? "" : (names[seat] ?? String(seat + 1)), tryT(`bb.c.${contract}`) ?? contract],
      points: numbers(event.data["points"]),
    });
  }
  return {
    kind: "rounds",
    extraHeads: [t("sheet.dealer"), t("sheet.contract")],
    rows,
    totals,
    grid: { contracts, rounds },
  };
}

/** Bohnanza: no rounds; each harvest and the coins it brought its harvester, each third field and what it cost. */
function bohnanza(events: EventOut[], players: number): SheetModel {
  const rows: SheetRow[] = [];
  const totals = new Array<number>(players).fill(0);
  const row = (seat: number, coins: number, what: string): void => {
    totals[seat] = (totals[seat] ?? 0) + coins;
    rows.push({ round: rows.length + 1, extra: [what], points: totals.map((_, index) => (index === seat ? coins : null)) });
  };
  for (const event of events) {
    const seat = Number(event.data["seat"]);
    if (event.type === "FieldHarvested") {
      const bean = String(event.data["bean"]);
      const what = t("sheet.harvestOf", { bean: tryT(`bn.bean.${bean}`) ?? bean, count: Number(event.data["count"]) });
      row(seat, Number(event.data["coins"]), event.data["final"] === true ? `${what} (${t("sheet.final")})` : what);
    } else if (event.type === "FieldBought") {
      row(seat, -(Array.isArray(event.data["paid"]) ? event.data["paid"].length : 0), t("sheet.bought"));
    }
  }
  return { kind: "harvests", extraHeads: [t("sheet.harvest")], rows, totals: rows.length ? totals : null };
}

/** The sheet of `game` from its events so far; `names` are the seats' names as the table shows them. */
export function sheetModel(game: string, events: EventOut[], names: string[]): SheetModel {
  const players = names.length;
  switch (game) {
    case "six-nimmt":
      return sixNimmt(events);
    case "le-baron":
      return leBaron(events, players);
    case "daron":
      return daron(events, names);
    case "barbu":
      return barbu(events, names, players);
    case "bohnanza":
      return bohnanza(events, players);
    default:
      return { kind: "rounds", extraHeads: [], rows: [], totals: null };
  }
}
