// Cards that move (issue 31, item 2): a table is drawn whole at every view, so a card that changed place would
// jump. Before a redraw the cards on the table are noted (where each is, which card, its box); after it, a card
// that is new at its place slides in from where the same card was before (the hand to a row, a trick to the tricks
// won) or, when it came from nowhere on this table (dealt, drawn, another seat's hidden hand), drops in with a fade.
// The Web Animations API animates transform and opacity only (the compositor's work, no layout), nothing is left
// on the element once done, and nothing runs for a person who asked for less motion (`prefers-reduced-motion`).

/** How long a card takes to reach its place, in ms. */
export const MOVE_MS = 260;
/** At most this many cards move at one redraw (a new round deals every hand at once). */
const MOST_MOVING = 40;
const REDUCED = "(prefers-reduced-motion: reduce)"; // i18n-exempt: a media query

/** A card as it stood on the table drawn last. */
export interface CardSeen {
  readonly key: string;
  readonly id: string;
  readonly box: DOMRect;
}

/** Which card: its code where the renderer gives one, else what it shows. */
function identity(card: HTMLElement): string {
  return card.dataset["card"] ?? card.textContent?.trim() ?? "";
}

/** Where a card lies: the row, field, seat and titled part of the table holding it (not its place in a list, so
 * that the cards that stay in a hand a card left are not counted as moving). */
function placeOf(card: HTMLElement, table: HTMLElement): string {
  const parts: string[] = [];
  for (let at = card.parentElement; at !== null && at !== table; at = at.parentElement) {
    const { row, field, seat } = at.dataset;
    if (row !== undefined) parts.push(`r${row}`);
    if (field !== undefined) parts.push(`f${field}`);
    if (seat !== undefined) parts.push(`s${seat}`);
    if (at.tagName === "SECTION") parts.push(`${at.classList[0] ?? ""}:${at.getAttribute("aria-label") ?? ""}`);
  }
  return parts.join("/");
}

function cardsIn(table: HTMLElement): HTMLElement[] {
  return Array.from(table.querySelectorAll<HTMLElement>(".card"));
}

/** The cards of a table about to be drawn again, where they stand now. */
export function cardsSeen(table: Element | null): CardSeen[] {
  if (!(table instanceof HTMLElement) || !motionWanted()) return [];
  return cardsIn(table).map((card) => {
    const id = identity(card);
    return { key: `${placeOf(card, table)}|${id}`, id, box: card.getBoundingClientRect() };
  });
}

/** Whether cards move at all: not for a person who asked the system for less motion. */
export function motionWanted(): boolean {
  return typeof window !== "undefined" && !window.matchMedia(REDUCED).matches && typeof Element.prototype.animate === "function";
}

/** Moves the cards of the table just drawn that are new at their place, from where they were in `before`. */
export function moveCards(before: CardSeen[], table: HTMLElement): void {
  if (before.length === 0 || !motionWanted()) return;
  const stayed = new Map<string, number>();
  for (const seen of before) stayed.set(seen.key, (stayed.get(seen.key) ?? 0) + 1);
  const arriving: { card: HTMLElement; id: string }[] = [];
  for (const card of cardsIn(table)) {
    const id = identity(card);
    const key = `${placeOf(card, table)}|${id}`;
    const left = stayed.get(key) ?? 0;
    if (left > 0) stayed.set(key, left - 1);
    else arriving.push({ card, id });
  }
  if (arriving.length === 0) return;
  // the cards that left a place they held: where an arriving card of the same identity comes from
  const departed = new Map<string, DOMRect[]>();
  for (const seen of before) {
    const left = stayed.get(seen.key) ?? 0;
    if (left === 0) continue;
    stayed.set(seen.key, left - 1);
    departed.set(seen.id, [...(departed.get(seen.id) ?? []), seen.box]);
  }
  for (const { card, id } of arriving.slice(0, MOST_MOVING)) {
    const from = departed.get(id)?.shift();
    const box = card.getBoundingClientRect();
    if (box.width === 0) continue;
    const start = from
      ? { transform: `translate(${from.left - box.left}px, ${from.top - box.top}px)`, opacity: 0.85 } // i18n-exempt: CSS
      : { transform: "translateY(-0.8rem) scale(0.9)", opacity: 0 };
    // one keyframe, the start: the card ends as its stylesheet draws it (a chosen card stands a little higher)
    card.animate([{ ...start, offset: 0 }], { duration: MOVE_MS, easing: "cubic-bezier(0.2, 0.7, 0.3, 1)" });
  }
}
