import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { perftBits } from "../bitboard.js";
import { BLACK, type OthelloState, applyMove, legalMoves, othello, perftOthello } from "../rules.js";
import { MidgameSearch } from "./midgame.js";
import { midgameWasm } from "./midgame-wasm.js";
import { trainedWeights } from "./thread-engines.js";
import { trainedEvalBits } from "./trained-eval.js";

const wasm = midgameWasm(trainedWeights());
const sidesOf = (state: OthelloState) =>
  state.turn === BLACK
    ? ([state.blackLo, state.blackHi, state.whiteLo, state.whiteHi] as const)
    : ([state.whiteLo, state.whiteHi, state.blackLo, state.blackHi] as const);

/** The start and every position after it, each pick choosing among the legal moves, to the game's end. */
function line(picks: readonly number[]): OthelloState[] {
  let state = othello.initial({}, 0);
  const positions = [state];
  for (const pick of picks) {
    const moves = legalMoves(state);
    if (moves.length === 0) break;
    state = applyMove(state, moves[pick % moves.length] as number);
    positions.push(state);
  }
  return positions;
}

/** The position the picks lead to. */
const positionAfter = (picks: readonly number[]): OthelloState => line(picks).at(-1) as OthelloState;

describe("the midgame module's move generation (wasm/midgame.ts)", () => {
  it("counts perft from the start as OEIS A124004 does, to depth 9", () => {
    const start = othello.initial({}, 0);
    const table = [1, 4, 12, 56, 244, 1396, 8200, 55092, 390216, 3005288];
    expect(table.map((_, depth) => wasm.perft(...sidesOf(start), depth))).toEqual(table);
  });

  it("counts the same leaves as the TypeScript perft from random positions, passes and ends included", () => {
    fc.assert(
      fc.property(
        fc.array(fc.nat(), { minLength: 0, maxLength: 60 }),
        fc.integer({ min: 1, max: 4 }),
        (picks, depth) => {
          const state = positionAfter(picks);
          const [pl, ph, ol, oh] = sidesOf(state);
          expect(wasm.perft(pl, ph, ol, oh, depth)).toBe(perftBits(pl, ph, ol, oh, depth, false));
          expect(wasm.perft(pl, ph, ol, oh, depth)).toBe(perftOthello(state, depth));
        },
      ),
      { numRuns: 300, seed: 33 },
    );
  });

  it("evaluates every position as the trained evaluation does, in every stage", () => {
    fc.assert(
      fc.property(fc.array(fc.nat(), { minLength: 0, maxLength: 60 }), (picks) => {
        for (const position of line(picks)) {
          const [pl, ph, ol, oh] = sidesOf(position);
          expect(wasm.evaluate(pl, ph, ol, oh)).toBe(trainedEvalBits(trainedWeights(), pl, ph, ol, oh));
        }
      }),
      { numRuns: 200, seed: 33 },
    );
  });

  it("searches node for node as the JavaScript midgame search, at every depth to 6, from cold tables", () => {
    fc.assert(
      fc.property(
        fc.array(fc.nat(), { minLength: 4, maxLength: 56 }),
        fc.integer({ min: 1, max: 6 }),
        (picks, depth) => {
          const [pl, ph, ol, oh] = sidesOf(positionAfter(picks));
          const js = new MidgameSearch(trainedWeights(), 16).search(pl, ph, ol, oh, { maxDepth: depth });
          const inWasm = new MidgameSearch(trainedWeights(), 16, "wasm").search(pl, ph, ol, oh, {
            maxDepth: depth,
          });
          expect(inWasm).toEqual(js);
        },
      ),
      { numRuns: 150, seed: 33 },
    );
  });

  it("stops when its clock passes the deadline, with the deepest iteration it finished", () => {
    const [pl, ph, ol, oh] = sidesOf(othello.initial({}, 0));
    let t = 0;
    const search = new MidgameSearch(trainedWeights(), 16, "wasm");
    const result = search.search(pl, ph, ol, oh, { maxDepth: 60, now: () => (t += 1), deadline: 200 });
    expect(result.depth).toBeGreaterThan(0);
    expect(result.depth).toBeLessThan(60);
    expect([19, 26, 37, 44]).toContain(result.move);
  });
});
