// The barbu table (docs/games/barbu.md): the contract of the round (chosen here by the round's chooser), the trick
// on the table and the last one, the réussite lines, the cards removed face up, every seat's tricks, points and
// contracts left, and the viewer's hand by suit. Each legal move is a control: a contract (`choose_contract`), a
// card of the hand (`play_card`), `pass` in the réussite.
import type { components } from "../api/schema";
import {
  actions,
  area,
  bindMove,
  type Child,
  el,
  finalPanel,
  listWords,
  moveButton,
  movesOfType,
  playerName,
  plural,
  prompt,
  seatsPanel,
  tableRenderer,
} from "./table-kit";
import type { TableContext } from "./types";

type View = components["schemas"]["BarbuView"];

const RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];
const RANK_WORDS: Record<string, string> = { J: "jack", Q: "queen", K: "king", A: "ace" };
// the hand's order (canonical: clubs, diamonds, hearts, spades), with the symbols and names of each suit
const SUITS = ["C", "D", "H", "S"] as const;
const SUIT_SYMBOL: Record<string, string> = { C: "♣", D: "♦", H: "♥", S: "♠" };
const SUIT_WORDS: Record<string, string> = { C: "clubs", D: "diamonds", H: "hearts", S: "spades" };

const CONTRACTS: Record<string, { name: string; rule: string }> = {
  king_of_hearts: { name: "King of hearts", rule: "100 points to whoever wins the king of hearts" },
  queens: { name: "Queens", rule: "25 points per queen won" },
  hearts: { name: "Hearts", rule: "10 points per heart won" },
  tricks: { name: "Tricks", rule: "10 points per trick won" },
  last_trick: { name: "Last trick", rule: "100 points to whoever wins the last trick" },
  salad: { name: "Salad", rule: "all five trick contracts at once" },
  reussite: { name: "Réussite", rule: "lay cards on the suit lines: −100 to the first out, −50 to the second" },
};

function contractName(contract: string): string {
  return CONTRACTS[contract]?.name ?? contract;
}

function split(card: string): { rank: string; suit: string } {
  return { rank: card.slice(0, -1), suit: card.slice(-1) };
}

function cardWords(card: string): string {
  const { rank, suit } = split(card);
  return `${RANK_WORDS[rank] ?? rank} of ${SUIT_WORDS[suit] ?? suit}`;
}

