// six-nimmt as a boardgame.io 0.50 game: the rules Tapis plays (docs/games/six-nimmt.md) with its defaults, the
// reduced deck (1..10n+4), four rows, ten cards a round, the game over once a total reaches 66, for the peer
// benchmark (bench/bgio.py). Hidden information goes through playerView, as boardgame.io intends: a player's
// view holds its own hand and choice, the others' hand sizes and whether they have chosen.
"use strict";
const { INVALID_MOVE, ActivePlayers } = require("boardgame.io/core");

const THRESHOLD = 66;
const ROW_LIMIT = 5;

function heads(card) {
  if (card === 55) return 7;
  if (card % 11 === 0) return 5;
  if (card % 10 === 0) return 3;
  if (card % 5 === 0) return 2;
  return 1;
}

function rowHeads(row) {
  return row.reduce((sum, card) => sum + heads(card), 0);
}

function deal(G, players, random) {
  const deck = random.Shuffle(Array.from({ length: 10 * players.length + 4 }, (_, i) => i + 1));
  for (const p of players) {
    G.hands[p] = deck.splice(0, 10).sort((a, b) => a - b);
    G.chosen[p] = null;
    G.penalties[p] = 0;
  }
  G.rows = deck.splice(0, 4).map((card) => [card]);
}

function take(G, player, row, card) {
  G.penalties[player] += rowHeads(G.rows[row]);
  G.rows[row] = [card];
}

// places the revealed cards in order until one is lower than every row (its player is asked for a row) or none
// is left; a round ends when the hands are empty, the game when a total reaches the threshold
function resolve(G, players, random) {
  while (G.pending.length > 0) {
    const { player, card } = G.pending[0];
    let best = -1;
    for (let r = 0; r < G.rows.length; r++) {
      const last = G.rows[r][G.rows[r].length - 1];
      if (last < card && (best < 0 || last > G.rows[best][G.rows[best].length - 1])) best = r;
    }
    if (best < 0) {
      G.asked = player;
      return;
    }
    if (G.rows[best].length === ROW_LIMIT) take(G, player, best, card);
    else G.rows[best].push(card);
    G.pending.shift();
  }
  if (G.hands[players[0]].length > 0) return;
  for (const p of players) G.totals[p] += G.penalties[p];
  if (players.some((p) => G.totals[p] >= THRESHOLD)) {
    G.over = true;
    return;
  }
  G.round += 1;
  deal(G, players, random);
}

const SixNimmt = {
  name: "six-nimmt",
  minPlayers: 2,
  maxPlayers: 10,
  setup: ({ ctx, random }) => {
    const G = { hands: {}, chosen: {}, penalties: {}, totals: {}, rows: [], pending: [], asked: null, round: 1, over: false };
    for (const p of ctx.playOrder) G.totals[p] = 0;
    deal(G, ctx.playOrder, random);
    return G;
  },
  turn: { activePlayers: ActivePlayers.ALL },
  moves: {
    // the hidden choice: may be changed until the last player chooses, which reveals every choice at once
    playCard: {
      client: false,
      move: ({ G, ctx, playerID, random }, card) => {
        if (G.over || G.asked !== null || !G.hands[playerID].includes(card)) return INVALID_MOVE;
        G.chosen[playerID] = card;
        if (ctx.playOrder.some((p) => G.chosen[p] === null)) return;
        G.pending = ctx.playOrder
          .map((p) => ({ player: p, card: G.chosen[p] }))
          .sort((a, b) => a.card - b.card);
        for (const p of ctx.playOrder) {
          G.hands[p] = G.hands[p].filter((c) => c !== G.chosen[p]);
          G.chosen[p] = null;
        }
        resolve(G, ctx.playOrder, random);
      },
    },
    chooseRow: {
      client: false,
      move: ({ G, ctx, playerID, random }, row) => {
        if (G.asked !== playerID || !Number.isInteger(row) || row < 0 || row >= G.rows.length) return INVALID_MOVE;
        take(G, playerID, row, G.pending[0].card);
        G.pending.shift();
        G.asked = null;
        resolve(G, ctx.playOrder, random);
      },
    },
  },
  endIf: ({ G }) => (G.over ? { totals: G.totals } : undefined),
  playerView: ({ G, playerID }) => {
    const hands = {};
    const chosen = {};
    for (const p of Object.keys(G.hands)) {
      hands[p] = p === playerID ? G.hands[p] : G.hands[p].length;
      chosen[p] = p === playerID ? G.chosen[p] : G.chosen[p] !== null;
    }
    return { ...G, hands, chosen };
  },
};

module.exports = { SixNimmt, heads };
