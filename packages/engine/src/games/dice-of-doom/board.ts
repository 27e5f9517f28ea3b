import { type Seat } from "../../core/game.js";
import { Random } from "../../core/rng.js";
import { type DiceOfDoomBoard, type DiceOfDoomOptions, MAX_SIZE, MIN_SIZE, NEUTRAL } from "./types.js";

function computeNeighbors(pos: number, size: number): readonly number[] {
  const cells = size * size;
  const up = pos - size;
  const down = pos + size;
  const candidates = [up, down];
  if (pos % size !== 0) candidates.push(up - 1, pos - 1);
  if ((pos + 1) % size !== 0) candidates.push(pos + 1, down + 1);
  return Object.freeze(candidates.filter((p) => p >= 0 && p < cells));
}

// Built once per size so move generation never allocates neighbour lists.
const NEIGHBOR_TABLES: readonly (readonly (readonly number[])[])[] = Array.from(
  { length: MAX_SIZE + 1 },
  (_, size) =>
    size < MIN_SIZE ? [] : Array.from({ length: size * size }, (_unused, pos) => computeNeighbors(pos, size)),
);

const NO_NEIGHBORS: readonly number[] = Object.freeze([]);

/**
 * The book's `neighbors`, in its exact order (up, down, up-1, pos-1, pos+1,
 * down+1), which fixes the order of attacks in `legalMoves`.
 */
export function neighbors(pos: number, size: number): readonly number[] {
  return NEIGHBOR_TABLES[size]?.[pos] ?? NO_NEIGHBORS;
}

/**
 * The book's `threatened`: a neighbour of another owner has strictly more
 * dice. Neutral hexes never attack, so they are no threat.
 */
export function isThreatened(board: DiceOfDoomBoard, pos: number): boolean {
  const player = board.owner[pos] ?? NEUTRAL;
  const dice = board.dice[pos] ?? 0;
  for (const n of neighbors(pos, board.size)) {
    const other = board.owner[n] ?? NEUTRAL;
    if (other !== player && other !== NEUTRAL && (board.dice[n] ?? 0) > dice) return true;
  }
  return false;
}

// Scratch space for the flood fill: search calls it at every pass in chance
// rules, and JS runs one call at a time, so sharing it is safe.
const visitMark = new Int32Array(MAX_SIZE * MAX_SIZE);
const fillStack = new Int32Array(MAX_SIZE * MAX_SIZE);
let visitGeneration = 0;

/** Size of the player's largest group of connected hexes (v4's `largest-cluster-size`). */
export function largestCluster(board: DiceOfDoomBoard, player: Seat): number {
  const cells = board.size * board.size;
  visitGeneration++;
  if (visitGeneration > 0x3fffffff) {
    visitMark.fill(0);
    visitGeneration = 1;
  }
  const mark = visitGeneration;
  let best = 0;
  for (let start = 0; start < cells; start++) {
    if (board.owner[start] !== player || visitMark[start] === mark) continue;
    visitMark[start] = mark;
    fillStack[0] = start;
    let top = 1;
    let count = 0;
    while (top > 0) {
      const pos = fillStack[--top] ?? 0;
      count++;
      for (const n of neighbors(pos, board.size)) {
        if (board.owner[n] === player && visitMark[n] !== mark) {
          visitMark[n] = mark;
          fillStack[top++] = n;
        }
      }
    }
    if (count > best) best = count;
  }
  return best;
}

/**
 * The book's `score-board` for `seat`: +2 per own unthreatened hex, +1 per own
 * threatened hex, −1 per hex of another player. Neutral hexes count 0: they
 * are nobody's score, only a target.
 */
export function scoreBoard(board: DiceOfDoomBoard, seat: Seat): number {
  const cells = board.size * board.size;
  let score = 0;
  for (let pos = 0; pos < cells; pos++) {
    const owner = board.owner[pos];
    if (owner === seat) score += isThreatened(board, pos) ? 1 : 2;
    else if (owner !== NEUTRAL) score -= 1;
  }
  return score;
}

export function hexCounts(board: DiceOfDoomBoard, players: number): number[] {
  const counts = new Array<number>(players).fill(0);
  for (const owner of board.owner) {
    if (owner >= 0 && owner < players) counts[owner] = (counts[owner] ?? 0) + 1;
  }
  return counts;
}

