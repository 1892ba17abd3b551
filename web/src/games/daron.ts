// The daron table (docs/games/daron.md): the discard pile's top card, the draw pile, the direction of play, the duel
// or brawl running with who answers, the cards set aside this round, every seat's cards and score, and the viewer's
// hand. A deposit is several cards at once: the viewer picks cards of the hand (toggles) and the legal deposits that
// hold them are offered as buttons; every other legal move (draw, pass, duel, riposte, brawl, accept) is a button.
import type { components } from "../api/schema";
import { t, tryT } from "../i18n";
import {
  actions,
  area,
  dock,
  type Child,
  el,
  finalPanel,
  type Move,
  moveButton,
  movesOf,
  listWords,
  movesOfType,
  playerName,
  prompt,
  seatsPanel,
  tableRenderer,
} from "./table-kit";
import type { TableContext } from "./types";

type View = components["schemas"]["DaronView"];

/** A card in words: a number or an operator by its code ("7", "+3"), the others by name (« Joker pair »). */
function cardWords(card: string): string {
  return tryT(`dr.name.${card}`) ?? card;
}

/** What a card's face shows. */
function faceOf(card: string): string {
  return card === "x2" ? "×2" : (tryT(`dr.face.${card}`) ?? card);
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
    el("span", { class: "card-value", "aria-hidden": "true" }, faceOf(card)),
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
    const direction = t(state.direction === 1 ? "dr.up" : "dr.down");
    const drawWords = t("dr.draw", { cards: t("kit.cards", { count: state.draw_size }) });
    return area(
      t("dr.pile"),
      "dr-pile",
      el(
        "div",
        { class: "dr-piles" },
        el(
          "figure",
          { class: "dr-stack" },
          state.top === null
            ? el("span", { class: "card back", role: "img", "aria-label": t("dr.noCard") })
            : el(
                "span",
                { class: "card dr-card dr-number dr-top", role: "img", "aria-label": t("dr.top", { card: state.top }) },
                el("span", { class: "card-value", "aria-hidden": "true" }, state.top),
              ),
          el("figcaption", {}, t("dr.discard", { cards: t("kit.cards", { count: state.discard_size }) })),
        ),
        el(
          "figure",
          { class: "dr-stack" },
          el("span", { class: "card back", role: "img", "aria-label": drawWords }),
          el("figcaption", {}, drawWords),
        ),
        el("p", { class: "dr-direction" }, t("dr.direction", { direction })),
      ),
      state.duel_pile.length || state.brawl_size
        ? el(
            "p",
            { class: "gt-note" },
            t("dr.aside"),
            el("span", { class: "gt-cards-inline" }, state.duel_pile.map((card) => cardOf(card, true))),
            state.brawl_size ? t("dr.fromBrawls", { cards: t("dr.darons", { count: state.brawl_size }) }) : null,
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
        t("dr.duel"),
        "dr-fight",
        el(
          "p",
          {},
          t("dr.attacks", { attacker: playerName(ctx, duel.attacker), defender: playerName(ctx, duel.defender) }),
          el("strong", {}, t("kit.cards", { count: duel.amount })),
          t("dr.answers", { name: playerName(ctx, duel.to_answer) }),
        ),
      );
    }
    if (state.brawl) {
      const brawl = state.brawl;
      return area(
        t("dr.brawl"),
        "dr-fight",
        el(
          "p",
          {},
          t("dr.started", { name: playerName(ctx, brawl.initiator) }),
          el("strong", {}, t("dr.darons", { count: brawl.count })),
          t("dr.joins", { name: playerName(ctx, brawl.to_answer) }),
        ),
      );
    }
    return null;
  }

  private hands(): HTMLElement | null {
    const hands = this.state.hands;
    if (!hands) return null;
    return area(
      t(this.ctx.view.status === "finished" ? "dr.handsEnd" : "dr.handsRound"),
      "dr-hands",
      el(
        "ul",
        { class: "gt-hands" },
        hands.map((hand, seat) =>
          el(
            "li",
            {},
            el("span", { class: "gt-caption lb-taken-name" }, playerName(this.ctx, seat)),
            el("span", { class: "gt-cards-inline" }, hand.length ? hand.map((card) => cardOf(card, true)) : t("dr.out")),
          ),
        ),
      ),
    );
  }

  private depositLabel(move: Move): string {
    const cards = (move["cards"] as string[]).map(cardWords);
    return t("dr.deposit", { cards: cards.join(", "), top: cards[cards.length - 1] ?? "" });
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
          "aria-label": t(on ? "dr.picked" : "dr.pick", { card: cardWords(card) }),
          "data-focus": `pick:${position}`,
          "data-card": card,
        },
        el("span", { class: "card-value", "aria-hidden": "true" }, faceOf(card)),
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
        t("dr.depositShort", { cards: (move["cards"] as string[]).map((card) => faceOf(card)).join(" ") }),
        this.depositLabel(move),
      ),
    );
    const hint = deposits.length
      ? chosen.size
        ? t("dr.matching", { count: matching.length })
        : t("dr.hint")
      : null;
    return area(
      t("kit.yourHand"),
      "gt-hand",
      hand.length ? el("ul", { class: "gt-cards" }, cards) : el("p", { class: "gt-note" }, t("kit.noCard")),
      hint ? el("p", { class: "gt-note" }, hint) : null,
      actions(t("dr.deposits"), depositButtons),
      chosen.size
        ? el("div", { class: "gt-actions" }, this.clearButton(chosen))
        : null,
    );
  }

  private clearButton(chosen: Set<number>): HTMLElement {
    const button = el("button", { type: "button", class: "move secondary", "data-focus": "clear-picks" }, t("dr.clear"));
    button.addEventListener("click", () => {
      chosen.clear();
      this.redraw();
    });
    return button;
  }

  private otherMoves(): HTMLElement | null {
    const buttons: HTMLElement[] = [];
    const brawls: HTMLElement[] = [];
    const joining = Boolean(this.state.brawl);
    const verb = t(joining ? "dr.join" : "dr.start");
    for (const move of movesOf(this.ctx)) {
      const card = typeof move["card"] === "string" ? move["card"] : "";
      switch (move.type) {
        case "draw":
          buttons.push(moveButton(this.ctx, move, t("dr.drawCard"), t("dr.drawCard")));
          break;
        case "pass":
          buttons.push(moveButton(this.ctx, move, t("dr.pass"), t("dr.passKeep")));
          break;
        case "duel":
          buttons.push(
            moveButton(
              this.ctx,
              move,
              t("dr.duelWith", { card: faceOf(card) }),
              t("dr.duelLabel", { card: cardWords(card) }),
            ),
          );
          break;
        case "riposte":
          buttons.push(
            moveButton(this.ctx, move, t("dr.riposte", { card: faceOf(card) }), t("dr.riposteLabel", { card: cardWords(card) })),
          );
          break;
        case "brawl": {
          // one small button a count, in a group named for the brawl: up to ten counts as full-width buttons filled
          // a phone's screen and pushed the prompt under the bar at its bottom
          const count = Number(move["count"]);
          brawls.push(moveButton(this.ctx, move, String(count), t("dr.brawlLabel", { verb, count }), "move dr-count"));
          break;
        }
        case "accept": {
          const amount = this.state.duel?.amount;
          const words = amount !== undefined ? t("dr.giveIn", { count: amount }) : t("dr.giveInAny");
          buttons.push(moveButton(this.ctx, move, words, words, "move secondary"));
          break;
        }
        default:
          break;
      }
    }
    if (brawls.length) {
      const how = t(joining ? "dr.brawlJoinHow" : "dr.brawlStartHow");
      buttons.push(
        el("div", { class: "dr-brawls", role: "group", "aria-label": how }, el("span", { class: "dr-brawls-how" }, how), brawls),
      );
    }
    return actions(t("dr.moves"), buttons);
  }

  private prompt(): string {
    const ctx = this.ctx;
    const state = this.state;
    if (ctx.view.status === "finished") return ""; // the end screen says it
    if (ctx.view.status !== "active") return t("kit.gameIs", { status: t(`status.${ctx.view.status}`) });
    const mine = ctx.seat !== null && ctx.view.awaiting.includes(ctx.seat);
    if (mine && state.duel) return t("dr.pDuel");
    if (mine && state.brawl) return t("dr.pBrawl");
    if (mine && state.phase === "drawn") return t("dr.pDrawn");
    if (mine) return t("dr.pTurn");
    const waiting = ctx.view.awaiting.map((seat) => playerName(ctx, seat));
    return waiting.length ? t("kit.waiting", { who: listWords(waiting) }) : "";
  }

  build(): HTMLElement {
    const state = this.state;
    const ctx = this.ctx;
    const seats = seatsPanel(ctx, {
      score: (seat) => state.scores[seat] ?? 0,
      facts: (seat): Child[] => [t("kit.cards", { count: state.hand_sizes[seat] ?? 0 })],
      status: (seat) => {
        if (ctx.view.status !== "active") return null;
        if (state.duel?.to_answer === seat || state.brawl?.to_answer === seat) return t("dr.answering");
        if (state.to_act === seat) return t(state.phase === "drawn" ? "dr.drew" : "dr.toAct");
        return null;
      },
    });
    return el(
      "div",
      {},
      el("p", { class: "gt-header" }, t("dr.header", { round: state.round })),
      prompt(this.prompt()),
      finalPanel(ctx),
      seats,
      this.pile(),
      this.fight(),
      this.hands(),
      dock(this.hand(), this.otherMoves()),
    );
  }
}

export const daron = tableRenderer("daron", (ctx, redraw) => new DaronTable(ctx, redraw).build());
