// What the five card tables share: building elements, turning a legal move into something to click, the seats'
// public information, the end of the game, the game's card data from the catalog, and keeping the keyboard focus
// across redraws. Each renderer (six-nimmt.ts, le-baron.ts, barbu.ts, daron.ts, bohnanza.ts) draws its own table
// with these, so that every table behaves the same for a person, a screen reader and the browser tests.
import { type paths, tapisClient } from "../api/client";
import { botName, list, t } from "../i18n";
import { cardsSeen, moveCards } from "./motion";
import type { GameRenderer, TableContext } from "./types";

export type Child = Node | string | number | null | undefined | false;
type Attributes = Record<string, string | number | boolean | null | undefined>;

/** An element with attributes (`false`/`null`/`undefined` leave one out) and children. */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Attributes = {},
  ...children: (Child | Child[])[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    element.setAttribute(name, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    element.append(typeof child === "number" ? String(child) : child);
  }
  return element;
}

/** "a, b and c" / « a, b et c ». */
export function listWords(items: string[]): string {
  return list(items);
}

// ---- moves -------------------------------------------------------------------------------------------------------

export type Move = Record<string, unknown> & { type: string };

/** The legal moves as objects (the API sends each command body as JSON). */
export function movesOf(ctx: TableContext): Move[] {
  return ctx.moves.filter(
    (move): move is Move => typeof move === "object" && move !== null && typeof (move as Move).type === "string",
  );
}

export function movesOfType(ctx: TableContext, type: string): Move[] {
  return movesOf(ctx).filter((move) => move.type === type);
}

/** Turns `element` into the control that sends `move`: its words for a screen reader, its JSON for the tests. */
export function bindMove(element: HTMLElement, ctx: TableContext, move: unknown, label: string): HTMLElement {
  element.setAttribute("aria-label", label);
  element.title = label;
  element.dataset.move = JSON.stringify(move);
  element.classList.add("playable");
  element.addEventListener("click", () => ctx.play(move));
  return element;
}

/** A button that sends `move`. */
export function moveButton(
  ctx: TableContext,
  move: unknown,
  text: string,
  label = text,
  className = "move",
): HTMLButtonElement {
  const button = el("button", { type: "button", class: className }, text);
  bindMove(button, ctx, move, label);
  return button;
}

/** A row of buttons, or nothing when there is no button. */
export function actions(label: string, buttons: HTMLElement[]): HTMLElement | null {
  if (buttons.length === 0) return null;
  return el("div", { class: "gt-actions", role: "group", "aria-label": label }, buttons);
}

// ---- the seats ---------------------------------------------------------------------------------------------------

export function playerName(ctx: TableContext, seat: number): string {
  const player = ctx.view.players.find((candidate) => candidate.seat === seat);
  const name = player?.bot ? botName(player.name, player.bot) : (player?.name ?? t("kit.seat", { seat: seat + 1 }));
  return seat === ctx.seat ? t("kit.you", { name }) : name;
}

export interface SeatFacts {
  /** short public facts about the seat, each shown as one line ("7 cards", "3 coins") */
  facts: (seat: number) => Child[];
  /** the score to show (the view's `scores` unless the game has a better running total) */
  score?: (seat: number) => number;
  scoreLabel?: string;
  /** what the seat is doing now ("chose a card", "to play"), if anything */
  status?: (seat: number) => string | null;
}

/** Every seat's public information: name, score, card counts, whose turn it is. */
export function seatsPanel(ctx: TableContext, facts: SeatFacts): HTMLElement {
  const view = ctx.view;
  const count = Math.max(view.scores.length, ...view.players.map((player) => player.seat + 1));
  const list = el("ul", { class: "gt-seats", "aria-label": t("kit.players") });
  for (let seat = 0; seat < count; seat += 1) {
    const awaited = view.status === "active" && view.awaiting.includes(seat);
    const score = facts.score ? facts.score(seat) : (view.scores[seat] ?? 0);
    const status = facts.status?.(seat) ?? (awaited ? t("kit.toPlay") : null);
    const classes = ["gt-seat"];
    if (seat === ctx.seat) classes.push("you");
    if (awaited) classes.push("awaited");
    if (view.winners.includes(seat)) classes.push("winner");
    list.append(
      el(
        "li",
        { class: classes.join(" "), "data-seat": seat },
        el("span", { class: "gt-name" }, playerName(ctx, seat)),
        el(
          "span",
          { class: "gt-score", "data-score": score },
          t("kit.scoreOf", { label: facts.scoreLabel ?? t("kit.score") }),
          el("strong", {}, score),
        ),
        facts.facts(seat).map((fact) => el("span", { class: "gt-fact" }, fact)),
        status ? el("span", { class: "gt-status" }, status) : null,
      ),
    );
  }
  return el("section", { class: "gt-panel", "aria-label": t("kit.players") }, list);
}

