/**
 * An opening book the program builds for itself: a tree grown from the
 * standard start to a fixed number of plies, keeping only the few moves a
 * shallow search likes at each node, with every leaf scored by a
 * fixed-depth Iago search and the values backed up by negamax. Positions
 * are stored under the least of their 8 symmetric images, so the four
 * equivalent first moves (and every mirrored line after them) share one
 * entry; moves are stored in that canonical frame and mapped back on lookup.
 *
 * Engine-pure: the caller supplies the clock and writes the generated module.
 */
import { type Random } from "../../../core/rng.js";
import {
  BLACK,
  type OthelloState,
  STANDARD_START,
  WHITE,
  applyMove,
  discCounts,
  legalMoves,
  parsePosition,
  stateFromBoard,
} from "../rules.js";
import { PASS, parseSquare, squareName } from "../squares.js";
import { BOOK_DATA } from "./book-data.js";
import { type IagoSearcher, MARGIN_WIN, createIagoSearcher, iagoIteration } from "./strategies.js";

export interface BookMove {
  readonly move: number;
  /** Backed-up Iago value of the move for the side to move. */
  readonly value: number;
}

// ---------------------------------------------------------------- symmetry

/** (row, col) → (row, col) for the 8 symmetries of the board; index 0 is the identity. */
const MAPPINGS: readonly ((r: number, c: number) => [number, number])[] = [
  (r, c) => [r, c],
  (r, c) => [c, 7 - r],
  (r, c) => [7 - r, 7 - c],
  (r, c) => [7 - c, r],
  (r, c) => [r, 7 - c],
  (r, c) => [7 - r, c],
  (r, c) => [c, r],
  (r, c) => [7 - c, 7 - r],
];

/** Square maps per transform, with PASS (64) fixed, so moves map like squares. */
const FORWARD: readonly Int8Array[] = MAPPINGS.map((map) => {
  const table = new Int8Array(65);
  for (let square = 0; square < 64; square++) {
    const [r, c] = map(square >> 3, square & 7);
    table[square] = r * 8 + c;
  }
  table[PASS] = PASS;
  return table;
});
const INVERSE: readonly Int8Array[] = FORWARD.map((table) => {
  const inverse = new Int8Array(65);
  for (let square = 0; square <= PASS; square++) inverse[table[square] ?? 0] = square;
  return inverse;
});

export const SYMMETRY_COUNT = 8;

/** `move` (a square or PASS) under transform `t`. */
export function transformMove(move: number, t: number): number {
  return FORWARD[t]?.[move] ?? move;
}

/** The move that `transformMove(_, t)` maps to `move`. */
export function untransformMove(move: number, t: number): number {
  return INVERSE[t]?.[move] ?? move;
}

function mapBoard(lo: number, hi: number, table: Int8Array): [number, number] {
  let outLo = 0;
  let outHi = 0;
  for (let square = 0; square < 64; square++) {
    const set = square < 32 ? (lo >>> square) & 1 : (hi >>> (square - 32)) & 1;
    if (set === 0) continue;
    const to = table[square] ?? 0;
    if (to < 32) outLo |= 1 << to;
    else outHi |= 1 << (to - 32);
  }
  return [outLo, outHi];
}

/** The position under transform `t` (same side to move, ply and options). */
export function transformState(state: OthelloState, t: number): OthelloState {
  const table = FORWARD[t];
  if (table === undefined || t === 0) return state;
  const [blackLo, blackHi] = mapBoard(state.blackLo, state.blackHi, table);
  const [whiteLo, whiteHi] = mapBoard(state.whiteLo, state.whiteHi, table);
  return { ...state, blackLo, blackHi, whiteLo, whiteHi };
}

function hex(word: number): string {
  return (word >>> 0).toString(16).padStart(8, "0");
}

/** An exact key of the board and side to move: black hi·lo, white hi·lo in hex, then x or o. */
export function positionKey(state: OthelloState): string {
  const side = state.turn === BLACK ? "x" : "o";
  return `${hex(state.blackHi)}${hex(state.blackLo)}${hex(state.whiteHi)}${hex(state.whiteLo)}${side}`;
}

/** The position a `positionKey` names; `ply` assumes no passes, as in the opening. */
export function stateFromKey(key: string): OthelloState {
  const word = (i: number): number => Number.parseInt(key.slice(i * 8, i * 8 + 8), 16) | 0;
  const state = stateFromBoard(
    { blackHi: word(0), blackLo: word(1), whiteHi: word(2), whiteLo: word(3) },
    key[32] === "o" ? WHITE : BLACK,
  );
  return { ...state, ply: discCounts(state).black + discCounts(state).white - 4 };
}

export interface Canonical {
  readonly key: string;
  /** Every transform taking the position to its canonical image (several when the position is symmetric). */
  readonly transforms: readonly number[];
}

