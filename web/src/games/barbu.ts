// The barbu table (docs/games/barbu.md): the contract of the round (chosen here by the round's chooser), the trick
// on the table and the last one, the réussite lines, the cards removed face up, every seat's tricks, points and
// contracts left, and the viewer's hand by suit. Each legal move is a control: a contract (`choose_contract`), a
// card of the hand (`play_card`), `pass` in the réussite.
import type { components } from "../api/schema";
import { t, tryT } from "../i18n";
import {
  actions,
  area,
  dock,
  bindMove,
  type Child,
  el,
  finalPanel,
  listWords,
  moveButton,
  movesOfType,
  playerName,
  prompt,
  seatsPanel,
  tableRenderer,
} from "./table-kit";
import type { TableContext } from "./types";

type View = components["schemas"]["BarbuView"];

const RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];
// the hand's order (canonical: clubs, diamonds, hearts, spades), with the symbols and names of each suit
const SUITS = ["C", "D", "H", "S"] as const;
const SUIT_SYMBOL: Record<string, string> = { C: "♣", D: "♦", H: "♥", S: "♠" };

function suitWords(suit: string): string {
  return tryT(`bb.suit.${suit}`) ?? suit;
}

/** A contract's name and its scoring rule in words; a contract this client does not know by its name. */
function contractOf(contract: string): { name: string; rule: string | null } {
  return { name: tryT(`bb.c.${contract}`) ?? contract, rule: tryT(`bb.r.${contract}`) };
}

function split(card: string): { rank: string; suit: string } {
  return { rank: card.slice(0, -1), suit: card.slice(-1) };
}

function cardWords(card: string): string {
  const { rank, suit } = split(card);
  return t("bb.card", { rank: tryT(`bb.rank.${rank}`) ?? rank, suit: suitWords(suit) });
}

function face(card: string): HTMLElement[] {
  const { rank, suit } = split(card);
  return [
    el("span", { class: "card-value", "aria-hidden": "true" }, tryT(`bb.face.${rank}`) ?? rank),
    el("span", { class: "bb-suit", "aria-hidden": "true" }, SUIT_SYMBOL[suit] ?? suit),
  ];
}

function suitClass(card: string): string {
  const suit = split(card).suit;
  return suit === "D" || suit === "H" ? " red" : "";
}

function cardOf(card: string, note?: string, small = false): HTMLElement {
  return el(
    "span",
    {
      class: `card bb-card${suitClass(card)}${small ? " small" : ""}`,
      role: "img",
      "aria-label": note ? t("bb.noted", { card: cardWords(card), note }) : cardWords(card),
      "data-card": card,
    },
    face(card),
  );
}

class BarbuTable {
  private readonly state: View;

  constructor(private readonly ctx: TableContext) {
    this.state = ctx.view.state as View;
  }

  private contracts(): HTMLElement | null {
    const moves = movesOfType(this.ctx, "choose_contract");
    if (moves.length === 0) return null;
    const buttons = moves.map((move) => {
      const contract = String(move["contract"]);
      const { name, rule } = contractOf(contract);
      const label = rule === null ? t("bb.choose", { name }) : t("bb.chooseRule", { name, rule });
      const button = moveButton(this.ctx, move, name, label, "move bb-contract");
      if (rule !== null) button.append(el("small", { "aria-hidden": "true" }, rule));
      return button;
    });
    return area(t("bb.chooseTitle"), "bb-contracts", actions(t("bb.contracts"), buttons));
  }

  private laid(trick: { seat: number; card: string }[], small: boolean): HTMLElement {
    return el(
      "ul",
      { class: "gt-cards bb-trick" },
      trick.map(({ seat, card }) =>
        el(
          "li",
          { class: "gt-laid" },
          cardOf(card, t("bb.playedBy", { name: playerName(this.ctx, seat) }), small),
          el("span", { class: "gt-caption" }, playerName(this.ctx, seat)),
        ),
      ),
    );
  }

  private tricks(): HTMLElement | null {
    const state = this.state;
    if (state.contract === null || state.contract === "reussite") return null;
    return el(
      "div",
      { class: "bb-tricks" },
      area(
        t("bb.current"),
        "bb-current",
        state.trick.length ? this.laid(state.trick, false) : el("p", { class: "gt-note" }, t("bb.noCard")),
      ),
      state.last_trick.length ? area(t("bb.last"), "bb-last", this.laid(state.last_trick, true)) : null,
    );
  }

  /** Réussite: per suit, the cards laid from the lowest to the highest rank. */
  private lines(): HTMLElement | null {
    const state = this.state;
    if (state.contract !== "reussite") return null;
    const rows = SUITS.map((suit) => {
      const line = state.lines[suit];
      const name = `${SUIT_SYMBOL[suit] ?? ""} ${suitWords(suit)}`;
      if (!line || line.length < 2) {
        return el(
          "li",
          { class: "bb-line" },
          el("span", { class: "bb-line-name" }, name),
          el("span", { class: "gt-note" }, t("bb.notOpened")),
        );
      }
      const low = RANKS.indexOf(line[0] ?? "");
      const high = RANKS.indexOf(line[1] ?? "");
      const cards = RANKS.slice(low, high + 1).map((rank) => cardOf(`${rank}${suit}`, undefined, true));
      return el(
        "li",
        { class: "bb-line", "aria-label": t("bb.line", { suit: suitWords(suit), low: line[0] ?? "", high: line[1] ?? "" }) },
        el("span", { class: "bb-line-name" }, name),
        el("span", { class: "gt-cards-inline" }, cards),
      );
    });
    const opening = state.opening_rank;
    return area(
      t("bb.lines"),
      "bb-lines",
      el("p", { class: "gt-note" }, opening ? t("bb.openAt", { rank: opening }) : t("bb.opener")),
      el("ul", { class: "gt-hands" }, rows),
      state.out.length ? el("p", {}, t("bb.out", { list: listWords(this.outWords()) })) : null,
    );
  }

