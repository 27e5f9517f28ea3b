import { checkedPlay } from "../../core/checked-play.js";
import { type GameError, gameError } from "../../core/errors.js";
import type { Game, Json, Outcome, Seat } from "../../core/game.js";
import { type Result, err, ok } from "../../core/result.js";
import { readRecord, rejectUnknownKeys } from "../../core/validate.js";
import { flips, moves, out, perftBits, popcount32 } from "./bitboard.js";
import { PASS, hasBit, parseSquare, squareName, squaresOf } from "./squares.js";
import { excerpt } from "../../core/excerpt.js";

export const BLACK: Seat = 0;
export const WHITE: Seat = 1;

export interface OthelloOptions {
  /** A custom start position in the one-line FFO format (64 squares, then X or O to move); absent = the standard start. */
  readonly start?: string;
}

/** An Othello position. Immutable; seat 0 is black, seat 1 white. */
export interface OthelloState {
  readonly blackLo: number;
  readonly blackHi: number;
  readonly whiteLo: number;
  readonly whiteHi: number;
  readonly turn: Seat;
  /** Plies played since the start position, passes included. */
  readonly ply: number;
  readonly options: OthelloOptions;
}

/** The standard start: d4 and e5 white, d5 and e4 black, black to move. */
export const STANDARD_START = "---------------------------OX------XO--------------------------- X";

export function stateFromBoard(
  board: { blackLo: number; blackHi: number; whiteLo: number; whiteHi: number },
  turn: Seat,
  options: OthelloOptions = {},
  ply = 0,
): OthelloState {
  return { ...board, turn, ply, options };
}

/** Reads a board in the FFO one-line format: 64 squares a1..h8 of X, O or -, then the side to move. */
export function parsePosition(text: string, options: OthelloOptions = {}): Result<OthelloState, GameError> {
  const fields = text.trim().split(/\s+/);
  const squares = fields[0] ?? "";
  const side = (fields[1] ?? "").toUpperCase();
  if (squares.length !== 64) return err(gameError("invalid-state", "a position has 64 squares"));
  if (side !== "X" && side !== "O") return err(gameError("invalid-state", "the side to move is X or O"));
  let blackLo = 0;
  let blackHi = 0;
  let whiteLo = 0;
  let whiteHi = 0;
  for (let square = 0; square < 64; square++) {
    const c = squares[square];
    const lo = square < 32 ? 1 << square : 0;
    const hi = square < 32 ? 0 : 1 << (square - 32);
    if (c === "X" || c === "x" || c === "*") {
      blackLo |= lo;
      blackHi |= hi;
    } else if (c === "O" || c === "o") {
      whiteLo |= lo;
      whiteHi |= hi;
    } else if (c !== "-" && c !== ".") {
      return err(gameError("invalid-state", `unexpected square '${c ?? ""}' at ${squareName(square)}`));
    }
  }
  return ok(stateFromBoard({ blackLo, blackHi, whiteLo, whiteHi }, side === "X" ? BLACK : WHITE, options));
}

/** Writes a position in the FFO one-line format. */
export function formatPosition(state: OthelloState): string {
  let squares = "";
  for (let square = 0; square < 64; square++) {
    squares += hasBit(state.blackLo, state.blackHi, square)
      ? "X"
      : hasBit(state.whiteLo, state.whiteHi, square)
        ? "O"
        : "-";
  }
  return `${squares} ${state.turn === BLACK ? "X" : "O"}`;
}

/** The mover's and the opponent's discs. */
function sides(state: OthelloState): [number, number, number, number] {
  return state.turn === BLACK
    ? [state.blackLo, state.blackHi, state.whiteLo, state.whiteHi]
    : [state.whiteLo, state.whiteHi, state.blackLo, state.blackHi];
}

/**
 * Leaves the legal squares of the side to move (`ofMover`) or of its opponent in `out`. Allocates
 * nothing: the server asks several times a move who can move.
 */
function fillMoves(state: OthelloState, ofMover: boolean): void {
  if ((state.turn === BLACK) === ofMover) moves(state.blackLo, state.blackHi, state.whiteLo, state.whiteHi);
  else moves(state.whiteLo, state.whiteHi, state.blackLo, state.blackHi);
}

/** The mover's legal squares as a (lo, hi) mask. */
export function moveMask(state: OthelloState): { lo: number; hi: number } {
  fillMoves(state, true);
  return { lo: out.lo, hi: out.hi };
}

/** Whether the mover has a disc move (else it passes, or the game is over). */
function moverCanMove(state: OthelloState): boolean {
  fillMoves(state, true);
  return (out.lo | out.hi) !== 0;
}

function opponentCanMove(state: OthelloState): boolean {
  fillMoves(state, false);
  return (out.lo | out.hi) !== 0;
}

export function isOver(state: OthelloState): boolean {
  return !moverCanMove(state) && !opponentCanMove(state);
}

