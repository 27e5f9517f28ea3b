/**
 * Connect-k's position analysis (docs/strength.md, "Position analysis"): the exact result from
 * Pascal Pons's solver when it finishes within most of the budget (boards up to Connect Four's
 * 7×6), as his score with the win, draw or loss and the winner's discs still to play; otherwise the
 * heuristic value of the deepest search the rest of the budget allows.
 */
import type { AnalyzeOptions, PositionAnalysis } from "../../../ai/game-ai.js";
import { zeroSumValues } from "../../../ai/analysis.js";
import { search } from "../../../search/index.js";
import { type ConnectKState, seatOnTurn } from "../board.js";
import { connectK } from "../index.js";
import { centreFirst, evaluateConnectK } from "./heuristic.js";
import { isSolvable, solverFor } from "./solver.js";

/** Share of the budget the solver may take before the search gets the rest. */
const SOLVER_SHARE = 0.7;

/**
 * Win, draw or loss for the side to move from Pons's score `score` with `plies` discs on a board
 * of `cells`, and the discs the winner still plays, the winning one included.
 */
export function ponsOutcome(
  score: number,
  cells: number,
  plies: number,
): NonNullable<PositionAnalysis["outcome"]> {
  if (score > 0) return { kind: "win", moves: Math.floor((cells + 1 - plies) / 2) - score + 1 };
  if (score < 0) return { kind: "loss", moves: Math.floor((cells - plies) / 2) + score + 1 };
  return { kind: "draw", moves: null };
}

function finished(state: ConnectKState, seat: number): PositionAnalysis {
  const cells = state.options.width * state.options.height;
  // The previous mover won with its last disc: the score it had then, negated for the side to move.
  const value = state.status === "won" ? -Math.floor((cells + 2 - state.plies) / 2) : 0;
  return {
    unit: "outcome-score",
    seat,
    values: zeroSumValues(seat, value),
    value,
    exact: true,
    bestMove: null,
    pv: [],
    depth: 0,
    nodes: 0,
    outcome: { kind: value < 0 ? "loss" : "draw", moves: value < 0 ? 0 : null },
  };
}

export function analyzeConnectK(state: ConnectKState, options: AnalyzeOptions): PositionAnalysis {
  const seat = seatOnTurn(state);
  if (state.status !== "ongoing") return finished(state, seat);
  const start = options.now();
  const cells = state.options.width * state.options.height;
  let nodes = 0;
  if (isSolvable(state.options)) {
    const solved = solverFor(state.options).solve(state, {
      now: options.now,
      deadline: start + options.budgetMs * SOLVER_SHARE,
    });
    nodes += solved.nodes;
    if (solved.complete) {
      return {
        unit: "outcome-score",
        seat,
        values: zeroSumValues(seat, solved.score),
        value: solved.score,
        exact: true,
        bestMove: solved.bestMove,
        pv: [solved.bestMove],
        depth: cells - state.plies,
        nodes,
        outcome: ponsOutcome(solved.score, cells, state.plies),
      };
    }
  }
  const result = search(connectK, state, {
    evaluate: evaluateConnectK,
    timeLimit: Math.max(1, start + options.budgetMs - options.now()),
    now: options.now,
    checkInterval: 256,
    tableSize: 1 << 18,
    order: centreFirst,
  });
  return {
    unit: "heuristic",
    seat,
    values: zeroSumValues(seat, result.value),
    value: result.value,
    exact: false,
    bestMove: result.move,
    pv: result.pv,
    depth: result.depth,
    nodes: nodes + result.nodes,
  };
}
