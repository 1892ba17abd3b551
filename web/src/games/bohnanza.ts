// The bohnanza table (docs/games/bohnanza.md): every seat's bean fields with their bean-o-meters, gold and pending
// cards, the turned-up cards, the viewer's hand (front first), and the trading panel: the open proposals to and
// from the viewer (accept, decline, withdraw), the proposals the server suggests (gifts, requests) and a form to
// compose any other proposal by clicks (partner, cards given, beans wanted). Planting, harvesting and buying a field
// are buttons on the fields.
import type { components } from "../api/schema";
import { t, tryT } from "../i18n";
import {
  actions,
  area,
  bindMove,
  cardData,
  type Child,
  el,
  finalPanel,
  listWords,
  type Move,
  moveButton,
  movesOfType,
  playerName,
  prompt,
  seatsPanel,
  tableRenderer,
} from "./table-kit";
import type { TableContext } from "./types";

type View = components["schemas"]["BohnanzaView"];
type Trade = components["schemas"]["BohnanzaTradeView"];

interface Bean {
  bean: string;
  meter: (number | null)[];
  base: boolean;
  extended: boolean;
}

const PHASES = {
  plant: "bn.phase.plant",
  trade: "bn.phase.trade",
  plant_pending: "bn.phase.plant_pending",
  finished: "bn.phase.finished",
} as const satisfies Record<View["phase"], string>;

/** A bean's name (« haricot bleu »); a bean this client does not know by its id. */
function beanWords(bean: string): string {
  return tryT(`bn.bean.${bean}`) ?? bean.replace(/_/g, "-");
}

/** "3 blue beans" / « 3 × haricot bleu ». */
function beansWords(count: number, bean: string): string {
  return t("bn.beans", { count, bean: beanWords(bean) });
}

function coinWords(count: number): string {
  return t("bn.coins", { count });
}

/** "2 blue" / « 2 × haricot bleu »: beans wanted. */
function countWords(count: number, bean: string): string {
  return t("bn.count", { count, bean: beanWords(bean) });
}