/** The least key over the 8 images of the position, and the transforms that reach it. */
export function canonicalize(state: OthelloState): Canonical {
  let key = "";
  let transforms: number[] = [];
  for (let t = 0; t < SYMMETRY_COUNT; t++) {
    const image = positionKey(transformState(state, t));
    if (key === "" || image < key) {
      key = image;
      transforms = [t];
    } else if (image === key) {
      transforms.push(t);
    }
  }
  return { key, transforms };
}

// ---------------------------------------------------------------- lookup

/** A book ready for lookups: canonical key → moves in the canonical frame. */
export interface OpeningBook {
  readonly entries: ReadonlyMap<string, readonly BookMove[]>;
}

/**
 * Parses book lines, `<key> <move>:<value> ...` with moves as square names,
 * in the canonical frame. A malformed line is a build bug, so it throws.
 */
export function parseBook(lines: readonly string[]): OpeningBook {
  const entries = new Map<string, BookMove[]>();
  for (const line of lines) {
    const [key, ...fields] = line.split(" ");
    if (key === undefined || key.length !== 33 || fields.length === 0)
      throw new Error(`bad book line '${line}'`);
    const moves = fields.map((field) => {
      const [name = "", value = ""] = field.split(":");
      const move = parseSquare(name);
      const parsed = Number(value);
      if (move < 0 || value === "" || !Number.isFinite(parsed)) throw new Error(`bad book move '${field}'`);
      return { move, value: parsed };
    });
    entries.set(key, moves);
  }
  return { entries };
}

let shipped: OpeningBook | undefined;

/** The book generated into book-data.ts, parsed on first use. */
export function shippedBook(): OpeningBook {
  shipped ??= parseBook(BOOK_DATA);
  return shipped;
}

/**
 * The book's moves for `state` in its own frame, best first (ties by
 * square); empty when the position is out of book. A symmetric position
 * yields every equivalent move, e.g. all four first moves.
 */
export function bookMoves(state: OthelloState, book: OpeningBook = shippedBook()): BookMove[] {
  const canonical = canonicalize(state);
  const stored = book.entries.get(canonical.key);
  if (stored === undefined) return [];
  const found = new Map<number, number>();
  for (const t of canonical.transforms) {
    for (const entry of stored) found.set(untransformMove(entry.move, t), entry.value);
  }
  return [...found]
    .map(([move, value]) => ({ move, value }))
    .sort((a, b) => b.value - a.value || a.move - b.move);
}

/**
 * Iago value units within which book moves count as equally good: early on
 * one extra move of mobility is worth about 4000, so 1000 only spans moves
 * the leaf search cannot really tell apart, and varying among them is free.
 */
export const BOOK_MARGIN = 1000;

/**
 * A book move for `state` drawn uniformly from those within `margin` of the
 * best, so that seeded games vary; null when out of book.
 */
export function chooseBookMove(
  state: OthelloState,
  random: Random,
  margin = BOOK_MARGIN,
  book: OpeningBook = shippedBook(),
): BookMove | null {
  const moves = bookMoves(state, book);
  const best = moves[0];
  if (best === undefined) return null;
  const near = moves.filter((m) => m.value >= best.value - margin);
  return near[random.int(near.length)] ?? best;
}

// ---------------------------------------------------------------- building

export interface BookOptions {
  /** Plies from the start position to the leaves. */
  readonly plies: number;
  /** Iago search depth at the leaves. */
  readonly depth: number;
  /** Distinct (up to symmetry) moves kept per position. */
  readonly width: number;
  /** Search depth used to rank the moves of a position (default 2). */
  readonly selectDepth?: number;
}

export interface BuiltBook {
  /** Book lines for `parseBook`, sorted by key. */
  readonly lines: string[];
  /** Positions with moves (those stored). */
  readonly interior: number;
  /** Positions scored by the leaf search. */
  readonly leaves: number;
  /** Search nodes over the whole build. */
  readonly nodes: number;
  readonly elapsedMs: number;
}

interface Child {
  /** Moves in the node's canonical frame reaching this child (several for a symmetric node). */
  readonly moves: number[];
  readonly key: string;
}

interface Node {
  /** The canonical image of the position. */
  readonly state: OthelloState;
  readonly ply: number;
  children: Child[];
  value: number;
}

function canonicalState(state: OthelloState): { key: string; state: OthelloState } {
  const canonical = canonicalize(state);
  return { key: canonical.key, state: transformState(state, canonical.transforms[0] ?? 0) };
}

