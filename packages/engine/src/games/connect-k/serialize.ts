import { type GameError, gameError } from "../../core/errors.js";
import { type Json } from "../../core/game.js";
import { type Result, err } from "../../core/result.js";
import { type ConnectKState, moveHistory } from "./board.js";
import { formatMoveSequence, positionFromSequence } from "./notation.js";
import { GAME_ID, parseOptions } from "./options.js";

const KNOWN_KEYS = ["v", "game", "options", "moves"];

/** Options plus the moves in Pons's notation; loading replays them, so only legal games load. */
export function serializeState(state: ConnectKState): Json {
  const options = state.options;
  return {
    v: 1,
    game: GAME_ID,
    options: {
      preset: options.preset,
      width: options.width,
      height: options.height,
      k: options.k,
      firstSeat: options.firstSeat,
    },
    moves: formatMoveSequence(moveHistory(state)),
  };
}

function invalid(message: string): { readonly ok: false; readonly error: GameError } {
  return err(gameError("invalid-state", message));
}

export function deserializeState(input: unknown): Result<ConnectKState, GameError> {
  if (typeof input !== "object" || input === null || Array.isArray(input)) {
    return invalid("a connect-k state must be an object");
  }
  const record = input as Record<string, unknown>;
  const unknown = Object.keys(record).filter((key) => !KNOWN_KEYS.includes(key));
  if (unknown.length > 0) return invalid(`unknown field(s): ${unknown.slice(0, 5).join(", ")}`);
  if (record["v"] !== 1) return invalid("unsupported version (expected v: 1)");
  if (record["game"] !== GAME_ID) return invalid(`not a ${GAME_ID} state`);
  const rawOptions = record["options"];
  if (typeof rawOptions !== "object" || rawOptions === null || Array.isArray(rawOptions)) {
    return invalid("options must be an object");
  }
  const options = parseOptions(rawOptions);
  if (!options.ok) return invalid(options.error.message);
  const moves = record["moves"];
  if (typeof moves !== "string") return invalid("moves must be a string of column digits");
  // A longer string cannot be a legal game; refuse it before parsing.
  if (moves.length > options.value.width * options.value.height) return invalid("too many moves");
  const state = positionFromSequence(options.value, moves);
  if (!state.ok) return invalid(state.error.message);
  return state;
}
