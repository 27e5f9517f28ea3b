/** Every way a caller's input can be refused by a game. A closed set, shared with the protocol. */
export const GAME_ERROR_CODES = [
  "invalid-options",
  "malformed-move",
  "illegal-move",
  "wrong-seat",
  "game-over",
  "invalid-notation",
  "invalid-state",
] as const;

export type GameErrorCode = (typeof GAME_ERROR_CODES)[number];

export interface GameError {
  readonly code: GameErrorCode;
  readonly message: string;
}

export function gameError(code: GameErrorCode, message: string): GameError {
  return { code, message };
}
