/**
 * Small games implementing the full `Game` interface, for testing search
 * without the real games: tic-tac-toe, a Nim in which a seat may move again,
 * and explicit game trees (hand-written or generated from a seed) with
 * chance moves, transpositions and any number of seats.
 */
import { checkedPlay } from "../../core/checked-play.js";
import { gameError } from "../../core/errors.js";
import type { ChanceOutcome, Game, Json, Outcome, Seat } from "../../core/game.js";
import { err, ok } from "../../core/result.js";
import { Random } from "../../core/rng.js";

/** Toy games take no options. */
export type ToyOptions = Readonly<Record<string, never>>;

interface ToySpec<S> {
  readonly id: string;
  readonly seats: number;
  readonly initial: S;
  toMove(state: S): readonly Seat[];
  legalMoves(state: S): readonly number[];
  apply(state: S, move: number): S;
  outcome(state: S): Outcome;
  hash(state: S): number;
  render(state: S): string;
  toJson(state: S): Json;
  fromJson(input: unknown): S | null;
  readonly chanceOutcomes?: (state: S, move: number) => readonly ChanceOutcome<S>[];
}

/** Fills in the parts of `Game` that are the same for every toy game. */
function toyGame<S>(spec: ToySpec<S>): Game<S, number, ToyOptions> {
  const game: Game<S, number, ToyOptions> = {
    id: spec.id,
    title: spec.id,
    parseOptions: () => ok({}),
    seatCount: () => spec.seats,
    initial: () => spec.initial,
    optionsOf: () => ({}),
    toMove: (state) => spec.toMove(state),
    legalMoves: (state) => spec.legalMoves(state),
    forcedMove: (state) => {
      const moves = spec.legalMoves(state);
      return moves.length === 1 ? (moves[0] ?? null) : null;
    },
    play: (state, move, seat) => checkedPlay(game, state, move, seat),
    apply: (state, move) => spec.apply(state, move),
    outcome: (state) => spec.outcome(state),
    parseMove: (_state, text) =>
      /^\d+$/.test(text) ? ok(Number(text)) : err(gameError("malformed-move", `not a move: ${text}`)),
    formatMove: (_state, move) => String(move),
    serialize: (state) => spec.toJson(state),
    deserialize: (input) => {
      const state = spec.fromJson(input);
      return state === null ? err(gameError("invalid-state", "not a state of this game")) : ok(state);
    },
    hash: (state) => spec.hash(state),
    render: (state) => spec.render(state),
  };
  const chance = spec.chanceOutcomes;
  return chance === undefined ? game : { ...game, chanceOutcomes: (state, move) => chance(state, move) };
}

function isIntArray(value: unknown, length: number, min: number, max: number): value is number[] {
  return (
    Array.isArray(value) &&
    value.length === length &&
    value.every((x) => Number.isInteger(x) && (x as number) >= min && (x as number) <= max)
  );
}

function record(input: unknown): Record<string, unknown> | null {
  return typeof input === "object" && input !== null && !Array.isArray(input)
    ? (input as Record<string, unknown>)
    : null;
}

// ---------------------------------------------------------------------------
// Tic-tac-toe

/** Cells are -1 (empty), 0 (X, seat 0) or 1 (O, seat 1), row by row. */
export interface TicTacToeState {
  readonly cells: readonly number[];
  readonly turn: Seat;
}

const LINES = [
  [0, 1, 2],
  [3, 4, 5],
  [6, 7, 8],
  [0, 3, 6],
  [1, 4, 7],
  [2, 5, 8],
  [0, 4, 8],
  [2, 4, 6],
] as const;

function lineWinner(cells: readonly number[]): Seat | null {
  for (const [a, b, c] of LINES) {
    const owner = cells[a] ?? -1;
    if (owner >= 0 && cells[b] === owner && cells[c] === owner) return owner;
  }
  return null;
}

function tttOutcome(state: TicTacToeState): Outcome {
  const winner = lineWinner(state.cells);
  if (winner !== null) {
    return { kind: "finished", scores: winner === 0 ? [1, 0] : [0, 1], winners: [winner] };
  }
  if (state.cells.includes(-1)) return { kind: "ongoing" };
  return { kind: "finished", scores: [0, 0], winners: [0, 1] };
}

