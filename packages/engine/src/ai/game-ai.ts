import type { Result } from "../core/result.js";
import type { SpecError } from "../players/spec.js";
import type { Player } from "../players/types.js";
import type { ChooseOptions, ChosenMove } from "../search/budget.js";

/** A strength level as the lobby offers it: a short name and a sentence on how it plays. */
export interface AiLevel {
  readonly name: string;
  readonly description: string;
}

/** What a level is told besides the position: the seat's clock, a seeded random source, and the seed itself. */
export interface AiOptions extends ChooseOptions {
  readonly seed: number;
}

/**
 * A game's AI, as the server's worker pool, the CLI and the tournament runner find it: its levels,
 * weakest first, and the player specs (PAIP's strategy names) the CLI accepts. Moves are the game's own
 * move values (numbers for every built-in game).
 */
export interface GameAi<S> {
  readonly levels: readonly AiLevel[];
  /** The move of an AI seat at `level` (1-based, already clamped); only called while the game is on. */
  choose(state: S, level: number, options: AiOptions): ChosenMove;
  /** The spec forms `parsePlayer` reads, for help texts. */
  readonly playerSpecs: readonly string[];
  parsePlayer(spec: string): Result<Player<S, number>, SpecError>;
}

/** A game AI whose state type is not known to the caller (registry lookups). */
export type AnyGameAi = GameAi<unknown>;
