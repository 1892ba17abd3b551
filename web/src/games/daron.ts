// The daron table (docs/games/daron.md): the discard pile's top card, the draw pile, the direction of play, the duel
// or brawl running with who answers, the cards set aside this round, every seat's cards and score, and the viewer's
// hand. A deposit is several cards at once: the viewer picks cards of the hand (toggles) and the legal deposits that
// hold them are offered as buttons; every other legal move (draw, pass, duel, riposte, brawl, accept) is a button.
import type { components } from "../api/schema";
import {
  actions,
  area,
  type Child,
  el,
  finalPanel,
  type Move,
  moveButton,
  movesOf,
  movesOfType,
  playerName,
  plural,
  prompt,
  seatsPanel,
  tableRenderer,
} from "./table-kit";
import type { TableContext } from "./types";

type View = components["schemas"]["DaronView"];

const NAMES: Record<string, string> = {
  joker_even: "even joker",
  joker_odd: "odd joker",
  x2: "times two",
  daron: "Daron",
};
const FACES: Record<string, string> = { joker_even: "J even", joker_odd: "J odd", x2: "×2", daron: "Daron" };

function cardWords(card: string): string {
  return NAMES[card] ?? card;
}

function kindOf(card: string): string {
  if (/^[1-9]$/.test(card)) return "number";
  if (card.startsWith("joker")) return "joker";
  if (card === "daron") return "daron";
  return "operator";
}

function cardOf(card: string, small = false): HTMLElement {
  return el(
    "span",
    {
      class: `card dr-card dr-${kindOf(card)}${small ? " small" : ""}`,
      role: "img",
      "aria-label": cardWords(card),
      "data-card": card, // which card, for tests comparing the table with the view's JSON (replay, hidden hands)
    },
    el("span", { class: "card-value", "aria-hidden": "true" }, FACES[card] ?? card),
  );
}

/** How many of each card a list holds. */
function counts(cards: string[]): Map<string, number> {
  const tally = new Map<string, number>();
  for (const card of cards) tally.set(card, (tally.get(card) ?? 0) + 1);
  return tally;
}

function holds(cards: string[], wanted: string[]): boolean {
  const have = counts(cards);
  for (const [card, count] of counts(wanted)) if ((have.get(card) ?? 0) < count) return false;
  return true;
}

// The cards picked for a deposit, by position in the hand; kept across redraws of the same game while the hand
// stays the same (a bot's move redraws the table while the viewer is picking).
const picked = { game: "", hand: "", positions: new Set<number>() };

function pickedFor(ctx: TableContext, hand: string[]): Set<number> {
  const handKey = hand.join(",");
  if (picked.game !== ctx.view.game_id || picked.hand !== handKey) {
    picked.game = ctx.view.game_id;
    picked.hand = handKey;
    picked.positions = new Set();
  }
  return picked.positions;
}

class DaronTable {
  private readonly state: View;

  constructor(
    private readonly ctx: TableContext,
    private readonly redraw: () => void,
  ) {
    this.state = ctx.view.state as View;
  }

  private pile(): HTMLElement {
    const state = this.state;
    const direction = state.direction === 1 ? "↻ to increasing seats" : "↺ to decreasing seats";
    return area(
      "Pile",
      "dr-pile",
      el(
        "div",
        { class: "dr-piles" },
        el(
          "figure",
          { class: "dr-stack" },
          state.top === null
            ? el("span", { class: "card back", role: "img", "aria-label": "no card yet" })
            : el(
                "span",
                { class: "card dr-card dr-number dr-top", role: "img", "aria-label": `Top of the discard pile: ${state.top}` },
                el("span", { class: "card-value", "aria-hidden": "true" }, state.top),
              ),
          el("figcaption", {}, `Discard pile: ${plural(state.discard_size, "card")}`),
        ),
        el(
          "figure",
          { class: "dr-stack" },
          el("span", { class: "card back", role: "img", "aria-label": `Draw pile: ${plural(state.draw_size, "card")}` }),
          el("figcaption", {}, `Draw pile: ${plural(state.draw_size, "card")}`),
        ),
        el("p", { class: "dr-direction" }, `Play goes ${direction}`),
      ),
      state.duel_pile.length || state.brawl_size
        ? el(
            "p",
            { class: "gt-note" },
            "Set aside this round: ",
            el("span", { class: "gt-cards-inline" }, state.duel_pile.map((card) => cardOf(card, true))),
            state.brawl_size ? ` ${plural(state.brawl_size, "Daron card")} from brawls` : null,
          )
        : null,
    );
  }