export const ticTacToe: Game<TicTacToeState, number, ToyOptions> = toyGame<TicTacToeState>({
  id: "tic-tac-toe",
  seats: 2,
  initial: { cells: [-1, -1, -1, -1, -1, -1, -1, -1, -1], turn: 0 },
  toMove: (state) => (tttOutcome(state).kind === "finished" ? [] : [state.turn]),
  legalMoves: (state) => {
    if (tttOutcome(state).kind === "finished") return [];
    const moves: number[] = [];
    state.cells.forEach((cell, i) => {
      if (cell < 0) moves.push(i);
    });
    return moves;
  },
  apply: (state, move) => {
    const cells = state.cells.slice();
    cells[move] = state.turn;
    return { cells, turn: 1 - state.turn };
  },
  outcome: tttOutcome,
  // Base 3; the side to move follows from the number of marks.
  hash: (state) => state.cells.reduce((h, cell) => h * 3 + cell + 1, 0),
  render: (state) =>
    [0, 3, 6]
      .map((row) =>
        state.cells
          .slice(row, row + 3)
          .map((c) => ".XO"[c + 1])
          .join(""),
      )
      .join("\n"),
  toJson: (state) => ({ cells: [...state.cells], turn: state.turn }),
  fromJson: (input) => {
    const r = record(input);
    if (r === null || !isIntArray(r.cells, 9, -1, 1) || (r.turn !== 0 && r.turn !== 1)) return null;
    return { cells: r.cells, turn: r.turn };
  },
});

/** A position from a 9-character board such as "X.O.X...." (X = seat 0), X to move when counts are even. */
export function ticTacToeFrom(board: string): TicTacToeState {
  if (board.length !== 9 || !/^[.XO]+$/.test(board)) throw new Error(`bad board ${board}`);
  const cells = [...board].map((c) => (c === "X" ? 0 : c === "O" ? 1 : -1));
  const xs = cells.filter((c) => c === 0).length;
  const os = cells.filter((c) => c === 1).length;
  return { cells, turn: xs === os ? 0 : 1 };
}

/** Open lines for `seat` minus open lines for the other seat: a cheap horizon heuristic. */
export function ticTacToeEvaluate(state: TicTacToeState, seat: Seat): number {
  let value = 0;
  for (const line of LINES) {
    const owners = line.map((i) => state.cells[i] ?? -1);
    const mine = owners.some((o) => o === seat);
    const theirs = owners.some((o) => o >= 0 && o !== seat);
    if (mine && !theirs) value++;
    if (theirs && !mine) value--;
  }
  return value;
}

// ---------------------------------------------------------------------------
// Nim in which some takes let the same seat move again

export interface NimState {
  readonly heap: number;
  /** Seat to move; once the heap is empty, the seat that took the last stone. */
  readonly turn: Seat;
}

export interface NimRules {
  readonly seats: number;
  readonly heap: number;
  /** A move takes 1 to `maxTake` stones. */
  readonly maxTake: number;
  /** Taking exactly this many stones lets the same seat move again (null: never). */
  readonly again: number | null;
}

/**
 * Whoever takes the last stone wins. With `again: 2`, a heap of 4 is a win
 * for the seat to move (take 2, move again, take 2), which a negamax that
 * assumes alternating seats gets wrong.
 */
