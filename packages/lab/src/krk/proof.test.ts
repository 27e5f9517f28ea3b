import { Random } from "@arena/engine/core/rng";
import { formatFen, formatLan, krk, legalMovesOf } from "@arena/engine/games/krk/index";
import { type KrkPosition } from "@arena/engine/games/krk/position";
import { strategy } from "@arena/engine/games/krk/ai/al0/interpreter";
import { BOOK_VARIANT, PRODUCT_VARIANT, adviceTable } from "@arena/engine/games/krk/ai/al0/table";
import { describe, expect, it } from "vitest";
import {
  Al0Prover,
  perfectDefence,
  playAl0Game,
  proveAgainstEveryDefence,
  runAl0Proof,
  wonWhitePositions,
} from "./proof.js";

/** A start written in FEN, through the game's own start (which throws on a FEN it cannot read). */
const position = (fen: string): KrkPosition => krk.initial({ start: "fen", fen }, 0).position;

describe("AL0 against perfect defence", () => {
  it("mates from the sample positions of the book's program file against perfect defence", () => {
    // fig24_6_7_10_chess.pl: pos1 … pos7. pos4 (b..2:2..5:5..4:4) is Black to move with the rook
    // loose on e5: a draw, Black takes it.
    const pos4 = krk.initial({ start: "fen", fen: "8/8/8/4R3/3k4/8/1K6/8 b - - 0 1" }, 0);
    expect(krk.formatMove(pos4, perfectDefence(pos4.position))).toBe("Kxe5");
    const starts = [
      "7R/8/8/8/8/2K5/8/3k4 w", // pos1 w..3:3..8:8..4:1
      "8/8/4K3/8/3R4/8/1k6/8 w", // pos2 w..5:6..4:4..2:2
      "7k/8/8/8/8/8/1K6/R7 w", // pos3 w..2:2..1:1..8:8
      "8/8/8/8/3R4/2k5/8/K7 w", // pos5 w..1:1..4:4..3:3
      "8/8/4R3/8/3K4/8/2k5/8 w", // pos6 w..4:4..5:6..3:2, the book's example
      "8/8/8/8/3K4/8/2k5/1R6 w", // pos7 w..4:4..2:1..3:2
    ];
    for (const fen of starts) {
      const game = playAl0Game(position(fen), PRODUCT_VARIANT);
      expect(game.ending).toBe("mated");
      expect(game.moves).toBeGreaterThanOrEqual(game.optimal);
    }
  });
});

describe("AL0's doubtful places (docs/krk.md §8.3)", () => {
  it("the printed table stalemates where approach or keeproom ignore stalemate; the product's does not", () => {
    for (const fen of ["7k/6R1/8/4K3/8/8/8/8 w", "8/8/8/8/8/8/1R6/k1K5 w"]) {
      const start = position(fen);
      expect(playAl0Game(start, BOOK_VARIANT)).toMatchObject({ ending: "stalemate", moves: 1 });
      expect(playAl0Game(start, PRODUCT_VARIANT).ending).toBe("mated");
    }
    const plan = strategy(adviceTable(BOOK_VARIANT), { ...position("7k/6R1/8/4K3/8/8/8/8 w"), depth: 0 });
    expect(plan?.advice).toBe("approach");
    expect(formatLan(plan?.tree.move ?? -1)).toBe("e5f6");
  });
});

describe("the proof against every defence", () => {
  it("bounds every game AL0 plays: against perfect defence and against random ones", () => {
    const prover = new Al0Prover(PRODUCT_VARIANT);
    const random = new Random(3);
    const starts = new Random(8).shuffle(wonWhitePositions()).slice(0, 60);
    for (const start of starts) {
      const bound = prover.longest(start);
      if (typeof bound !== "number") throw new Error(`${formatFen(start, 0, 1)}: ${bound}`);
      const perfect = playAl0Game(start, PRODUCT_VARIANT);
      expect(perfect.ending).toBe("mated");
      expect(perfect.moves).toBeLessThanOrEqual(bound);
      expect(perfect.optimal).toBeLessThanOrEqual(perfect.moves);
      for (let defence = 0; defence < 3; defence++) {
        const game = playAl0Game(start, PRODUCT_VARIANT, (position) => {
          const moves = legalMovesOf(position);
          return moves[random.int(moves.length)] ?? -1;
        });
        // A random Black may also take a rook AL0 left loose: that never happens.
        expect(game.ending).toBe("mated");
        expect(game.moves).toBeLessThanOrEqual(bound);
      }
    }
  });

  it("finds the printed table's stalemates, and none in the product's", () => {
    expect(new Al0Prover(BOOK_VARIANT).longest(position("7k/6R1/8/4K3/8/8/8/8 w"))).toBe("stalemate");
    expect(new Al0Prover(PRODUCT_VARIANT).longest(position("7k/6R1/8/4K3/8/8/8/8 w"))).toBeTypeOf("number");
    const sample = proveAgainstEveryDefence({ variant: PRODUCT_VARIANT, sample: 2000, seed: 4, worst: 2 });
    expect(sample.endings.mated).toBe(2000);
    expect(sample.maxMoves).toBeLessThanOrEqual(50);
  });
});

describe("the proof run on a sample", () => {
  it("the product's AL0 mates from 400 random won positions, never stalemating or losing the rook", () => {
    const summary = runAl0Proof({ variant: PRODUCT_VARIANT, sample: 400, seed: 5, worst: 3 });
    expect(summary.won).toBe(400);
    expect(summary.endings).toEqual({
      mated: 400,
      stalemate: 0,
      "rook-lost": 0,
      "fifty-moves": 0,
      repetition: 0,
      "no-advice": 0,
    });
    expect(summary.failures).toEqual([]);
    expect(summary.maxMoves).toBeLessThanOrEqual(50);
    expect(summary.meanExcess).toBeGreaterThan(0);
    const [worst] = summary.worst;
    expect(worst === undefined ? -1 : worst.moves - worst.optimal).toBeGreaterThanOrEqual(summary.meanExcess);
  });
});