function face(card: string): HTMLElement[] {
  const { rank, suit } = split(card);
  return [
    el("span", { class: "card-value", "aria-hidden": "true" }, rank),
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
      "aria-label": note ? `${cardWords(card)}, ${note}` : cardWords(card),
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
      const info = CONTRACTS[contract];
      const button = moveButton(
        this.ctx,
        move,
        info?.name ?? contract,
        `Choose the contract ${info?.name ?? contract}${info ? `: ${info.rule}` : ""}`,
        "move bb-contract",
      );
      if (info) button.append(el("small", { "aria-hidden": "true" }, info.rule));
      return button;
    });
    return area("Choose the contract", "bb-contracts", actions("Contracts", buttons));
  }

  private laid(trick: { seat: number; card: string }[], small: boolean): HTMLElement {
    return el(
      "ul",
      { class: "gt-cards bb-trick" },
      trick.map(({ seat, card }) =>
        el(
          "li",
          { class: "gt-laid" },
          cardOf(card, `played by ${playerName(this.ctx, seat)}`, small),
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
        "Current trick",
        "bb-current",
        state.trick.length ? this.laid(state.trick, false) : el("p", { class: "gt-note" }, "No card yet."),
      ),
      state.last_trick.length ? area("Last trick", "bb-last", this.laid(state.last_trick, true)) : null,
    );
  }

  /** Réussite: per suit, the cards laid from the lowest to the highest rank. */
  private lines(): HTMLElement | null {
    const state = this.state;
    if (state.contract !== "reussite") return null;
    const rows = SUITS.map((suit) => {
      const line = state.lines[suit];
      const name = `${SUIT_SYMBOL[suit] ?? ""} ${SUIT_WORDS[suit] ?? suit}`;
      if (!line || line.length < 2) {
        return el("li", { class: "bb-line" }, el("span", { class: "bb-line-name" }, name), el("span", { class: "gt-note" }, "not opened"));
      }
      const low = RANKS.indexOf(line[0] ?? "");
      const high = RANKS.indexOf(line[1] ?? "");
      const cards = RANKS.slice(low, high + 1).map((rank) => cardOf(`${rank}${suit}`, undefined, true));
      return el(
        "li",
        { class: "bb-line", "aria-label": `${SUIT_WORDS[suit] ?? suit}: ${line[0] ?? ""} to ${line[1] ?? ""}` },
        el("span", { class: "bb-line-name" }, name),
        el("span", { class: "gt-cards-inline" }, cards),
      );
    });
    const opening = state.opening_rank;
    return area(
      "Réussite lines",
      "bb-lines",
      el("p", { class: "gt-note" }, opening ? `Suits open at rank ${opening}.` : "The chooser lays the first card: its rank opens every suit."),
      el("ul", { class: "gt-hands" }, rows),
      state.out.length
        ? el("p", {}, `Out: ${listWords(state.out.map((seat, index) => `${playerName(this.ctx, seat)} (${index === 0 ? "first" : "second"})`))}`)
        : null,
    );
  }

  private removed(): HTMLElement | null {
    if (this.state.removed.length === 0) return null;
    return area(
      "Removed face up",
      "bb-removed",
      el("ul", { class: "gt-cards" }, this.state.removed.map((card) => el("li", {}, cardOf(card, "removed", true)))),
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
        { class: "bb-suit-group", "aria-label": `${SUIT_WORDS[suit] ?? suit}: ${cards.length}` },
        cards.map((card) => {
          const move = plays.get(card);
          if (!move) return cardOf(card);
          const button = el("button", { type: "button", class: `card bb-card${suitClass(card)}` }, face(card));
          return bindMove(button, this.ctx, move, `Play the ${cardWords(card)}`);
        }),
      );
    });
    const pass = movesOfType(this.ctx, "pass").map((move) =>
      moveButton(
        this.ctx,
        move,
        "Pass",
        this.state.extra_play ? "Pass: decline the extra play" : "Pass: no card fits",
      ),
    );
    return area(
      "Your hand",
      "gt-hand",
      this.state.hand.length ? el("ul", { class: "gt-cards bb-hand" }, groups) : el("p", { class: "gt-note" }, "No card in hand."),
      actions("Other moves", pass),
    );
  }

  private prompt(): string {
    const ctx = this.ctx;
    const state = this.state;
    if (ctx.view.status === "finished") return ""; // the end screen says it
    if (ctx.view.status !== "active") return `The game is ${ctx.view.status}.`;
    if (movesOfType(ctx, "choose_contract").length) return "Choose the contract of this round.";
    if (state.extra_play && movesOfType(ctx, "pass").length) return "You laid an ace: play again, or pass.";
    if (movesOfType(ctx, "play_card").length) return state.contract === "reussite" ? "Lay a card on the lines." : "Play a card.";
    if (movesOfType(ctx, "pass").length) return "No card fits: pass.";
    if (state.phase === "choose_contract") return `${playerName(ctx, state.chooser)} chooses the contract.`;
    if (state.turn !== null) return `${playerName(ctx, state.turn)} to play.`;
    return "";
  }

  build(): HTMLElement {
    const state = this.state;
    const ctx = this.ctx;
    const seats = seatsPanel(ctx, {
      scoreLabel: "Total",
      score: (seat) => (ctx.view.status === "finished" ? (ctx.view.scores[seat] ?? 0) : (state.totals[seat] ?? 0)),
      facts: (seat): Child[] => [
        plural(state.hand_sizes[seat] ?? 0, "card"),
        state.contract && state.contract !== "reussite" ? plural(state.tricks_won[seat] ?? 0, "trick") : null,
        state.round_points[seat] ? `${state.round_points[seat] ?? 0} this round` : null,
        `${plural((state.contracts_left[seat] ?? []).length, "contract")} left`,
      ],
      status: (seat) => {
        if (ctx.view.status !== "active") return null;
        if (state.out.includes(seat)) return "out";
        if (state.phase === "choose_contract" && seat === state.chooser) return "choosing the contract";
        if (state.turn === seat) return "to play";
        return null;
      },
    });
    const contract = state.contract
      ? `${contractName(state.contract)} (${CONTRACTS[state.contract]?.rule ?? ""})`
      : "no contract yet";
    return el(
      "div",
      {},
      el(
        "p",
        { class: "gt-header" },
        `Round ${state.round} of ${state.rounds} · chosen by ${playerName(ctx, state.chooser)} · ${contract}`,
      ),
      prompt(this.prompt()),
      finalPanel(ctx, "Fewest points wins."),
      seats,
      this.contracts(),
      this.tricks(),
      this.lines(),
      this.removed(),
      this.hand(),
    );
  }
}

export const barbu = tableRenderer("barbu", (ctx) => new BarbuTable(ctx).build());
