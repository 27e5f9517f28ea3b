import { checkedPlay } from "../../core/checked-play.js";
import { type GameError, gameError } from "../../core/errors.js";
import { type Game, type Outcome, type Seat } from "../../core/game.js";
import { type Result, err } from "../../core/result.js";
import {
  type ConnectKState,
  applyColumn,
  initialState,
  legalColumns,
  positionKey,
  seatOnTurn,
  winnerOf,
} from "./board.js";
import { formatColumn, parseColumn } from "./notation.js";
import { type ConnectKOptions, GAME_ID, parseOptions } from "./options.js";
import { renderState } from "./render.js";
import { deserializeState, serializeState } from "./serialize.js";

export {
  type ConnectKState,
  type ConnectKStatus,
  STATUSES as CONNECT_K_STATUSES,
  canWinNext,
  cellIndex,
  cellOwner,
  columnHeight,
  isColumnOpen,
  isKeyExact,
  isWinningMove,
  legalColumns,
  moveHistory,
  movesPlayed,
  ponsWinScore,
  positionKey,
  seatOnTurn,
  winnerOf,
} from "./board.js";
export {
  type ConnectKOptions,
  type ConnectKPresetChoice,
  type ConnectKPresetName,
  type ConnectKSize,
  CONNECT_K_PRESETS,
  CONNECT_K_PRESET_CHOICES,
  CONNECT_K_PRESET_NAMES,
  GAME_ID as CONNECT_K_ID,
  MAX_HEIGHT as CONNECT_K_MAX_HEIGHT,
  MAX_K as CONNECT_K_MAX_K,
  MAX_WIDTH as CONNECT_K_MAX_WIDTH,
  MIN_HEIGHT as CONNECT_K_MIN_HEIGHT,
  MIN_K as CONNECT_K_MIN_K,
  MIN_WIDTH as CONNECT_K_MIN_WIDTH,
  maxK as connectKMaxK,
  parseOptions as parseConnectKOptions,
} from "./options.js";
export {
  formatColumn,
  formatMoveSequence,
  parseColumn,
  parseMoveSequence,
  positionFromMoves,
  positionFromSequence,
} from "./notation.js";

// Shared so `toMove` and `outcome` do not allocate.
const SEAT_LISTS: readonly (readonly Seat[])[] = Object.freeze([Object.freeze([0]), Object.freeze([1])]);
const NOBODY: readonly Seat[] = Object.freeze([]);
const ONGOING: Outcome = Object.freeze({ kind: "ongoing" });
const WINS: readonly Outcome[] = Object.freeze([
  Object.freeze({ kind: "finished", scores: Object.freeze([1, 0]), winners: Object.freeze([0]) }),
  Object.freeze({ kind: "finished", scores: Object.freeze([0, 1]), winners: Object.freeze([1]) }),
]);
const DRAW: Outcome = Object.freeze({
  kind: "finished",
  scores: Object.freeze([0, 0]),
  winners: Object.freeze([0, 1]),
});

function outcomeOf(state: ConnectKState): Outcome {
  if (state.status === "ongoing") return ONGOING;
  if (state.status === "draw") return DRAW;
  return WINS[winnerOf(state) ?? 0] ?? DRAW;
}

function play(
  state: ConnectKState,
  move: number,
  seat?: Seat,
  rolls?: readonly number[],
): Result<ConnectKState, GameError> {
  // checkedPlay puts the seat in its message; a hostile object could throw while being stringified.
  const safeSeat = seat === undefined || Number.isInteger(seat) ? seat : Number.NaN;
  const result = checkedPlay(connectK, state, move, safeSeat, undefined, rolls);
  if (!result.ok && result.error.code === "illegal-move") {
    if (typeof move !== "number" || !Number.isInteger(move)) {
      return err(gameError("malformed-move", "a connect-k move is a column index"));
    }
    const width = state.options.width;
    const reason = move >= 0 && move < width ? "is full" : `does not exist (columns 0 to ${width - 1})`;
    return err(gameError("illegal-move", `column ${move} ${reason}`));
  }
  return result;
}

/**
 * Gravity k-in-a-row on a W×H board (docs/connect-k.md): Connect Four, the
 * Trilobite blog game and its 3×3 toy. A move is a column index (0 = left);
 * the mover wins at once with k or more in a row through the new disc, and a
 * full board without a line is a draw.
 *
 * Outcome: the winner scores 1 and the loser 0. A draw scores 0 for both and
 * lists both seats as winners, so `winners` alone tells a win from a draw.
 */
export const connectK: Game<ConnectKState, number, ConnectKOptions> = {
  id: GAME_ID,
  title: "Connect-k",
  parseOptions,
  seatCount: () => 2,
  initial: (options) => initialState(options),
  optionsOf: (state) => state.options,
  toMove: (state) => (state.status === "ongoing" ? (SEAT_LISTS[seatOnTurn(state)] ?? NOBODY) : NOBODY),
  legalMoves: legalColumns,
  forcedMove: () => null,
  play,
  apply: applyColumn,
  outcome: outcomeOf,
  parseMove: (state, text) => parseColumn(text, state.options.width),
  formatMove: (_state, move) => formatColumn(move),
  serialize: serializeState,
  deserialize: deserializeState,
  hash: positionKey,
  render: renderState,
};