function searchValue(
  searcher: IagoSearcher,
  state: OthelloState,
  depth: number,
): { value: number; nodes: number } {
  if (legalMoves(state).length === 0) {
    // The game is over: score it as the margin search scores finished games.
    const { black, white } = discCounts(state);
    const diff = state.turn === BLACK ? black - white : white - black;
    return { value: diff > 0 ? MARGIN_WIN + diff : diff < 0 ? -MARGIN_WIN + diff : 0, nodes: 1 };
  }
  const result = iagoIteration(searcher, state, depth, -1, undefined, Infinity);
  return { value: result.value, nodes: result.nodes };
}

/**
 * Builds the book from the standard start. `now` only times the build;
 * `onProgress(done, total)` follows the leaf searches, which take nearly
 * all of the time.
 */
export function buildBook(
  options: BookOptions,
  now: () => number,
  onProgress: (done: number, total: number) => void = () => undefined,
): BuiltBook {
  const started = now();
  const selectDepth = options.selectDepth ?? 2;
  const start = parsePosition(STANDARD_START);
  if (!start.ok) throw new Error(start.error.message);
  const root = canonicalState(start.value);
  const nodes = new Map<string, Node>();
  const searcher = createIagoSearcher();
  let searchNodes = 0;

  // Grow the tree breadth-first so that a transposition is always met first at its shallowest ply.
  nodes.set(root.key, { state: root.state, ply: 0, children: [], value: 0 });
  let frontier = [root.key];
  for (let ply = 0; ply < options.plies; ply++) {
    const next: string[] = [];
    for (const key of frontier) {
      const node = nodes.get(key);
      if (node === undefined) continue;
      const groups = new Map<string, { child: Child; state: OthelloState }>();
      for (const move of legalMoves(node.state)) {
        const after = canonicalState(applyMove(node.state, move));
        const group = groups.get(after.key);
        if (group === undefined)
          groups.set(after.key, { child: { moves: [move], key: after.key }, state: after.state });
        else group.child.moves.push(move);
      }
      const ranked = [...groups.values()].map((group) => {
        const scored = searchValue(searcher, group.state, selectDepth);
        searchNodes += scored.nodes;
        return { ...group, score: -scored.value };
      });
      ranked.sort((a, b) => b.score - a.score || (a.child.moves[0] ?? 0) - (b.child.moves[0] ?? 0));
      node.children = ranked.slice(0, options.width).map((group) => group.child);
      for (const group of ranked.slice(0, options.width)) {
        if (nodes.has(group.child.key)) continue;
        nodes.set(group.child.key, { state: group.state, ply: ply + 1, children: [], value: 0 });
        next.push(group.child.key);
      }
    }
    frontier = next;
  }

  const leafNodes = [...nodes.values()].filter((node) => node.children.length === 0);
  for (const [index, node] of leafNodes.entries()) {
    const scored = searchValue(searcher, node.state, options.depth);
    node.value = scored.value;
    searchNodes += scored.nodes;
    onProgress(index + 1, leafNodes.length);
  }

  // Negamax from the deepest interior plies up: every child is one ply deeper, so it is already valued.
  const interior = [...nodes.values()]
    .filter((node) => node.children.length > 0)
    .sort((a, b) => b.ply - a.ply);
  const lines: string[] = [];
  for (const node of interior) {
    let best = -Infinity;
    const moves: string[] = [];
    for (const child of node.children) {
      const value = -(nodes.get(child.key)?.value ?? 0);
      best = Math.max(best, value);
      for (const move of child.moves) moves.push(`${squareName(move)}:${value}`);
    }
    node.value = best;
    lines.push(`${positionKey(node.state)} ${moves.join(" ")}`);
  }
  lines.sort();
  return {
    lines,
    interior: interior.length,
    leaves: leafNodes.length,
    nodes: searchNodes,
    elapsedMs: now() - started,
  };
}

/** The generated book-data.ts: a header saying how it was made, then the lines. */
export function bookModule(
  built: BuiltBook,
  header: { command: string; date: string; options: BookOptions },
): string {
  const { plies, depth, width, selectDepth = 2 } = header.options;
  return [
    "/**",
    " * The Othello opening book, generated by the program itself — do not edit; regenerate with:",
    ` *   ${header.command}`,
    ` * on ${header.date}: ${plies} plies from the standard start, the best ${width} moves per position`,
    ` * (up to symmetry) by an Iago depth-${selectDepth} search, leaves scored by Iago at depth ${depth},`,
    " * values backed up by negamax (for the side to move, Iago units).",
    ` * ${built.interior} positions stored, ${built.leaves} leaves, built in ${(built.elapsedMs / 1000).toFixed(1)} s.`,
    " * Each line: canonical key (black hi·lo, white hi·lo in hex, x/o to move), then move:value in that frame.",
    " */",
    "export const BOOK_DATA: readonly string[] = [",
    ...built.lines.map((line) => `  ${JSON.stringify(line)},`),
    "];",
    "",
  ].join("\n");
}
