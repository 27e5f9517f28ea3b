/**
 * PAIP 18.12's edge table: the value, to the player to move, of each of the
 * 3^10 = 59,049 configurations of an edge plus its two X-squares, built by
 * `init-edge-table`: static values from `*static-edge-table*` and
 * `piece-stability`, then five sweeps of `possible-edge-moves-value` from 9
 * pieces down to 1.
 *
 * PAIP computes this on full boards, but only the top row and its X-squares
 * are ever set, and on such a board a move can only flip along the row (an
 * X-square move flips nothing, a diagonal or vertical ray meets an empty
 * square at once), so a ten-cell array reproduces it exactly. PAIP's float
 * constants (.5, .1, …) are single-floats in Common Lisp; `Math.fround`
 * keeps the arithmetic in single precision so `round` sees the same values,
 * and `round` rounds halves to even as Lisp's does.
 *
 * Cells: 0 = X-square b2 (PAIP 22), 1..8 = a1..h1 (11..18), 9 = g2 (27).
 * Digits of the index, most significant first: 0 empty, 1 player, 2 opponent.
 */

const SIZE = 59049;
const EMPTY = 0;
const PLAYER = 1;
const OPPONENT = 2;

const STABLE = 0;
const SEMI_STABLE = 1;
const UNSTABLE = 2;

// PAIP's *static-edge-table*, rows in edge order X, corner, C, A, B, B, A, C, corner, X;
// columns stable, semi-stable, unstable. PAIP's `*` entries are unreachable (0 here).
const STATIC_EDGE = [
  [0, 0, -2000],
  [700, 0, 0],
  [1200, 200, -25],
  [1000, 200, 75],
  [1000, 200, 50],
  [1000, 200, 50],
  [1000, 200, 75],
  [1200, 200, -25],
  [700, 0, 0],
  [0, 0, -2000],
] as const;

/** PAIP's probability table, indexed by own and opponent neighbours on the edge. */
const NEIGHBOUR_PROBABILITY = [
  [0.1, 0.4, 0.7],
  [0.05, 0.3, 0],
  [0.01, 0, 0],
].map((row) => row.map(Math.fround));

/** Lisp's `round`: nearest integer, halves to even. */
export function roundHalfEven(x: number): number {
  const r = Math.round(x);
  return Math.abs(x % 1) === 0.5 && r % 2 !== 0 ? r - 1 : r;
}

function decode(index: number, cells: Int8Array): void {
  for (let k = 9; k >= 0; k--) {
    cells[k] = index % 3;
    index = Math.floor(index / 3);
  }
}

function encode(cells: Int8Array, swap: boolean): number {
  let index = 0;
  for (let k = 0; k < 10; k++) {
    let d = cells[k] as number;
    if (swap && d !== EMPTY) d = 3 - d;
    index = index * 3 + d;
  }
  return index;
}

const cornerOf = (k: number): number => (k === 0 ? 1 : 8);
const xSquareOf = (k: number): number => (k === 1 ? 0 : 9);
const isCorner = (k: number): boolean => k === 1 || k === 8;
const isXSquare = (k: number): boolean => k === 0 || k === 9;

/** PAIP's piece-stability for the occupied cell k. */
function pieceStability(cells: Int8Array, k: number): number {
  if (isCorner(k)) return STABLE;
  if (isXSquare(k)) return cells[cornerOf(k)] === EMPTY ? UNSTABLE : SEMI_STABLE;
  const player = cells[k] as number;
  const opp = 3 - player;
  // p1: first cell from k rightwards (to h1) not of this colour; p2: first leftwards (to a1). -1 = none.
  let p1 = -1;
  for (let j = k; j <= 8; j++) {
    if (cells[j] !== player) {
      p1 = cells[j] as number;
      break;
    }
  }
  let p2 = -1;
  for (let j = k - 1; j >= 1; j--) {
    if (cells[j] !== player) {
      p2 = cells[j] as number;
      break;
    }
  }
  if ((p1 === EMPTY && p2 === opp) || (p2 === EMPTY && p1 === opp)) return UNSTABLE;
  if (p1 === opp && p2 === opp) {
    for (let j = 1; j <= 8; j++) if (cells[j] === EMPTY) return SEMI_STABLE;
  }
  if (p1 === EMPTY && p2 === EMPTY) return SEMI_STABLE;
  return STABLE;
}

function staticEdgeStability(cells: Int8Array): number {
  let sum = 0;
  for (let k = 0; k < 10; k++) {
    const c = cells[k] as number;
    if (c === EMPTY) continue;
    const v = STATIC_EDGE[k]?.[pieceStability(cells, k)] ?? 0;
    sum += c === PLAYER ? v : -v;
  }
  return sum;
}

