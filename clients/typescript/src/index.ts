// The Tapis API client: openapi-fetch over the paths and schemas that openapi-typescript generates from the
// repository's openapi.yaml (../schema.d.ts). Every call is typed by its path: its parameters, its body and its
// answers, the game's commands included (a legal move is one of them, sent as it is).
import createClient, { type Client } from "openapi-fetch";

import type { components, paths } from "../schema.js";

export type { components, paths };
export type Schemas = components["schemas"];
export type Tapis = Client<paths>;
export type GameView = Schemas["GameView"];
/** A seat's legal moves: one game's answer, told apart by `game`, whose `moves` are that game's commands. */
export type LegalMoves = Schemas["LegalMoves"];
/** Any game's command, as `POST /v1/games/{game_id}/commands` takes it (each game's union is tagged by `type`). */
export type Command = NonNullable<
  paths["/v1/games/{game_id}/commands"]["post"]["requestBody"]
>["content"]["application/json"];
export type ApiError = Schemas["Error"];

/**
 * A client of the server at `baseUrl` that sends `token` (a player's or an admin's) on every call, or none (a
 * spectator's); `fetchImpl` replaces the global `fetch` (a test's, a proxy's).
 */
export function tapisClient(baseUrl: string, token?: string | null, fetchImpl?: typeof fetch): Tapis {
  return createClient<paths>({ baseUrl, headers: bearer(token), ...(fetchImpl ? { fetch: fetchImpl } : {}) });
}

/** The `Authorization` header of a player or admin token; none for a spectator. */
export function bearer(token: string | null | undefined): Record<string, string> {
  return token ? { Authorization: `Bearer ${token}` } : {};
}

/** The server's error body (its `code` is the contract, the message is English) or, for anything else, the status. */
export function describeError(error: unknown, response?: Response): string {
  const body = (error ?? {}) as Partial<ApiError>;
  if (body.error && typeof body.error.message === "string") return `${body.error.message} (${body.error.code})`;
  if (response) return `the server answered ${response.status} ${response.statusText}`.trim();
  return error instanceof Error ? error.message : "the server could not be reached";
}
