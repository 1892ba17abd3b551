// The table renderer of each game, by the game's catalog name: the shell (app.ts) and the replay viewer draw
// `view.state` with `renderers[view.game]`.
import { barbu } from "./barbu";
import { bohnanza } from "./bohnanza";
import { daron } from "./daron";
import { leBaron } from "./le-baron";
import { sixNimmt } from "./six-nimmt";
import type { GameRenderer } from "./types";

export type { GameRenderer, TableContext } from "./types";

export const renderers: Record<string, GameRenderer> = {
  "six-nimmt": sixNimmt,
  "le-baron": leBaron,
  barbu,
  daron,
  bohnanza,
};