export function nimGame(rules: NimRules): Game<NimState, number, ToyOptions> {
  const over = (state: NimState): boolean => state.heap === 0;
  return toyGame<NimState>({
    id: `nim-${rules.seats}-${rules.maxTake}-${rules.again ?? "none"}`,
    seats: rules.seats,
    initial: { heap: rules.heap, turn: 0 },
    toMove: (state) => (over(state) ? [] : [state.turn]),
    legalMoves: (state) => {
      const moves: number[] = [];
      for (let take = 1; take <= Math.min(rules.maxTake, state.heap); take++) moves.push(take);
      return moves;
    },
    apply: (state, take) => {
      const heap = state.heap - take;
      const keep = heap === 0 || take === rules.again;
      return { heap, turn: keep ? state.turn : (state.turn + 1) % rules.seats };
    },
    outcome: (state) =>
      over(state)
        ? {
            kind: "finished",
            scores: Array.from({ length: rules.seats }, (_, seat) => (seat === state.turn ? 1 : 0)),
            winners: [state.turn],
          }
        : { kind: "ongoing" },
    hash: (state) => state.heap * rules.seats + state.turn,
    render: (state) => `heap ${state.heap}, seat ${state.turn}`,
    toJson: (state) => ({ heap: state.heap, turn: state.turn }),
    fromJson: (input) => {
      const r = record(input);
      if (r === null || typeof r.heap !== "number" || typeof r.turn !== "number") return null;
      return { heap: r.heap, turn: r.turn };
    },
  });
}

// ---------------------------------------------------------------------------
// Explicit game trees

/** A move to one node, or a chance move: `[probability, node]` pairs. */
export type TreeEdge = number | { readonly chance: readonly (readonly [number, number])[] };

export interface TreeNode {
  /** Seat to move (ignored at leaves). */
  readonly seat: Seat;
  /** Moves are edge indices; no edges makes the node a finished game. */
  readonly edges: readonly TreeEdge[];
  /** Per seat: the result at a leaf, the static evaluation elsewhere. */
  readonly values: readonly number[];
}

/** A game tree (or DAG: a node may have several parents); states are node ids, node 0 the root. */
export interface Tree {
  readonly seats: number;
  readonly nodes: readonly TreeNode[];
}

function nodeOf(tree: Tree, id: number): TreeNode {
  const node = tree.nodes[id];
  if (node === undefined) throw new Error(`no node ${id}`);
  return node;
}

/** Outcomes of an edge, a plain move being one outcome of probability 1. */
export function edgeOutcomes(edge: TreeEdge): readonly (readonly [number, number])[] {
  return typeof edge === "number" ? [[1, edge]] : edge.chance;
}

/**
 * The tree as a game. `apply` on a chance move lands on its first outcome of
 * positive probability, the way a real game would land on whatever its
 * seeded dice say; only `chanceOutcomes` tells a search the odds.
 */
export function treeGame(tree: Tree): Game<number, number, ToyOptions> {
  const edge = (state: number, move: number): TreeEdge => {
    const e = nodeOf(tree, state).edges[move];
    if (e === undefined) throw new Error(`no move ${move} at node ${state}`);
    return e;
  };
  const hasChance = tree.nodes.some((n) => n.edges.some((e) => typeof e !== "number"));
  return toyGame<number>({
    id: "tree",
    seats: tree.seats,
    initial: 0,
    toMove: (state) => {
      const node = nodeOf(tree, state);
      return node.edges.length === 0 ? [] : [node.seat];
    },
    legalMoves: (state) => nodeOf(tree, state).edges.map((_, i) => i),
    apply: (state, move) => {
      const first = edgeOutcomes(edge(state, move)).find(([p]) => p > 0);
      if (first === undefined) throw new Error("a move needs an outcome");
      return first[1];
    },
    outcome: (state) => {
      const node = nodeOf(tree, state);
      if (node.edges.length > 0) return { kind: "ongoing" };
      const best = Math.max(...node.values);
      const winners = node.values.flatMap((v, seat) => (v === best ? [seat] : []));
      return { kind: "finished", scores: node.values, winners };
    },
    hash: (state) => state,
    render: (state) => `node ${state}`,
    toJson: (state) => state,
    fromJson: (input) =>
      typeof input === "number" && Number.isInteger(input) && input >= 0 && input < tree.nodes.length
        ? input
        : null,
    ...(hasChance
      ? {
          chanceOutcomes: (state: number, move: number) =>
            edgeOutcomes(edge(state, move)).map(([probability, node]) => ({ probability, state: node })),
        }
      : {}),
  });
}

