import { describe, expect, it } from "vitest";
import { Random } from "../../core/rng.js";
import { diceOfDoom } from "./index.js";
import {
  type NaiveHex,
  type NaiveGame,
  type NaiveMove,
  naiveNew,
  naiveMoves,
  naivePlay,
  fromModule,
  options,
  naiveEliminate,
} from "./test-support/naive-model.js";

/** The dice an attack rolls in the naive model: every die on both hexes. */
function naiveDiceCount(g: NaiveGame, move: NaiveMove): number {
  if (move === null || !g.chance) return 0;
  return (g.board[move[0]] as NaiveHex).dice + (g.board[move[1]] as NaiveHex).dice;
}

function naiveToMove(g: NaiveGame, move: NaiveMove): number {
  return move === null ? -1 : move[0] * g.n * g.n + move[1];
}

// ---------------------------------------------------------------------------

describe("random games against the naive model", () => {
  it("match state for state, with eliminations and both rule sets", () => {
    const random = new Random(2024);
    for (let game = 0; game < 200; game++) {
      const o = options({
        players: 2 + random.int(3),
        size: 2 + random.int(5),
        maxDice: 2 + random.int(7),
        rules: random.int(2) === 0 ? "classic" : "chance",
      });
      const seed = random.nextUint32();
      let state = diceOfDoom.initial(o, seed);
      let naive = naiveNew(o.size, o.players, o.maxDice, o.rules === "chance", seed);
      for (let ply = 0; ply < 400; ply++) {
        expect(fromModule(state)).toEqual(naive);
        const moves = naiveMoves(naive);
        expect(diceOfDoom.legalMoves(state)).toEqual(moves.map((m) => naiveToMove(naive, m)));
        if (moves.length === 0) break;
        if (o.players > 2 && random.int(60) === 0) {
          const seat = random.int(o.players);
          if (naive.out[seat] !== true) {
            state = diceOfDoom.eliminate(state, seat);
            naive = naiveEliminate(naive, seat);
            continue;
          }
        }
        const move = moves[random.int(moves.length)] ?? null;
        const rolls = Array.from({ length: naiveDiceCount(naive, move) }, () => 1 + random.int(6));
        state = diceOfDoom.apply(state, naiveToMove(naive, move), rolls);
        naive = naivePlay(naive, move, rolls);
      }
    }
  });
});
