// One whole six-nimmt game through the generated TypeScript client (src/api/client.ts: openapi-fetch over the
// paths openapi-typescript generated from openapi.yaml), as the web client calls the API: create with options,
// join as a person with entropy, seat two bots, start, follow the stream and play a legal move whenever the seat
// has one, to the end. Prints one JSON line (the final view's status, scores, winners, moves sent) and exits 1
// on any refused call.
//   node <this file bundled by esbuild> <base URL>     (tests/browser/test_ts_client.py does both)
import { createParser } from "eventsource-parser";

import { bearer, describeError, tapisClient } from "../src/api/client";

const base = process.argv[2];
if (!base) {
  console.error("usage: play.mjs <base URL>");
  process.exit(2);
}
const api = tapisClient(base);

function fail(what: string, error: unknown, response: Response): never {
  console.error(`${what}: ${response.status} ${describeError(error, response)}`);
  process.exit(1);
}

async function main(): Promise<void> {
  const created = await api.POST("/v1/games", {
    body: { game: "six-nimmt", players: 3, options: { end: { kind: "rounds", rounds: 1 } }, private: false },
  });
  if (!created.data) fail("create", created.error, created.response);
  const gameId = created.data.game_id;
  const admin = created.data.admin_token;
  const path = { game_id: gameId };

  const joined = await api.POST("/v1/games/{game_id}/seats", {
    params: { path },
    body: { name: "Ada", entropy: "0123456789abcdef0123456789abcdef" },
  });
  if (!joined.data?.player_token) fail("join", joined.error, joined.response);
  const token = joined.data.player_token;
  for (const level of ["smart", "random"]) {
    const bot = await api.POST("/v1/games/{game_id}/seats", { params: { path }, headers: bearer(admin), body: { bot: level } });
    if (!bot.data) fail(`seat a ${level} bot`, bot.error, bot.response);
  }
  const started = await api.POST("/v1/games/{game_id}/start", { params: { path }, headers: bearer(admin) });
  if (started.error !== undefined) fail("start", started.error, started.response);

  // the stream wakes the loop when the bots have moved; the view and the legal moves say what to do
  const wake = new EventTarget();
  const stream = new AbortController();
  let lastEvent = 0;
  void (async () => {
    const answer = await api.GET("/v1/games/{game_id}/stream", {
      params: { path, header: { "Last-Event-ID": "0" } },
      headers: bearer(token),
      parseAs: "stream",
      signal: stream.signal,
    }).catch(() => null); // aborted at the end of the game
    if (answer === null) return;
    if (!answer.data) fail("stream", answer.error, answer.response);
    const parser = createParser({
      onEvent: (message) => {
        lastEvent = Math.max(lastEvent, Number(message.id));
        wake.dispatchEvent(new Event("event"));
      },
    });
    const reader = answer.data.pipeThrough(new TextDecoderStream()).getReader();
    for (;;) {
      const chunk = await reader.read().catch(() => ({ done: true as const, value: undefined }));
      if (chunk.done) return;
      parser.feed(chunk.value);
    }
  })();
  const nextEvent = (): Promise<void> =>
    new Promise((resolve) => {
      const timer = setTimeout(resolve, 2000); // the stream is a wake-up; the loop reads the view regardless
      wake.addEventListener("event", () => { clearTimeout(timer); resolve(); }, { once: true });
    });

  let sent = 0;
  const deadline = Date.now() + 60_000;
  for (;;) {
    const view = await api.GET("/v1/games/{game_id}", { params: { path }, headers: bearer(token) });
    if (!view.data) fail("view", view.error, view.response);
    if (view.data.status === "finished") {
      stream.abort();
      console.log(
        JSON.stringify({
          game_id: gameId,
          status: view.data.status,
          scores: view.data.scores,
          winners: view.data.winners,
          seed_revealed: view.data.seed !== null,
          moves_sent: sent,
          last_event: lastEvent,
        }),
      );
      return;
    }
    if (Date.now() > deadline) {
      console.error(`the game did not end within a minute (status ${view.data.status}, version ${view.data.version})`);
      process.exit(1);
    }
    const legal = await api.GET("/v1/games/{game_id}/legal-moves", { params: { path }, headers: bearer(token) });
    if (!legal.data) fail("legal moves", legal.error, legal.response);
    const move = legal.data.moves[0];
    if (move === undefined) {
      await nextEvent();
      continue;
    }
    const result = await api.POST("/v1/games/{game_id}/commands", {
      params: { path },
      headers: bearer(token),
      body: move, // a legal move is typed as one of the game's commands (LegalMoves per game): sent as it is
    });
    if (!result.data) fail(`command ${JSON.stringify(move)}`, result.error, result.response);
    sent += 1;
  }
}

await main();
process.exit(0);
