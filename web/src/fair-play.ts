// Commit and reveal for this browser's seat (docs/fair-play.md): the table calls `keep` after each view it draws, and
// it does what the protocol asks of the seat at that moment, once: commit in the lobby if the seat has no commitment
// (a rematch's seat: joining commits already), reveal once every seat is taken. The admin's start reveals the admin's
// own seat first. And the short phrase that says on the table who could have chosen the deal.

import { bearer, type GameView, type Schemas, tapisClient } from "./api/client";
import { drawEntropy, entropyFor, forgetEntropy } from "./entropy";
import { errorText, list, t } from "./i18n";

const api = tapisClient();

type Player = GameView["players"][number];
type Fairness = GameView["fairness"];

export interface FairPlaySeat {
  seat: number;
  token: string;
}

/** What a refused call said: its stable code and the server's words. */
interface Refusal {
  code: string;
  message: string;
  details: Record<string, unknown>;
}

async function send(request: Promise<{ error?: unknown; response: Response }>): Promise<Refusal | null> {
  let answer: { error?: unknown; response: Response };
  try {
    answer = await request;
  } catch (failure) {
    return { code: "unreachable", message: t("net.unreachableBecause", { reason: String(failure) }), details: {} };
  }
  if (answer.error === undefined && answer.response.ok) return null;
  const body = (answer.error ?? {}) as Partial<Schemas["Error"]>;
  return {
    code: body.error?.code ?? String(answer.response.status),
    message: errorText(answer.error, answer.response),
    details: (body.error?.details ?? {}) as Record<string, unknown>,
  };
}

const isPerson = (player: Player | undefined): player is Player =>
  player !== undefined && player.name !== null && player.bot === null;
const revealed = (player: Player): boolean => player.commitment !== "" && player.entropy !== "";

/** "2", "2 and 3", "2, 3 and 4" (« 2 et 3 »): seats as a person counts them (from 1). */
export function seatWords(seats: readonly number[]): string {
  return list(seats.map((seat) => String(seat + 1)));
}

export class FairPlay {
  private busy: Promise<void> | null = null;
  // what was refused for good is tried and said once, not again at every redraw the stream causes: a commitment
  // this browser cannot open (made on another device, or refused), a seat whose commitment was refused
  private givenUp = new Set<string>();

  constructor(
    private readonly gameId: string,
    private readonly report: { error: (message: string) => void; notice: (message: string) => void },
  ) {}

  /**
   * The fields a person's join sends: in dealing 3 a commitment to an entropy drawn and kept here; before (a lobby
   * opened by an earlier release), or without WebCrypto (a page not on https or localhost), public entropy.
   */
  async joinFields(view: GameView): Promise<Pick<Schemas["JoinSeat"], "entropy" | "entropy_commitment">> {
    const publicEntropy = { entropy: hexOf(16) };
    if (view.dealing < 3) return publicEntropy;
    try {
      return { entropy_commitment: (await drawEntropy(this.gameId)).commitment };
    } catch {
      this.report.notice(t("fair.https"));
      return publicEntropy;
    }
  }

  /** Does what the seat owes the protocol in `view`, one request at a time; true when it changed the game. */
  keep(view: GameView, seat: FairPlaySeat | null): Promise<boolean> {
    if (this.busy !== null) return this.busy.then(() => false);
    let changed = false;
    const work = this.step(view, seat).then((done) => {
      changed = done;
    });
    this.busy = work.finally(() => {
      this.busy = null;
    });
    return this.busy.then(() => changed);
  }

  private async step(view: GameView, seat: FairPlaySeat | null): Promise<boolean> {
    if (view.status !== "lobby") {
      if (view.fairness !== "pending") forgetEntropy(this.gameId); // dealt: GameStarted made every entropy public
      return false;
    }
    const mine = seat === null ? undefined : view.players[seat.seat];
    if (seat === null || view.dealing < 3 || !isPerson(mine)) return false;
    if (mine.commitment === "" && mine.entropy === "") return this.commit(view, seat);
    const full = view.players.every((player) => player.name !== null || player.bot !== null);
    if (mine.commitment !== "" && mine.entropy === "" && full) return this.reveal(mine.commitment, seat);
    return false;
  }

