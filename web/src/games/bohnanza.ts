// The bohnanza table (docs/games/bohnanza.md): every seat's bean fields with their bean-o-meters, gold and pending
// cards, the turned-up cards, the viewer's hand (front first), and the trading panel (bohnanza-trading.ts: the
// proposals, the suggestions and the composer). Planting, harvesting and buying a field are buttons on the fields;
// the beans in words and on cards are bohnanza-beans.ts.
import { t } from "../i18n";
import {
  type Bean,
  beanCard,
  beansOf,
  beansWords,
  beanWords,
  coinWords,
  type View,
} from "./bohnanza-beans";
import { BohnanzaTrading } from "./bohnanza-trading";
import {
  actions,
  area,
  type Child,
  dock,
  el,
  finalPanel,
  listWords,
  moveButton,
  movesOfType,
  narrow,
  playerName,
  prompt,
  seatsPanel,
  tableRenderer,
} from "./table-kit";
import type { TableContext } from "./types";

const PHASES = {
  plant: "bn.phase.plant",
  trade: "bn.phase.trade",
  plant_pending: "bn.phase.plant_pending",
  finished: "bn.phase.finished",
} as const satisfies Record<View["phase"], string>;

class BohnanzaTable {
  private readonly state: View;
  private readonly meters = new Map<string, (number | null)[]>();

  constructor(
    private readonly ctx: TableContext,
    private readonly beans: Bean[] | null,
    private readonly redraw: () => void,
  ) {
    this.state = ctx.view.state as View;
    for (const bean of beans ?? []) this.meters.set(bean.bean, bean.meter);
  }

  private meterWords(bean: string): string {
    const meter = this.meters.get(bean);
    if (!meter) return "";
    const steps = meter
      .map((needed, index) => (needed === null ? null : t("bn.step", { coins: coinWords(index + 1), cards: needed })))
      .filter((step): step is string => step !== null);
    return steps.join(", ");
  }

  private coinsFor(bean: string, count: number): number {
    let coins = 0;
    (this.meters.get(bean) ?? []).forEach((needed, index) => {
      if (needed !== null && count >= needed) coins = index + 1;
    });
    return coins;
  }

  /** The bean-o-meter: each step (cards → coins), the steps reached marked. */
  private meter(bean: string, count: number): HTMLElement | null {
    const meter = this.meters.get(bean);
    if (!meter) return null;
    return el(
      "ol",
      { class: "bn-meter", "aria-label": t("bn.meter", { steps: this.meterWords(bean) }) },
      meter.map((needed, index) =>
        needed === null
          ? null
          : el(
              "li",
              { class: count >= needed ? "reached" : null, "aria-hidden": "true" },
              `${needed}→${index + 1}`,
            ),
      ),
    );
  }

  private fieldsOf(seat: number): HTMLElement {
    const ctx = this.ctx;
    const mine = seat === ctx.seat;
    const fields = this.state.fields[seat] ?? [];
    const plants = movesOfType(ctx, "plant");
    const pendingPlants = movesOfType(ctx, "plant_pending");
    const harvests = movesOfType(ctx, "harvest");
    const front = this.state.hand[0];
    const pending = this.state.pending[seat] ?? [];
    const items = fields.map((field, index) => {
      const buttons: HTMLElement[] = [];
      if (mine) {
        for (const move of plants.filter((candidate) => candidate["field"] === index)) {
          const words = t("bn.plantFront", { bean: beanWords(front ?? ""), field: index + 1 });
          buttons.push(moveButton(ctx, move, t("bn.plant", { bean: beanWords(front ?? "") }), words));
        }
        for (const move of pendingPlants.filter((candidate) => candidate["field"] === index)) {
          const bean = pending[Number(move["card"])] ?? "";
          const words = t("bn.plantPending", { bean: beanWords(bean), card: Number(move["card"]) + 1, field: index + 1 });
          buttons.push(moveButton(ctx, move, t("bn.plant", { bean: beanWords(bean) }), words));
        }
        for (const move of harvests.filter((candidate) => candidate["field"] === index)) {
          const coins = field ? this.coinsFor(field.bean, field.count) : 0;
          const words = field
            ? t("bn.harvestField", { field: index + 1, beans: beansWords(field.count, field.bean), coins: coinWords(coins) })
            : t("bn.harvestEmpty", { field: index + 1 });
          // a harvest that brings nothing is offered (it frees the field) but must not look like a good move
          const kind = coins === 0 ? "move quiet" : "move secondary"; // i18n-exempt: class names
          buttons.push(moveButton(ctx, move, t("bn.harvest", { coins: coinWords(coins) }), words, kind));
        }
      }
      const label = field
        ? t("bn.field", { field: index + 1, beans: beansWords(field.count, field.bean) })
        : t("bn.fieldEmpty", { field: index + 1 });
      return el(
        "li",
        { class: `bn-field${field ? "" : " empty"}`, "aria-label": label, "data-field": index },
        field
          ? el(
              "div",
              { class: "bn-field-crop" },
              beanCard(field.bean, t("kit.cards", { count: field.count })),
              el("span", { class: "bn-count", "aria-hidden": "true" }, `×${field.count}`),
            )
          : el("span", { class: "bn-empty", "aria-hidden": "true" }, t("bn.empty")),
        field ? this.meter(field.bean, field.count) : null,
        buttons.length ? el("div", { class: "gt-actions" }, buttons) : null,
      );
    });
    const buy = mine
      ? movesOfType(ctx, "buy_field").map((move) =>
          moveButton(
            ctx,
            move,
            t("bn.buy", { coins: coinWords(this.state.field_price) }),
            t("bn.buyLabel", { coins: coinWords(this.state.field_price) }),
            "move secondary",
          ),
        )
      : [];
    return el(
      "section",
      { class: `bn-seat${mine ? " you" : ""}${this.state.active === seat ? " active" : ""}`, "aria-label": t("bn.fieldsOf", { name: playerName(ctx, seat) }) },
      el("h3", {}, t("bn.gold", { name: playerName(ctx, seat), coins: coinWords(this.state.coins[seat] ?? 0) })),
      el("ul", { class: "bn-fields" }, items),
      pending.length
        ? el(
            "p",
            { class: "gt-note" },
            t("bn.toPlant"),
            el("span", { class: "gt-cards-inline" }, pending.map((bean) => beanCard(bean, t("bn.toPlantNote"), true))),
          )
        : null,
      actions(t("bn.fields"), buy),
    );
  }