/** Whether `move` is legal: a square of the mover's mask, or a pass when it has none and the game goes on. */
function isLegal(state: OthelloState, move: number): boolean {
  if (move === PASS) return !moverCanMove(state) && opponentCanMove(state);
  fillMoves(state, true);
  return hasBit(out.lo, out.hi, move);
}

export function discCounts(state: OthelloState): { black: number; white: number; empty: number } {
  const black = popcount32(state.blackLo) + popcount32(state.blackHi);
  const white = popcount32(state.whiteLo) + popcount32(state.whiteHi);
  return { black, white, empty: 64 - black - white };
}

/** Legal moves in square order; a forced pass is the single move PASS; none once the game is over. */
export function legalMoves(state: OthelloState): number[] {
  const mask = moveMask(state);
  if ((mask.lo | mask.hi) !== 0) return squaresOf(mask.lo, mask.hi);
  return opponentCanMove(state) ? [PASS] : [];
}

/** Plays a move known to be legal (from `legalMoves`). */
export function applyMove(state: OthelloState, move: number): OthelloState {
  const next = state.turn === BLACK ? WHITE : BLACK;
  if (move === PASS) return { ...state, turn: next, ply: state.ply + 1 };
  const [pl, ph, ol, oh] = sides(state);
  flips(move, pl, ph, ol, oh);
  const fl = out.lo;
  const fh = out.hi;
  const bl = move < 32 ? 1 << move : 0;
  const bh = move < 32 ? 0 : 1 << (move - 32);
  const mover = { lo: pl | fl | bl, hi: ph | fh | bh };
  const other = { lo: ol & ~fl, hi: oh & ~fh };
  return state.turn === BLACK
    ? {
        blackLo: mover.lo,
        blackHi: mover.hi,
        whiteLo: other.lo,
        whiteHi: other.hi,
        turn: next,
        ply: state.ply + 1,
        options: state.options,
      }
    : {
        blackLo: other.lo,
        blackHi: other.hi,
        whiteLo: mover.lo,
        whiteHi: mover.hi,
        turn: next,
        ply: state.ply + 1,
        options: state.options,
      };
}

/**
 * World Othello Federation scoring: at the end the empty squares go to the
 * winner, so scores always add up to 64.
 */
export function finalScores(state: OthelloState): [number, number] {
  const { black, white, empty } = discCounts(state);
  if (black > white) return [black + empty, white];
  if (white > black) return [black, white + empty];
  return [black + empty / 2, white + empty / 2];
}

const ONGOING: Outcome = Object.freeze({ kind: "ongoing" });
/** Who is to move, shared: `toMove` is read several times per move and returns a readonly list. */
const TO_MOVE: readonly (readonly Seat[])[] = [Object.freeze([BLACK]), Object.freeze([WHITE])];
const NOBODY_TO_MOVE: readonly Seat[] = Object.freeze([]);

export function outcome(state: OthelloState): Outcome {
  if (!isOver(state)) return ONGOING;
  const scores = finalScores(state);
  const winners = scores[0] > scores[1] ? [BLACK] : scores[1] > scores[0] ? [WHITE] : [BLACK, WHITE];
  return { kind: "finished", scores, winners };
}

// Zobrist keys for 64 squares × 2 colours and the side to move, as 21-bit + 32-bit halves
// so that their combination stays a safe integer.
const ZOBRIST = (() => {
  const keys = new Int32Array(129 * 2);
  let seed = 0x9e3779b9;
  for (let i = 0; i < keys.length; i++) {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = seed;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    keys[i] = t ^ (t >>> 14);
  }
  return keys;
})();

export function hashState(state: OthelloState): number {
  let a = state.turn === WHITE ? (ZOBRIST[256] ?? 0) : 0;
  let b = state.turn === WHITE ? (ZOBRIST[257] ?? 0) : 0;
  const boards = [state.blackLo, state.blackHi, state.whiteLo, state.whiteHi];
  for (let part = 0; part < 4; part++) {
    let bits = boards[part] ?? 0;
    const offset = (part >> 1) * 64 + (part & 1) * 32;
    while (bits !== 0) {
      const bit = bits & -bits;
      bits ^= bit;
      const key = (offset + 31 - Math.clz32(bit)) * 2;
      a ^= ZOBRIST[key] ?? 0;
      b ^= ZOBRIST[key + 1] ?? 0;
    }
  }
  return (a & 0x1fffff) * 0x1_0000_0000 + (b >>> 0);
}

