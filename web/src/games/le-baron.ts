// The le-baron table (docs/games/le-baron.md): five rows of cards whose coloured symbols decide where a card may go,
// the cards revealed this turn, every seat's hand, pile and taken points, and the viewer's hand. Each legal move is a
// control: a card of the hand (`play_card`), a row when the viewer is asked to place or take one (`choose_row`).
import type { components } from "../api/schema";
import { t, tryT } from "../i18n";
import {
  area,
  bindMove,
  cardData,
  dock,
  type Child,
  el,
  finalPanel,
  movesOfType,
  listWords,
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

type View = components["schemas"]["LeBaronView"];

interface CardInfo {
  number: number;
  symbols: Record<string, number>;
  points: number;
  baron: boolean;
}

interface Sheet {
  colours: string[];
  cards: Map<number, CardInfo>;
}

/** A colour of the sheet in words (« vert »); a colour this client does not know by its name. */
function colourWords(colour: string): string {
  return tryT(`lb.colour.${colour}`) ?? colour;
}

/** The card sheet, from the catalog (`data.colours`, `data.cards`). */
function sheetOf(ctx: TableContext, redraw: () => void): Sheet | null {
  const data = cardData(ctx.game, redraw);
  const colours = data?.["colours"];
  const cards = data?.["cards"];
  if (!Array.isArray(colours) || !Array.isArray(cards)) return null;
  return {
    colours: colours.map(String),
    cards: new Map((cards as CardInfo[]).map((card) => [card.number, card])),
  };
}

class LeBaronTable {
  private readonly state: View;
  private readonly positive: boolean;
  private readonly colourFirst: boolean;

  constructor(
    private readonly ctx: TableContext,
    private readonly sheet: Sheet | null,
  ) {
    this.state = ctx.view.state as View;
    const variants = ctx.view.options["variants"];
    this.positive = Array.isArray(variants) && variants.includes("positive");
    // "la couleur prime": no sixth-card rule, a row only overflows on six symbols of a colour
    this.colourFirst = Array.isArray(variants) && variants.includes("colour_first");
  }

  private info(card: number): CardInfo | null {
    return this.sheet?.cards.get(card) ?? null;
  }

  private pointsOf(cards: number[]): number | null {
    if (!this.sheet) return null;
    return cards.reduce((sum, card) => sum + (this.info(card)?.points ?? 0), 0);
  }

  private cardWords(card: number): string {
    const info = this.info(card);
    if (!info) return `${card}`;
    const points = t("lb.points", { count: info.points });
    if (info.baron) return t("lb.baron", { card, points });
    const symbols = Object.entries(info.symbols).map(([colour, count]) =>
      count > 1 ? `${count} ${colourWords(colour)}` : colourWords(colour),
    );
    return t("lb.card", { card, symbols: symbols.join(", "), points });
  }

  private face(card: number): HTMLElement[] {
    const info = this.info(card);
    const symbols = el("span", { class: "lb-symbols", "aria-hidden": "true" });
    for (const [colour, count] of Object.entries(info?.symbols ?? {})) {
      for (let index = 0; index < count; index += 1) symbols.append(el("span", { class: `lb-sym lb-${colour}` }));
    }
    return [el("span", { class: "card-value", "aria-hidden": "true" }, card), symbols];
  }

  private card(card: number, note?: string, small = false): HTMLElement {
    const info = this.info(card);
    return el(
      "span",
      {
        class: `card lb-card${info?.baron ? " baron" : ""}${small ? " small" : ""}`,
        role: "img",
        "aria-label": note ? t("lb.noted", { card: this.cardWords(card), note }) : this.cardWords(card),
        "data-card": card,
      },
      this.face(card),
    );
  }

  /** The symbols of a row, colour by colour: six of one colour make it overflow. */
  private tally(row: number[]): HTMLElement | null {
    if (!this.sheet) return null;
    const counts = new Map<string, number>();
    for (const card of row) {
      for (const [colour, count] of Object.entries(this.info(card)?.symbols ?? {})) {
        counts.set(colour, (counts.get(colour) ?? 0) + count);
      }
    }
    const chips = this.sheet.colours
      .filter((colour) => counts.has(colour))
      .map((colour) => el("span", { class: `lb-chip lb-${colour}` }, `${counts.get(colour) ?? 0}`));
    const words = this.sheet.colours
      .filter((colour) => counts.has(colour))
      .map((colour) => `${counts.get(colour) ?? 0} ${colourWords(colour)}`)
      .join(", ");
    return el("span", { class: "lb-tally", "aria-label": t("lb.symbols", { list: words }) }, chips);
  }

  private rows(): HTMLElement {
    const choose = new Map(movesOfType(this.ctx, "choose_row").map((move) => [move["row"] as number, move]));
    const taking = this.state.ask_reason === "no_match";
    const list = el("ol", { class: "sn-rows lb-rows" });
    this.state.rows.forEach((row, index) => {
      const points = this.pointsOf(row);
      const cardCount = t("kit.cards", { count: row.length });
      const pointCount = points === null ? null : t("lb.points", { count: points });
      const words =
        pointCount === null
          ? t("lb.row", { row: index + 1, cards: cardCount })
          : t("lb.rowPoints", { row: index + 1, cards: cardCount, points: pointCount });
      const what = pointCount === null ? cardCount : `${cardCount}, ${pointCount}`;
      const cards = el("span", { class: "sn-row-cards" }, row.map((card) => this.card(card)), rowSlots(row.length, !this.colourFirst));
      const side = el("span", { class: "sn-row-heads" }, this.tally(row), points === null ? "" : t("lb.pts", { count: points }));
      const move = choose.get(index);
      const label = t(taking ? "lb.take" : "lb.place", { row: index + 1, what });
      list.append(rowItem(this.ctx, index, cards, side, words, move, label));
    });
    return rowsArea(t("lb.rows"), "lb-rows-area", list, choose.size > 0);
  }

  private revealed(): HTMLElement | null {
    return revealedArea(this.ctx, "lb-revealed", this.state.revealed, (card, words) => this.card(card, words));
  }

  private taken(): HTMLElement | null {
    const rows = this.state.taken
      .map((cards, seat) => ({ cards, seat }))
      .filter(({ cards }) => cards.length > 0)
      .map(({ cards, seat }) =>
        el(
          "li",
          {},
          el("span", { class: "gt-caption lb-taken-name" }, playerName(this.ctx, seat)),
          el("span", { class: "gt-cards-inline" }, cards.map((card) => this.card(card, undefined, true))),
        ),
      );
    return rows.length ? area(t("lb.taken"), "lb-taken", el("ul", { class: "gt-hands" }, rows)) : null;
  }

  private hand(): HTMLElement | null {
    if (this.ctx.seat === null) return null;
    const plays = new Map(movesOfType(this.ctx, "play_card").map((move) => [move["card"] as number, move]));
    const choice = this.state.my_choice;
    const cards = this.state.hand.map((card) => {
      const move = plays.get(card);
      const chosen = card === choice;
      if (!move) return el("li", {}, this.card(card, chosen ? t("lb.yourChoice") : undefined));
      const button = el(
        "button",
        { type: "button", class: `card lb-card${this.info(card)?.baron ? " baron" : ""}${chosen ? " chosen" : ""}` },
        this.face(card),
      );
      if (chosen) button.setAttribute("aria-pressed", "true");
      const label = chosen
        ? t("lb.playAgain", { card: this.cardWords(card) })
        : t("lb.play", { card: this.cardWords(card) });
      return el("li", {}, bindMove(button, this.ctx, move, label));
    });
    const seat = this.ctx.seat;
    return area(
      t("kit.yourHand"),
      "gt-hand",
      el("p", { class: "gt-note" }, t("lb.pile", { count: this.state.pile_sizes[seat] ?? 0 })),
      cards.length ? el("ul", { class: "gt-cards" }, cards) : el("p", { class: "gt-note" }, t("kit.noCard")),
    );
  }

  private prompt(): string {
    const ctx = this.ctx;
    const state = this.state;
    if (ctx.view.status === "finished") return ""; // the end screen says it
    if (ctx.view.status !== "active") return t("kit.gameIs", { status: t(`status.${ctx.view.status}`) });
    if (movesOfType(ctx, "choose_row").length) {
      const card = state.revealed.find((shown) => shown.seat === ctx.seat)?.card;
      if (state.ask_reason === "no_match") return card === undefined ? t("lb.noMatch") : t("lb.noMatchCard", { card });
      return card === undefined ? t("lb.several") : t("lb.severalCard", { card });
    }
    if (movesOfType(ctx, "play_card").length) {
      return state.my_choice === null
        ? t("sn.choose")
        : t("sn.chose", { card: state.my_choice });
    }
    if (state.asked !== null) return t("lb.asked", { name: playerName(ctx, state.asked) });
    const waiting = ctx.view.awaiting.map((seat) => playerName(ctx, seat));
    return waiting.length ? t("kit.waiting", { who: listWords(waiting) }) : "";
  }

  build(): HTMLElement {
    const state = this.state;
    const ctx = this.ctx;
    const seats = seatsPanel(ctx, {
      scoreLabel: t("lb.scoreLabel"),
      score: (seat) => state.totals[seat] ?? 0,
      facts: (seat): Child[] => [
        t("lb.inHand", { count: state.hand_sizes[seat] ?? 0 }),
        t("lb.pileOf", { count: state.pile_sizes[seat] ?? 0 }),
        (state.taken[seat] ?? []).length ? t("lb.took", { count: (state.taken[seat] ?? []).length }) : null,
      ],
      status: (seat) => {
        if (state.phase === "choose" && ctx.view.status === "active") return state.chosen[seat] ? t("sn.hasChosen") : t("sn.choosing");
        if (state.asked === seat) return t("sn.choosingRow");
        return null;
      },
    });
    const rule = this.positive ? t("lb.positive") : t("lb.fewest");
    return el(
      "div",
      {},
      el(
        "p",
        { class: "gt-header" },
        t("lb.header", { round: state.round, turn: state.turn, box: t("kit.cards", { count: state.box_size }), rule }),
      ),
      prompt(this.prompt()),
      finalPanel(ctx),
      seats,
      this.rows(),
      this.revealed(),
      dock(this.hand()),
      this.taken(),
    );
  }
}

export const leBaron = tableRenderer("le-baron", (ctx, redraw) => new LeBaronTable(ctx, sheetOf(ctx, redraw)).build());