  private faceUp(): HTMLElement | null {
    const faceUp = this.state.face_up;
    if (faceUp.length === 0) return null;
    return area(
      t("bn.turnedUp"),
      "bn-face-up",
      el("ul", { class: "gt-cards" }, faceUp.map((bean, index) => el("li", {}, beanCard(bean, t("bn.turnedUpCard", { index: index + 1 }))))),
    );
  }

  private hand(): HTMLElement | null {
    if (this.ctx.seat === null) return null;
    const hand = this.state.hand;
    return area(
      t("bn.yourHand"),
      "gt-hand",
      hand.length
        ? el(
            "ol",
            { class: "gt-cards bn-hand" },
            hand.map((bean, index) =>
              el("li", { class: index === 0 ? "front" : null }, beanCard(bean, index === 0 ? t("bn.front") : t("bn.cardAt", { index: index + 1 }))),
            ),
          )
        : el("p", { class: "gt-note" }, t("kit.noCard")),
    );
  }


  private prompt(): string {
    const ctx = this.ctx;
    const state = this.state;
    if (ctx.view.status === "finished") return ""; // the end screen says it
    if (ctx.view.status !== "active") return t("kit.gameIs", { status: t(`status.${ctx.view.status}`) });
    const awaited = ctx.seat !== null && ctx.view.awaiting.includes(ctx.seat);
    const active = state.active === ctx.seat;
    if (awaited && movesOfType(ctx, "plant").length && state.planted === 0) return t("bn.pFront");
    if (awaited && movesOfType(ctx, "turn_up").length) return t("bn.pSecond");
    if (awaited && state.phase === "plant" && state.planted === 0) return t("bn.pHarvest");
    if (awaited && state.phase === "trade" && active) return t("bn.pTrade");
    if (awaited && state.phase === "trade") return t("bn.pAnswer");
    if (awaited && state.phase === "plant_pending") return t("bn.pPending");
    const waiting = ctx.view.awaiting.map((seat) => playerName(ctx, seat));
    return waiting.length ? t("kit.waiting", { who: listWords(waiting) }) : "";
  }

  build(): HTMLElement {
    const state = this.state;
    const ctx = this.ctx;
    const seatCount = state.fields.length;
    const seats = seatsPanel(ctx, {
      scoreLabel: t("bn.coinsLabel"),
      score: (seat) => (ctx.view.status === "finished" ? (ctx.view.scores[seat] ?? 0) : (state.coins[seat] ?? 0)),
      facts: (seat): Child[] => [
        t("kit.cards", { count: state.hand_sizes[seat] ?? 0 }),
        (state.pending[seat] ?? []).length ? t("bn.toPlantCount", { count: (state.pending[seat] ?? []).length }) : null,
      ],
      status: (seat) => (ctx.view.status === "active" && state.active === seat ? t("bn.activePlayer") : null),
    });
    const turnUp = movesOfType(ctx, "turn_up").map((move) =>
      moveButton(ctx, move, t("bn.turnUp"), t("bn.turnUpLabel")),
    );
    const order = [...Array(seatCount).keys()].sort((a, b) => (a === ctx.seat ? -1 : b === ctx.seat ? 1 : a - b));
    return el(
      "div",
      {},
      el(
        "p",
        { class: "gt-header" },
        t("bn.header", {
          turn: state.active === ctx.seat ? t("bn.yourTurn") : t("bn.turnOf", { name: playerName(ctx, state.active) }),
          phase: t(PHASES[state.phase]),
          deck: state.deck_size,
          discard: state.discard_size,
          top: state.discard_top ? t("bn.top", { bean: beanWords(state.discard_top) }) : "",
          runs: state.exhaustions,
          last: state.ending ? t("bn.lastTurn") : "",
        }),
      ),
      prompt(this.prompt()),
      finalPanel(ctx, t("bn.mostCoins")),
      seats,
      this.faceUp(),
      new BohnanzaTrading(ctx, state, this.beans, this.redraw).trading(),
      ...this.mine(order, actions(t("bn.planting"), turnUp)),
    );
  }

  /**
   * The viewer's fields, the turn-up button and the hand, with the other seats' fields. On a phone the first three
   * make the bar at the bottom of the screen (planting and harvesting are on the fields) and the other seats come
   * after it; elsewhere every seat's fields are one grid, the viewer's first, the hand under it.
   */
  private mine(order: number[], turnUp: HTMLElement | null): Child[] {
    const seats = (which: number[]): HTMLElement => el("div", { class: "bn-seats" }, which.map((seat) => this.fieldsOf(seat)));
    const me = this.ctx.seat;
    if (me === null || !narrow() || !order.includes(me)) return [turnUp, seats(order), this.hand()];
    return [dock(turnUp, seats([me]), this.hand()), seats(order.filter((seat) => seat !== me))];
  }
}

export const bohnanza = tableRenderer("bohnanza", (ctx, redraw) => new BohnanzaTable(ctx, beansOf(ctx, redraw), redraw).build());
