import type { Result } from "@arena/engine/core/result";
import {
  centreFirst,
  chooseConnectKMove,
  connectKLevels,
  evaluateConnectK,
} from "@arena/engine/games/connect-k/ai/index";
import { type ConnectKState, connectK } from "@arena/engine/games/connect-k/index";
import { LEVEL_GAME_SPECS, parseLevelGameSpec } from "./level-game.js";
import type { SpecError } from "./spec.js";
import type { Player } from "./types.js";

export const CONNECT_K_SPECS = LEVEL_GAME_SPECS;

export function parseConnectKSpec(spec: string): Result<Player<ConnectKState, number>, SpecError> {
  return parseLevelGameSpec(
    {
      id: "connect-k",
      game: connectK,
      levelCount: connectKLevels.length,
      chooseLevelMove: chooseConnectKMove,
      evaluate: evaluateConnectK,
      order: centreFirst,
      maxSearchDepth: 42,
    },
    spec,
  );
}
