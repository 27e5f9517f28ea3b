import { type GameError, gameError } from "../../core/errors.js";
import { type Result, err, ok } from "../../core/result.js";
import {
  BLACK,
  type OthelloState,
  STANDARD_START,
  applyMove,
  finalScores,
  formatPosition,
  isOver,
  legalMoves,
  parsePosition,
} from "./rules.js";
import { PASS, parseSquare, squareName } from "./squares.js";

/** Plays `moves` from `start`, refusing the first illegal one with its index. */
export function replay(start: OthelloState, moves: readonly number[]): Result<OthelloState, GameError> {
  let state = start;
  for (const [index, move] of moves.entries()) {
    if (!legalMoves(state).includes(move)) {
      return err(gameError("illegal-move", `move ${index + 1} (${squareName(move)}) is not legal`));
    }
    state = applyMove(state, move);
  }
  return ok(state);
}

/**
 * Reads a transcript like "f5d6c3d3c4" (spaces allowed, any case). Passes
 * may be written as "PA" or left out: a forced pass is inserted wherever the
 * side to move has no move, so the result always lists every ply.
 */
export function parseTranscript(text: string, start?: OthelloState): Result<number[], GameError> {
  const compact = text.replace(/\s+/g, "");
  if (compact.length % 2 !== 0)
    return err(gameError("invalid-notation", "a transcript is a list of squares"));
  let state = start ?? defaultStart();
  const moves: number[] = [];
  for (let i = 0; i < compact.length; i += 2) {
    const token = compact.slice(i, i + 2);
    const square = parseSquare(token);
    if (square < 0) return err(gameError("invalid-notation", `'${token}' is not a square`));
    let legal = legalMoves(state);
    if (square !== PASS && legal.length === 1 && legal[0] === PASS) {
      moves.push(PASS);
      state = applyMove(state, PASS);
      legal = legalMoves(state);
    }
    if (!legal.includes(square)) {
      return err(gameError("illegal-move", `${token} is not legal at move ${moves.length + 1}`));
    }
    moves.push(square);
    state = applyMove(state, square);
  }
  return ok(moves);
}

/**
 * Writes a transcript without passes, the way Othello players write games;
 * only a pass that ends the list is written ("PA"), since nothing implies it.
 */
export function formatTranscript(moves: readonly number[]): string {
  return moves
    .filter((move, index) => move !== PASS || index === moves.length - 1)
    .map(squareName)
    .join("");
}

function defaultStart(): OthelloState {
  const position = parsePosition(STANDARD_START);
  if (!position.ok) throw new Error("the standard start position must parse");
  return position.value;
}

export const RESULT_FLAGS = ["r", "t", "s"] as const;
/** How a game ended early: r resigned, t time out, s mutual score. */
export type ResultFlag = (typeof RESULT_FLAGS)[number];

/** A game record as GGF stores it. */
export interface OthelloRecord {
  readonly start: OthelloState;
  readonly moves: readonly number[];
  readonly black?: string;
  readonly white?: string;
  readonly place?: string;
  readonly date?: string;
  /** Disc difference for black (GGF's "first colour"), and how the game ended if not by play. */
  readonly result?: { readonly score: number; readonly flag?: ResultFlag };
  /** Milliseconds. */
  readonly time?: { readonly baseMs: number; readonly incrementMs: number };
}

/** The result of a finished game for black as GGF writes it: disc difference with WOF scoring. */
export function resultOf(state: OthelloState): { score: number } | undefined {
  if (!isOver(state)) return undefined;
  const [black, white] = finalScores(state);
  return { score: black - white };
}

function formatClock(ms: number): string {
  const totalSeconds = Math.round(ms / 1000);
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  return `${String(minutes).padStart(2, "0")}:${String(seconds).padStart(2, "0")}`;
}

function parseClock(text: string): number | undefined {
  if (text === "") return 0;
  const parts = text.split(":");
  if (parts.length > 3 || parts.some((part) => !/^\d+(\.\d+)?$/.test(part))) return undefined;
  return parts.reduce((total, part) => total * 60 + Number(part), 0) * 1000;
}

function escapeValue(text: string): string {
  return text.replace(/[\\\]]/g, (c) => `\\${c}`);
}

/** Writes a game in the Generic Game Format used by GGS and NBoard. */
export function formatGgf(record: OthelloRecord): string {
  const props: string[] = ["GM[Othello]"];
  if (record.place !== undefined) props.push(`PC[${escapeValue(record.place)}]`);
  if (record.date !== undefined) props.push(`DT[${escapeValue(record.date)}]`);
  if (record.black !== undefined) props.push(`PB[${escapeValue(record.black)}]`);
  if (record.white !== undefined) props.push(`PW[${escapeValue(record.white)}]`);
  if (record.result !== undefined) {
    const { score, flag } = record.result;
    props.push(`RE[${score >= 0 ? "+" : ""}${score.toFixed(3)}${flag === undefined ? "" : `:${flag}`}]`);
  }
  if (record.time !== undefined) {
    props.push(`TI[${formatClock(record.time.baseMs)}/${formatClock(record.time.incrementMs)}/00:00]`);
  }
  props.push("TY[8]");
  const [squares = "", side] = formatPosition(record.start).split(" ");
  props.push(`BO[8 ${squares.replace(/X/g, "*")} ${side === "X" ? "*" : "O"}]`);
  let turn = record.start.turn;
  for (const move of record.moves) {
    props.push(`${turn === BLACK ? "B" : "W"}[${squareName(move)}]`);
    turn = turn === BLACK ? 1 : 0;
  }
  return `(;${props.join("")};)`;
}

