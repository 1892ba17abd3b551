// Daron's events in sentences (« Bob lance un duel contre Ada avec +3 : 3 cartes en jeu. »), with the seed's cards.
import { list, t, tryT } from "../i18n";
import { arr, type Data, type GameDescriber, num } from "./common";

/** A daron card in words: a number as itself, « +3 », « Joker pair », « fois deux », « Daron ». */
export function daronCard(code: unknown): string {
  const text = String(code ?? "");
  return tryT(`dr.name.${text}`) ?? text;
}

const cards = (value: unknown): string => list(arr(value).map(daronCard));

export const daron: GameDescriber = (event, who) => {
  const d = event.data as Data;
  switch (event.type) {
    case "CardsDealt":
      return t("ev.dr.dealt", { round: num(d["round"]), top: daronCard(d["top"]), name: who(d["first"]) });
    case "TurnStarted":
      return d["extra"] === true ? t("ev.again", { name: who(d["seat"]) }) : t("ev.turn", { name: who(d["seat"]) });
    case "CardsDeposited":
      return t("ev.dr.deposit", { name: who(d["seat"]), cards: cards(d["cards"]) });
    case "DirectionReversed":
      return t("ev.dr.reversed");
    case "CardsDrawn":
      return arr(d["cards"]).length > 0
        ? t("ev.drewCards", { name: who(d["seat"]), cards: cards(d["cards"]) })
        : t("ev.drewCount", { name: who(d["seat"]), count: num(d["count"]) });
    case "Passed":
      return t("ev.passed", { name: who(d["seat"]) });
    case "DuelStarted":
      return t("ev.dr.duel", {
        attacker: who(d["attacker"]),
        defender: who(d["defender"]),
        card: daronCard(d["card"]),
        amount: num(d["amount"]),
      });
    case "DuelRiposted":
      return t("ev.dr.riposte", { name: who(d["seat"]), card: daronCard(d["card"]), amount: num(d["amount"]) });
    case "DuelLost":
    case "BrawlLost":
      return t("ev.givesIn", { name: who(d["seat"]), amount: num(d["amount"]) });
    case "BrawlStarted":
      return t("ev.dr.brawl", { name: who(d["seat"]), darons: t("dr.darons", { count: num(d["count"]) }) });
    case "BrawlJoined":
      return t("ev.dr.joined", {
        name: who(d["seat"]),
        darons: t("dr.darons", { count: num(d["count"]) }),
        total: num(d["total"]),
      });
    case "RoundWon":
      return t("ev.dr.won", { name: who(d["seat"]), round: num(d["round"]), points: num(d["points"]) });
    case "RoundBlocked":
      return t("ev.dr.blocked", { round: num(d["round"]) });
    default:
      return null;
  }
};
