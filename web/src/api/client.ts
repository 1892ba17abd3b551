// The typed API client: openapi-fetch over the paths openapi-typescript generates from openapi.yaml
// (schema.d.ts, rebuilt by `npm run build`). Every page of the web client calls the API through it, so a change of
// the API that breaks the client fails `tsc` in CI rather than a player's game.
import createClient, { type Client } from "openapi-fetch";

import type { components, paths } from "./schema";

export type { components, paths };
export type Schemas = components["schemas"];
export type GameView = Schemas["GameView"];
export type ApiError = Schemas["Error"];
export type Tapis = Client<paths>;

/** A client for the server at `baseUrl` ("" in the browser: the page's own origin). */
export function tapisClient(baseUrl = "", fetchImpl?: typeof fetch): Tapis {
  return createClient<paths>({ baseUrl, ...(fetchImpl ? { fetch: fetchImpl } : {}) });
}

/** The `Authorization` header of a seat or admin token (docs: README "Tokens"); none for a spectator. */
export function bearer(token: string | null | undefined): Record<string, string> {
  return token ? { Authorization: `Bearer ${token}` } : {}; // i18n-exempt: an HTTP header
}

/**
 * The server's error body (docs/errors.md) in English for a program using this client (web/test/play.ts); anything
 * else (a proxy's page) by its status. The pages show errors in the reader's language (i18n's errorText).
 */
export function describeError(error: unknown, response?: Response): string {
  const body = (error ?? {}) as Partial<ApiError>;
  if (body.error && typeof body.error.message === "string") {
    return `${body.error.message} (${body.error.code})`;
  }
  if (response) return `The server answered ${response.status} ${response.statusText}`.trim(); // i18n-exempt: programs
  return error instanceof Error ? error.message : "The server could not be reached"; // i18n-exempt: programs
}
