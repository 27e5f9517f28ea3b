import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type ConnectKOptions,
  type ConnectKState,
  cellOwner,
  columnHeight,
  connectK,
  connectKMaxK,
  formatMoveSequence,
  isKeyExact,
  isWinningMove,
  moveHistory,
  parseConnectKOptions,
  parseMoveSequence,
  positionFromSequence,
} from "./index.js";
import { NaiveBoard } from "./test-support/naive.js";

const optionsArb: fc.Arbitrary<ConnectKOptions> = fc
  .record({ width: fc.integer({ min: 3, max: 9 }), height: fc.integer({ min: 3, max: 10 }) })
  .chain(({ width, height }) =>
    fc.record({
      width: fc.constant(width),
      height: fc.constant(height),
      k: fc.integer({ min: 3, max: connectKMaxK(width, height) }),
      firstSeat: fc.integer({ min: 0, max: 1 }),
    }),
  )
  .map((input) => parseOrThrow(input));

/** A small deterministic generator, so one seed drives a whole playout. */
function random(seed: number): (bound: number) => number {
  let x = seed | 0 || 1;
  return (bound) => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) % bound;
  };
}

function playout(options: ConnectKOptions, seed: number): { state: ConnectKState; moves: number[] } {
  const next = random(seed);
  let state = connectK.initial(options, 0);
  const moves: number[] = [];
  for (;;) {
    const legal = connectK.legalMoves(state);
    const move = legal[next(legal.length || 1)];
    if (move === undefined) return { state, moves };
    moves.push(move);
    state = connectK.apply(state, move);
  }
}

/** Plain checks: vitest's `expect` per cell and per ply would dominate the run time. */
function check(condition: boolean, what: string): void {
  if (!condition) throw new Error(what);
}

function sameList(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((value, i) => value === b[i]);
}

function checkSameBoard(state: ConnectKState, board: NaiveBoard): void {
  for (let column = 0; column < board.width; column++) {
    check(columnHeight(state, column) === board.heights[column], `height of column ${column}`);
    for (let row = 0; row < board.height; row++) {
      check(cellOwner(state, column, row) === board.at(column, row), `cell ${column},${row}`);
    }
  }
}

