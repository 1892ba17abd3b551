// The peer's load generator, the shape of bench/http_load.py's: `clients` concurrent clients, each playing whole
// four-player games as all four players until the deadline, one move at a time, each move timed from its send to
// the acting player's state update. Moves are random legal ones read off the player's own view (boardgame.io
// sends it after every move anyway). Usage: node load.js <port>, then one line per round on stdin,
// "<clients> <seconds>", each answered with one JSON line {moves, seconds, latencies_ms} on stdout (one process
// for every round: Node's start-up is never timed).
"use strict";
const { io } = require("socket.io-client");

const port = Number(process.argv[2]);
const base = `http://127.0.0.1:${port}`;
const TIMEOUT_MS = 30000;

async function post(path, body) {
  const answer = await fetch(base + path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!answer.ok) throw new Error(`${path}: ${answer.status} ${await answer.text()}`);
  return answer.json();
}

// one player's socket: its latest state, and a way to wait for a state newer than a given id
function connect(matchID, playerID, credentials) {
  const socket = io(`${base}/six-nimmt`, { transports: ["websocket"], forceNew: true });
  const player = { socket, state: null, waiters: [] };
  const seen = (state) => {
    if (player.state && state._stateID <= player.state._stateID) return;
    player.state = state;
    player.waiters = player.waiters.filter((w) => (state._stateID >= w.id ? (w.resolve(), false) : true));
  };
  socket.on("sync", (_match, info) => seen(info.state));
  socket.on("update", (_match, state) => seen(state));
  socket.on("connect", () => socket.emit("sync", matchID, playerID, credentials, 4));
  player.until = (id) =>
    player.state && player.state._stateID >= id
      ? Promise.resolve()
      : new Promise((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error(`no state ${id} for player ${playerID}`)), TIMEOUT_MS);
          player.waiters.push({ id, resolve: () => (clearTimeout(timer), resolve()) });
        });
  return player;
}

function pick(list) {
  return list[Math.floor(Math.random() * list.length)];
}

// a match created, its four seats joined and their sockets synced, ready for its first move
async function open() {
  const { matchID } = await post("/games/six-nimmt/create", { numPlayers: 4 });
  // every seat joined before any socket connects: boardgame.io's connection-status write reads and writes the
  // match metadata whole, and one racing a join drops the joiner's credentials (its sync then goes unanswered)
  const joined = [];
  for (let p = 0; p < 4; p++) {
    joined.push(await post(`/games/six-nimmt/${matchID}/join`, { playerID: String(p), playerName: `p${p}` }));
  }
  const players = joined.map(({ playerCredentials }, p) => {
    const player = connect(matchID, String(p), playerCredentials);
    player.credentials = playerCredentials;
    player.id = String(p);
    return player;
  });
  await Promise.all(players.map((p) => p.until(0)));
  return { matchID, players, latest: 0 };
}

function close(match) {
  for (const p of match.players) p.socket.close();
}

// plays the match's moves until the deadline or its end; returns the moves made
async function play(match, deadline, latencies) {
  const { matchID, players } = match;
  let moves = 0;
  while (performance.now() < deadline) {
    const state = players[0].state;
    if (state.ctx.gameover) break;
    const G = state.G;
    let actor;
    let move;
    if (G.asked !== null) {
      actor = players[Number(G.asked)];
      move = { type: "chooseRow", args: [pick([0, 1, 2, 3])] };
    } else {
      actor = players.find((p) => G.chosen[p.id] === false || G.chosen[p.id] === null);
      await actor.until(match.latest);
      move = { type: "playCard", args: [pick(actor.state.G.hands[actor.id])] };
    }
    await actor.until(match.latest);
    const action = { type: "MAKE_MOVE", payload: { ...move, playerID: actor.id, credentials: actor.credentials } };
    const began = performance.now();
    actor.socket.emit("update", action, actor.state._stateID, matchID, actor.id);
    match.latest = actor.state._stateID + 1;
    await actor.until(match.latest);
    latencies.push(performance.now() - began);
    moves += 1;
    await players[0].until(match.latest);
  }
  return moves;
}

// each client's match in play, kept from one round to the next
const matches = [];

async function client(index, deadline, latencies) {
  let moves = 0;
  while (performance.now() < deadline) {
    if (matches[index].players[0].state.ctx.gameover) {
      close(matches[index]);
      matches[index] = await open(); // a new game inside the round is in its wall time, as in ours
    }
    moves += await play(matches[index], deadline, latencies);
  }
  return moves;
}

// Unlike ours, a round starts with every client's match already open (created, joined, synced) and goes on with
// the matches the last round left: boardgame.io's lobby calls are slow enough that at 16 clients a 2 s round
// would otherwise be mostly set-up. This favours the peer; the figures are its moves alone.
async function round(clients, seconds) {
  while (matches.length < clients) matches.push(await open());
  const began = performance.now();
  const deadline = began + seconds * 1000;
  const latencies = [];
  const counts = await Promise.all(Array.from({ length: clients }, (_, i) => client(i, deadline, latencies)));
  const moves = counts.reduce((a, b) => a + b, 0);
  return { moves, seconds: (performance.now() - began) / 1000, latencies_ms: latencies };
}

async function main() {
  const lines = require("readline").createInterface({ input: process.stdin });
  for await (const line of lines) {
    const [clients, seconds] = line.trim().split(/\s+/).map(Number);
    console.log(JSON.stringify(await round(clients, seconds)));
  }
  for (const match of matches) close(match);
  process.exit(0);
}

main().catch((error) => {
  console.error(error.stack || String(error));
  process.exit(1);
});