  private fight(): HTMLElement | null {
    const state = this.state;
    const ctx = this.ctx;
    if (state.duel) {
      const duel = state.duel;
      return area(
        "Duel",
        "dr-fight",
        el(
          "p",
          {},
          `${playerName(ctx, duel.attacker)} attacks ${playerName(ctx, duel.defender)}: whoever gives in draws `,
          el("strong", {}, plural(duel.amount, "card")),
          `. ${playerName(ctx, duel.to_answer)} answers now.`,
        ),
      );
    }
    if (state.brawl) {
      const brawl = state.brawl;
      return area(
        "Brawl",
        "dr-fight",
        el(
          "p",
          {},
          `${playerName(ctx, brawl.initiator)} started a brawl: `,
          el("strong", {}, plural(brawl.count, "Daron card")),
          ` laid so far. ${playerName(ctx, brawl.to_answer)} joins or gives in now.`,
        ),
      );
    }
    return null;
  }

  private hands(): HTMLElement | null {
    const hands = this.state.hands;
    if (!hands) return null;
    return area(
      this.ctx.view.status === "finished" ? "Hands at the end" : "Hands at the end of the round",
      "dr-hands",
      el(
        "ul",
        { class: "gt-hands" },
        hands.map((hand, seat) =>
          el(
            "li",
            {},
            el("span", { class: "gt-caption lb-taken-name" }, playerName(this.ctx, seat)),
            el("span", { class: "gt-cards-inline" }, hand.length ? hand.map((card) => cardOf(card, true)) : "out"),
          ),
        ),
      ),
    );
  }

  private depositLabel(move: Move): string {
    const cards = (move["cards"] as string[]).map(cardWords);
    return `Deposit ${cards.join(", ")} (the top becomes ${cards[cards.length - 1] ?? ""})`;
  }

  private hand(): HTMLElement | null {
    if (this.ctx.seat === null) return null;
    const hand = this.state.hand;
    const deposits = movesOfType(this.ctx, "deposit");
    const chosen = pickedFor(this.ctx, hand);
    const chosenCards = [...chosen].map((position) => hand[position] ?? "");
    const usable = new Set(deposits.flatMap((move) => move["cards"] as string[]));
    const cards = hand.map((card, position) => {
      if (!usable.has(card)) return el("li", {}, cardOf(card));
      const on = chosen.has(position);
      const toggle = el(
        "button",
        {
          type: "button",
          class: `card dr-card dr-${kindOf(card)} pickable${on ? " chosen" : ""}`,
          "aria-pressed": String(on),
          "aria-label": `${cardWords(card)}: ${on ? "picked for the deposit, click to put back" : "pick for a deposit"}`,
          "data-focus": `pick:${position}`,
          "data-card": card,
        },
        el("span", { class: "card-value", "aria-hidden": "true" }, FACES[card] ?? card),
      );
      toggle.addEventListener("click", () => {
        if (chosen.has(position)) chosen.delete(position);
        else chosen.add(position);
        this.redraw();
      });
      return el("li", {}, toggle);
    });
    const matching = deposits.filter((move) => holds(move["cards"] as string[], chosenCards));
    const depositButtons = matching.map((move) =>
      moveButton(
        this.ctx,
        move,
        `Deposit ${(move["cards"] as string[]).map((card) => FACES[card] ?? card).join(" ")}`,
        this.depositLabel(move),
      ),
    );
    const hint = deposits.length
      ? chosen.size
        ? `${plural(matching.length, "deposit")} with the cards you picked.`
        : "Pick cards of your hand to narrow the deposits, or choose one below."
      : null;
    return area(
      "Your hand",
      "gt-hand",
      hand.length ? el("ul", { class: "gt-cards" }, cards) : el("p", { class: "gt-note" }, "No card in hand."),
      hint ? el("p", { class: "gt-note" }, hint) : null,
      actions("Deposits", depositButtons),
      chosen.size
        ? el("div", { class: "gt-actions" }, this.clearButton(chosen))
        : null,
    );
  }

