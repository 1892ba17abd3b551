// The five games' canonical orders and what a deal after a canonical shuffle records (the dealing's table;
// verifier/tapis_verify.py's `canonical_deck` and `expected_deal`, line for line). Only the deal is known here, not
// the rules: whether moves were legal and scores right is the server's re-execution (`GET /audit`).

import type { Json } from "./json";

export type Card = number | string;
export type Options = { [key: string]: Json };

export const GAMES = ["six-nimmt", "le-baron", "barbu", "daron", "bohnanza"] as const;
// each game's player counts (domain/games/*/game.py, PLAYERS): a count outside is `unknown_game`
export const PLAYERS: Record<string, readonly [number, number]> = {
  "six-nimmt": [2, 10],
  "le-baron": [2, 10],
  barbu: [3, 6],
  daron: [2, 8],
  bohnanza: [3, 7],
};
export const RESHUFFLING: readonly string[] = ["daron", "bohnanza"]; // they shuffle a discard pile again

const RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];
export const BARBU_DECK: readonly Card[] = [..."CDHS"].flatMap((suit) => RANKS.map((rank) => rank + suit));
const DARON_COUNTS: [string, number][] = [
  ...Array.from({ length: 9 }, (_, i): [string, number] => [String(i + 1), i === 0 || i === 8 ? 4 : 8]),
  ["joker_even", 4],
  ["joker_odd", 4],
  ["+2", 4],
  ["+3", 4],
  ["+4", 4],
  ["+5", 2],
  ["x2", 2],
  ["daron", 12],
];
const repeat = (counts: [string, number][]): Card[] => counts.flatMap(([card, n]) => Array<Card>(n).fill(card));
export const DARON_DECK: readonly Card[] = repeat(DARON_COUNTS);
const DARON_NUMBERS: readonly Card[] = DARON_DECK.slice(0, 64); // 1..9
const BEANS: [string, number][] = [
  ["blue", 20],
  ["chili", 18],
  ["stink", 16],
  ["green", 14],
  ["soy", 12],
  ["black_eyed", 10],
  ["red", 8],
  ["garden", 6],
];
const EXTENDED_BEANS: [string, number][] = [...BEANS.filter(([b]) => b !== "garden"), ["wax", 22], ["coffee", 24]];
const LE_BARON_PILES: Record<number, number> = { 2: 24, 3: 20, 4: 16, 5: 16, 6: 16, 7: 12, 8: 12, 9: 8, 10: 8 };

const range = (from: number, to: number): number[] => Array.from({ length: to - from + 1 }, (_, i) => from + i);

export function canonicalDeck(game: string, players: number, options: Options): Card[] {
  if (game === "six-nimmt") {
    // option deck "full": 1..104, except in the pro variant (its draft lays out 10n+4)
    const full = options["deck"] === "full" && options["variant"] !== "pro";
    return range(1, full ? 104 : 10 * players + 4);
  }
  if (game === "barbu") return [...BARBU_DECK];
  if (game === "daron") return [...DARON_DECK];
  if (game === "le-baron") return range(1, 110);
  return repeat(options["extended"] === true ? EXTENDED_BEANS : BEANS);
}

/** Deal one at a time: the front card to the next seat from `first`, round and round. */
export function oneAtATime(cards: readonly Card[], players: number, first = 0): Card[][] {
  const hands: Card[][] = Array.from({ length: players }, () => []);
  cards.forEach((card, i) => hands[(first + i) % players]?.push(card));
  return hands;
}

/** The fields of the `CardsDealt` that follows the canonical shuffle of round `round` (1, 2, ...) to `order`. */
export function expectedDeal(
  game: string,
  n: number,
  options: Options,
  order: readonly Card[],
  round: number,
): [string, Json][] {
  if (game === "six-nimmt") {
    const hands = oneAtATime(order.slice(0, 10 * n), n);
    return [
      ["round", round],
      ["hands", hands],
      ["rows", order.slice(10 * n, 10 * n + 4)],
      ["hand_sizes", Array<number>(n).fill(10)],
    ];
  }
  if (game === "le-baron") {
    const size = LE_BARON_PILES[n];
    if (size === undefined) throw new Error(`le-baron has no deal for ${n} seats`);
    const box = order.slice(size * n + 5);
    return [
      ["round", round],
      ["piles", oneAtATime(order.slice(0, size * n), n)],
      ["pile_sizes", Array<number>(n).fill(size)],
      ["rows", order.slice(size * n, size * n + 5)],
      ["box", box],
      ["box_size", box.length],
    ];
  }
  if (game === "barbu") {
    // the round's chooser first; each hand is recorded sorted in the canonical order
    const chooser = (((round - 1) % n) + n) % n;
    const dealt = Math.floor(52 / n) * n;
    const rank = (card: Card): number => BARBU_DECK.indexOf(card);
    const hands = oneAtATime(order.slice(0, dealt), n, chooser).map((h) => [...h].sort((a, b) => rank(a) - rank(b)));
    return [
      ["round", round],
      ["chooser", chooser],
      ["hands", hands],
      ["removed", order.slice(dealt)],
      ["hand_sizes", hands.map((h) => h.length)],
    ];
  }
  if (game === "daron") {
    // the round's first player first; then the first number card is turned up
    const first = (((round - 1) % n) + n) % n;
    const rest = order.slice(7 * n);
    const found = rest.findIndex((c) => DARON_NUMBERS.includes(c));
    const turned = found === -1 ? rest.length : found;
    return [
      ["round", round],
      ["first", first],
      ["hands", oneAtATime(order.slice(0, 7 * n), n, first)],
      ["hand_sizes", Array<number>(n).fill(7)],
      ["top", turned < rest.length ? (rest[turned] as Card) : null],
      ["returned", rest.slice(0, turned)],
    ];
  }
  const counts = options["extended"] === true ? range(0, n - 1).map((seat) => Math.min(3 + seat, 6)) : Array<number>(n).fill(5);
  const hands: Card[][] = counts.map(() => []);
  let next = 0;
  while (hands.some((h, seat) => h.length < (counts[seat] ?? 0))) {
    hands.forEach((hand, seat) => {
      if (hand.length < (counts[seat] ?? 0)) {
        if (next >= order.length) throw new Error("the shuffled order is shorter than the deal");
        hand.push(order[next++] as Card);
      }
    });
  }
  return [
    ["hands", hands],
    ["hand_sizes", counts],
  ];
}
