import type { Result } from "@arena/engine/core/result";
import {
  bookEvaluate,
  chooseDiceOfDoomMove,
  diceOfDoomLevels,
} from "@arena/engine/games/dice-of-doom/ai/index";
import { type DiceOfDoomState, diceOfDoom } from "@arena/engine/games/dice-of-doom/index";
import { LEVEL_GAME_SPECS, parseLevelGameSpec } from "./level-game.js";
import type { SpecError } from "./spec.js";
import type { Player } from "./types.js";

export const DICE_OF_DOOM_SPECS = LEVEL_GAME_SPECS;

export function parseDiceOfDoomSpec(spec: string): Result<Player<DiceOfDoomState, number>, SpecError> {
  // `search:<d>` is the book's v2 AI: paranoid search on score-board (docs/dice-of-doom.md §10); with chance rules it averages rolls.
  return parseLevelGameSpec(
    {
      id: "dice-of-doom",
      game: diceOfDoom,
      levelCount: diceOfDoomLevels.length,
      chooseLevelMove: chooseDiceOfDoomMove,
      evaluate: bookEvaluate,
      maxSearchDepth: 12,
    },
    spec,
  );
}