/**
 * The deal (docs/dice-of-doom.md §2), balanced where the book's `gen-board` is not: it draws each hex's
 * owner and dice independently, so one 4-player deal gave 8/4/2/2 hexes. Here every seat gets
 * ⌊N²/players⌋ hexes, the remainder one more each for the seats that move last (the first mover already
 * has the tempo), placed by a seeded shuffle; and every seat the same number of dice: each hex 1, and the
 * seat's share of (1 + maxDice)/2 a hex for the smaller hex count, rounded, dealt one by one to its hexes
 * below maxDice at random. A deal without a first move for seat 0 (`playable`) is thrown away and the
 * generator, continuing its sequence, deals again: a pure function of the seed. Nothing of the generator
 * is kept: dice rolls come from elsewhere (§5).
 */
export function generateBoard(
  options: DiceOfDoomOptions,
  seed: number,
  playable: (board: DiceOfDoomBoard) => boolean = () => true,
): { readonly owner: number[]; readonly dice: number[] } {
  const random = new Random(seed);
  const { players, maxDice } = options;
  const cells = options.size * options.size;
  const hexes = dealtHexes(cells, players);
  const diceEach = dealtDice(cells, players, maxDice);
  for (let tries = 0; tries < BALANCED_TRIES; tries++) {
    const owner = hexes.flatMap((count, seat) => new Array<number>(count).fill(seat));
    for (let i = owner.length - 1; i > 0; i--) {
      const j = random.int(i + 1);
      [owner[i], owner[j]] = [owner[j] ?? 0, owner[i] ?? 0];
    }
    const dice = new Array<number>(cells).fill(1);
    for (let seat = 0; seat < players; seat++) {
      const own = owner.flatMap((o, pos) => (o === seat ? [pos] : []));
      for (let left = diceEach - own.length; left > 0; left--) {
        const open = own.filter((pos) => (dice[pos] ?? maxDice) < maxDice);
        const pos = open[random.int(open.length)] ?? 0;
        dice[pos] = (dice[pos] ?? 0) + 1;
      }
    }
    const board = { size: options.size, owner, dice };
    if (playable(board)) return { owner, dice };
  }
  return bookBoard(options, random, playable);
}

/**
 * Balanced deals tried before the book's: on the smallest boards (one hex a seat, classic rules) equal dice
 * leave nobody an attack, so no balanced deal is playable.
 */
const BALANCED_TRIES = 100;

/**
 * The book's `gen-board`, drawn until every seat has a hex and the deal is playable: the deal of matches
 * created before the balanced one (`diceOfDoom.formerDeal`), and its fallback.
 */
export function bookBoard(
  options: DiceOfDoomOptions,
  random: Random,
  playable: (board: DiceOfDoomBoard) => boolean,
): { readonly owner: number[]; readonly dice: number[] } {
  const cells = options.size * options.size;
  for (;;) {
    const owner = new Array<number>(cells);
    const dice = new Array<number>(cells);
    for (let pos = 0; pos < cells; pos++) {
      owner[pos] = random.int(options.players);
      dice[pos] = 1 + random.int(options.maxDice);
    }
    const board = { size: options.size, owner, dice };
    if (hexCounts(board, options.players).every((count) => count > 0) && playable(board)) {
      return { owner, dice };
    }
  }
}

/** Hexes per seat in a deal: ⌊cells/players⌋ each, one more for each of the last `cells mod players` seats. */
export function dealtHexes(cells: number, players: number): number[] {
  const base = Math.floor(cells / players);
  const extra = cells % players;
  return Array.from({ length: players }, (_, seat) => base + (seat >= players - extra ? 1 : 0));
}

/**
 * Dice per seat in a deal, the same for every seat: (1 + maxDice)/2 a hex for the smaller hex count,
 * rounded; never fewer than the larger hex count (one die a hex) nor more than the smaller count can hold.
 */
export function dealtDice(cells: number, players: number, maxDice: number): number {
  const base = Math.floor(cells / players);
  const most = base + (cells % players === 0 ? 0 : 1);
  return Math.min(base * maxDice, Math.max(most, Math.round((base * (1 + maxDice)) / 2)));
}
