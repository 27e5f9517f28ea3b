import { type GameError, gameError } from "../../core/errors.js";
import { type Json } from "../../core/game.js";
import { type Result, err, ok } from "../../core/result.js";
import { formatFen, parseFen } from "./fen.js";
import { formatLan, parseMoveText } from "./notation.js";
import { type KrkOptions, GAME_ID, parseOptions } from "./options.js";
import { WHITE } from "./position.js";
import { type KrkState, FIFTY_MOVE_PLIES, applyToState, movesPlayed, startOf, stateAt } from "./state.js";

const KNOWN_KEYS = ["v", "game", "options", "start", "moves"];

function optionsJson(options: KrkOptions): Json {
  switch (options.start) {
    case "random":
      return { start: "random" };
    case "distance":
      return { start: "distance", distance: options.distance };
    case "fen":
      return { start: "fen", fen: options.fen };
  }
}

/**
 * Options, the start position as a FEN and the moves in long algebraic, space-separated: loading
 * replays them, so only legal games load (docs/krk.md §7).
 */
export function serializeState(state: KrkState): Json {
  const start = startOf(state);
  return {
    v: 1,
    game: GAME_ID,
    options: optionsJson(state.options),
    start: formatFen(start.position, start.halfmoveClock, start.fullmove),
    moves: movesPlayed(state).map(formatLan).join(" "),
  };
}

function invalid(message: string): { readonly ok: false; readonly error: GameError } {
  return err(gameError("invalid-state", message));
}

/**
 * Why a start position is not one the options could have produced, or null. Only what the position shows
 * is checked: whether a random start is really at its distance to mate would take the oracle's tables,
 * and reading a state (the browser does, for every room) must not build them (docs/krk.md §7).
 */
function startMismatch(options: KrkOptions, state: KrkState, fen: string): string | null {
  if (options.start === "fen") return fen === options.fen ? null : "the start is not the options' FEN";
  if (state.position.side !== WHITE || state.halfmoveClock !== 0 || state.fullmove !== 1) {
    return "a random start has White to move and fresh clocks";
  }
  return null;
}

export function deserializeState(input: unknown): Result<KrkState, GameError> {
  if (typeof input !== "object" || input === null || Array.isArray(input)) {
    return invalid("a krk state must be an object");
  }
  const record = input as Record<string, unknown>;
  const unknown = Object.keys(record).filter((key) => !KNOWN_KEYS.includes(key));
  if (unknown.length > 0) return invalid(`unknown field(s): ${unknown.slice(0, 5).join(", ")}`);
  if (record["v"] !== 1) return invalid("unsupported version (expected v: 1)");
  if (record["game"] !== GAME_ID) return invalid(`not a ${GAME_ID} state`);
  const options = parseOptions(record["options"]);
  if (!options.ok) return invalid(options.error.message);
  const start = parseFen(record["start"]);
  if (!start.ok) return invalid(`start: ${start.error.message}`);
  const { position, halfmoveClock, fullmove } = start.value;
  let state = stateAt(options.value, position, halfmoveClock, fullmove);
  const mismatch = startMismatch(options.value, state, formatFen(position, halfmoveClock, fullmove));
  if (mismatch !== null) return invalid(mismatch);
  const moves = record["moves"];
  if (typeof moves !== "string") return invalid("moves must be a string of moves like h1h8");
  // A game cannot outlast the 50-move rule (5 characters a move); refuse longer text unread.
  if (moves.length > 5 * FIFTY_MOVE_PLIES + 10) return invalid("too many moves");
  for (const [index, token] of moves
    .split(/\s+/)
    .filter((t) => t !== "")
    .entries()) {
    if (state.status !== "ongoing")
      return invalid(`move ${index + 1} (${token.slice(0, 10)}) comes after the end`);
    const move = parseMoveText(state.position, token);
    if (!move.ok) return invalid(`move ${index + 1}: ${move.error.message}`);
    state = applyToState(state, move.value);
  }
  return ok(state);
}