function beanCard(bean: string, note?: string, small = false): HTMLElement {
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
function beansOf(ctx: TableContext, redraw: () => void): Bean[] | null {
  const data = cardData(ctx.game, redraw);
  const beans = data?.["beans"];
  if (!Array.isArray(beans)) return null;
  const extended = ctx.view.options["extended"] === true;
  return (beans as Bean[]).filter((bean) => (extended ? bean.extended : bean.base));
}

// The proposal being composed; kept across redraws while the cards it names stay where they are. Whether the form
// is unfolded is kept for the page (the table is drawn again at every event).
let composerOpen = false;
interface Draft {
  key: string;
  to: number | null;
  hand: Set<number>;
  faceUp: Set<number>;
  want: Map<string, number>;
}
const draft: Draft = { key: "", to: null, hand: new Set(), faceUp: new Set(), want: new Map() };

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

  // ---- trading ---------------------------------------------------------------------------------------------------

  private tradeWords(trade: Trade): string {
    const from = playerName(this.ctx, trade.from);
    const to = trade.to === null ? t("bn.anyone") : playerName(this.ctx, trade.to);
    const gives = trade.give.length ? listWords(trade.give.map(beanWords)) : t("bn.nothing");
    const wanted = Object.entries(trade.want).map(([bean, count]) => countWords(count, bean));
    const wants = wanted.length ? listWords(wanted) : t("bn.nothingGift");
    return t("bn.trade", { from, to, gives, wants });
  }

  private trades(): HTMLElement | null {
    const ctx = this.ctx;
    const trades = this.state.trades;
    if (trades.length === 0) return null;
    const accepts = movesOfType(ctx, "accept_trade");
    const declines = movesOfType(ctx, "decline_trade");
    const withdraws = movesOfType(ctx, "withdraw_trade");
    const byId = (moves: Move[], id: number): Move[] => moves.filter((move) => move["trade_id"] === id);
    const items = trades.map((trade) => {
      const toMe = ctx.seat !== null && trade.to === ctx.seat;
      const fromMe = ctx.seat !== null && trade.from === ctx.seat;
      const buttons: HTMLElement[] = [
        ...byId(accepts, trade.trade_id).map((move) => {
          const payment = this.paymentWords(move);
          const label = t("bn.acceptLabel", { id: trade.trade_id, trade: this.tradeWords(trade), payment });
          return moveButton(ctx, move, t("bn.accept"), label);
        }),
        ...byId(declines, trade.trade_id).map((move) =>
          moveButton(
            ctx,
            move,
            t("bn.decline"),
            t("bn.declineLabel", { id: trade.trade_id, trade: this.tradeWords(trade) }),
            "move secondary",
          ),
        ),
        ...byId(withdraws, trade.trade_id).map((move) =>
          moveButton(ctx, move, t("bn.withdraw"), t("bn.withdrawLabel", { id: trade.trade_id }), "move secondary"),
        ),
      ];
      const wanted = Object.entries(trade.want);
      return el(
        "li",
        { class: `bn-trade${toMe ? " to-me" : ""}${fromMe ? " from-me" : ""}`, "data-trade": trade.trade_id },
        el(
          "p",
          { class: "bn-trade-who" },
          el("strong", {}, playerName(ctx, trade.from)),
          " → ",
          el("strong", {}, trade.to === null ? t("bn.anyone") : playerName(ctx, trade.to)),
          wanted.length === 0 ? el("span", { class: "gt-badge" }, t("bn.gift")) : null,
          trade.give.length === 0 ? el("span", { class: "gt-badge" }, t("bn.request")) : null,
        ),
        el(
          "div",
          { class: "bn-trade-terms" },
          el("span", {}, t("bn.gives")),
          trade.give.length
            ? el("span", { class: "gt-cards-inline" }, trade.give.map((bean) => beanCard(bean, t("bn.offered"), true)))
            : t("bn.nothing"),
          el("span", {}, t("bn.for")),
          wanted.length
            ? el(
                "span",
                { class: "gt-cards-inline" },
                wanted.map(([bean, count]) =>
                  el("span", { class: "bn-want" }, `${count} ×`, beanCard(bean, t("bn.wanted", { count }), true)),
                ),
              )
            : t("bn.nothing"),
        ),
        actions(t("bn.proposal", { id: trade.trade_id }), buttons),
      );
    });
    return area(t("bn.proposals"), "bn-trades", el("ul", { class: "bn-trade-list" }, items));
  }

  private paymentWords(move: Move): string {
    const hand = (move["give_hand"] as number[] | undefined) ?? [];
    const faceUp = (move["give_face_up"] as number[] | undefined) ?? [];
    const beans = [
      ...faceUp.map((index) => t("bn.theTurnedUp", { bean: beanWords(this.state.face_up[index] ?? "") })),
      ...hand.map((index) => t("bn.yourCard", { bean: beanWords(this.state.hand[index] ?? ""), index: index + 1 })),
    ];
    return beans.length ? t("bn.paying", { beans: listWords(beans) }) : "";
  }

  /** The server's suggested proposals (`propose_trade` templates of the legal moves), each a button. */
  private suggestions(): HTMLElement[] {
    return movesOfType(this.ctx, "propose_trade").map((move) => {
      const to = move["to"] as number | null;
      const hand = (move["give_hand"] as number[] | undefined) ?? [];
      const faceUp = (move["give_face_up"] as number[] | undefined) ?? [];
      const want = Object.entries((move["want"] as Record<string, number> | undefined) ?? {});
      const gives = listWords(this.givenWords(faceUp, hand));
      const partner = to === null ? t("bn.anyone") : playerName(this.ctx, to);
      const wants = listWords(want.map(([bean, count]) => countWords(count, bean)));
      const words =
        want.length === 0
          ? t("bn.give", { gives, partner })
          : gives.length === 0
            ? t("bn.ask", { partner, wants })
            : t("bn.offer", { gives, partner, wants });
      return moveButton(this.ctx, move, words, words, "move secondary");
    });
  }

  /** The cards a proposal gives, in words: « le piment retourné », « votre haricot vert ». */
  private givenWords(faceUp: number[], hand: number[]): string[] {
    return [
      ...faceUp.map((index) => t("bn.theTurnedUp", { bean: beanWords(this.state.face_up[index] ?? "") })),
      ...hand.map((index) => t("bn.your", { bean: beanWords(this.state.hand[index] ?? "") })),
    ];
  }

  private draftFor(active: boolean): Draft {
    const key = JSON.stringify([this.ctx.view.game_id, this.state.active, this.state.hand, this.state.face_up]);
    if (draft.key !== key) {
      draft.key = key;
      draft.to = active ? null : this.state.active;
      draft.hand = new Set();
      draft.faceUp = new Set();
      draft.want = new Map();
    }
    return draft;
  }

  /** Any other proposal, by clicks: the partner, the cards given (hand and, for the active player, turned up), the
   * beans wanted. The server checks it like any command and the shell shows a refusal in words. */
  private composer(): HTMLElement | null {
    const ctx = this.ctx;
    if (ctx.seat === null || movesOfType(ctx, "propose_trade").length === 0) return null;
    const seat = ctx.seat;
    const active = this.state.active === seat;
    const composing = this.draftFor(active);
    const partners: (number | null)[] = active
      ? [null, ...ctx.view.scores.map((_, other) => other).filter((other) => other !== seat)]
      : [this.state.active];
    const partnerButtons = partners.map((partner) => {
      const on = composing.to === partner;
      const name = partner === null ? t("bn.anyoneTo") : playerName(ctx, partner);
      const button = el(
        "button",
        { type: "button", class: `move secondary${on ? " chosen" : ""}`, "aria-pressed": String(on), "data-focus": `to:${partner ?? "any"}` },
        name,
      );
      button.addEventListener("click", () => {
        composing.to = partner;
        this.redraw();
      });
      return button;
    });
    const toggles = (cards: string[], picked: Set<number>, where: "hand" | "turned-up"): HTMLElement[] =>
      cards.map((bean, index) => {
        const on = picked.has(index);
        const button = el(
          "button",
          {
            type: "button",
            class: `card bn-card bn-${bean} small pickable${on ? " chosen" : ""}`,
            "aria-pressed": String(on),
            "aria-label": t("bn.giveCard", {
              where: t(where === "hand" ? "bn.whereHand" : "bn.whereUp"),
              bean: beanWords(bean),
              index: index + 1,
            }),
            "data-focus": `${where}:${index}`,
          },
          el("span", { class: "bn-bean", "aria-hidden": "true" }),
          el("span", { class: "bn-name", "aria-hidden": "true" }, beanWords(bean)),
        );
        button.addEventListener("click", () => {
          if (picked.has(index)) picked.delete(index);
          else picked.add(index);
          this.redraw();
        });
        return button;
      });
    const wantRows = (this.beans ?? []).map((bean) => {
      const count = composing.want.get(bean.bean) ?? 0;
      const step = (delta: number, text: string, words: string): HTMLElement => {
        const button = el(
          "button",
          { type: "button", class: "move secondary bn-step", "aria-label": words, "data-focus": `want:${bean.bean}:${delta}` },
          text,
        );
        if (delta < 0 && count === 0) button.setAttribute("disabled", "");
        button.addEventListener("click", () => {
          const next = Math.max(0, count + delta);
          if (next === 0) composing.want.delete(bean.bean);
          else composing.want.set(bean.bean, next);
          this.redraw();
        });
        return button;
      };
      return el(
        "li",
        { class: "bn-want-row" },
        beanCard(bean.bean, undefined, true),
        step(-1, "−", t("bn.less", { bean: beanWords(bean.bean) })),
        el("span", { class: "bn-want-count", "aria-label": t("bn.wantedCount", { count, bean: beanWords(bean.bean) }) }, count),
        step(1, "+", t("bn.more", { bean: beanWords(bean.bean) })),
      );
    });
    const proposal = {
      type: "propose_trade",
      to: composing.to,
      give_hand: [...composing.hand].sort((a, b) => a - b),
      give_face_up: active ? [...composing.faceUp].sort((a, b) => a - b) : [],
      want: Object.fromEntries(composing.want),
    };
    const empty = proposal.give_hand.length + proposal.give_face_up.length + composing.want.size === 0;
    const send = el("button", { type: "button", class: "move", "data-focus": "send-proposal" }, t("bn.propose"));
    if (empty) {
      send.setAttribute("disabled", "");
      send.setAttribute("aria-label", t("bn.proposeFirst"));
    } else {
      const gives = this.givenWords(proposal.give_face_up, proposal.give_hand);
      const wants = Object.entries(proposal.want).map(([bean, count]) => countWords(count, bean));
      const partner = composing.to === null ? t("bn.anyone") : playerName(ctx, composing.to);
      const label = t("bn.proposeTo", {
        partner,
        gives: gives.length ? listWords(gives) : t("bn.nothing"),
        wants: wants.length ? listWords(wants) : t("bn.nothing"),
      });
      bindMove(send, ctx, proposal, label);
    }
    const form = el(
      "details",
      { class: "bn-composer", open: composerOpen },
      el("summary", { "data-focus": "composer" }, t("bn.compose")),
      el(
        "div",
        { class: "gt-actions", role: "group", "aria-label": t("bn.proposalTo") },
        el("span", {}, t("bn.to")),
        partnerButtons,
      ),
      this.state.hand.length
        ? el(
            "div",
            { class: "gt-actions", role: "group", "aria-label": t("bn.handGiven") },
            el("span", {}, t("bn.giveHand")),
            toggles(this.state.hand, composing.hand, "hand"),
          )
        : null,
      active && this.state.face_up.length
        ? el(
            "div",
            { class: "gt-actions", role: "group", "aria-label": t("bn.upGiven") },
            el("span", {}, t("bn.giveUp")),
            toggles(this.state.face_up, composing.faceUp, "turned-up"),
          )
        : null,
      wantRows.length
        ? el(
            "div",
            { role: "group", "aria-label": t("bn.beansWanted") },
            el("span", {}, t("bn.want")),
            el("ul", { class: "bn-want-list" }, wantRows),
          )
        : null,
      el("div", { class: "gt-actions" }, send),
    );
    form.addEventListener("toggle", () => {
      composerOpen = form.open;
    });
    return form;
  }

  private trading(): HTMLElement | null {
    const ctx = this.ctx;
    const suggestions = this.suggestions();
    const end = movesOfType(ctx, "end_trading").map((move) =>
      moveButton(ctx, move, t("bn.endTrading"), t("bn.endTradingLabel")),
    );
    const trades = this.trades();
    const composer = this.composer();
    if (!trades && suggestions.length === 0 && end.length === 0 && !composer) return null;
    return area(
      t("bn.trading"),
      "bn-trading",
      trades,
      actions(t("bn.trading"), end),
      suggestions.length ? el("p", { class: "gt-note" }, t("bn.suggested")) : null,
      actions(t("bn.suggestedGroup"), suggestions),
      composer,
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
      this.trading(),
      actions(t("bn.planting"), turnUp),
      el("div", { class: "bn-seats" }, order.map((seat) => this.fieldsOf(seat))),
      this.hand(),
    );
  }
}

export const bohnanza = tableRenderer("bohnanza", (ctx, redraw) => new BohnanzaTable(ctx, beansOf(ctx, redraw), redraw).build());
