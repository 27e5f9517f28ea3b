import { describe, expect, it } from "vitest";
import { moveLoss } from "../../../ai/analysis.js";
import { Random } from "../../../core/rng.js";
import { type KrkState, applyToState, distanceToMate, krk, moveValues, parseKrkOptions } from "../index.js";
import { BLACK } from "../position.js";
import { KRK_MATE_SCORE, analyzeKrk } from "./analysis.js";

function start(input: object, seed = 1): KrkState {
  const parsed = parseKrkOptions(input);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return krk.initial(parsed.value, seed);
}

describe("krk analysis", () => {
  it("gives the oracle's distance to mate, White's value by the mating move's number", () => {
    const at = start({ fen: "7k/8/6K1/8/8/8/8/R7 w - - 0 12" });
    const analysis = analyzeKrk(at);
    // Ra8 mates at once: White mates on move 12.
    expect(analysis).toMatchObject({
      unit: "outcome-score",
      seat: 0,
      exact: true,
      values: [KRK_MATE_SCORE - 12, -(KRK_MATE_SCORE - 12)],
      outcome: { kind: "win", moves: 1 },
    });
    expect(krk.formatMove(at, analysis.bestMove ?? -1)).toBe("Ra8#");
    expect(analysis.pv).toHaveLength(1);
  });

  it("keeps its value along the best line and ends it in mate", () => {
    const at = start({ distance: 16 }, 3);
    const first = analyzeKrk(at);
    expect(first.outcome).toEqual({ kind: "win", moves: 16 });
    let state = at;
    for (const move of first.pv) {
      state = applyToState(state, move);
      expect(analyzeKrk(state).values).toEqual(first.values);
    }
    expect(state.status).toBe("checkmate");
    expect(first.pv).toHaveLength(31);
  });

  it("charges each move the moves it delayed the mate by (White) or brought it closer by (Black)", () => {
    const random = new Random(9);
    let state = start({ distance: 12 }, 5);
    let checked = 0;
    while (state.status === "ongoing" && checked < 40) {
      const before = analyzeKrk(state);
      const rated = moveValues(state);
      const bestDistance = before.outcome?.moves ?? null;
      for (const { move, movesToMate } of rated) {
        const after = analyzeKrk(applyToState(state, move));
        const { loss } = moveLoss(before, after);
        if (state.position.side === BLACK && bestDistance === null) {
          // Black can draw (take the rook): any other move throws the draw away.
          expect(loss).toBe(movesToMate === null ? 0 : KRK_MATE_SCORE - state.fullmove - movesToMate);
        } else if (state.position.side === BLACK) {
          // Black: the mate in m more White moves at best; a move allowing it in k loses m − k.
          expect(loss).toBe((bestDistance ?? 0) - (movesToMate ?? 0));
        } else if (movesToMate === null) {
          expect(loss).toBeGreaterThan(KRK_MATE_SCORE / 2); // the win thrown away
        } else {
          // White: mate in n; after the move, m more White moves are needed: delayed by m − (n − 1).
          expect(loss).toBe(movesToMate - ((bestDistance ?? 0) - 1));
        }
      }
      const legal = krk.legalMoves(state);
      state = applyToState(state, legal[random.int(legal.length)] ?? -1);
      checked++;
    }
    expect(checked).toBeGreaterThan(5);
  });

  it("values a draw 0 for both sides and a mate exactly", () => {
    const drawn = start({ fen: "8/8/8/8/8/2k5/1R6/7K b - - 0 1" });
    expect(distanceToMate(drawn)).toBeNull();
    expect(analyzeKrk(drawn)).toMatchObject({ values: [0, 0], outcome: { kind: "draw" } });
    const mateInOne = start({ fen: "7k/8/6K1/8/8/8/8/R7 w - - 0 12" });
    const mated = applyToState(mateInOne, analyzeKrk(mateInOne).bestMove ?? -1);
    expect(analyzeKrk(mated)).toMatchObject({
      seat: 1,
      bestMove: null,
      values: [KRK_MATE_SCORE - 12, -(KRK_MATE_SCORE - 12)],
      outcome: { kind: "loss", moves: 0 },
    });
  });
});
