// Le-baron's events in sentences (« Bob prend la rangée 3 (4 points) : six d’une couleur. »).
import { t, tryT } from "../i18n";
import { arr, type Data, type GameDescriber, num, pairs, scores } from "./common";

export const leBaron: GameDescriber = (event, who) => {
  const d = event.data as Data;
  switch (event.type) {
    case "CardsDealt":
      return t("ev.lb.dealt", {
        round: num(d["round"]),
        count: num(arr(d["pile_sizes"])[0]),
        rows: arr(d["rows"]).join(", "),
      });
    case "HandRefilled":
      return t("ev.lb.refill", { name: who(d["seat"]), count: num(d["count"]) });
    case "CardPlayed":
      return d["card"] === null || d["card"] === undefined
        ? t("ev.chose", { name: who(d["seat"]) })
        : t("ev.choseCard", { name: who(d["seat"]), card: num(d["card"]) });
    case "CardsRevealed":
      return t("ev.revealed", { cards: pairs(d["cards"], who) });
    case "RowChoiceRequested":
      return d["reason"] === "no_match"
        ? t("ev.lb.askNoMatch", { name: who(d["seat"]), card: num(d["card"]) })
        : t("ev.lb.askPlacement", { name: who(d["seat"]), card: num(d["card"]) });
    case "RowTaken":
      return t("ev.lb.taken", {
        name: who(d["seat"]),
        row: num(d["row"]) + 1,
        points: t("ev.lb.points", { count: num(d["points"]) }),
        why: tryT(`ev.lb.why.${String(d["reason"])}`) ?? String(d["reason"]),
      });
    case "CardPlaced":
      return t("ev.placed", { name: who(d["seat"]), card: num(d["card"]), row: num(d["row"]) + 1 });
    case "CardSlipped":
      return t("ev.lb.slipped", { name: who(d["seat"]), card: num(d["card"]) });
    case "RoundEnded":
      return t("ev.roundOver", { round: num(d["round"]), scores: scores(d["totals"], who) });
    default:
      return null;
  }
};
