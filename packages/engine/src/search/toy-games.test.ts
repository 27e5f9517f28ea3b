import { describe, expect, it } from "vitest";
import type { Game } from "../core/game.js";
import {
  type TicTacToeState,
  edgeOutcomes,
  nimGame,
  randomTree,
  ticTacToe,
  ticTacToeFrom,
  treeGame,
} from "./test-support/toy-games.js";

function completeGames<S, M>(game: Game<S, M, unknown>, state: S): number {
  if (game.outcome(state).kind === "finished") return 1;
  let games = 0;
  for (const move of game.legalMoves(state)) games += completeGames(game, game.apply(state, move));
  return games;
}

describe("tic-tac-toe", () => {
  const start = ticTacToe.initial({}, 0);

  it("has the known 255168 complete games", () => {
    expect(completeGames(ticTacToe, start)).toBe(255168);
  });

  it("refuses wrong seats, illegal moves and moves after the end", () => {
    expect(ticTacToe.play(start, 4, 1)).toMatchObject({ ok: false, error: { code: "wrong-seat" } });
    const played = ticTacToe.play(start, 4, 0);
    expect(played.ok).toBe(true);
    if (!played.ok) return;
    expect(ticTacToe.play(played.value, 4)).toMatchObject({ ok: false, error: { code: "illegal-move" } });
    const won = ticTacToeFrom("XXXOO....");
    expect(ticTacToe.outcome(won)).toEqual({ kind: "finished", scores: [1, 0], winners: [0] });
    expect(ticTacToe.play(won, 5)).toMatchObject({ ok: false, error: { code: "game-over" } });
    expect(ticTacToe.toMove(won)).toEqual([]);
    expect(ticTacToe.outcome(ticTacToeFrom("XOXXOOOXX")).kind).toBe("finished");
  });

  it("round-trips its notation and serialization", () => {
    const state: TicTacToeState = ticTacToeFrom("X.O.X....");
    const parsed = ticTacToe.deserialize(ticTacToe.serialize(state));
    expect(parsed).toEqual({ ok: true, value: state });
    expect(ticTacToe.deserialize({ cells: [0], turn: 0 }).ok).toBe(false);
    expect(ticTacToe.parseMove(state, ticTacToe.formatMove(state, 7))).toEqual({ ok: true, value: 7 });
    expect(ticTacToe.render(state)).toBe("X.O\n.X.\n...");
  });

  it("hashes distinct positions apart", () => {
    const boards = new Map<number, string>();
    let clashes = 0;
    const walk = (state: TicTacToeState): void => {
      const hash = ticTacToe.hash(state);
      if (boards.has(hash)) {
        if (boards.get(hash) !== ticTacToe.render(state)) clashes++;
        return;
      }
      boards.set(hash, ticTacToe.render(state));
      for (const move of ticTacToe.legalMoves(state)) walk(ticTacToe.apply(state, move));
    };
    walk(start);
    expect(clashes).toBe(0);
    expect(boards.size).toBe(5478);
  });
});

describe("nim with a second move", () => {
  const nim = nimGame({ seats: 2, heap: 4, maxTake: 3, again: 2 });

  it("lets a seat that takes two stones move again", () => {
    const start = nim.initial({}, 0);
    expect(nim.toMove(nim.apply(start, 2))).toEqual([0]);
    expect(nim.toMove(nim.apply(start, 1))).toEqual([1]);
  });

  it("gives the win to whoever takes the last stone", () => {
    const end = nim.apply(nim.apply({ heap: 4, turn: 0 }, 1), 3);
    expect(nim.outcome(end)).toEqual({ kind: "finished", scores: [0, 1], winners: [1] });
    expect(nim.legalMoves({ heap: 2, turn: 0 })).toEqual([1, 2]);
  });
});

describe("random trees", () => {
  it("are layered: every path to a node has the same length", () => {
    for (let seed = 0; seed < 50; seed++) {
      const tree = randomTree(seed, {
        seats: 2,
        depth: 5,
        maxBranching: 3,
        chance: 0.3,
        transpositions: 0.3,
      });
      const level = new Map<number, number>([[0, 0]]);
      tree.nodes.forEach((node, id) => {
        for (const edge of node.edges) {
          for (const [, child] of edgeOutcomes(edge)) {
            const known = level.get(child);
            const expected = (level.get(id) ?? -1) + 1;
            if (known !== undefined) expect(known).toBe(expected);
            level.set(child, expected);
          }
        }
      });
      expect(level.size).toBe(tree.nodes.length);
    }
  });

  it("have chance moves whose probabilities add up to 1, and zero-sum values for two seats", () => {
    const tree = randomTree(7, { seats: 2, depth: 4, maxBranching: 3, chance: 0.5 });
    let chanceMoves = 0;
    for (const node of tree.nodes) {
      expect((node.values[0] ?? 0) + (node.values[1] ?? 0)).toBe(0);
      for (const edge of node.edges) {
        if (typeof edge === "number") continue;
        chanceMoves++;
        expect(edge.chance.reduce((sum, [p]) => sum + p, 0)).toBe(1);
      }
    }
    expect(chanceMoves).toBeGreaterThan(0);
  });

  it("are reproducible from their seed and work as games", () => {
    const shape = { seats: 3, depth: 4, maxBranching: 3, chance: 0.3, repeatSeat: 0.5 };
    expect(randomTree(11, shape)).toEqual(randomTree(11, shape));
    const game = treeGame(randomTree(11, shape));
    const start = game.initial({}, 0);
    const [move] = game.legalMoves(start);
    expect(move).toBe(0);
    const outcomes = game.chanceOutcomes?.(start, 0) ?? [];
    expect(outcomes.map((o) => o.state)).toContain(game.apply(start, 0));
    expect(game.deserialize(game.serialize(start))).toEqual({ ok: true, value: start });
  });
});
