// The tokens this tab holds. A seat's token is the only proof of the seat (the server keeps its hash); the admin
// token (and the join code of a private game) is the host's, from creating the game. Both are kept per game in this
// tab's sessionStorage (tab-store.ts says why): a reload finds them, a tab opened fresh does not.
//
// To come back from another tab or device on purpose, a person takes a link: the seat link is the game's address
// with `#seat=<seat>.<token>` (and, until it is revealed, `.<entropy>`: the entropy committed to, docs/fair-play.md),
// the host's link the same with `#admin=<token>`. A fragment is never sent to a server nor in a Referer header;
// the page that opens such a link keeps what it holds in its own tab and takes it out of the address bar at once.

import { gameLink } from "./dom";
import { drop, keep, readKept } from "./tab-store";

export interface SeatToken {
  seat: number;
  token: string;
}
export interface AdminToken {
  token: string;
  joinCode: string | null;
}

function seatToken(value: unknown): SeatToken | null {
  const kept = value as Partial<SeatToken> | null;
  return kept && typeof kept.seat === "number" && typeof kept.token === "string"
    ? { seat: kept.seat, token: kept.token }
    : null;
}

function adminToken(value: unknown): AdminToken | null {
  const kept = value as Partial<AdminToken> | null;
  return kept && typeof kept.token === "string"
    ? { token: kept.token, joinCode: typeof kept.joinCode === "string" ? kept.joinCode : null }
    : null;
}

export const tokens = {
  seat: (gameId: string): SeatToken | null => seatToken(readKept("seat", gameId)),
  setSeat: (gameId: string, value: SeatToken | null): void => {
    if (value) keep("seat", gameId, value);
    else drop("seat", gameId);
  },
  admin: (gameId: string): AdminToken | null => adminToken(readKept("admin", gameId)),
  setAdmin: (gameId: string, value: AdminToken): void => keep("admin", gameId, value),
  forgetAdmin: (gameId: string): void => drop("admin", gameId),
};

// a token is URL-safe base64 (services/auth.py), an entropy 64 hex digits: neither holds the `.` between them
const SEAT_FRAGMENT = /^(\d{1,3})\.([A-Za-z0-9_-]{16,128})(?:\.([0-9a-f]{64}))?$/;
const TOKEN = /^[A-Za-z0-9_-]{16,128}$/;

/** The seat's link: whoever opens it holds the seat (and reveals `entropy` for it while that is still due). */
export function seatLink(gameId: string, seat: SeatToken, entropy: string | null): string {
  const held = [String(seat.seat), seat.token, ...(entropy ? [entropy] : [])].join(".");
  return `${gameLink(gameId)}#seat=${held}`;
}

/** The host's link: whoever opens it holds the admin token (and the join code, in the address as for players). */
export function adminLink(gameId: string, admin: AdminToken): string {
  return `${gameLink(gameId, admin.joinCode)}#admin=${admin.token}`;
}

/** What a seat or host link handed to this tab. */
export interface Taken {
  seat: SeatToken | null;
  entropy: string | null;
  admin: boolean;
}

/**
 * Keeps what the address's fragment holds for `gameId` (a seat link's token, a host link's token) in this tab, and
 * takes the fragment out of the address bar and of this history entry (replaceState) before anything is drawn.
 * An address without one is left as it is. The token is not checked here: the table reads the game with it, and
 * one the server does not know is dropped there (the page says so and goes on as a spectator).
 */
export function takeLink(gameId: string, joinCode: string | null): Taken {
  const taken: Taken = { seat: null, entropy: null, admin: false };
  const fragment = new URLSearchParams(window.location.hash.slice(1));
  const seat = fragment.get("seat");
  const admin = fragment.get("admin");
  if (seat === null && admin === null) return taken;
  const url = new URL(window.location.href);
  url.hash = "";
  window.history.replaceState(window.history.state, "", url.toString());
  const parsed = seat === null ? null : SEAT_FRAGMENT.exec(seat);
  if (parsed) {
    taken.seat = { seat: Number(parsed[1]), token: parsed[2] ?? "" };
    taken.entropy = parsed[3] ?? null;
    tokens.setSeat(gameId, taken.seat);
  }
  if (admin !== null && TOKEN.test(admin)) {
    tokens.setAdmin(gameId, { token: admin, joinCode });
    taken.admin = true;
  }
  return taken;
}
