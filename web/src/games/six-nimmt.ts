// The six-nimmt table (docs/games/six-nimmt.md): the four rows with their bull heads, the cards revealed this turn,
// the `pro` draft pool, every seat's public facts and the viewer's hand. Each legal move is a control: a card of the
// hand (`play_card`), a row (`choose_row`), a card of the pool (`draft_card`).
import type { components } from "../api/schema";
import { t } from "../i18n";
import {
  area,
  bindMove,
  cardData,
  dock,
  type Child,
  el,
  finalPanel,
  listWords,
  movesOfType,
  playerName,
  prompt,
  revealedArea,
  rowItem,
  rowsArea,
  rowSlots,
  seatsPanel,
  tableRenderer,
} from "./table-kit";
import type { TableContext } from "./types";

type View = components["schemas"]["SixNimmtView"];

const PHASES = {
  deal: "sn.phase.deal",
  draft: "sn.phase.draft",
  choose: "sn.phase.choose",
  choose_row: "sn.phase.choose_row",
  finished: "sn.phase.finished",
} as const satisfies Record<View["phase"], string>;

/** Bull heads per card value, from the catalog (`data.cards`: `{value, heads}`). */
function headsTable(ctx: TableContext, redraw: () => void): Map<number, number> | null {
  const data = cardData(ctx.game, redraw);
  const cards = data?.["cards"];
  if (!Array.isArray(cards)) return null;
  const table = new Map<number, number>();
  for (const card of cards as { value?: unknown; heads?: unknown }[]) {
    if (typeof card.value === "number" && typeof card.heads === "number") table.set(card.value, card.heads);
  }
  return table;
}

class SixNimmtTable {
  private readonly state: View;

  constructor(
    private readonly ctx: TableContext,
    private readonly heads: Map<number, number> | null,
  ) {
    this.state = ctx.view.state as View;
  }

  private headsOf(card: number): number | null {
    return this.heads?.get(card) ?? null;
  }

  private headsOfAll(cards: number[]): number | null {
    if (!this.heads) return null;
    return cards.reduce((sum, card) => sum + (this.headsOf(card) ?? 0), 0);
  }

  private cardWords(card: number): string {
    const heads = this.headsOf(card);
    return heads === null ? `${card}` : t("sn.card", { card, heads: t("sn.heads", { count: heads }) });
  }

  /** A card face: its value and as many bull heads as it carries. */
  private face(card: number): HTMLElement[] {
    const heads = this.headsOf(card);
    const pips = el("span", { class: "sn-heads", "aria-hidden": "true" });
    for (let index = 0; index < (heads ?? 0); index += 1) pips.append(el("span", { class: "sn-head" }));
    return [pips, el("span", { class: "card-value", "aria-hidden": "true" }, card)];
  }

  private card(card: number, note?: string): HTMLElement {
    const heads = this.headsOf(card);
    const label = note ? t("sn.noted", { card: this.cardWords(card), note }) : this.cardWords(card);
    return el(
      "span",
      { class: "card sn-card", role: "img", "aria-label": label, "data-heads": heads, "data-card": card },
      this.face(card),
    );
  }

  private playableCard(card: number, move: unknown, label: string, chosen = false): HTMLElement {
    const button = el(
      "button",
      { type: "button", class: `card sn-card${chosen ? " chosen" : ""}`, "data-heads": this.headsOf(card) },
      this.face(card),
    );
    if (chosen) button.setAttribute("aria-pressed", "true");
    return bindMove(button, this.ctx, move, label);
  }

  private rows(): HTMLElement {
    const take = new Map(movesOfType(this.ctx, "choose_row").map((move) => [move["row"] as number, move]));
    const list = el("ol", { class: "sn-rows" });
    this.state.rows.forEach((row, index) => {
      const heads = this.headsOfAll(row);
      const cardCount = t("kit.cards", { count: row.length });
      const words =
        heads === null
          ? t("sn.row", { row: index + 1, cards: cardCount })
          : t("sn.rowHeads", { row: index + 1, cards: cardCount, heads: t("sn.heads", { count: heads }) });
      const cards = el("span", { class: "sn-row-cards" }, row.map((card) => this.card(card)), rowSlots(row.length));
      const summary = el("span", { class: "sn-row-heads" }, heads === null ? "" : t("sn.headsShort", { count: heads }));
      const move = take.get(index);
      const what = heads === null ? cardCount : `${cardCount}, ${t("sn.heads", { count: heads })}`;
      const label = t("sn.take", { row: index + 1, what });
      list.append(rowItem(this.ctx, index, cards, summary, words, move, label));
    });
    return rowsArea(t("sn.rows"), "sn-rows-area", list, take.size > 0);
  }

  private revealed(): HTMLElement | null {
    return revealedArea(this.ctx, "sn-revealed", this.state.revealed, (card, words) => this.card(card, words));
  }

