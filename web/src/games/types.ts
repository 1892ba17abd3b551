import type { components } from "../api/schema";

type GameView = components["schemas"]["GameView"];

export interface TableContext {
  game: string;            // "six-nimmt" | "le-baron" | "barbu" | "daron" | "bohnanza"
  view: GameView;          // GET /v1/games/{id} for this viewer (type from schema.d.ts; `unknown` parts cast)
  seat: number | null;     // the viewer's seat, null for a spectator
  moves: unknown[];        // the viewer's legal moves (GET /legal-moves), [] for a spectator or in the replay
  play: (command: unknown) => void;  // sends POST /commands; the shell shows the server's error in words
}
export interface GameRenderer { render(root: HTMLElement, ctx: TableContext): void; }
