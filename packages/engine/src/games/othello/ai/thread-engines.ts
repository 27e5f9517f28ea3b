/**
 * The search objects a thread keeps between moves. They are module state on purpose: an exact
 * solver allocates a 16 MB table and the trained weights take a decoding pass, which would cost
 * more than a short search if done per move (docs/benchmarks.md, "Othello exact endgame solver").
 * Callers that own their objects (the CLI, tests, training) pass them explicitly instead.
 */
import { MidgameSearch } from "./midgame.js";
import { EndgameSolver } from "./solver.js";
import { type TrainedWeights, decodeWeights } from "./weights-codec.js";
import { TRAINED_WEIGHTS_DATA } from "./weights-data.js";

let weights: TrainedWeights | undefined;
let iagoSolver: EndgameSolver | undefined;
let trainedSolver: EndgameSolver | undefined;
let midgame: MidgameSearch | undefined;

/** The shipped trained weights (weights-data.ts), decoded on first use. */
export function trainedWeights(): TrainedWeights {
  return (weights ??= decodeWeights(TRAINED_WEIGHTS_DATA.join("")));
}

/** This thread's solver ordered as level 7's (Iago's evaluation). */
export function iagoOrderedSolver(): EndgameSolver {
  return (iagoSolver ??= new EndgameSolver({ ordering: "iago" }));
}

/** This thread's solver ordered by the trained evaluation (level 8, analysis). */
export function trainedOrderedSolver(): EndgameSolver {
  return (trainedSolver ??= new EndgameSolver({ ordering: trainedWeights() }));
}

/** This thread's midgame search on the trained evaluation, in WebAssembly. */
export function trainedMidgame(): MidgameSearch {
  return (midgame ??= new MidgameSearch(trainedWeights(), 18, "wasm"));
}