/** A text board in the manner of PAIP's print-board: @ black, O white, . empty, with the disc counts. */
export function renderBoard(state: OthelloState, legal: readonly number[] = []): string {
  const { black, white } = discCounts(state);
  const lines = [
    `    a b c d e f g h   [@=${black} O=${white} (${black - white >= 0 ? "+" : ""}${black - white})]`,
  ];
  for (let row = 0; row < 8; row++) {
    let line = ` ${row + 1} `;
    for (let col = 0; col < 8; col++) {
      const square = row * 8 + col;
      const c = hasBit(state.blackLo, state.blackHi, square)
        ? "@"
        : hasBit(state.whiteLo, state.whiteHi, square)
          ? "O"
          : legal.includes(square)
            ? "*"
            : ".";
      line += ` ${c}`;
    }
    lines.push(line);
  }
  const over = isOver(state);
  lines.push(over ? "Game over" : `${state.turn === BLACK ? "Black (@)" : "White (O)"} to move`);
  return lines.join("\n");
}

function parseOptions(input: unknown): Result<OthelloOptions, GameError> {
  const record = readRecord(input, "Othello options");
  if (!record.ok) return record;
  const known = rejectUnknownKeys(record.value, ["start"]);
  if (!known.ok) return known;
  const start = record.value.start;
  if (start === undefined) return ok({});
  if (typeof start !== "string") return err(gameError("invalid-options", "start must be a position string"));
  const position = parsePosition(start);
  if (!position.ok) return err(gameError("invalid-options", position.error.message));
  return ok({ start: formatPosition(position.value) });
}

function initial(options: OthelloOptions): OthelloState {
  const position = parsePosition(options.start ?? STANDARD_START, options);
  if (!position.ok) throw new Error(`unvalidated Othello options: ${position.error.message}`);
  return position.value;
}

const STATE_VERSION = 1;

function serialize(state: OthelloState): Json {
  const options: Record<string, Json> = {};
  if (state.options.start !== undefined) options.start = state.options.start;
  return { v: STATE_VERSION, game: "othello", position: formatPosition(state), ply: state.ply, options };
}

function deserialize(input: unknown): Result<OthelloState, GameError> {
  if (typeof input !== "object" || input === null) return err(gameError("invalid-state", "not an object"));
  const record = input as Record<string, unknown>;
  if (record.v !== STATE_VERSION || record.game !== "othello") {
    return err(gameError("invalid-state", "not a version-1 Othello state"));
  }
  const ply = record.ply;
  if (typeof ply !== "number" || !Number.isInteger(ply) || ply < 0 || ply > 10_000) {
    return err(gameError("invalid-state", "ply must be a non-negative integer"));
  }
  const options = parseOptions(record.options);
  if (!options.ok) return err(gameError("invalid-state", options.error.message));
  if (typeof record.position !== "string")
    return err(gameError("invalid-state", "position must be a string"));
  const position = parsePosition(record.position, options.value);
  if (!position.ok) return position;
  return ok({ ...position.value, ply });
}

function parseMove(_state: OthelloState, text: string): Result<number, GameError> {
  const square = parseSquare(text.trim());
  if (square < 0)
    return err(gameError("invalid-notation", `'${excerpt(text)}' is not a square a1..h8 or PA`));
  return ok(square);
}

/** Othello perft on the bitboard fast path; agrees with the generic `perft` over `othello`. */
export function perftOthello(state: OthelloState, depth: number): number {
  if (depth === 0) return 1;
  return state.turn === BLACK
    ? perftBits(state.blackLo, state.blackHi, state.whiteLo, state.whiteHi, depth, false)
    : perftBits(state.whiteLo, state.whiteHi, state.blackLo, state.blackHi, depth, false);
}

export const othello: Game<OthelloState, number, OthelloOptions> = {
  id: "othello",
  title: "Othello",
  // PAIP scores a forfeit (resignation, time) as the whole board: 64–0.
  forfeitScore: 64,
  parseOptions,
  seatCount: () => 2,
  chosenStart: (options) => options.start ?? null,
  initial,
  optionsOf: (state) => state.options,
  toMove: (state) => (isOver(state) ? NOBODY_TO_MOVE : (TO_MOVE[state.turn] ?? NOBODY_TO_MOVE)),
  legalMoves,
  forcedMove(state) {
    return !moverCanMove(state) && opponentCanMove(state) ? PASS : null;
  },
  play(state, move, seat, rolls) {
    if (typeof move !== "number" || !Number.isInteger(move) || move < 0 || move > PASS) {
      return err(gameError("malformed-move", "an Othello move is a square 0..63 or 64 for a pass"));
    }
    return checkedPlay(othello, state, move, seat, isLegal, rolls);
  },
  apply: applyMove,
  outcome,
  parseMove,
  formatMove: (_state, move) => squareName(move),
  serialize,
  deserialize,
  hash: hashState,
  render: (state) => renderBoard(state, legalMoves(state)),
  renderSeat: (seat) => (seat === 0 ? "Black (@)" : "White (O)"),
  // A transcript: two characters a move ("f5d6c3"), as Othello players write games.
  splitMoves: (text) => text.match(/.{1,2}/g) ?? [],
  perft: perftOthello,
};
