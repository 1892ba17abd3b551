// The catalog (GET /v1/catalog), read once per page, and the names the page gives a game, a bot level and a seat.
import type { GameView, Schemas } from "./api/client";
import { botName, tryT } from "./i18n";
import { api, call } from "./page";

let catalogCache: Schemas["CatalogEntry"][] | null = null;

export async function catalog(): Promise<Schemas["CatalogEntry"][]> {
  if (catalogCache) return catalogCache;
  const data = await call(api.GET("/v1/catalog"));
  if (data) catalogCache = data.games;
  return data?.games ?? [];
}

export function titleOf(game: string): string {
  return catalogCache?.find((entry) => entry.game === game)?.title ?? game;
}

/** The bot levels the server offers (the catalog's `bots`, in its order). */
export function botLevels(game: string): string[] {
  return catalogCache?.find((entry) => entry.game === game)?.bots ?? [];
}

/** A seat's name as shown: a bot's in the page's language (« robot malin »), a person's as given, null if empty. */
export function shownName(player: GameView["players"][number] | undefined): string | null {
  if (!player) return null;
  return player.bot ? botName(player.name, player.bot) : player.name;
}

// the level the bot form starts on when offered: it plays well and answers at once (a search level takes longer)
export const DEFAULT_BOT = "smart";

/** Bot levels in words (« malin »), the level itself for one this client does not know. */
export function botLabel(level: string): string {
  return tryT(`bot.${level}`) ?? level;
}
