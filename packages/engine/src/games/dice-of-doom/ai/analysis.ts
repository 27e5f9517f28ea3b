/**
 * Dice of Doom's position analysis (docs/strength.md, "Position analysis"): the chance each seat
 * wins. Half of the budget finds a best move with the deep level's search; the rest plays seeded
 * random playouts from the position after that move, each seat scoring its share of the wins
 * (a shared win counts 1/k). A finished game is exact: 1/k for each of its k winners. Under the chance
 * rules the best move is the book's expectimax (the alpha-beta search cannot apply an attack without its
 * dice), and the playouts roll their own dice from the seed: the match's own dice are hidden
 * (docs/dice-of-doom.md §5).
 */
import type { AnalyzeOptions, PositionAnalysis } from "../../../ai/game-ai.js";
import { applyRolling } from "../../../core/chance.js";
import { Random } from "../../../core/rng.js";
import { search } from "../../../search/index.js";
import { diceOfDoom } from "../index.js";
import { type DiceOfDoomState } from "../types.js";
import { BOOK_DEPTH, bookEvaluate, bookMove } from "./book.js";

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

/** The book's expectimax move under the chance rules, shaped like a search's answer. */
function chanceBest(state: DiceOfDoomState): {
  move: number | null;
  pv: number[];
  depth: number;
  nodes: number;
} {
  const choice = bookMove(state);
  return {
    move: choice.move,
    pv: choice.move === null ? [] : [choice.move],
    depth: BOOK_DEPTH.chance,
    nodes: choice.nodes,
  };
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
  const found =
    state.options.rules === "chance"
      ? chanceBest(state)
      : search(diceOfDoom, state, {
          evaluate: bookEvaluate,
          maxDepth: 12,
          timeLimit: options.budgetMs / 2,
          now: options.now,
          checkInterval: 64,
          tableSize: 1 << 16,
          aspirationWindow: 3,
        });
  const bestMove = found.move ?? (diceOfDoom.legalMoves(state)[0] as number);
  const random = new Random(options.seed ?? 1);
  const after = applyRolling(diceOfDoom, state, bestMove, random).state;
  const totals = new Array<number>(state.options.players).fill(0);
  let playouts = 0;
  let actions = 0;
  const deadline = start + options.budgetMs;
  while (playouts < MIN_PLAYOUTS || options.now() < deadline) {
    let s = after;
    for (let n = 0; !s.over && n < PLAYOUT_CAP; n++) {
      const moves = diceOfDoom.legalMoves(s);
      s = applyRolling(diceOfDoom, s, moves[random.int(moves.length)] as number, random).state;
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