/** The end of the game: the final scores (the API's `scores`) and who won. */
export function finalPanel(ctx: TableContext, note?: string): HTMLElement | null {
  const view = ctx.view;
  if (view.status !== "finished") return null;
  const winners = view.winners.map((seat) => playerName(ctx, seat));
  const list = el("ul", { class: "gt-final-list" });
  view.scores.forEach((score, seat) => {
    list.append(
      el(
        "li",
        { class: view.winners.includes(seat) ? "winner" : null, "data-seat": seat },
        el("span", { class: "gt-name" }, playerName(ctx, seat)),
        " ",
        el("strong", { "data-final-score": score }, score),
        view.winners.includes(seat) ? el("span", { class: "gt-badge" }, t("kit.winner")) : null,
      ),
    );
  });
  return el(
    "section",
    { class: "gt-panel gt-final", "aria-labelledby": "gt-final-title", "data-final-scores": JSON.stringify(view.scores) },
    el("h2", { id: "gt-final-title" }, t("kit.gameOver")),
    el("p", {}, winners.length === 1 ? t("kit.won", { name: winners[0] ?? "" }) : t("kit.shareWin", { names: listWords(winners) })),
    note ? el("p", { class: "gt-note" }, note) : null,
    el("h3", {}, t("kit.finalScores")),
    list,
  );
}

/** What the viewer is asked to do now (or whom the table waits for), when there is something to say. */
export function prompt(text: string): HTMLElement | null {
  return text ? el("p", { class: "gt-prompt" }, text) : null;
}

/** The width under which a table is laid out for a phone (games.css's `max-width: 40rem` queries). */
export const NARROW = "(max-width: 40rem)";

/** Whether the table is drawn for a phone now (a renderer whose phone layout differs in more than CSS asks). */
export function narrow(): boolean {
  return typeof window !== "undefined" && window.matchMedia(NARROW).matches;
}

/**
 * What the viewer acts with: their hand and the controls beside it. On a phone this is a bar kept at the bottom
 * of the screen (games.css, `.gt-dock`), so whatever the table above holds, the hand and the moves stay in sight;
 * on a desktop the bar is not drawn (`display: contents`) and its parts sit in the table's own order.
 */
export function dock(...children: (HTMLElement | null)[]): HTMLElement | null {
  const parts = children.filter((child): child is HTMLElement => child !== null);
  return parts.length ? el("div", { class: "gt-dock" }, parts) : null;
}

/** Room kept between a part that fits above the bar and the bar, in CSS pixels. */
const FIT_MARGIN = 8;
/** The least height a part that fits above the bar keeps (it then scrolls in place), in CSS pixels. */
const FIT_LEAST = 96;

/**
 * On a phone, each part of the table marked `gt-fit` (bohnanza's trading panel, whose offers and suggestions come
 * and go; six-nimmt's and le-baron's rows while the viewer chooses one, five rows whose tallies may wrap under two
 * lines of prompt) scrolls in place within the room left on the first screen between its top and the bar at the
 * bottom, so that the bar never covers its controls however tall the rest is; elsewhere it takes the height it
 * needs. Measured once the table is in the page (the header above it, the bar's height and the screen vary), at
 * every redraw and whenever the screen's size changes (a phone turned, its address bar folded away).
 */
function fitAboveDock(table: HTMLElement): void {
  const bar = table.querySelector<HTMLElement>(".gt-dock");
  for (const part of table.querySelectorAll<HTMLElement>(".gt-fit")) {
    part.style.maxHeight = "";
    if (!narrow() || bar === null || getComputedStyle(bar).position !== "sticky") continue;
    const top = part.getBoundingClientRect().top + window.scrollY;
    const room = window.innerHeight - bar.getBoundingClientRect().height - top - FIT_MARGIN;
    part.style.maxHeight = `${Math.max(room, FIT_LEAST)}px`;
    showAMove(part);
  }
}

