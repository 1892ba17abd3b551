// The tokens kept in this browser. A seat's token is the only proof of the seat (the server keeps its hash), so it is
// kept per game in localStorage: a reload, or the game link opened again in the same browser, finds the seat again.
// The admin token (and the join code of a private game) is kept the same way by the browser that created the game.

export interface SeatToken {
  seat: number;
  token: string;
}
export interface AdminToken {
  token: string;
  joinCode: string | null;
}

function readJson<T>(key: string): T | null {
  try {
    const raw = window.localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

export const tokens = {
  seat: (gameId: string): SeatToken | null => readJson<SeatToken>(`tapis:seat:${gameId}`),
  setSeat: (gameId: string, value: SeatToken | null): void => {
    if (value) window.localStorage.setItem(`tapis:seat:${gameId}`, JSON.stringify(value));
    else window.localStorage.removeItem(`tapis:seat:${gameId}`);
  },
  admin: (gameId: string): AdminToken | null => readJson<AdminToken>(`tapis:admin:${gameId}`),
  setAdmin: (gameId: string, value: AdminToken): void => {
    window.localStorage.setItem(`tapis:admin:${gameId}`, JSON.stringify(value));
  },
  forgetAdmin: (gameId: string): void => {
    window.localStorage.removeItem(`tapis:admin:${gameId}`);
  },
};
