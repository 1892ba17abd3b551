// Bohnanza's trading panel (docs/games/bohnanza.md): the open proposals to and from the viewer (accept, decline,
// withdraw), the proposals the server suggests (gifts, requests) and a form to compose any other proposal by clicks
// (partner, cards given, beans wanted).
import { t } from "../i18n";
import { type Bean, beanCard, beanWords, countWords, type Trade, type View } from "./bohnanza-beans";
import { actions, area, bindMove, el, listWords, type Move, moveButton, movesOfType, playerName } from "./table-kit";
import type { TableContext } from "./types";

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

export class BohnanzaTrading {
  constructor(
    private readonly ctx: TableContext,
    private readonly state: View,
    private readonly beans: Bean[] | null,
    private readonly redraw: () => void,
  ) {}

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

  /** The trading panel: the open proposals, the end of trading, the suggestions and the composer. */
  trading(): HTMLElement | null {
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
      "bn-trading gt-fit",
      trades,
      actions(t("bn.trading"), end),
      suggestions.length ? el("p", { class: "gt-note" }, t("bn.suggested")) : null,
      actions(t("bn.suggestedGroup"), suggestions),
      composer,
    );
  }
}