/** Whether `who` playing cell k (1..8) flips something along the row. */
function legalOnRow(cells: Int8Array, k: number, who: number): boolean {
  if (cells[k] !== EMPTY || k < 1 || k > 8) return false;
  const opp = 3 - who;
  for (const dir of [-1, 1]) {
    let j = k + dir;
    let seen = false;
    while (j >= 1 && j <= 8 && cells[j] === opp) {
      j += dir;
      seen = true;
    }
    if (seen && j >= 1 && j <= 8 && cells[j] === who) return true;
  }
  return false;
}

/** PAIP's make-move restricted to the edge: place the disc, flip bracketed runs along the row. */
function makeMove(cells: Int8Array, k: number, who: number): void {
  cells[k] = who;
  if (k < 1 || k > 8) return;
  const opp = 3 - who;
  for (const dir of [-1, 1]) {
    let j = k + dir;
    while (j >= 1 && j <= 8 && cells[j] === opp) j += dir;
    if (j >= 1 && j <= 8 && cells[j] === who && j !== k + dir) {
      for (let f = k + dir; f !== j; f += dir) cells[f] = who;
    }
  }
}

function countNeighbours(cells: Int8Array, k: number, who: number): number {
  return (cells[k - 1] === who ? 1 : 0) + (cells[k + 1] === who ? 1 : 0);
}

/** PAIP's edge-move-probability, for the player to move (PLAYER). */
function edgeMoveProbability(cells: Int8Array, k: number): number {
  if (isXSquare(k)) return Math.fround(0.5);
  if (legalOnRow(cells, k, PLAYER)) return 1;
  if (isCorner(k)) {
    const x = cells[xSquareOf(k)];
    return x === EMPTY ? Math.fround(0.1) : x === PLAYER ? Math.fround(0.001) : Math.fround(0.9);
  }
  const p =
    NEIGHBOUR_PROBABILITY[countNeighbours(cells, k, PLAYER)]?.[countNeighbours(cells, k, OPPONENT)] ?? 0;
  return legalOnRow(cells, k, OPPONENT) ? Math.fround(p / 2) : p;
}

function possibleEdgeMovesValue(table: Int32Array, cells: Int8Array, index: number): number {
  const probs: number[] = [1];
  const values: number[] = [table[index] as number];
  const next = new Int8Array(10);
  for (let k = 0; k < 10; k++) {
    if (cells[k] !== EMPTY) continue;
    next.set(cells);
    makeMove(next, k, PLAYER);
    probs.push(edgeMoveProbability(cells, k));
    values.push(-(table[encode(next, true)] as number));
  }
  // PAIP sorts best first (black maximises: the table is built for black to move); a stable sort keeps the "no move" first among equals.
  const order = values.map((_, i) => i).sort((a, b) => (values[b] as number) - (values[a] as number));
  let prob = 1;
  let val = 0;
  for (const i of order) {
    if (prob < 0) break;
    const p = probs[i] as number;
    const pp = Math.fround(prob * p);
    val = Math.fround(val + Math.fround(pp * (values[i] as number)));
    prob = Math.fround(prob - pp);
  }
  return roundHalfEven(val);
}

function buildEdgeTable(): Int32Array {
  const table = new Int32Array(SIZE);
  const cells = new Int8Array(10);
  const pieces = new Int8Array(SIZE);
  for (let index = 0; index < SIZE; index++) {
    decode(index, cells);
    let n = 0;
    for (let k = 0; k < 10; k++) if (cells[k] !== EMPTY) n++;
    pieces[index] = n;
    table[index] = staticEdgeStability(cells);
  }
  const byPieces: number[][] = Array.from({ length: 11 }, () => []);
  for (let index = 0; index < SIZE; index++) byPieces[pieces[index] as number]?.push(index);
  for (let sweep = 0; sweep < 5; sweep++) {
    for (let n = 9; n >= 1; n--) {
      for (const index of byPieces[n] ?? []) {
        decode(index, cells);
        table[index] = possibleEdgeMovesValue(table, cells, index);
      }
    }
  }
  return table;
}

let edgeTable: Int32Array | undefined;

/** The 59,049-entry table, built on first use (a few hundred milliseconds) and cached. */
export function getEdgeTable(): Int32Array {
  edgeTable ??= buildEdgeTable();
  return edgeTable;
}

/** Index of a ten-cell edge given as a string of ".", "@" (player) and "O" (opponent), in PAIP's square order. */
export function edgeIndexOf(edge: string): number {
  let index = 0;
  for (const c of edge) index = index * 3 + (c === "@" ? PLAYER : c === "O" ? OPPONENT : EMPTY);
  return index;
}
