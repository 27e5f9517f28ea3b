/**
 * A puzzle as the seed files and the future store keep it (docs/puzzles.md, "The file format"): one JSON
 * object per line. Everything in it is checked once, by `parsePuzzle`, when a line is read.
 */
import { type GameId, type Result, err, isGameId, ok } from "@arena/engine";

/** The unit of a proof's values: final disc difference, White moves to mate, or Pons's score. */
export const PROOF_UNITS = ["discs", "moves-to-mate", "outcome-score"] as const;
export type ProofUnit = (typeof PROOF_UNITS)[number];

export const PUZZLE_RESULTS = ["win", "draw", "loss"] as const;
/** The player's result under best play from the puzzle's position. */
export type PuzzleResult = (typeof PUZZLE_RESULTS)[number];

/** One legal move of the player and the exact value of the position it leads to (null: a draw in KRK). */
export interface MoveValue {
  readonly move: string;
  readonly value: number | null;
}

/** Why a player move is the only one: every legal move with its exact value. */
export interface ProofStep {
  /** The move of the solution, in the game's notation. */
  readonly move: string;
  /** Every legal move, the solution's included, in the game's move order. */
  readonly values: readonly MoveValue[];
}

/** Where a generated puzzle came from: `arena puzzles build`'s seed, the self-play game, the ply in it. */
export interface GeneratedSource {
  readonly seed: number;
  readonly game: number;
  readonly ply: number;
}

/** Where a mined puzzle came from: a finished Arena match and the ply in it (docs/puzzles.md, "Mining"). */
export interface MinedSource {
  readonly match: string;
  readonly ply: number;
}

export type PuzzleSource = GeneratedSource | MinedSource;

export function isGenerated(source: PuzzleSource): source is GeneratedSource {
  return "seed" in source;
}

export interface Puzzle {
  /** `<gameId>-<hash of the position>`: the same position is the same puzzle. */
  readonly id: string;
  readonly gameId: GameId;
  /** The position in the game's own notation (Othello: `arena solve`'s line; KRK: FEN; Connect Four: Pons's moves). */
  readonly position: string;
  /** The seat of the player who solves the puzzle. */
  readonly sideToMove: number;
  readonly result: PuzzleResult;
  /** The exact value of the position for the player, in `unit`. */
  readonly value: number;
  readonly unit: ProofUnit;
  /** The solution: player move, forced reply, player move, …, ending with a player move. */
  readonly line: readonly string[];
  /** One step per player move of `line`. */
  readonly proof: readonly ProofStep[];
  readonly themes: readonly string[];
  readonly source: PuzzleSource;
}

/**
 * What a proof's value is worth to the player, higher being better: discs and Pons's score as they are; in
 * moves to mate, sooner for the side that mates and later for the side that is mated; a draw (null, KRK) is
 * the mated side's best and the mating side's worst.
 */
export function playerWorth(puzzle: Pick<Puzzle, "unit" | "result">, value: number | null): number {
  const defending = puzzle.result === "loss";
  if (value === null) return defending ? Infinity : -Infinity;
  if (puzzle.unit !== "moves-to-mate") return value;
  return defending ? value : -value;
}

/** A puzzle of `arena puzzles build`'s self-play. */
export type GeneratedPuzzle = Puzzle & { readonly source: GeneratedSource };

/** What a finder knows of a puzzle; the generator adds the id, the game and the source. */
export type FoundPuzzle = Omit<Puzzle, "id" | "gameId" | "source">;

