// Plays a recorded Tapis six-nimmt game through the boardgame.io game's own moves, to show both play the same
// rules (tests/unit/test_bgio_peer_rules.py). stdin: {"players": n, "deals": [[deck order], ...], "moves":
// [[seat, command], ...]} where each deck order is the hands one after the other, then the four row cards: the
// order the game's deal takes them in. stdout: {"totals": [...], "over": bool}.
"use strict";
const { SixNimmt } = require("./six-nimmt");

const input = JSON.parse(require("fs").readFileSync(0, "utf8"));
const decks = input.deals.slice();
const random = { Shuffle: () => decks.shift() };
const ctx = { playOrder: Array.from({ length: input.players }, (_, i) => String(i)) };
const G = SixNimmt.setup({ ctx, random });
for (const [seat, command] of input.moves) {
  const context = { G, ctx, playerID: String(seat), random };
  const result =
    command.type === "play_card"
      ? SixNimmt.moves.playCard.move(context, command.card)
      : SixNimmt.moves.chooseRow.move(context, command.row);
  if (result !== undefined) throw new Error(`refused: ${JSON.stringify([seat, command])}`);
}
console.log(JSON.stringify({ totals: ctx.playOrder.map((p) => G.totals[p]), over: G.over }));
