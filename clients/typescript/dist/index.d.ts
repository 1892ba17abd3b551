import { type Client } from "openapi-fetch";
import type { components, paths } from "../schema.js";
export type { components, paths };
export type Schemas = components["schemas"];
export type Tapis = Client<paths>;
export type GameView = Schemas["GameView"];
/** A seat's legal moves: one game's answer, told apart by `game`, whose `moves` are that game's commands. */
export type LegalMoves = Schemas["LegalMoves"];
/** Any game's command, as `POST /v1/games/{game_id}/commands` takes it (each game's union is tagged by `type`). */
export type Command = NonNullable<paths["/v1/games/{game_id}/commands"]["post"]["requestBody"]>["content"]["application/json"];
export type ApiError = Schemas["Error"];
/**
 * A client of the server at `baseUrl` that sends `token` (a player's or an admin's) on every call, or none (a
 * spectator's); `fetchImpl` replaces the global `fetch` (a test's, a proxy's).
 */
export declare function tapisClient(baseUrl: string, token?: string | null, fetchImpl?: typeof fetch): Tapis;
/** The `Authorization` header of a player or admin token; none for a spectator. */
export declare function bearer(token: string | null | undefined): Record<string, string>;
/** The server's error body (its `code` is the contract, the message is English) or, for anything else, the status. */
export declare function describeError(error: unknown, response?: Response): string;