/** cyrb53: a 53-bit string hash, enough to tell apart the positions of every puzzle we will ever keep. */
function hash53(text: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

export function puzzleId(gameId: GameId, position: string): string {
  return `${gameId}-${hash53(position).toString(36).padStart(11, "0")}`;
}

/** A line of a puzzle file; keys in a fixed order so that the same puzzle is the same bytes. */
export function formatPuzzle(puzzle: Puzzle): string {
  const { id, gameId, position, sideToMove, result, value, unit, line, proof, themes, source } = puzzle;
  return JSON.stringify({
    id,
    gameId,
    position,
    sideToMove,
    result,
    value,
    unit,
    line,
    proof,
    themes,
    source,
  });
}

export type PuzzleError = { readonly code: "invalid-puzzle"; readonly message: string };

function invalid(message: string): { readonly ok: false; readonly error: PuzzleError } {
  return err({ code: "invalid-puzzle", message });
}

const KEYS = [
  "id",
  "gameId",
  "position",
  "sideToMove",
  "result",
  "value",
  "unit",
  "line",
  "proof",
  "themes",
  "source",
];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

const isString = (value: unknown): value is string => typeof value === "string" && value.length <= 200;
const isInt = (value: unknown): value is number => typeof value === "number" && Number.isSafeInteger(value);

function readSteps(input: unknown): ProofStep[] | null {
  if (!Array.isArray(input) || input.length === 0 || input.length > 64) return null;
  const steps: ProofStep[] = [];
  for (const step of input) {
    if (!isRecord(step) || !isString(step["move"]) || !Array.isArray(step["values"])) return null;
    const values: MoveValue[] = [];
    for (const entry of step["values"] as unknown[]) {
      if (!isRecord(entry) || !isString(entry["move"])) return null;
      const value = entry["value"];
      if (value !== null && !isInt(value)) return null;
      values.push({ move: entry["move"], value });
    }
    steps.push({ move: step["move"], values });
  }
  return steps;
}

function readSource(input: unknown): PuzzleSource | null {
  if (!isRecord(input) || !isInt(input["ply"]) || input["ply"] < 0) return null;
  const keys = Object.keys(input).sort().join(",");
  const ply = input["ply"];
  if (keys === "game,ply,seed" && isInt(input["seed"]) && isInt(input["game"])) {
    return { seed: input["seed"], game: input["game"], ply };
  }
  if (keys === "match,ply" && isString(input["match"]) && input["match"].length > 0) {
    return { match: input["match"], ply };
  }
  return null;
}

/** Reads one line of a puzzle file into a checked `Puzzle` (the shape only: `verifyPuzzle` re-solves it). */
export function parsePuzzle(text: string): Result<Puzzle, PuzzleError> {
  let input: unknown;
  try {
    input = JSON.parse(text);
  } catch {
    return invalid("not JSON");
  }
  if (!isRecord(input)) return invalid("a puzzle is an object");
  const unknown = Object.keys(input).filter((key) => !KEYS.includes(key));
  if (unknown.length > 0) return invalid(`unknown field(s): ${unknown.slice(0, 5).join(", ")}`);
  const { id, gameId, position, sideToMove, result, value, unit, line, proof, themes, source } = input;
  if (!isGameId(gameId)) return invalid("unknown gameId");
  if (!isString(position) || id !== puzzleId(gameId, position)) return invalid("id is not the position's");
  if (!isInt(sideToMove) || sideToMove < 0) return invalid("sideToMove is a seat");
  if (!(PUZZLE_RESULTS as readonly unknown[]).includes(result)) return invalid("result is win, draw or loss");
  if (!isInt(value)) return invalid("value is an integer");
  if (!(PROOF_UNITS as readonly unknown[]).includes(unit)) return invalid("unknown unit");
  if (!Array.isArray(line) || line.length === 0 || line.length > 64 || !line.every(isString)) {
    return invalid("line is a list of moves");
  }
  const steps = readSteps(proof);
  if (steps === null || steps.length !== (line.length + 1) / 2)
    return invalid("one proof step per player move");
  if (!Array.isArray(themes) || !themes.every(isString)) return invalid("themes is a list of names");
  const from = readSource(source);
  if (from === null) return invalid("source is {seed, game, ply} or {match, ply}");
  return ok({
    id,
    gameId,
    position,
    sideToMove,
    result: result as PuzzleResult,
    value,
    unit: unit as ProofUnit,
    line,
    proof: steps,
    themes,
    source: from,
  });
}
