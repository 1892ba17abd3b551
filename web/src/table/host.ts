// What the table's parts (seats.ts, felt.ts, end.ts) ask of the table that draws them (table.ts): the game, a read
// of the view after a change, the host's start and a move sent. The table implements it; the parts stay functions
// of what they draw.
import type { FairPlay } from "../fair-play";
import type { AdminToken } from "../tokens";
import type { ScoreSheet } from "./sheet";

export interface TableHost {
  readonly gameId: string;
  readonly fairPlay: FairPlay;
  /** The game's score sheet (its rounds, from the events), drawn at the end and in the tools' dialog. */
  readonly sheet: ScoreSheet;
  /** Reads the view (and the seat's legal moves) again and redraws. */
  refresh(): Promise<void>;
  /** The host's start: this browser's own seat reveals first if it owes a reveal (fair-play.ts). */
  start(admin: AdminToken): Promise<void>;
  /** Sends one move of the game; a refusal is shown in words and the table is read again either way. */
  play(command: unknown): Promise<void>;
}
