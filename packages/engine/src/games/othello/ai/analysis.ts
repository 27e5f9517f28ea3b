/**
 * Othello's position analysis (docs/strength.md, "Position analysis"): the final disc difference
 * for the side to move, exact when the trained-order solver finishes within its allowance (tried from
 * `exactEmpties` empties down), else the trained evaluation's estimate from the deepest midgame
 * iteration the budget's nodes allow.
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

/**
 * Nodes an iteration may take per millisecond of budget: about what the JavaScript core searched in that
 * time. Counting nodes instead of time gives the same depth on any machine, under any load, and in a
 * third of the time on the WebAssembly core. The budget stays the ceiling.
 */
export const ITERATION_NODES_PER_MS = 480;

/**
 * The exact attempt may take at least this long, whatever the budget: from 20 empties a solve is worth
 * more than any estimate (a finished game's 250 ms a position left 20 empties unsolved), and on failure
 * the estimate still gets a budget of its own.
 */
const EXACT_MIN_MS = 1_000;

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
  const { empty } = discCounts(state);
  if (empty <= (options.exactEmpties ?? 20)) {
    const deadline = options.now() + Math.max(options.budgetMs, EXACT_MIN_MS);
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
  const iterationNodes = options.budgetMs * ITERATION_NODES_PER_MS;
  let searched = 0;
  const result = search.search(pl, ph, ol, oh, {
    maxDepth: 60,
    now: options.now,
    deadline: options.now() + options.budgetMs,
    continueAfter: () => {
      const last = search.nodes - searched;
      searched = search.nodes;
      return last * ITERATION_GROWTH <= iterationNodes;
    },
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
