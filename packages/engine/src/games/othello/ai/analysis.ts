/**
 * Othello's position analysis (docs/strength.md, "Position analysis"): the final disc difference
 * for the side to move, exact when the trained-order solver finishes within the budget (tried from
 * `exactEmpties` empties down), else the trained evaluation's estimate from the deepest midgame
 * iteration the budget allows.
 */
import type { AnalyzeOptions, PositionAnalysis } from "../../../ai/game-ai.js";
import { zeroSumValues } from "../../../ai/analysis.js";
import { BLACK, type OthelloState, applyMove, discCounts, legalMoves } from "../rules.js";
import { PASS } from "../squares.js";
import type { MidgameSearch } from "./midgame.js";
import type { EndgameSolver } from "./solver.js";
import { sidesOf } from "./sides.js";
import { trainedMidgame, trainedOrderedSolver } from "./thread-engines.js";

export interface OthelloAnalyzeOptions extends AnalyzeOptions {
  /** The solver is tried at this many empties or fewer (default 20). */
  readonly exactEmpties?: number;
  /** The searches to use; by default this thread's. */
  readonly midgame?: MidgameSearch;
  readonly endgame?: EndgameSolver;
}

/** An iteration costs about this many times the previous one; one that cannot finish is not started. */
const ITERATION_GROWTH = 2.5;

function outcomeOf(value: number): PositionAnalysis["outcome"] {
  return { kind: value > 0 ? "win" : value < 0 ? "loss" : "draw", moves: null };
}

export function analyzeOthello(state: OthelloState, options: OthelloAnalyzeOptions): PositionAnalysis {
  const seat = state.turn;
  const legal = legalMoves(state);
  if (legal.length === 0) {
    const { black, white, empty } = discCounts(state);
    const diff = seat === BLACK ? black - white : white - black;
    // Empty squares go to the winner (the WOF rule the solver scores by).
    const value = diff > 0 ? diff + empty : diff < 0 ? diff - empty : 0;
    return {
      unit: "discs",
      seat,
      values: zeroSumValues(seat, value),
      value,
      exact: true,
      bestMove: null,
      pv: [],
      depth: 0,
      nodes: 0,
      outcome: outcomeOf(value),
    };
  }
  if (legal[0] === PASS) {
    const after = analyzeOthello(applyMove(state, PASS), options);
    return {
      ...after,
      seat,
      value: -after.value,
      bestMove: PASS,
      pv: [PASS, ...after.pv],
      ...exactOutcome(after),
    };
  }
  const start = options.now();
  const deadline = start + options.budgetMs;
  const { empty } = discCounts(state);
  if (empty <= (options.exactEmpties ?? 20)) {
    const solved = (options.endgame ?? trainedOrderedSolver()).solve(state, { now: options.now, deadline });
    if (!solved.aborted) {
      return {
        unit: "discs",
        seat,
        values: zeroSumValues(seat, solved.score),
        value: solved.score,
        exact: true,
        bestMove: solved.bestMove,
        pv: solved.pv,
        depth: empty,
        nodes: solved.nodes,
        outcome: outcomeOf(solved.score),
      };
    }
  }
  const search = options.midgame ?? trainedMidgame();
  const [pl, ph, ol, oh] = sidesOf(state);
  const result = search.search(pl, ph, ol, oh, {
    maxDepth: 60,
    now: options.now,
    deadline,
    continueAfter: (_depth, iterationMs) => options.now() + iterationMs * ITERATION_GROWTH <= deadline,
  });
  const value = result.value / search.scale;
  return {
    unit: "discs",
    seat,
    values: zeroSumValues(seat, value),
    value,
    exact: false,
    bestMove: result.move,
    pv: result.pv,
    depth: result.depth,
    nodes: result.nodes,
  };
}

function exactOutcome(after: PositionAnalysis): Pick<PositionAnalysis, "outcome"> {
  return after.exact ? { outcome: outcomeOf(-after.value) } : {};
}