describe("connect-k properties", () => {
  it("random playouts agree with the 2D-array reference at every ply", () => {
    fc.assert(
      fc.property(optionsArb, fc.integer(), (options, seed) => {
        const next = random(seed);
        const board = new NaiveBoard(options.width, options.height, options.k, options.firstSeat);
        let state = connectK.initial(options, 0);
        for (let ply = 0; ; ply++) {
          check(ply <= options.width * options.height, "the game outlasts the board");
          const legal = connectK.legalMoves(state);
          check(sameList(legal, board.legal()), `legal moves at ply ${ply}`);
          check(
            sameList(connectK.toMove(state), board.over ? [] : [board.seat]),
            `seat to move at ply ${ply}`,
          );
          if (legal.length === 0) break;
          // Every legal move applies, and the winning ones are the ones the reference says win.
          for (const column of legal) {
            const child = connectK.apply(state, column);
            check(child.plies === state.plies + 1, "ply count");
            check(columnHeight(child, column) === columnHeight(state, column) + 1, "column height");
            board.play(column);
            const status = board.result === -1 ? "ongoing" : board.result === 2 ? "draw" : "won";
            check(child.status === status, `status after ${column} at ply ${ply}`);
            check(isWinningMove(state, column) === (board.result === (board.seat ^ 1)), "isWinningMove");
            board.undo();
          }
          const move = legal[next(legal.length)] ?? -1;
          state = connectK.apply(state, move);
          board.play(move);
          if (ply % 7 === 0) checkSameBoard(state, board);
        }
        checkSameBoard(state, board);
        const outcome = connectK.outcome(state);
        check(outcome.kind === "finished", "finished");
        if (outcome.kind === "finished") {
          check(sameList(outcome.winners, board.result === 2 ? [0, 1] : [board.result]), "winners");
        }
        // A finished game: only the winner has a line, a draw has none.
        check(board.hasLineAnywhere(0) === (board.result === 0), "seat 0 line");
        check(board.hasLineAnywhere(1) === (board.result === 1), "seat 1 line");
      }),
      { numRuns: 2000 },
    );
  });

  it("notation round-trips: parse ∘ format = id for moves and sequences", () => {
    fc.assert(
      fc.property(optionsArb, fc.integer(), (options, seed) => {
        const state = connectK.initial(options, 0);
        for (let column = 0; column < options.width; column++) {
          expect(connectK.parseMove(state, connectK.formatMove(state, column))).toEqual({
            ok: true,
            value: column,
          });
        }
        const { state: end, moves } = playout(options, seed);
        const text = formatMoveSequence(moves);
        expect(parseMoveSequence(options, text)).toEqual({ ok: true, value: moves });
        expect(formatMoveSequence(moveHistory(end))).toBe(text);
        const loaded = positionFromSequence(options, text);
        expect(loaded.ok && connectK.hash(loaded.value)).toBe(connectK.hash(end));
      }),
      { numRuns: 1000 },
    );
  });

  it("serialize/deserialize round-trips through JSON at every stage of a game", () => {
    fc.assert(
      fc.property(optionsArb, fc.integer(), fc.nat(), (options, seed, cut) => {
        const { moves } = playout(options, seed);
        const prefix = formatMoveSequence(moves.slice(0, cut % (moves.length + 1)));
        const loaded = positionFromSequence(options, prefix);
        if (!loaded.ok) throw new Error(loaded.error.message);
        const state = loaded.value;
        const json = JSON.parse(JSON.stringify(connectK.serialize(state))) as unknown;
        const back = connectK.deserialize(json);
        if (!back.ok) throw new Error(back.error.message);
        expect(connectK.serialize(back.value)).toEqual(connectK.serialize(state));
        expect(connectK.hash(back.value)).toBe(connectK.hash(state));
        expect(connectK.render(back.value)).toBe(connectK.render(state));
        expect(connectK.outcome(back.value)).toEqual(connectK.outcome(state));
        expect(connectK.optionsOf(back.value)).toEqual(options);
      }),
      { numRuns: 1000 },
    );
  });

  it("equal positions hash equally, whatever the move order; exact keys never collide", () => {
    fc.assert(
      fc.property(optionsArb, fc.integer(), fc.integer(), fc.nat(), (options, seedA, seedB, cut) => {
        const full = playout(options, seedA).moves;
        // A prefix that is still on has no line anywhere, so any reordering of it is legal too.
        const moves = full.slice(0, Math.min(cut % (full.length + 1), full.length - 1));
        const swapped = [...moves];
        for (let i = 0; i + 2 < swapped.length; i++) {
          const a = swapped[i];
          const middle = swapped[i + 1];
          const b = swapped[i + 2];
          // Swapping one seat's two moves keeps every column's stacking order when the
          // other seat's move in between goes elsewhere.
          if (a !== b && middle !== a && middle !== b && a !== undefined && b !== undefined) {
            swapped[i] = b;
            swapped[i + 2] = a;
            i += 2;
          }
        }
        const one = positionFromSequence(options, formatMoveSequence(moves));
        const two = positionFromSequence(options, formatMoveSequence(swapped));
        if (!one.ok || !two.ok) throw new Error("a reordered prefix failed to load");
        expect(connectK.render(two.value)).toBe(connectK.render(one.value));
        expect(connectK.hash(two.value)).toBe(connectK.hash(one.value));

        const other = playout(options, seedB).state;
        if (isKeyExact(options) && connectK.render(other) !== connectK.render(one.value)) {
          expect(connectK.hash(other)).not.toBe(connectK.hash(one.value));
        }
        expect(Number.isSafeInteger(connectK.hash(other))).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });

  it("garbage never throws from parseOptions, parseMove, play, deserialize or the sequence parsers", () => {
    const states = [
      connectK.initial(parseOrThrow({}), 0),
      connectK.initial(parseOrThrow({ preset: "tiny" }), 0),
      playout(parseOrThrow({ width: 9, height: 10, k: 5 }), 7).state,
    ];
    fc.assert(
      fc.property(fc.anything(), fc.anything(), (junk, seat) => {
        expect(typeof connectK.parseOptions(junk).ok).toBe("boolean");
        expect(typeof connectK.deserialize(junk).ok).toBe("boolean");
        for (const state of states) {
          expect(typeof connectK.parseMove(state, junk as string).ok).toBe("boolean");
          expect(typeof connectK.play(state, junk as number).ok).toBe("boolean");
          expect(typeof connectK.play(state, 0, seat as number).ok).toBe("boolean");
          expect(typeof parseMoveSequence(state.options, junk).ok).toBe("boolean");
          expect(typeof positionFromSequence(state.options, junk).ok).toBe("boolean");
        }
      }),
      { numRuns: 2000 },
    );
  });

  it("garbage that looks like a saved game loads only when it is a legal game", () => {
    const fields = fc.record(
      {
        v: fc.oneof(fc.constant(1), fc.anything()),
        game: fc.oneof(fc.constant("connect-k"), fc.string()),
        options: fc.oneof(
          fc.record(
            {
              preset: fc.constantFrom("connect-four", "trilobite", "tiny", "custom", "other"),
              width: fc.integer({ min: 0, max: 12 }),
              height: fc.integer({ min: 0, max: 12 }),
              k: fc.integer({ min: 0, max: 12 }),
              firstSeat: fc.integer({ min: -1, max: 2 }),
            },
            { requiredKeys: [] },
          ),
          fc.anything(),
        ),
        moves: fc.oneof(fc.stringMatching(/^[0-9]{0,60}$/), fc.anything()),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(fields, (input) => {
        const result = connectK.deserialize(input);
        if (!result.ok) {
          expect(result.error.code).toBe("invalid-state");
          return;
        }
        const options = parseOrThrow(input.options);
        const replay = positionFromSequence(options, input.moves);
        expect(replay.ok && connectK.hash(replay.value)).toBe(connectK.hash(result.value));
      }),
      { numRuns: 3000 },
    );
  });
});

function parseOrThrow(input: unknown): ConnectKOptions {
  const parsed = parseConnectKOptions(input);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
}
