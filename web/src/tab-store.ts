// Where this tab keeps a game's secrets: the seat's token, the host's token (and join code), the entropy committed to
// (docs/web-client.md, "Tokens in the browser"). They live in sessionStorage, which belongs to this tab's browsing
// session: a reload or a page of this tab finds them, a tab opened fresh (or another browser, or this one after the
// tab was closed) does not. The attacker this keeps out is whoever reads the browser's storage later, a script
// injected into a page of another session (an XSS), or the next user of a shared computer: localStorage would hand
// them every token this browser ever held. A person who means to come back elsewhere takes the seat link
// (tokens.ts) with them instead.
//
// Earlier releases kept the same keys in localStorage, with no end. The first time this page touches a game, its
// keys still found there are moved into this tab's sessionStorage and deleted, so a player of a running game keeps
// the seat, and nothing of it stays behind.

/** What is kept per game, under `tapis:<kind>:<game_id>` (the keys earlier releases used in localStorage). */
export type Kind = "seat" | "admin" | "entropy";
const KINDS: readonly Kind[] = ["seat", "admin", "entropy"];

const storageKey = (kind: Kind, gameId: string): string => `tapis:${kind}:${gameId}`;

// the games whose earlier keys this page moved already (the move runs once per game and page)
const moved = new Set<string>();

/** Moves the game's keys left in localStorage by an earlier release into this tab's sessionStorage. */
function moveEarlier(gameId: string): void {
  if (moved.has(gameId)) return;
  moved.add(gameId);
  try {
    for (const kind of KINDS) {
      const key = storageKey(kind, gameId);
      const earlier = window.localStorage.getItem(key);
      if (earlier === null) continue;
      // this tab's own value, when it has one, is the newer
      if (window.sessionStorage.getItem(key) === null) window.sessionStorage.setItem(key, earlier);
      window.localStorage.removeItem(key);
    }
  } catch {
    // storage refused (disabled, or full): nothing to move, nothing this page could keep either
  }
}

/** The value kept for `gameId`, parsed from JSON; null when none is (or it does not parse, or storage is refused). */
export function readKept(kind: Kind, gameId: string): unknown {
  moveEarlier(gameId);
  try {
    const raw = window.sessionStorage.getItem(storageKey(kind, gameId));
    return raw === null ? null : (JSON.parse(raw) as unknown);
  } catch {
    return null;
  }
}

/** Keeps `value` (as JSON) for `gameId` in this tab. */
export function keep(kind: Kind, gameId: string, value: unknown): void {
  moveEarlier(gameId);
  window.sessionStorage.setItem(storageKey(kind, gameId), JSON.stringify(value));
}

/** Forgets what this tab keeps for `gameId`. */
export function drop(kind: Kind, gameId: string): void {
  moveEarlier(gameId);
  try {
    window.sessionStorage.removeItem(storageKey(kind, gameId));
  } catch {
    // storage refused: there is nothing kept to forget
  }
}
