// The table's pace (issue 31, item 2): what happens at the table is shown one action at a time, each for a moment,
// with a sentence in the player's language (the describer, src/describe/) and the acting seat lit, rather than the
// table jumping several turns after a click. The stream's events, and those a move of this browser set off, are
// queued; for each one said in words the table draws the view as it stood right after it (GET /replay?version=) for
// `paceMs()`, then the next; once the queue is empty it reads the live view and the legal moves again. The player's
// own move is not shown again. At pace 0 nothing waits: the table follows the stream as fast as it comes and still
// says the last action in words.
import type { GameView } from "../api/client";
import { shownName } from "../catalog";
import { describe, type Event } from "../describe";
import { t } from "../i18n";

/** The pause after each action of another seat, in ms, unless the page or the browser asks for another. */
export const DEFAULT_PACE_MS = 600;
/** The longest pause the page takes from `?pace=` or storage (a typo must not freeze a table for minutes). */
const LONGEST_PACE_MS = 5000;
const STORAGE_KEY = "tapis:pace";
const REDUCED = "(prefers-reduced-motion: reduce)"; // i18n-exempt: a media query

/** One event of the live stream, as the stream sends it. */
export interface LiveEvent extends Event {
  readonly version: number;
}

/** An action said in words: the sentence and the seat that acted (null for the table's own events). */
export interface Said {
  readonly sentence: string;
  readonly seat: number | null;
}

// events that are not a seat's action at the table: the recorded command before its events, the fair deal's steps,
// the lobby's, and the turn's bookkeeping (each game's own action follows it)
const NOT_SHOWN = new Set([
  ...["CommandAccepted", "EntropyCommitted", "EntropyRevealed", "GameCreated", "PlayerJoined"], // i18n-exempt: event types
  ...["PlayerLeft", "GameStarted", "DeckShuffled", "TurnStarted"], // i18n-exempt: event types
]);

function milliseconds(text: string | null): number | null {
  if (text === null || text.trim() === "") return null;
  const value = Number(text);
  return Number.isFinite(value) && value >= 0 ? Math.min(Math.round(value), LONGEST_PACE_MS) : null;
}

/**
 * The pause after each action of another seat: `?pace=<ms>` in the page's address, else `tapis:pace` in this
 * browser's storage (ms), else none for a browser that asks for less motion, else DEFAULT_PACE_MS.
 */
export function paceMs(): number {
  const asked = milliseconds(new URLSearchParams(window.location.search).get("pace"));
  if (asked !== null) return asked;
  let stored: string | null = null;
  try {
    stored = window.localStorage.getItem(STORAGE_KEY);
  } catch {
    // storage refused (a sandboxed frame): the defaults decide
  }
  const kept = milliseconds(stored);
  if (kept !== null) return kept;
  return window.matchMedia(REDUCED).matches ? 0 : DEFAULT_PACE_MS;
}

/** The seat that acted in `event`, if one did. */
function actor(event: LiveEvent): number | null {
  const data = (event.data ?? {}) as Record<string, unknown>;
  const seat = data["seat"] ?? data["attacker"];
  return typeof seat === "number" ? seat : null;
}

/**
 * `event` in words when it is something the table shows for a moment: a seat's action or the table's own (the cards
 * revealed, a trick won, a round scored); null otherwise.
 */
export function said(event: LiveEvent, view: GameView): Said | null {
  if (NOT_SHOWN.has(event.type)) return null;
  const seat = actor(event);
  const names: string[] = [];
  for (const player of view.players) names[player.seat] = shownName(player) ?? t("kit.seat", { seat: player.seat + 1 });
  const sentence = describe(view.game, event, names);
  return sentence === null ? null : { sentence, seat };
}

/** Whether `event` records a move the player at `me` sent themselves (dealing 2 on: the command before its events). */
export function ownCommand(event: LiveEvent, me: number | null): boolean {
  if (event.type !== "CommandAccepted" || me === null) return false;
  const data = (event.data ?? {}) as Record<string, unknown>;
  const command = (data["command"] ?? {}) as Record<string, unknown>;
  return data["by"] === "player" && command["action"] === "play" && command["seat"] === me;
}

/** Lights the seat that acted on the table just drawn (its box among the seats, and its fields in bohnanza). */
export function markActing(felt: HTMLElement, seat: number | null): void {
  for (const lit of felt.querySelectorAll(".acting")) lit.classList.remove("acting");
  if (seat === null) return;
  for (const box of felt.querySelectorAll(`.gt-seat[data-seat="${seat}"]`)) box.classList.add("acting");
}
