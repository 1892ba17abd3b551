// What every game's describer shares: an event's fields read safely, a seat's name, and the table's own events
// (created, joined, started, shuffled, ended, …), which read the same whatever the game.
import type { Schemas } from "../api/client";
import { list, t, tryT } from "../i18n";

export type Event = Pick<Schemas["EventOut"], "type" | "data">;
export type Data = Record<string, unknown>;
/** A seat's name as the page shows it, by seat index. */
export type Who = (seat: unknown) => string;
/** One game's sentences by event type; null when the event says nothing to a person (it is not one of its own). */
export type GameDescriber = (event: Event, who: Who) => string | null;

export const num = (value: unknown): number => (typeof value === "number" ? value : Number(value ?? 0));
export const arr = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

export function whoFrom(names: readonly string[]): Who {
  return (seat) => {
    const index = num(seat);
    return names[index] ?? t("ev.seat", { seat: index + 1 });
  };
}

/** "Ada 13, Bob 5": each seat's points. */
export function scores(points: unknown, who: Who): string {
  return arr(points)
    .map((value, seat) => t("ev.scoreOf", { name: who(seat), points: num(value) }))
    .join(", ");
}

/** "Ada 12, Bob 34": a reveal's (seat, card) pairs. */
export function pairs(cards: unknown, who: Who): string {
  return arr(cards)
    .map((pair) => {
      const [seat, card] = arr(pair);
      return t("ev.scoreOf", { name: who(seat), points: num(card) });
    })
    .join(", ");
}

/** The table's events, the same in every game. */
export function describeTable(event: Event, who: Who): string | null {
  const d = event.data as Data;
  switch (event.type) {
    case "GameCreated":
      return t("ev.GameCreated", { players: num(d["players"]) });
    case "PlayerJoined":
      return typeof d["bot"] === "string"
        ? t("ev.PlayerJoinedBot", { level: tryT(`bot.${d["bot"]}`) ?? d["bot"], seat: num(d["seat"]) + 1 })
        : t("ev.PlayerJoined", { name: String(d["name"] ?? ""), seat: num(d["seat"]) + 1 });
    case "GameStarted":
      return t("ev.GameStarted");
    case "DeckShuffled":
      return t("ev.DeckShuffled", { size: num(d["size"]) });
    case "GameEnded": {
      const winners = arr(d["winners"]).map(who);
      return t("ev.GameEnded", { count: winners.length, winners: list(winners) });
    }
    case "PlayerLeft":
      return t("ev.PlayerLeft", { seat: num(d["seat"]) + 1 });
    case "SeatForfeited":
      return t("ev.SeatForfeited", { name: who(d["seat"]) });
    case "BotTookOver":
      return t("ev.BotTookOver", { level: tryT(`bot.${String(d["bot"])}`) ?? String(d["bot"]), name: who(d["seat"]) });
    case "TurnTimedOut":
      return t("ev.TurnTimedOut", { name: who(d["seat"]) });
    case "RematchCreated":
      return t("ev.RematchCreated");
    case "LobbyExpired":
      return t("ev.LobbyExpired");
    case "EntropyCommitted":
      return t("ev.EntropyCommitted", { name: who(d["seat"]) });
    case "EntropyRevealed":
      return t("ev.EntropyRevealed", { name: who(d["seat"]) });
    case "CommandAccepted": {
      // {action, seat?, command?}: a seat's move (`play`, or `time_out` when the turn timer's bot chose it) names
      // the move (its fields are the sender's alone while the game runs); anything else is a request to the table
      const command = (d["command"] ?? {}) as Data;
      const action = String(command["action"] ?? "");
      const by = tryT(`ev.by.${String(d["by"])}`) ?? String(d["by"]);
      if (action === "play" || action === "time_out") {
        const type = String(((command["command"] ?? {}) as Data)["type"] ?? "");
        return t("ev.cmdPlay", { name: who(command["seat"]), by, move: tryT(`ev.cmd.${type}`) ?? type });
      }
      return t("ev.cmdTable", { by, action: tryT(`ev.act.${action}`) ?? action });
    }
    default:
      return null;
  }
}
