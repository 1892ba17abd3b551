// Six-nimmt's events in sentences (« Bob prend la rangée 2 (5 têtes de bœuf) : sixième carte. »).
import { t, tryT } from "../i18n";
import { arr, type Data, type GameDescriber, num, pairs, scores } from "./common";

export const sixNimmt: GameDescriber = (event, who) => {
  const d = event.data as Data;
  switch (event.type) {
    case "CardsDealt":
      return t("ev.sn.dealt", { round: num(d["round"]), rows: arr(d["rows"]).join(", ") });
    case "DraftOpened":
      return t("ev.sn.draft", { round: num(d["round"]), count: arr(d["pool"]).length, name: who(d["first"] ?? 0) });
    case "CardDrafted":
      return t("ev.sn.drafted", { name: who(d["seat"]), card: num(d["card"]) });
    case "RowsStarted":
      return t("ev.sn.rows", { rows: arr(d["rows"]).join(", ") });
    case "CardChosen":
      return d["card"] === null || d["card"] === undefined
        ? t("ev.chose", { name: who(d["seat"]) })
        : t("ev.choseCard", { name: who(d["seat"]), card: num(d["card"]) });
    case "CardsRevealed":
      return t("ev.revealed", { cards: pairs(d["cards"], who) });
    case "CardPlaced":
      return t("ev.placed", { name: who(d["seat"]), card: num(d["card"]), row: num(d["row"]) + 1 });
    case "RowTaken":
      return t("ev.sn.taken", {
        name: who(d["seat"]),
        row: num(d["row"]) + 1,
        heads: t("sn.heads", { count: num(d["heads"]) }),
        why: tryT(`ev.sn.why.${String(d["reason"])}`) ?? String(d["reason"]),
      });
    case "RowChoiceRequested":
      return t("ev.sn.ask", { name: who(d["seat"]), card: num(d["card"]) });
    case "RoundEnded":
      return t("ev.sn.roundOver", { round: num(d["round"]), heads: scores(d["heads"], who), scores: scores(d["totals"], who) });
    default:
      return null;
  }
};