  /** A seat without a commitment (a rematch's) commits, unless a reveal has closed the commitments. */
  private async commit(view: GameView, seat: FairPlaySeat): Promise<boolean> {
    const mine = `seat:${seat.seat}`;
    if (this.givenUp.has(mine) || view.players.some((player) => revealed(player))) return false;
    let commitment: string;
    try {
      commitment = (await drawEntropy(this.gameId)).commitment;
    } catch {
      return false; // no WebCrypto here: the seat stays without a commitment (the level says what that means)
    }
    const refused = await send(
      api.POST("/v1/games/{game_id}/commitment", {
        params: { path: { game_id: this.gameId } },
        headers: bearer(seat.token),
        body: { commitment },
      }),
    );
    // two tabs of one browser both commit: the first is kept, and its entropy is here too
    if (refused === null) return true;
    if (refused.code === "already_committed" || refused.code === "unreachable") return false;
    this.givenUp.add(mine);
    if (refused.code !== "commitments_closed") this.report.error(refused.message);
    return false;
  }

  private async reveal(commitment: string, seat: FairPlaySeat): Promise<boolean> {
    if (this.givenUp.has(commitment)) return false;
    const entropy = entropyFor(this.gameId, commitment);
    if (entropy === null) {
      this.givenUp.add(commitment);
      this.report.error(t("fair.elsewhere"));
      return false;
    }
    const refused = await send(
      api.POST("/v1/games/{game_id}/reveal", {
        params: { path: { game_id: this.gameId } },
        headers: bearer(seat.token),
        body: { entropy },
      }),
    );
    if (refused === null) {
      this.report.notice(t("fair.revealed"));
      return true;
    }
    // another tab revealed first, or a seat was freed meanwhile (the next full table reveals again)
    if (refused.code === "already_revealed" || refused.code === "reveal_too_early" || refused.code === "unreachable")
      return false;
    this.givenUp.add(commitment);
    this.report.error(refused.message);
    return false;
  }

  /**
   * The admin's start: this browser's seat reveals first if it owes a reveal, then the start; a start refused for
   * missing reveals says whose. Returns whether the game started.
   */
  async start(view: GameView, seat: FairPlaySeat | null, adminToken: string): Promise<boolean> {
    if (this.busy !== null) await this.busy; // a reveal the last redraw began: let it land, then look again
    await this.keep(view, seat); // a reveal made meanwhile is refused as already_revealed, which is fine
    const refused = await send(
      api.POST("/v1/games/{game_id}/start", {
        params: { path: { game_id: this.gameId } },
        headers: bearer(adminToken),
      }),
    );
    if (refused === null) return true;
    if (refused.code === "reveals_missing") {
      const seats = Array.isArray(refused.details["seats"]) ? (refused.details["seats"] as number[]) : [];
      this.report.notice(t("fair.missing", { count: seats.length, seats: seatWords(seats) }));
    } else {
      this.report.error(refused.message);
    }
    return false;
  }
}

function hexOf(bytes: number): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (b) => b.toString(16).padStart(2, "0")).join("");
}

// who could have chosen or foreseen the deal (docs/fair-play.md, "fairness"), in a few words for the table
const PHRASES = {
  committed: "fair.committed",
  open: "fair.open",
  server: "fair.server",
  client: "fair.client",
} as const satisfies Record<Exclude<Fairness, "pending">, string>;

/** The table's phrase for the view's fairness level; in the lobby, how far the people's commit and reveal are. */
export function fairnessPhrase(view: GameView): string {
  if (view.fairness !== "pending") return t(PHRASES[view.fairness]);
  if (view.status !== "lobby") return t("fair.notDealt");
  const people = view.players.filter(isPerson);
  if (view.dealing < 3 || people.length === 0) return t("fair.notYet");
  const committed = people.filter((player) => player.commitment !== "").length;
  const shown = people.filter(revealed).length;
  return t("fair.progress", { committed, people: people.length, revealed: shown });
}

/** A seat's part in the commit and reveal, for the seat list ("" for a bot or an empty seat). */
export function seatMark(player: Player): string {
  if (!isPerson(player) || player.commitment === "") return "";
  return revealed(player) ? t("fair.markRevealed") : t("fair.markCommitted");
}