  /** Who is out of the réussite, in order: « Bob (premier) ». */
  private outWords(): string[] {
    return this.state.out.map((seat, index) =>
      t("bb.outOne", { name: playerName(this.ctx, seat), place: t(index === 0 ? "bb.first" : "bb.second") }),
    );
  }

  private removed(): HTMLElement | null {
    if (this.state.removed.length === 0) return null;
    return area(
      t("bb.removedTitle"),
      "bb-removed",
      el("ul", { class: "gt-cards" }, this.state.removed.map((card) => el("li", {}, cardOf(card, t("bb.removed"), true)))),
    );
  }

  private hand(): HTMLElement | null {
    if (this.ctx.seat === null) return null;
    const plays = new Map(movesOfType(this.ctx, "play_card").map((move) => [String(move["card"]), move]));
    const groups = SUITS.map((suit) => {
      const cards = this.state.hand.filter((card) => split(card).suit === suit);
      if (cards.length === 0) return null;
      return el(
        "li",
        { class: "bb-suit-group", "aria-label": t("bb.suitCount", { suit: suitWords(suit), count: cards.length }) },
        cards.map((card) => {
          const move = plays.get(card);
          if (!move) return cardOf(card);
          const button = el("button", { type: "button", class: `card bb-card${suitClass(card)}` }, face(card));
          return bindMove(button, this.ctx, move, t("bb.play", { card: cardWords(card) }));
        }),
      );
    });
    const pass = movesOfType(this.ctx, "pass").map((move) =>
      moveButton(
        this.ctx,
        move,
        t("bb.pass"),
        this.state.extra_play ? t("bb.passExtra") : t("bb.passNone"),
      ),
    );
    return area(
      t("kit.yourHand"),
      "gt-hand",
      this.state.hand.length ? el("ul", { class: "gt-cards bb-hand" }, groups) : el("p", { class: "gt-note" }, t("kit.noCard")),
      actions(t("bb.other"), pass),
    );
  }

  private prompt(): string {
    const ctx = this.ctx;
    const state = this.state;
    if (ctx.view.status === "finished") return ""; // the end screen says it
    if (ctx.view.status !== "active") return t("kit.gameIs", { status: t(`status.${ctx.view.status}`) });
    if (movesOfType(ctx, "choose_contract").length) return t("bb.pChoose");
    if (state.extra_play && movesOfType(ctx, "pass").length) return t("bb.pAce");
    if (movesOfType(ctx, "play_card").length) return t(state.contract === "reussite" ? "bb.pLay" : "bb.pPlay");
    if (movesOfType(ctx, "pass").length) return t("bb.pPass");
    if (state.phase === "choose_contract") return t("bb.pChooser", { name: playerName(ctx, state.chooser) });
    if (state.turn !== null) return t("bb.pTurn", { name: playerName(ctx, state.turn) });
    return "";
  }

  build(): HTMLElement {
    const state = this.state;
    const ctx = this.ctx;
    const seats = seatsPanel(ctx, {
      scoreLabel: t("bb.total"),
      score: (seat) => (ctx.view.status === "finished" ? (ctx.view.scores[seat] ?? 0) : (state.totals[seat] ?? 0)),
      facts: (seat): Child[] => [
        t("kit.cards", { count: state.hand_sizes[seat] ?? 0 }),
        state.contract && state.contract !== "reussite" ? t("bb.tricks", { count: state.tricks_won[seat] ?? 0 }) : null,
        state.round_points[seat] ? t("bb.thisRound", { count: state.round_points[seat] ?? 0 }) : null,
        t("bb.left", { count: (state.contracts_left[seat] ?? []).length }),
      ],
      status: (seat) => {
        if (ctx.view.status !== "active") return null;
        if (state.out.includes(seat)) return t("bb.statusOut");
        if (state.phase === "choose_contract" && seat === state.chooser) return t("bb.statusChoosing");
        if (state.turn === seat) return t("kit.toPlay");
        return null;
      },
    });
    const chosen = state.contract ? contractOf(state.contract) : null;
    const contract = chosen ? t("bb.contractRule", { name: chosen.name, rule: chosen.rule ?? "" }) : t("bb.noContract");
    return el(
      "div",
      {},
      el(
        "p",
        { class: "gt-header" },
        t("bb.header", { round: state.round, rounds: state.rounds, name: playerName(ctx, state.chooser), contract }),
      ),
      prompt(this.prompt()),
      finalPanel(ctx, t("bb.fewest")),
      seats,
      this.contracts(),
      this.tricks(),
      this.lines(),
      this.removed(),
      dock(this.hand()),
    );
  }
}

export const barbu = tableRenderer("barbu", (ctx) => new BarbuTable(ctx).build());
