// Bohnanza's beans in words and on cards (docs/games/bohnanza.md): a bean's name in the page's language, counts of
// beans and coins, a bean card, and the beans of this game with their bean-o-meters (from the catalog).
import type { components } from "../api/schema";
import { t, tryT } from "../i18n";
import { cardData, el } from "./table-kit";
import type { TableContext } from "./types";

export type View = components["schemas"]["BohnanzaView"];
export type Trade = components["schemas"]["BohnanzaTradeView"];

export interface Bean {
  bean: string;
  meter: (number | null)[];
  base: boolean;
  extended: boolean;
}

/** A bean's name (« haricot bleu »); a bean this client does not know by its id. */
export function beanWords(bean: string): string {
  return tryT(`bn.bean.${bean}`) ?? bean.replace(/_/g, "-");
}

/** "3 blue beans" / « 3 × haricot bleu ». */
export function beansWords(count: number, bean: string): string {
  return t("bn.beans", { count, bean: beanWords(bean) });
}

export function coinWords(count: number): string {
  return t("bn.coins", { count });
}

/** "2 blue" / « 2 × haricot bleu »: beans wanted. */
export function countWords(count: number, bean: string): string {
  return t("bn.count", { count, bean: beanWords(bean) });
}

export function beanCard(bean: string, note?: string, small = false): HTMLElement {
  return el(
    "span",
    {
      class: `card bn-card bn-${bean}${small ? " small" : ""}`,
      role: "img",
      "aria-label": note ? t("bn.cardNote", { bean: beanWords(bean), note }) : t("bn.card", { bean: beanWords(bean) }),
      "data-card": bean, // which bean, for tests comparing the table with the view's JSON (replay, hidden hands)
    },
    el("span", { class: "bn-bean", "aria-hidden": "true" }),
    el("span", { class: "bn-name", "aria-hidden": "true" }, beanWords(bean)),
  );
}

/** The beans of this game with their bean-o-meters, from the catalog (`data.beans`). */
export function beansOf(ctx: TableContext, redraw: () => void): Bean[] | null {
  const data = cardData(ctx.game, redraw);
  const beans = data?.["beans"];
  if (!Array.isArray(beans)) return null;
  const extended = ctx.view.options["extended"] === true;
  return (beans as Bean[]).filter((bean) => (extended ? bean.extended : bean.base));
}

// The proposal being composed; kept across redraws while the cards it names stay where they are. Whether the form