/** Reads one GGF game: board, moves (with optional /eval/time), players, result and time. */
export function parseGgf(text: string): Result<OthelloRecord, GameError> {
  const body = text.trim();
  if (!body.startsWith("(;") || !body.endsWith(";)")) {
    return err(gameError("invalid-notation", "a GGF game is written (; … ;)"));
  }
  const props: [string, string][] = [];
  const pattern = /([A-Z]{1,2})\[((?:\\.|[^\]\\])*)\]/g;
  const inner = body.slice(2, -2);
  let consumed = 0;
  for (const match of inner.matchAll(pattern)) {
    if (inner.slice(consumed, match.index).trim() !== "") {
      return err(gameError("invalid-notation", `unexpected text before ${match[1] ?? "?"}`));
    }
    props.push([match[1] ?? "", (match[2] ?? "").replace(/\\(.)/g, "$1")]);
    consumed = match.index + match[0].length;
  }
  if (inner.slice(consumed).trim() !== "") return err(gameError("invalid-notation", "trailing text in GGF"));

  const value = (key: string): string | undefined => props.find(([k]) => k === key)?.[1];
  const game = value("GM");
  if (game !== undefined && game.toLowerCase() !== "othello") {
    return err(gameError("invalid-notation", `not an Othello game: GM[${game}]`));
  }
  const type = value("TY");
  if (type !== undefined && !/^8[a-z]*$/i.test(type.trim())) {
    return err(gameError("invalid-notation", `only 8×8 boards are supported: TY[${type}]`));
  }
  let start: OthelloState;
  const board = value("BO");
  if (board === undefined) {
    start = defaultStart();
  } else {
    // Writers differ in whether rows are separated by spaces, so compare without white space.
    const match = /^8([*O-]{64})([*O])$/.exec(board.replace(/\s+/g, ""));
    const squares = match?.[1];
    const side = match?.[2];
    if (squares === undefined || side === undefined) {
      return err(gameError("invalid-notation", "BO must be 8, 64 squares of * O -, and the side to move"));
    }
    const position = parsePosition(`${squares.replace(/\*/g, "X")} ${side === "*" ? "X" : "O"}`);
    if (!position.ok) return position;
    start = position.value;
  }

  const moves: number[] = [];
  let state = start;
  for (const [key, raw] of props) {
    if (key !== "B" && key !== "W") continue;
    const token = raw.split("/")[0]?.trim() ?? "";
    const square = parseSquare(token);
    if (square < 0) return err(gameError("invalid-notation", `'${token}' is not a move`));
    const colour = key === "B" ? BLACK : 1;
    if (state.turn !== colour && legalMoves(state)[0] === PASS) {
      moves.push(PASS);
      state = applyMove(state, PASS);
    }
    if (state.turn !== colour) return err(gameError("wrong-seat", `${key}[${token}] out of turn`));
    if (!legalMoves(state).includes(square)) {
      return err(gameError("illegal-move", `${key}[${token}] is not legal`));
    }
    moves.push(square);
    state = applyMove(state, square);
  }

  let result: OthelloRecord["result"];
  const re = value("RE");
  if (re !== undefined && re.trim() !== "" && re.trim() !== "?") {
    const match = /^\s*([+-]?\d+(?:\.\d+)?)(?::([rts]))?\s*$/.exec(re);
    if (match === null) return err(gameError("invalid-notation", `RE[${re}] is not a result`));
    const flag = match[2] as ResultFlag | undefined;
    result = flag === undefined ? { score: Number(match[1]) } : { score: Number(match[1]), flag };
  }

  let time: OthelloRecord["time"];
  const ti = value("TI");
  if (ti !== undefined && ti.trim() !== "") {
    const [base = "", increment = ""] = ti.split("/");
    const baseMs = parseClock(base.trim());
    const incrementMs = parseClock(increment.trim());
    if (baseMs === undefined || incrementMs === undefined) {
      return err(gameError("invalid-notation", `TI[${ti}] is not a time control`));
    }
    time = { baseMs, incrementMs };
  }

  const optional = {
    ...(value("PB") === undefined ? {} : { black: value("PB") }),
    ...(value("PW") === undefined ? {} : { white: value("PW") }),
    ...(value("PC") === undefined ? {} : { place: value("PC") }),
    ...(value("DT") === undefined ? {} : { date: value("DT") }),
    ...(result === undefined ? {} : { result }),
    ...(time === undefined ? {} : { time }),
  };
  return ok({ start, moves, ...optional });
}

/** One line of an FFO-style test file: position, side to move, and optionally the exact score, best moves and id. */
export interface FfoEntry {
  readonly state: OthelloState;
  readonly score?: number;
  readonly bestMoves?: readonly number[];
  readonly id?: string;
}

export function parseFfoLine(line: string): Result<FfoEntry, GameError> {
  const fields = line.trim().split(/\s+/);
  const position = parsePosition(`${fields[0] ?? ""} ${fields[1] ?? ""}`);
  if (!position.ok) return position;
  const entry: { state: OthelloState; score?: number; bestMoves?: number[]; id?: string } = {
    state: position.value,
  };
  if (fields[2] !== undefined) {
    if (!/^[+-]?\d+$/.test(fields[2])) return err(gameError("invalid-notation", `bad score '${fields[2]}'`));
    entry.score = Number(fields[2]);
  }
  if (fields[3] !== undefined) {
    const best = fields[3].split(",").map(parseSquare);
    if (best.some((square) => square < 0 || square === PASS)) {
      return err(gameError("invalid-notation", `bad move list '${fields[3]}'`));
    }
    entry.bestMoves = best;
  }
  if (fields[4] !== undefined) entry.id = fields[4];
  return ok(entry);
}