/**
 * A part that scrolls in place and shows none of its moves (le-baron's fourth and fifth rows, the only ones a card
 * may go on, below three that may not) is scrolled to its first move: the player sees something to do without
 * searching for it, and the rows above are a swipe back.
 */
function showAMove(part: HTMLElement): void {
  if (part.scrollHeight <= part.clientHeight + 1) return;
  const moves = Array.from(part.querySelectorAll<HTMLElement>("[data-move]:not([disabled])"));
  const view = part.getBoundingClientRect();
  const inView = (move: HTMLElement): boolean => {
    const box = move.getBoundingClientRect();
    return box.top >= view.top - 0.5 && box.bottom <= view.bottom + 0.5;
  };
  const first = moves[0];
  if (first === undefined || moves.some(inView)) return;
  part.scrollTop += first.getBoundingClientRect().top - view.top;
}

// the parts that fit are measured again whenever the screen's size changes, on every table in the page
if (typeof window !== "undefined") {
  window.addEventListener("resize", () => {
    for (const table of document.querySelectorAll<HTMLElement>(".gt-table")) fitAboveDock(table);
  });
}

/** A titled area of the table. */
export function area(title: string, className: string, ...children: (Child | Child[])[]): HTMLElement {
  return el("section", { class: `gt-area ${className}`, "aria-label": title }, el("h3", {}, title), ...children);
}

// ---- catalog data ------------------------------------------------------------------------------------------------
// Card data (bull heads, le-baron's colours, the bean-o-meters) is the catalog's (`GET /v1/catalog/{game}`, field
// `data`): the server's rules are its only source. It is read once per page; until it arrives the table is drawn
// without it and drawn again as soon as it comes.

type CatalogGame = paths["/v1/catalog/{game}"]["get"]["parameters"]["path"]["game"];

const catalogData = new Map<string, Record<string, unknown> | null>();
const waiting = new Map<string, (() => void)[]>();

/** How long a failed catalog read is remembered before a redraw asks again. */
const CATALOG_RETRY_MS = 5000;

/** The game's catalog data, or null while it is being fetched (`redraw` is then called once it is there). */
export function cardData(game: string, redraw: () => void): Record<string, unknown> | null {
  const known = catalogData.get(game);
  if (known !== undefined) return known;
  const queue = waiting.get(game);
  if (queue) {
    queue.push(redraw);
    return null;
  }
  waiting.set(game, [redraw]);
  void tapisClient()
    .GET("/v1/catalog/{game}", { params: { path: { game: game as CatalogGame } } })
    .then((answer) => answer.data?.data ?? null)
    .catch(() => null)
    .then((data) => {
      // a failed read is not retried on every redraw (the table stays readable without the data), but it is
      // forgotten after a while, so that a passing failure does not leave the table without its card faces
      catalogData.set(game, data);
      if (data === null) {
        setTimeout(() => {
          if (catalogData.get(game) === null) catalogData.delete(game);
        }, CATALOG_RETRY_MS);
      }
      const callbacks = waiting.get(game) ?? [];
      waiting.delete(game);
      for (const callback of callbacks) callback();
    });
  return null;
}

// ---- drawing -----------------------------------------------------------------------------------------------------

let stylesheetAdded = false;

/** The tables' stylesheet (web/public/games.css), linked once into the page whichever page draws a table. */
export function ensureStylesheet(): void {
  if (stylesheetAdded || typeof document === "undefined") return;
  stylesheetAdded = true;
  if (document.head.querySelector('link[href="/games.css"]')) return;
  document.head.append(el("link", { rel: "stylesheet", href: "/games.css" }));
}

/** A stable name for the focused control, so that the same control can take the focus back after a redraw. */
function focusKey(element: Element | null): string | null {
  if (!(element instanceof HTMLElement)) return null;
  return element.dataset.move ?? element.dataset.focus ?? null;
}

function findByKey(root: HTMLElement, key: string): HTMLElement | null {
  for (const candidate of root.querySelectorAll<HTMLElement>("[data-move], [data-focus]")) {
    if ((candidate.dataset.move ?? candidate.dataset.focus) === key) return candidate;
  }
  return null;
}

/**
 * A renderer from a function that builds the table. The table is redrawn whole on every view (the shell calls
 * `render` after each event); the keyboard focus stays on the same control when it is still there, and else goes
 * to the first thing to click, so that a keyboard player does not lose their place at every move.
 */
