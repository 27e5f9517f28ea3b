export type { Analysis, AnyPlayer, NodeCounter, Player, PlayerContext } from "./types.js";
export {
  alphaBetaPlayer,
  maximizerPlayer,
  minimaxPlayer,
  randomPlayer,
  searchPlayer,
  type FixedDepthOptions,
  type SearchPlayerOptions,
} from "./generic.js";
export { type SpecError } from "./spec.js";
export { PLAYER_SPECS, parsePlayerSpec } from "./registry.js";
export { OTHELLO_SPECS, iagoPlayPlayer, parseOthelloSpec } from "./othello.js";
export { OTHELLO_EVAL_NAMES, othelloEvaluator, type OthelloEvalName } from "./othello-evals.js";
export { CONNECT_K_SPECS, parseConnectKSpec } from "./connect-k.js";
export { DICE_OF_DOOM_SPECS, parseDiceOfDoomSpec } from "./dice-of-doom.js";
export { KRK_SPECS, parseKrkSpec } from "./krk.js";
export { withMoveCeiling } from "./move-ceiling.js";
