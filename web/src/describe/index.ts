// The describer: one event of a game in one sentence, in the player's language (« Bob a pris la rangée 2 (5 têtes de
// bœuf) »). One module per game for its own events, common.ts for the table's (joined, started, ended, …). The
// replay's log shows these sentences (its raw JSON behind a toggle); a table can say with them what just happened.
import { inLang, lang, type Lang } from "../i18n";
import { barbu } from "./barbu";
import { bohnanza } from "./bohnanza";
import { describeTable, type Event, type GameDescriber, whoFrom } from "./common";
import { daron } from "./daron";
import { leBaron } from "./le-baron";
import { sixNimmt } from "./six-nimmt";

export type { Event } from "./common";

const GAMES: Record<string, GameDescriber> = {
  "six-nimmt": sixNimmt,
  "le-baron": leBaron,
  barbu,
  daron,
  bohnanza,
};

/**
 * `event` of `game` in a sentence in `language` (the page's by default), the seats named by `names` (index = seat);
 * null for an event this client has no sentence for (a newer server's), which the caller shows as it came.
 */
export function describe(game: string, event: Event, names: readonly string[], language: Lang = lang()): string | null {
  return inLang(language, () => {
    const who = whoFrom(names);
    return GAMES[game]?.(event, who) ?? describeTable(event, who);
  });
}