export function tableRenderer(game: string, build: (ctx: TableContext, redraw: () => void) => HTMLElement): GameRenderer {
  // the table drawn last, drawn again when the screen crosses the phone width (a renderer may lay it out otherwise)
  let latest: (() => void) | null = null;
  if (typeof window !== "undefined") window.matchMedia(NARROW).addEventListener("change", () => latest?.());
  const renderer: GameRenderer = {
    render(root: HTMLElement, ctx: TableContext): void {
      ensureStylesheet();
      latest = () => {
        if (root.isConnected && root.dataset.tableVersion === String(ctx.view.version)) renderer.render(root, ctx);
      };
      const active = document.activeElement;
      const hadFocus = active !== null && root.contains(active);
      const key = hadFocus ? focusKey(active) : null;
      const redraw = (): void => {
        if (root.isConnected && root.dataset.tableVersion === String(ctx.view.version)) renderer.render(root, ctx);
      };
      // a game in its lobby (or a replay before the deal) has no state to draw yet
      const table = ctx.view.state ? build(ctx, redraw) : el("p", { class: "gt-note" }, t("kit.nothingDealt"));
      table.classList.add("gt-table", `gt-${game}`);
      table.dataset.version = String(ctx.view.version);
      table.dataset.status = ctx.view.status;
      table.dataset.awaitingMe = String(ctx.seat !== null && ctx.view.awaiting.includes(ctx.seat));
      root.dataset.tableVersion = String(ctx.view.version);
      const before = cardsSeen(root.firstElementChild);
      root.replaceChildren(table);
      fitAboveDock(table);
      moveCards(before, table);
      if (!hadFocus) return;
      const again = (key ? findByKey(root, key) : null) ?? root.querySelector<HTMLElement>("[data-move]");
      again?.focus();
    },
  };
  return renderer;
}

/** The empty places of a six-nimmt or le-baron row up to its fifth card and, where the sixth card takes the row,
 * that sixth place marked: what a player counts before choosing a card. Decoration only (hidden from readers,
 * whose row label says how many cards it holds). */
export function rowSlots(count: number, sixthTakes = true): HTMLElement[] {
  const slots: HTMLElement[] = [];
  for (let place = count + 1; place <= 5; place += 1) slots.push(el("span", { class: "sn-slot", "aria-hidden": "true" }));
  if (sixthTakes && count <= 5) slots.push(el("span", { class: "sn-slot sixth", "aria-hidden": "true", title: t("kit.sixthTakes") }));
  return slots;
}

/** The rows of a six-nimmt or le-baron table; while the viewer chooses one of them, a part that fits above the bar
 * of the hand on a phone (`fitAboveDock`), so the bar never covers a row to choose. */
export function rowsArea(title: string, className: string, list: HTMLElement, choosing: boolean): HTMLElement {
  return area(title, choosing ? `${className} gt-fit` : className, list);
}

/** One row of a six-nimmt or le-baron table: its cards and its tally, a button that sends `move` (with `label`)
 * when the viewer may take or place on it, else a plain item that `words` describes to readers. */
export function rowItem(ctx: TableContext, index: number, cards: HTMLElement, side: HTMLElement, words: string, move: unknown, label: string): HTMLElement {
  const item = el("li", { class: "sn-row", "data-row": index, "aria-label": move ? null : words });
  if (move) {
    const button = el("button", { type: "button", class: "sn-row-take" }, cards, side);
    bindMove(button, ctx, move, label);
    item.append(button);
  } else {
    item.append(cards, side);
  }
  return item;
}

/** The cards revealed this turn in a game of secret choices (six-nimmt, le-baron), each under its player's name;
 * null before any is. `card` draws one card with the words that say who played it. */
export function revealedArea(
  ctx: TableContext,
  className: string,
  revealed: { seat: number; card: number }[],
  card: (card: number, words: string) => HTMLElement,
): HTMLElement | null {
  if (revealed.length === 0) return null;
  const laid = revealed.map((shown) =>
    el("li", { class: "gt-laid" }, card(shown.card, t("kit.playedBy", { name: playerName(ctx, shown.seat) })), el("span", { class: "gt-caption" }, playerName(ctx, shown.seat))),
  );
  return area(t("kit.revealed"), className, el("ul", { class: "gt-cards" }, laid));
}
