export * from "./puzzle.js";
export type { AnyPuzzleFinder, PuzzleFinder, SelfPlay, VerifyFailure } from "./finder.js";
export { type GenerateOptions, type GenerationEvent, generatePuzzles, resumePoint } from "./generate.js";
export { PUZZLE_FINDERS, PUZZLE_GAME_IDS, puzzleFinder } from "./registry.js";
export { verifyPuzzle } from "./verify.js";
export { type RefutationRequest, refute } from "./refute.js";