/** The node's stored value for `seat`: the evaluator and the terminal value of tree games. */
export function treeValue(tree: Tree): (state: number, seat: Seat) => number {
  return (state, seat) => nodeOf(tree, state).values[seat] ?? 0;
}

export interface RandomTreeShape {
  readonly seats: number;
  /** Every node at this depth is a leaf. */
  readonly depth: number;
  readonly maxBranching: number;
  /** Chance of an edge being a chance move. */
  readonly chance?: number;
  /** Chance of an edge leading to a node that already has a parent (a transposition). */
  readonly transpositions?: number;
  /** Chance of a child keeping its parent's seat to move. */
  readonly repeatSeat?: number;
  /** Chance of a node above the last level being a leaf anyway. */
  readonly earlyLeaf?: number;
}

// Dyadic probabilities, so that expected values are exact in floating point.
// [0, 1] is a "chance" move with a single possible outcome.
const SPLITS: readonly (readonly number[])[] = [
  [0.5, 0.5],
  [0.25, 0.75],
  [0.25, 0.25, 0.5],
  [0.125, 0.375, 0.5],
  [0, 1],
];

/**
 * A layered random tree from a seed: every path to a node has the same
 * length, so a fixed-depth search sees each transposition at one remaining
 * depth. Values are integers in [-20, 20]; with two seats they are zero-sum.
 */
export function randomTree(seed: number, shape: RandomTreeShape): Tree {
  const random = new Random(seed);
  const nodes: TreeNode[] = [];
  const tree: Tree = { seats: shape.seats, nodes };
  const values = (): number[] => {
    const first = random.int(41) - 20;
    if (shape.seats === 2) return [first, 0 - first];
    return [first, ...Array.from({ length: shape.seats - 1 }, () => random.int(41) - 20)];
  };
  const seats: Seat[] = [random.int(shape.seats)];
  const edges: TreeEdge[][] = [[]];
  nodes.push({ seat: seats[0] ?? 0, edges: edges[0] ?? [], values: values() });
  let level = [0];
  for (let depth = 0; depth < shape.depth; depth++) {
    const next: number[] = [];
    const child = (parentSeat: Seat): number => {
      if (next.length > 0 && random.float() < (shape.transpositions ?? 0)) {
        return next[random.int(next.length)] ?? 0;
      }
      const keep = random.float() < (shape.repeatSeat ?? 0);
      const seat = keep ? parentSeat : random.int(shape.seats);
      const own: TreeEdge[] = [];
      nodes.push({ seat, edges: own, values: values() });
      edges.push(own);
      next.push(nodes.length - 1);
      return nodes.length - 1;
    };
    for (const id of level) {
      const node = nodeOf(tree, id);
      if (depth > 0 && random.float() < (shape.earlyLeaf ?? 0)) continue;
      const own = edges[id] ?? [];
      const branching = 1 + random.int(shape.maxBranching);
      for (let b = 0; b < branching; b++) {
        if (random.float() < (shape.chance ?? 0)) {
          const split = SPLITS[random.int(SPLITS.length)] ?? [1];
          own.push({ chance: split.map((p) => [p, child(node.seat)] as const) });
        } else {
          own.push(child(node.seat));
        }
      }
    }
    level = next;
  }
  return tree;
}

/**
 * A hand-made chance game. Seat 0 banks 3, or gambles: a quarter of the time
 * it gets 10, otherwise seat 1 picks between 0 and 4 (static value 3).
 */
export const GAMBLE: Tree = {
  seats: 2,
  nodes: [
    {
      seat: 0,
      edges: [
        1,
        {
          chance: [
            [0.25, 2],
            [0.75, 3],
          ],
        },
      ],
      values: [0, 0],
    },
    { seat: 0, edges: [], values: [3, -3] }, // bank: 3
    { seat: 0, edges: [], values: [10, -10] }, // lucky roll
    { seat: 1, edges: [4, 5], values: [3, -3] }, // unlucky roll: seat 1 picks
    { seat: 0, edges: [], values: [0, 0] },
    { seat: 0, edges: [], values: [4, -4] },
  ],
};
