// A person's entropy in dealing 3 (docs/fair-play.md, "Commit" and "Reveal"): 32 random bytes drawn on this device,
// committed to when joining (or, after a rematch, in the new lobby) and revealed once every seat is taken. Until the
// reveal it must stay private, and it must not be lost: a seat that cannot reveal is taken over by a bot at the start.
//
// It is kept in localStorage beside the seat's token (docs/web-client.md, "Tokens in the browser"), not in
// sessionStorage: the game's link opened again in another tab, or after the browser restarted, must still reveal.
// Whoever can read this browser's storage holds the seat's token already, which is worth more than the entropy.
// It is kept by its commitment, so that two tabs that each drew one can only ever reveal the one the server took.

import { entropyCommitment, hex } from "./verify/dealing";

/** commitment -> entropy, for one game */
type Kept = Record<string, string>;

const storageKey = (gameId: string): string => `tapis:entropy:${gameId}`;

function kept(gameId: string): Kept {
  try {
    const raw = window.localStorage.getItem(storageKey(gameId));
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    return typeof parsed === "object" && parsed !== null ? (parsed as Kept) : {};
  } catch {
    return {};
  }
}

export interface Drawn {
  entropy: string; // 64 lowercase hex digits, private until the reveal
  commitment: string; // hex(SHA-256("tapis-entropy-v3:" + game_id + ":" + entropy)), public
}

/**
 * Draws an entropy for `gameId` and keeps it before its commitment is sent anywhere: a commitment the server holds
 * can then always be opened from this browser. Throws where WebCrypto is missing (a page not served over https or
 * from localhost): the caller joins with public entropy instead.
 */
export async function drawEntropy(gameId: string): Promise<Drawn> {
  const entropy = hex(crypto.getRandomValues(new Uint8Array(32)));
  const commitment = await entropyCommitment(gameId, entropy);
  const all = kept(gameId);
  all[commitment] = entropy;
  window.localStorage.setItem(storageKey(gameId), JSON.stringify(all));
  return { entropy, commitment };
}

/** The entropy this browser drew for `commitment` in `gameId`, or null when another device made that commitment. */
export function entropyFor(gameId: string, commitment: string): string | null {
  return kept(gameId)[commitment] ?? null;
}

/** Once the game is dealt the entropies are public (GameStarted records them): nothing is left to keep. */
export function forgetEntropy(gameId: string): void {
  window.localStorage.removeItem(storageKey(gameId));
}
