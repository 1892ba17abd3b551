// A person's entropy in dealing 3 (docs/fair-play.md, "Commit" and "Reveal"): 32 random bytes drawn on this device,
// committed to when joining (or, after a rematch, in the new lobby) and revealed once every seat is taken. Until the
// reveal it must stay private, and it must not be lost: a seat that cannot reveal is taken over by a bot at the start.
//
// It is kept beside the seat's token, in this tab's sessionStorage (tab-store.ts; docs/web-client.md, "Tokens in
// the browser"), and travels with it: the seat link carries it until it is revealed, so the seat opened in another
// tab or on another device can still reveal. Whoever holds the seat's token, worth more, may hold it too.
// It is kept by its commitment, so that two tabs that each drew one can only ever reveal the one the server took.

import { drop, keep, readKept } from "./tab-store";
import { entropyCommitment, hex } from "./verify/dealing";

/** commitment -> entropy, for one game */
type Kept = Record<string, string>;

function kept(gameId: string): Kept {
  const value = readKept("entropy", gameId);
  return typeof value === "object" && value !== null ? (value as Kept) : {};
}

async function keepDrawn(gameId: string, entropy: string): Promise<string> {
  const commitment = await entropyCommitment(gameId, entropy);
  const all = kept(gameId);
  all[commitment] = entropy;
  keep("entropy", gameId, all);
  return commitment;
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
  return { entropy, commitment: await keepDrawn(gameId, entropy) };
}

/** Keeps an entropy drawn elsewhere (handed over by a seat link, tokens.ts), by its commitment. */
export async function keepEntropy(gameId: string, entropy: string): Promise<void> {
  await keepDrawn(gameId, entropy);
}

/** The entropy this browser drew for `commitment` in `gameId`, or null when another device made that commitment. */
export function entropyFor(gameId: string, commitment: string): string | null {
  return kept(gameId)[commitment] ?? null;
}

/** Once the game is dealt the entropies are public (GameStarted records them): nothing is left to keep. */
export function forgetEntropy(gameId: string): void {
  drop("entropy", gameId);
}
