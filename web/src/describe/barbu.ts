// Barbu's events in sentences (« Bob remporte le pli 3 (25 points). »), with the French card names.
import { t, tryT } from "../i18n";
import { type Data, type GameDescriber, num, scores } from "./common";

/** "10H" → "10 of hearts" / « 10 de cœur », "QS" → "queen of spades" / « dame de pique ». */
export function barbuCard(code: unknown): string {
  const text = String(code ?? "");
  const rank = text.slice(0, -1);
  const suit = text.slice(-1);
  return t("bb.card", { rank: tryT(`bb.rank.${rank}`) ?? rank, suit: tryT(`bb.suit.${suit}`) ?? suit });
}

const contract = (id: unknown): string => tryT(`bb.c.${String(id)}`) ?? String(id);

export const barbu: GameDescriber = (event, who) => {
  const d = event.data as Data;
  switch (event.type) {
    case "CardsDealt":
      return t("ev.bb.dealt", { round: num(d["round"]), name: who(d["chooser"]) });
    case "ContractChosen":
      return t("ev.bb.contract", { name: who(d["seat"]), contract: contract(d["contract"]) });
    case "CardPlayed":
      return t("ev.bb.played", { name: who(d["seat"]), card: barbuCard(d["card"]) });
    case "TrickWon":
      return t("ev.bb.trick", {
        name: who(d["seat"]),
        trick: num(d["trick"]),
        points: t("ev.bb.points", { count: num(d["points"]) }),
      });
    case "ExtraPlayOffered":
      return t("ev.bb.ace", { name: who(d["seat"]) });
    case "Passed":
      return t("ev.passed", { name: who(d["seat"]) });
    case "WentOut":
      return t("ev.bb.out", {
        name: who(d["seat"]),
        place: num(d["place"]),
        points: t("ev.bb.points", { count: num(d["points"]) }),
      });
    case "RoundScored":
      return t("ev.bb.roundOver", { round: num(d["round"]), contract: contract(d["contract"]), scores: scores(d["points"], who) });
    default:
      return null;
  }
};
