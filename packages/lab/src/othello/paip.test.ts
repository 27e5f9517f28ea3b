import { describe, expect, it } from "vitest";
import {
  type OthelloState,
  STANDARD_START,
  applyMove,
  discCounts,
  formatPosition,
  parsePosition,
} from "@arena/engine/games/othello/rules";
import {
  alphaBetaSearcher,
  createContext,
  iago,
  maximizer,
  minimaxSearcher,
  randomStrategy,
} from "@arena/engine/games/othello/ai/strategies";
import { playMatch } from "./match.js";

const board = (rows: string[]): string => rows.join("");

/** The boards a game passes through, keyed by the number of discs. */
function boardsByDiscs(moves: readonly number[]): Map<number, string> {
  const parsed = parsePosition(STANDARD_START);
  if (!parsed.ok) throw new Error("start");
  let state: OthelloState = parsed.value;
  const boards = new Map<number, string>();
  for (const move of moves) {
    state = applyMove(state, move);
    const { black, white } = discCounts(state);
    boards.set(black + white, formatPosition(state).slice(0, 64));
  }
  return boards;
}

describe("PAIP's printed games (chapter 18)", () => {
  it("(othello (minimax-searcher 3 #'count-difference) (maximizer #'count-difference)) ends @=53 O=0", () => {
    const result = playMatch(minimaxSearcher(3, "count-difference"), maximizer("count-difference"));
    expect(result.score).toBe(53);
    expect(formatPosition(result.final).slice(0, 64)).toBe(
      board(["XXXXXXXX", "XXXXXXXX", "XXXXXXXX", "XXXXXXXX", "XXXXXXXX", "--XXXXXX", "---XXXXX", "----XX--"]),
    );
  });

  it("(othello (alpha-beta-searcher 4 #'count-difference) (alpha-beta-searcher 4 #'weighted-squares)) ends -16", () => {
    const result = playMatch(
      alphaBetaSearcher(4, "count-difference"),
      alphaBetaSearcher(4, "weighted-squares"),
    );
    expect(result.score).toBe(-16);
    expect(formatPosition(result.final).slice(0, 64)).toBe(
      board(["OOOOXXOO", "XXOOXXXO", "XXOOOXXO", "OXOOOXXO", "OXOXOXXO", "OXOXOXOO", "OXXOXOOO", "OOOOOOOO"]),
    );
    // "After 17 moves, white is down to only one piece": @=20 O=1.
    const boards = boardsByDiscs(result.moves);
    expect(boards.get(21)).toBe(
      board(["OX------", "-X---XX-", "XXXXXX--", "-X-XX---", "XXXXXX--", "-X------", "--------", "--------"]),
    );
  });

  it("(othello (alpha-beta-searcher 6 #'count-difference) (alpha-beta-searcher 4 #'weighted-squares)) passes PAIP's three printed middle positions", () => {
    // PAIP prints the final result as -16; this replay reaches all three printed
    // positions (29, 45 and 50 discs) move for move but ends -30: the last 14
    // plies, where black's 6-ply search sees the end of the game, differ.
    const result = playMatch(
      alphaBetaSearcher(6, "count-difference"),
      alphaBetaSearcher(4, "weighted-squares"),
    );
    const boards = boardsByDiscs(result.moves);
    expect(boards.get(29)).toBe(
      board(["--XXXXX-", "-X-XOX--", "OXXOXOO-", "-X-XOXO-", "-XXXXX--", "-X-X-O--", "--------", "--------"]),
    );
    expect(boards.get(45)).toBe(
      board(["O-XXXXX-", "-OOXXX--", "OXOOXXXX", "XXXXOXX-", "XXXXXOX-", "XXXXXXOO", "X--X--XO", "--------"]),
    );
    expect(boards.get(50)).toBe(
      board(["OOOOOOOO", "XXOXXX--", "OXOOXXXX", "OXOXOXX-", "OXOXXOX-", "OOOXXXOO", "O-OX--XO", "O-------"]),
    );
    expect(result.score).toBeLessThan(0);
  });

  it("(othello-series (alpha-beta-searcher 2 #'modified-weighted-squares) (alpha-beta-searcher 2 #'weighted-squares) 5) scores -28 and 40", () => {
    const mws = alphaBetaSearcher(2, "modified-weighted-squares");
    const ws = alphaBetaSearcher(2, "weighted-squares");
    expect(playMatch(mws, ws).score).toBe(-28);
    expect(-playMatch(ws, mws).score).toBe(40);
  });
});

describe("strategy matches", () => {
  it("random is reproducible from its seed", () => {
    const a = playMatch(randomStrategy, randomStrategy, { context: createContext(42) });
    const b = playMatch(randomStrategy, randomStrategy, { context: createContext(42) });
    expect(b.moves).toEqual(a.moves);
  });

  it("Iago at 3 ply beats alpha-beta 3 with modified weighted squares from the start, both colours", () => {
    const mws = alphaBetaSearcher(3, "modified-weighted-squares");
    expect(playMatch(iago(3), mws).score).toBeGreaterThan(0);
    expect(playMatch(mws, iago(3)).score).toBeLessThan(0);
  });
});
