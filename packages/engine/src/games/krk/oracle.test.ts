import { describe, expect, it } from "vitest";
import {
  BLACK,
  KRK_ILLEGAL,
  KRK_MAX_DTM,
  UCI_CLASSES,
  WHITE,
  bestMoves,
  distanceToMate,
  krk,
  krkTables,
  moveValues,
  parseKrkOptions,
  randomWonPosition,
  stateAt,
  uciClassCounts,
} from "./index.js";

const tables = krkTables();

describe("the retrograde oracle", () => {
  it("mates are the mated positions, and every legal White-to-move position is won within 16 moves", () => {
    let whiteLegal = 0;
    let mated = 0;
    const longest = { white: 0, black: 0 };
    for (let index = 0; index < 64 * 64 * 64; index++) {
      const white = tables.whiteToMove[index] ?? -1;
      const black = tables.blackToMove[index] ?? -1;
      if (white !== KRK_ILLEGAL) {
        whiteLegal++;
        if (white > KRK_MAX_DTM) throw new Error(`White to move at ${index} is not won`);
        longest.white = Math.max(longest.white, white);
      }
      if (black === 0) {
        mated++;
        const state = stateAt(
          { start: "random" },
          { wk: index >> 12, wr: (index >> 6) & 63, bk: index & 63, side: BLACK },
        );
        expect(state.status).toBe("checkmate");
      }
      if (black <= KRK_MAX_DTM) longest.black = Math.max(longest.black, black);
    }
    expect(whiteLegal).toBe(175_168);
    expect(mated).toBe(216);
    expect(longest).toEqual({ white: 16, black: 16 });
  });

  it("reproduces the UCI dataset's class distribution (28,056 Black-to-move rows)", () => {
    // games.md §3.5, from krkopt.data (Bain & van Hoff, 1994).
    const uci = {
      draw: 2796,
      "0": 27,
      "1": 78,
      "2": 246,
      "3": 81,
      "4": 198,
      "5": 471,
      "6": 592,
      "7": 683,
      "8": 1433,
      "9": 1712,
      "10": 1985,
      "11": 2854,
      "12": 3597,
      "13": 4194,
      "14": 4553,
      "15": 2166,
      "16": 390,
    };
    const counts = uciClassCounts();
    expect([...counts.keys()]).toEqual([...UCI_CLASSES]);
    expect(Object.fromEntries(counts)).toEqual(uci);
    expect([...counts.values()].reduce((a, b) => a + b, 0)).toBe(28_056);
  });
});

describe("oracle lookups on game states", () => {
  it("a start at distance d is mate in d, and the best moves count down", () => {
    for (let distance = 1; distance <= KRK_MAX_DTM; distance++) {
      const position = randomWonPosition(distance * 7, distance);
      expect(position.side).toBe(WHITE);
      let state = stateAt({ start: "distance", distance }, position);
      expect(distanceToMate(state)).toBe(distance);
      for (let moves = distance; moves > 0; moves--) {
        const white = bestMoves(state)[0] ?? -1;
        state = krk.apply(state, white);
        expect(distanceToMate(state)).toBe(1 - moves);
        if (moves === 1) break;
        state = krk.apply(state, bestMoves(state)[0] ?? -1);
        expect(distanceToMate(state)).toBe(moves - 1);
      }
      expect(state.status).toBe("checkmate");
      expect(distanceToMate(state)).toBe(0);
    }
  });

  it("Black's best move takes a loose rook; a drawn game has no distance", () => {
    const options = parseKrkOptions({ fen: "8/8/8/8/8/8/1k6/R3K3 b - - 0 1" });
    if (!options.ok) throw new Error(options.error.message);
    const state = krk.initial(options.value, 0);
    expect(distanceToMate(state)).toBeNull();
    expect(bestMoves(state).map((move) => krk.formatMove(state, move))).toEqual(["Kxa1"]);
    const values = moveValues(state);
    expect(values.find(({ move }) => krk.formatMove(state, move) === "Kxa1")?.movesToMate).toBeNull();
    expect(values.filter(({ movesToMate }) => movesToMate !== null).length).toBe(values.length - 1);
    const taken = krk.apply(state, bestMoves(state)[0] ?? -1);
    expect(distanceToMate(taken)).toBeNull();
    expect(bestMoves(taken)).toEqual([]);
  });
});
