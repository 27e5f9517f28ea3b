import { checkedPlay } from "../../core/checked-play.js";
import { type GameError, gameError } from "../../core/errors.js";
import { type Game, type Outcome, type Seat } from "../../core/game.js";
import { type Result, err } from "../../core/result.js";
import { formatSan, parseMoveText } from "./notation.js";
import { type KrkOptions, GAME_ID, parseOptions } from "./options.js";
import { positionKey } from "./position.js";
import { renderState } from "./render.js";
import { deserializeState, serializeState } from "./serialize.js";
import { type KrkState, applyToState, initialState } from "./state.js";

export { distanceToMate, bestMoves, moveValues } from "./analysis.js";
export { type FenPosition, formatFen, parseFen } from "./fen.js";
export { formatLan, formatSan, parseMoveText } from "./notation.js";
export {
  type KrkOptions,
  type KrkStart,
  GAME_ID as KRK_ID,
  KRK_STARTS,
  parseOptions as parseKrkOptions,
} from "./options.js";
export {
  type KrkTables,
  DRAW as KRK_DRAW,
  ILLEGAL as KRK_ILLEGAL,
  MAX_DTM as KRK_MAX_DTM,
  bestMovesOf,
  buildKrkTables,
  krkTables,
  movesToMate,
  rateMoves,
  tableIndex,
} from "./oracle.js";
export {
  BLACK,
  type KrkPosition,
  NO_ROOK,
  type Side,
  WHITE,
  applyMove,
  blackInCheck,
  encodeMove,
  legalMovesOf,
  moveFrom,
  moveTo,
  placementProblem,
  positionKey,
} from "./position.js";
export { type SquareName, parseSquare, squareName } from "./squares.js";
export {
  FIFTY_MOVE_PLIES,
  KRK_STATUSES,
  type KrkState,
  type KrkStatus,
  REPETITION_COUNT,
  applyToState,
  historyOf,
  initialState,
  movesPlayed,
  randomWonPosition,
  startOf,
  stateAt,
} from "./state.js";
export { UCI_CLASSES, type UciClass, isUciCanonical, uciClassCounts } from "./uci.js";

// Shared so `toMove` and `outcome` do not allocate.
const SEAT_LISTS: readonly (readonly Seat[])[] = Object.freeze([Object.freeze([0]), Object.freeze([1])]);
const NOBODY: readonly Seat[] = Object.freeze([]);
const ONGOING: Outcome = Object.freeze({ kind: "ongoing" });
const WHITE_WINS: Outcome = Object.freeze({
  kind: "finished",
  scores: Object.freeze([1, 0]),
  winners: Object.freeze([0]),
});
const DRAWN: Outcome = Object.freeze({
  kind: "finished",
  scores: Object.freeze([0, 0]),
  winners: Object.freeze([0, 1]),
});

function outcomeOf(state: KrkState): Outcome {
  if (state.status === "ongoing") return ONGOING;
  return state.status === "checkmate" ? WHITE_WINS : DRAWN;
}

function play(
  state: KrkState,
  move: number,
  seat?: Seat,
  rolls?: readonly number[],
): Result<KrkState, GameError> {
  // checkedPlay puts the seat in its message; a hostile object could throw while being stringified.
  const safeSeat = seat === undefined || Number.isInteger(seat) ? seat : Number.NaN;
  if (
    state.status === "ongoing" &&
    (typeof move !== "number" || !Number.isInteger(move) || move < 0 || move >= 4096)
  ) {
    return err(gameError("malformed-move", "a krk move is from-square × 64 + to-square, 0 to 4095"));
  }
  return checkedPlay(krk, state, move, safeSeat, (s, m) => s.moves.includes(m), rolls);
}

/**
 * King and rook against king (docs/krk.md): White (seat 0) has king and rook, Black (seat 1) the king.
 * A move is `from * 64 + to` on squares a1 = 0 … h8 = 63, written in SAN and read in SAN or long
 * algebraic.
 *
 * Outcome: checkmate scores 1–0 for White. Stalemate, the capture of the rook, the 50-move rule and the
 * third repetition are draws, 0–0 with both seats listed as winners, as in the other two-seat games.
 */
export const krk: Game<KrkState, number, KrkOptions> = {
  id: GAME_ID,
  title: "King and rook vs king",
  parseOptions,
  seatCount: () => 2,
  chosenStart: (options) =>
    options.start === "fen" ? options.fen : options.start === "distance" ? `#${options.distance}` : null,
  unevenSeats: true,
  initial: initialState,
  optionsOf: (state) => state.options,
  toMove: (state) => (state.status === "ongoing" ? (SEAT_LISTS[state.position.side] ?? NOBODY) : NOBODY),
  legalMoves: (state) => state.moves,
  forcedMove: () => null,
  play,
  apply: applyToState,
  outcome: outcomeOf,
  parseMove: (state, text) => {
    if (state.status !== "ongoing" && typeof text === "string") {
      return err(gameError("game-over", "the game is over"));
    }
    return parseMoveText(state.position, text);
  },
  formatMove: (state, move) => formatSan(state.position, move),
  serialize: serializeState,
  deserialize: deserializeState,
  hash: (state) => positionKey(state.position),
  render: renderState,
};
