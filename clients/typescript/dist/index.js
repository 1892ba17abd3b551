// The Tapis API client: openapi-fetch over the paths and schemas that openapi-typescript generates from the
// repository's openapi.yaml (../schema.d.ts). Every call is typed by its path: its parameters, its body and its
// answers, the game's commands included (a legal move is one of them, sent as it is).
import createClient from "openapi-fetch";
/**
 * A client of the server at `baseUrl` that sends `token` (a player's or an admin's) on every call, or none (a
 * spectator's); `fetchImpl` replaces the global `fetch` (a test's, a proxy's).
 */
export function tapisClient(baseUrl, token, fetchImpl) {
    return createClient({ baseUrl, headers: bearer(token), ...(fetchImpl ? { fetch: fetchImpl } : {}) });
}
/** The `Authorization` header of a player or admin token; none for a spectator. */
export function bearer(token) {
    return token ? { Authorization: `Bearer ${token}` } : {};
}
/** The server's error body (its `code` is the contract, the message is English) or, for anything else, the status. */
export function describeError(error, response) {
    const body = (error ?? {});
    if (body.error && typeof body.error.message === "string")
        return `${body.error.message} (${body.error.code})`;
    if (response)
        return `the server answered ${response.status} ${response.statusText}`.trim();
    return error instanceof Error ? error.message : "the server could not be reached";
}
