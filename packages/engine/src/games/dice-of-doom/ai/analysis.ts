/**
 * Dice of Doom's position analysis (docs/strength.md, "Position analysis"): the chance each seat
 * wins. Half of the budget finds a best move with the deep level's search; the rest plays seeded
 * random playouts from the position after that move, each seat scoring its share of the wins
 * (a shared win counts 1/k). A finished game is exact: 1/k for each of its k winners.
 */
import type { AnalyzeOptions, PositionAnalysis } from "../../../ai/game-ai.js";
import { Random } from "../../../core/rng.js";
import { search } from "../../../search/index.js";
import { diceOfDoom } from "../index.js";
import { type DiceOfDoomState } from "../types.js";
import { bookEvaluate } from "./book.js";

/** Playouts longer than this many actions count as draws (nobody's win). */
const PLAYOUT_CAP = 2000;
/** Playouts run even on an exhausted budget, so that every analysis has some estimate. */
const MIN_PLAYOUTS = 4;

function winShares(state: DiceOfDoomState): number[] {
  const shares = new Array<number>(state.options.players).fill(0);
  const outcome = diceOfDoom.outcome(state);
  if (outcome.kind !== "finished") return shares;
  for (const seat of outcome.winners) shares[seat] = 1 / outcome.winners.length;
  return shares;
}

export function analyzeDiceOfDoom(state: DiceOfDoomState, options: AnalyzeOptions): PositionAnalysis {
  const seat = state.player;
  if (state.over) {
    const values = winShares(state);
    return {
      unit: "win-chance",
      seat,
      values,
      value: values[seat] ?? 0,
      exact: true,
      bestMove: null,
      pv: [],
      depth: 0,
      nodes: 0,
    };
  }
  const start = options.now();
  const found = search(diceOfDoom, state, {
    evaluate: bookEvaluate,
    maxDepth: 12,
    timeLimit: options.budgetMs / 2,
    now: options.now,
    checkInterval: 64,
    tableSize: 1 << 16,
    aspirationWindow: 3,
  });
  const bestMove = found.move ?? (diceOfDoom.legalMoves(state)[0] as number);
  const after = diceOfDoom.apply(state, bestMove);
  const random = new Random(options.seed ?? 1);
  const totals = new Array<number>(state.options.players).fill(0);
  let playouts = 0;
  let actions = 0;
  const deadline = start + options.budgetMs;
  while (playouts < MIN_PLAYOUTS || options.now() < deadline) {
    let s = after;
    for (let n = 0; !s.over && n < PLAYOUT_CAP; n++) {
      const moves = diceOfDoom.legalMoves(s);
      s = diceOfDoom.apply(s, moves[random.int(moves.length)] as number);
      actions++;
    }
    winShares(s).forEach((share, i) => (totals[i] = (totals[i] ?? 0) + share));
    playouts++;
  }
  const values = totals.map((t) => t / playouts);
  return {
    unit: "win-chance",
    seat,
    values,
    value: values[seat] ?? 0,
    exact: false,
    bestMove,
    pv: found.pv.length > 0 ? found.pv : [bestMove],
    depth: found.depth,
    nodes: found.nodes + actions,
  };
}