  private pool(): HTMLElement | null {
    if (this.state.pool.length === 0 && this.state.phase !== "draft") return null;
    const drafts = new Map(movesOfType(this.ctx, "draft_card").map((move) => [move["card"] as number, move]));
    const drafter = this.state.drafter;
    return area(
      t("sn.pool"),
      "sn-pool",
      drafter === null ? null : el("p", {}, t("sn.drafts", { name: playerName(this.ctx, drafter) })),
      el(
        "ul",
        { class: "gt-cards" },
        this.state.pool.map((card) => {
          const move = drafts.get(card);
          return el("li", {}, move ? this.playableCard(card, move, t("sn.draft", { card: this.cardWords(card) })) : this.card(card));
        }),
      ),
    );
  }

  private hand(): HTMLElement | null {
    if (this.ctx.seat === null) return null;
    const plays = new Map(movesOfType(this.ctx, "play_card").map((move) => [move["card"] as number, move]));
    const choice = this.state.my_choice;
    const cards = this.state.hand.map((card) => {
      const move = plays.get(card);
      const chosen = card === choice;
      if (move) {
        const label = chosen
          ? t("sn.playAgain", { card: this.cardWords(card) })
          : t("sn.play", { card: this.cardWords(card) });
        return el("li", {}, this.playableCard(card, move, label, chosen));
      }
      return el("li", {}, this.card(card, chosen ? t("sn.yourChoice") : undefined));
    });
    const note =
      choice !== null && !this.state.hand.includes(choice)
        ? el("p", {}, t("sn.yourChoiceIs"), this.card(choice, t("sn.yourChoice")))
        : null;
    return area(
      t("kit.yourHand"),
      "gt-hand",
      note,
      cards.length ? el("ul", { class: "gt-cards" }, cards) : el("p", { class: "gt-note" }, t("kit.noCard")),
    );
  }

  private otherHands(): HTMLElement | null {
    const hands = this.state.hands;
    if (!hands || this.ctx.view.status === "finished") return null;
    // `pro`: every hand is public, the others' are worth seeing
    const items = hands
      .map((hand, seat) => ({ hand, seat }))
      .filter(({ seat }) => seat !== this.ctx.seat)
      .map(({ hand, seat }) =>
        el(
          "li",
          {},
          el("span", { class: "gt-caption" }, playerName(this.ctx, seat)),
          el("span", { class: "gt-cards-inline" }, hand.map((card) => this.card(card))),
        ),
      );
    return items.length ? area(t("sn.openHands"), "sn-hands", el("ul", { class: "gt-hands" }, items)) : null;
  }

  private prompt(): string {
    const state = this.state;
    const ctx = this.ctx;
    if (ctx.view.status === "finished") return ""; // the end screen says it
    if (ctx.view.status !== "active") return t("kit.gameIs", { status: t(`status.${ctx.view.status}`) });
    if (movesOfType(ctx, "choose_row").length) {
      const card = state.revealed.find((shown) => shown.seat === ctx.seat)?.card;
      return card === undefined ? t("sn.lower") : t("sn.lowerCard", { card });
    }
    if (movesOfType(ctx, "draft_card").length) return t("sn.draftPrompt");
    if (movesOfType(ctx, "play_card").length) {
      return state.my_choice === null
        ? t("sn.choose")
        : t("sn.chose", { card: state.my_choice });
    }
    if (state.asked !== null) return t("sn.asked", { name: playerName(ctx, state.asked) });
    const waiting = ctx.view.awaiting.map((seat) => playerName(ctx, seat));
    return waiting.length ? t("kit.waiting", { who: listWords(waiting) }) : "";
  }

  build(): HTMLElement {
    const state = this.state;
    const ctx = this.ctx;
    const seats = seatsPanel(ctx, {
      scoreLabel: t("sn.scoreLabel"),
      score: (seat) => state.totals[seat] ?? 0,
      facts: (seat): Child[] => {
        const taken = state.penalties[seat] ?? [];
        const heads = this.headsOfAll(taken);
        const cards = t("kit.cards", { count: taken.length });
        return [
          t("kit.cards", { count: state.hand_sizes[seat] ?? 0 }),
          !taken.length
            ? null
            : heads === null
              ? t("sn.took", { cards })
              : t("sn.tookHeads", { cards, heads: t("sn.headsShort", { count: heads }) }),
        ];
      },
      status: (seat) => {
        if (state.phase === "choose" && ctx.view.status === "active") return state.chosen[seat] ? t("sn.hasChosen") : t("sn.choosing");
        if (state.asked === seat) return t("sn.choosingRow");
        if (state.drafter === seat) return t("sn.drafting");
        return null;
      },
    });
    return el(
      "div",
      {},
      el(
        "p",
        { class: "gt-header" },
        t("sn.header", { round: state.round, turn: state.turn, phase: t(PHASES[state.phase]) }),
      ),
      prompt(this.prompt()),
      finalPanel(ctx, t("sn.fewest")),
      seats,
      this.rows(),
      this.revealed(),
      this.pool(),
      this.otherHands(),
      dock(this.hand()),
    );
  }
}

export const sixNimmt = tableRenderer("six-nimmt", (ctx, redraw) =>
  new SixNimmtTable(ctx, headsTable(ctx, redraw)).build(),
);
