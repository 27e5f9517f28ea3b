import { expect } from "vitest";
import { type KrkState, applyToState, krk, parseKrkOptions, parseMoveText } from "../index.js";
import { NaiveKrk } from "./naive.js";

export function stateFrom(fen: string, moves: readonly string[] = []): KrkState {
  const options = parseKrkOptions({ fen });
  if (!options.ok) throw new Error(options.error.message);
  let state = krk.initial(options.value, 0);
  for (const text of moves) {
    const move = parseMoveText(state.position, text);
    if (!move.ok) throw new Error(move.error.message);
    state = applyToState(state, move.value);
  }
  return state;
}

export function naiveFrom(fen: string, moves: readonly string[], state: KrkState): NaiveKrk {
  const board = NaiveKrk.fromFen(fen);
  // Replays the same moves on the reference board, by squares.
  let at: KrkState | null = state;
  const played: number[] = [];
  while (at?.previous) {
    played.unshift(at.lastMove);
    at = at.previous;
  }
  expect(played).toHaveLength(moves.length);
  for (const move of played) {
    const from = move >> 6;
    const to = move & 63;
    board.play({ from: [from & 7, from >> 3], to: [to & 7, to >> 3] });
  }
  return board;
}

/*
 * The perft table of krk/perft.test.ts (depths 1–4) and perft.slow.test.ts (depth 5).
 * Leaf counts per depth, cross-checked once with chess.js 1.4.0 (its game-over rules are this game's:
 * mate, stalemate, insufficient material, 50 moves, threefold repetition) and checked here against the
 * independent array referee.
 */
export const TABLE: readonly {
  name: string;
  fen: string;
  moves?: readonly string[];
  leaves: readonly number[];
}[] = [
  {
    name: "rook a1, kings e1 e8",
    fen: "4k3/8/8/8/8/8/8/R3K3 w - - 0 1",
    leaves: [15, 68, 1242, 7374, 140625],
  },
  {
    name: "Black to move in the open",
    fen: "8/8/8/3k4/8/8/8/R3K3 b - - 0 1",
    leaves: [8, 120, 837, 15044, 96384],
  },
  {
    name: "Black can take the rook",
    fen: "8/8/8/8/8/8/1k6/R3K3 b - - 0 1",
    leaves: [4, 43, 220, 3754, 19520],
  },
  {
    name: "mates in one on the board",
    fen: "k7/8/1K6/8/8/8/8/7R w - - 0 1",
    leaves: [20, 27, 496, 1545, 29957],
  },
  { name: "Black with one move", fen: "7k/5K2/8/8/8/8/8/6R1 b - - 0 1", leaves: [1, 19, 35, 664, 1280] },
  {
    name: "stalemates on the board",
    fen: "k7/8/2K5/8/8/8/8/1R6 w - - 0 1",
    leaves: [21, 30, 540, 1507, 29191],
  },
  {
    name: "the 50-move rule at ply 4",
    fen: "4k3/8/8/8/8/8/8/R3K3 w - - 96 60",
    leaves: [15, 68, 1242, 7374, 7374],
  },
  {
    name: "a third repetition at ply 2",
    fen: "4k3/8/8/8/8/8/8/R3K3 w - - 0 1",
    moves: ["Ke2", "Kf8", "Ke1", "Ke8", "Ke2", "Kf8"],
    leaves: [22, 102, 2056, 12204],
  },
];