  private clearButton(chosen: Set<number>): HTMLElement {
    const button = el("button", { type: "button", class: "move secondary", "data-focus": "clear-picks" }, "Clear the picked cards");
    button.addEventListener("click", () => {
      chosen.clear();
      this.redraw();
    });
    return button;
  }

  private otherMoves(): HTMLElement | null {
    const buttons: HTMLElement[] = [];
    for (const move of movesOf(this.ctx)) {
      const card = typeof move["card"] === "string" ? move["card"] : "";
      switch (move.type) {
        case "draw":
          buttons.push(moveButton(this.ctx, move, "Draw a card", "Draw a card"));
          break;
        case "pass":
          buttons.push(moveButton(this.ctx, move, "Pass", "Pass: keep the card drawn"));
          break;
        case "duel":
          buttons.push(
            moveButton(this.ctx, move, `Duel with ${FACES[card] ?? card}`, `Start a duel with ${cardWords(card)} against the next player`),
          );
          break;
        case "riposte":
          buttons.push(moveButton(this.ctx, move, `Riposte ${FACES[card] ?? card}`, `Riposte with ${cardWords(card)}`));
          break;
        case "brawl": {
          const count = Number(move["count"]);
          const verb = this.state.brawl ? "Join the brawl" : "Start a brawl";
          buttons.push(moveButton(this.ctx, move, `${verb}: ${plural(count, "Daron")}`, `${verb} with ${plural(count, "Daron card")}`));
          break;
        }
        case "accept": {
          const amount = this.state.duel?.amount;
          const words = amount !== undefined ? `Give in and draw ${plural(amount, "card")}` : "Give in and draw";
          buttons.push(moveButton(this.ctx, move, words, words, "move secondary"));
          break;
        }
        default:
          break;
      }
    }
    return actions("Moves", buttons);
  }

  private prompt(): string {
    const ctx = this.ctx;
    const state = this.state;
    if (ctx.view.status === "finished") return ""; // the end screen says it
    if (ctx.view.status !== "active") return `The game is ${ctx.view.status}.`;
    const mine = ctx.seat !== null && ctx.view.awaiting.includes(ctx.seat);
    if (mine && state.duel) return "You are in a duel: riposte or give in.";
    if (mine && state.brawl) return "A brawl: join with Daron cards or give in.";
    if (mine && state.phase === "drawn") return "You drew: deposit or pass.";
    if (mine) return "Your turn: deposit, draw, duel or start a brawl.";
    const waiting = ctx.view.awaiting.map((seat) => playerName(ctx, seat));
    return waiting.length ? `Waiting for ${waiting.join(", ")}.` : "";
  }

  build(): HTMLElement {
    const state = this.state;
    const ctx = this.ctx;
    const seats = seatsPanel(ctx, {
      score: (seat) => state.scores[seat] ?? 0,
      facts: (seat): Child[] => [plural(state.hand_sizes[seat] ?? 0, "card")],
      status: (seat) => {
        if (ctx.view.status !== "active") return null;
        if (state.duel?.to_answer === seat || state.brawl?.to_answer === seat) return "answering";
        if (state.to_act === seat) return state.phase === "drawn" ? "drew a card" : "to act";
        return null;
      },
    });
    return el(
      "div",
      {},
      el("p", { class: "gt-header" }, `Round ${state.round} of 3 · shed your hand first · highest total wins`),
      prompt(this.prompt()),
      finalPanel(ctx),
      seats,
      this.pile(),
      this.fight(),
      this.hands(),
      this.hand(),
      this.otherMoves(),
    );
  }
}

export const daron = tableRenderer("daron", (ctx, redraw) => new DaronTable(ctx, redraw).build());
