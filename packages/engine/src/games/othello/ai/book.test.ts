import { describe, expect, it } from "vitest";
import { Random } from "../../../core/rng.js";
import { type OthelloState, STANDARD_START, applyMove, legalMoves, parsePosition } from "../rules.js";
import { PASS, parseSquare, squareName } from "../squares.js";
import {
  type OpeningBook,
  SYMMETRY_COUNT,
  bookMoves,
  buildBook,
  canonicalize,
  chooseBookMove,
  parseBook,
  positionKey,
  shippedBook,
  stateFromKey,
  transformMove,
  transformState,
  untransformMove,
} from "./book.js";
import { OTHELLO_MAX_LEVEL, othelloLevelMove } from "./levels.js";
import { createIagoSearcher, iagoIteration } from "./strategies.js";

function start(): OthelloState {
  const parsed = parsePosition(STANDARD_START);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
}

function randomPosition(seed: number, plies: number): OthelloState {
  let state = start();
  const random = new Random(seed);
  for (let i = 0; i < plies && legalMoves(state).length > 0; i++) {
    const moves = legalMoves(state);
    state = applyMove(state, moves[random.int(moves.length)] ?? PASS);
  }
  return state;
}

const TRANSFORMS = Array.from({ length: SYMMETRY_COUNT }, (_, t) => t);

describe("symmetry", () => {
  it("maps every image of a position to the same canonical key", () => {
    for (let seed = 1; seed <= 20; seed++) {
      const state = randomPosition(seed, seed % 30);
      const key = canonicalize(state).key;
      for (const t of TRANSFORMS) expect(canonicalize(transformState(state, t)).key).toBe(key);
    }
  });

  it("maps squares (and PASS) forth and back to themselves, and commutes with playing a move", () => {
    for (const t of TRANSFORMS) {
      for (let square = 0; square <= PASS; square++) {
        expect(untransformMove(transformMove(square, t), t)).toBe(square);
      }
    }
    const state = randomPosition(7, 12);
    for (const t of TRANSFORMS) {
      const image = transformState(state, t);
      expect(legalMoves(image).sort((a, b) => a - b)).toEqual(
        legalMoves(state)
          .map((m) => transformMove(m, t))
          .sort((a, b) => a - b),
      );
      for (const move of legalMoves(state)) {
        expect(positionKey(applyMove(image, transformMove(move, t)))).toBe(
          positionKey(transformState(applyMove(state, move), t)),
        );
      }
    }
  });

  it("finds the start position's four symmetries and reads keys back", () => {
    expect(canonicalize(start()).transforms).toHaveLength(4);
    const state = randomPosition(3, 10);
    expect(positionKey(stateFromKey(positionKey(state)))).toBe(positionKey(state));
  });

  it("gives every image the same Iago value, so storing one image loses nothing", () => {
    for (const seed of [2, 5]) {
      const state = randomPosition(seed, 10);
      const value = iagoIteration(createIagoSearcher(), state, 3, -1, undefined, Infinity).value;
      for (const t of TRANSFORMS) {
        expect(
          iagoIteration(createIagoSearcher(), transformState(state, t), 3, -1, undefined, Infinity).value,
        ).toBe(value);
      }
    }
  });
});

describe("the shipped book", () => {
  const book = shippedBook();

  it("offers all four first moves at one value", () => {
    const moves = bookMoves(start());
    expect(moves.map((m) => squareName(m.move)).sort()).toEqual(["c4", "d3", "e6", "f5"]);
    expect(new Set(moves.map((m) => m.value)).size).toBe(1);
  });

  it("stores only legal moves, from canonical positions", () => {
    expect(book.entries.size).toBeGreaterThan(500);
    for (const [key, moves] of book.entries) {
      const state = stateFromKey(key);
      expect(canonicalize(state).key).toBe(key);
      const legal = legalMoves(state);
      for (const { move } of moves) expect(legal).toContain(move);
      // Looked up in any orientation, the moves stay legal there.
      const image = transformState(state, 5);
      const imageLegal = legalMoves(image);
      for (const { move } of bookMoves(image, book)) expect(imageLegal).toContain(move);
    }
  });

  it("is out of book in the middle game", () => {
    expect(bookMoves(randomPosition(11, 30))).toEqual([]);
  });
});

describe("building", () => {
  it("backs up values exactly as a direct negamax over the same tree", () => {
    const plies = 2;
    const depth = 2;
    let t = 0;
    const built = buildBook({ plies, depth, width: 3 }, () => (t += 1));
    const book: OpeningBook = parseBook(built.lines);
    expect(built.interior).toBe(book.entries.size);

    // Explores the real (unreduced) tree the book describes, in the board's own orientation.
    function negamax(state: OthelloState, ply: number): number {
      if (ply === plies)
        return iagoIteration(createIagoSearcher(), state, depth, -1, undefined, Infinity).value;
      const moves = bookMoves(state, book);
      expect(moves.length).toBeGreaterThan(0);
      let best = -Infinity;
      for (const { move, value } of moves) {
        const backed = -negamax(applyMove(state, move), ply + 1);
        expect(value).toBe(backed);
        best = Math.max(best, backed);
      }
      return best;
    }
    negamax(start(), 0);
    expect(bookMoves(start(), book)).toHaveLength(4);
    // Each reply kept after f5 is among the three best by the shallow search, but still legal.
    const afterF5 = applyMove(start(), parseSquare("f5"));
    expect(bookMoves(afterF5, book).length).toBeLessThanOrEqual(3);
  });
});

describe("the top levels", () => {
  const clock = (seed: number): Parameters<typeof othelloLevelMove>[2] => {
    let t = 0;
    return { remainingMs: 60_000, incrementMs: 0, now: () => (t += 1), seed };
  };

  it("plays a book move at the start, varying with the seed", () => {
    const inBook = bookMoves(start()).map((m) => m.move);
    const played = new Set<number>();
    for (let seed = 1; seed <= 16; seed++) {
      for (const level of [OTHELLO_MAX_LEVEL - 1, OTHELLO_MAX_LEVEL]) {
        const result = othelloLevelMove(start(), level, clock(seed));
        expect(inBook).toContain(result.move);
        expect(result.nodes).toBe(0);
        played.add(result.move);
      }
    }
    expect(played.size).toBeGreaterThan(1);
  });

  it("draws only among moves within the margin of the best", () => {
    const state = randomPosition(9, 6);
    const canonical = canonicalize(state);
    expect(canonical.transforms).toHaveLength(1);
    const values = [100, 90, -500, -2000, -3000, -4000, -5000, -6000, -7000, -8000, -9000, -10000];
    const legal = legalMoves(stateFromKey(canonical.key));
    expect(legal.length).toBeGreaterThan(2);
    const fields = legal.map((move, i) => `${squareName(move)}:${values[i] ?? -20000}`);
    const book = parseBook([`${canonical.key} ${fields.join(" ")}`]);
    const seen = new Set<number>();
    for (let seed = 1; seed <= 40; seed++) {
      const choice = chooseBookMove(state, new Random(seed), 50, book);
      expect(choice).not.toBeNull();
      if (choice !== null) {
        expect(legalMoves(state)).toContain(choice.move);
        seen.add(choice.value);
      }
    }
    expect([...seen].sort((a, b) => a - b)).toEqual([90, 100]);
    expect(chooseBookMove(randomPosition(4, 20), new Random(1), 50, book)).toBeNull();
  });
});
