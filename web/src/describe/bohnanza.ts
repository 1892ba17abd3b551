// Bohnanza's events in sentences, with the French edition's beans (« Bob récolte 4 × haricot bleu du champ 1 :
// 1 pièce. »).
import { beansWords, coinWords, countWords } from "../games/bohnanza-beans";
import { list, t, tryT } from "../i18n";
import { arr, type Data, type GameDescriber, num, scores } from "./common";

/** Beans named one by one ("chili", "chili", "soy") as counts: « 2 × piment et 1 soja ». */
function grouped(beans: unknown): string {
  const counts = new Map<string, number>();
  for (const bean of arr(beans)) counts.set(String(bean), (counts.get(String(bean)) ?? 0) + 1);
  const words = [...counts].map(([bean, count]) => beansWords(count, bean));
  return words.length ? list(words) : t("ev.nothing");
}

/** What a proposal wants ({bean: count}): « 2 piment et 1 soja », or nothing. */
function wanted(want: unknown): string {
  const words = Object.entries((want ?? {}) as Record<string, unknown>).map(([bean, count]) => countWords(num(count), bean));
  return words.length ? list(words) : t("ev.nothing");
}

export const bohnanza: GameDescriber = (event, who) => {
  const d = event.data as Data;
  switch (event.type) {
    case "CardsDealt":
      return t("ev.bn.dealt");
    case "BeanPlanted":
      return t("ev.bn.planted", { name: who(d["seat"]), beans: beansWords(1, String(d["bean"])), field: num(d["field"]) + 1 });
    case "CardsTurnedUp":
      return t("ev.bn.turnedUp", { name: who(d["seat"]), beans: grouped(d["cards"]) });
    case "TradeProposed": {
      const to = d["to"] === null || d["to"] === undefined ? t("ev.everyone") : who(d["to"]);
      const give = grouped(d["give"]);
      const want = (d["want"] ?? {}) as Record<string, unknown>;
      return Object.keys(want).length === 0
        ? t("ev.bn.gift", { name: who(d["seat"]), give, to })
        : t("ev.bn.offer", { name: who(d["seat"]), give, to, want: wanted(want) });
    }
    case "TradeAccepted":
      return t("ev.bn.accepted", { name: who(d["seat"]), got: grouped(d["to_accepter"]), gave: grouped(d["to_proposer"]) });
    case "TradeCancelled":
      return tryT(`ev.bn.cancel.${String(d["reason"])}`) ?? t("ev.bn.cancel.stale");
    case "TradingEnded":
      return arr(d["kept"]).length
        ? t("ev.bn.tradingKept", { name: who(d["seat"]), beans: grouped(d["kept"]) })
        : t("ev.bn.tradingEnded", { name: who(d["seat"]) });
    case "FieldHarvested":
      return t("ev.bn.harvested", {
        name: who(d["seat"]),
        beans: beansWords(num(d["count"]), String(d["bean"])),
        field: num(d["field"]) + 1,
        coins: coinWords(num(d["coins"])),
      });
    case "FieldBought":
      return t("ev.bn.bought", { name: who(d["seat"]) });
    case "CardsDrawn":
      return t("ev.drewCount", { name: who(d["seat"]), count: num(d["count"]) });
    case "DeckReshuffled":
      return t("ev.bn.reshuffled", { size: num(d["size"]) });
    case "DeckExhausted":
      return t("ev.bn.exhausted");
    case "TurnStarted":
      return t("ev.turn", { name: who(d["seat"]) });
    case "GameFinished":
      return t("ev.bn.finished", { scores: scores(d["coins"], who) });
    default:
      return null;
  }
};
