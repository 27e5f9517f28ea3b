import { z } from "zod";
import { MatchId } from "./ids.js";

/**
 * Post-game analysis and the analysis board over HTTP (docs/protocol.md, "Analysis"; what the values
 * mean: docs/analysis.md).
 */

/** The units an analysis reports values in; the engine's `ANALYSIS_UNITS` (a server test keeps them equal). */
export const ANALYSIS_UNIT_NAMES = ["discs", "outcome-score", "heuristic", "win-chance"] as const;
export const AnalysisUnitName = z.enum(ANALYSIS_UNIT_NAMES);
export type AnalysisUnitName = z.infer<typeof AnalysisUnitName>;

export const OUTCOME_KINDS = ["win", "draw", "loss"] as const;

/** One analysed position: its value for every seat, a best move and the line expected from it. */
export const AnalysedPosition = z.object({
  unit: AnalysisUnitName,
  /** The seat to move (for a finished game, the seat that would have moved). */
  seat: z.number().int().min(0),
  values: z.array(z.number()),
  /** `values[seat]`. */
  value: z.number(),
  /** Proven rather than estimated. */
  exact: z.boolean(),
  /** The engine's move value, for boards that mark squares; null when the game is over. */
  bestMove: z.number().nullable(),
  bestMoveText: z.string().nullable(),
  pv: z.array(z.number()),
  pvText: z.array(z.string()),
  depth: z.number(),
  nodes: z.number(),
  /** For exact results: win, draw or loss for the side to move and the winner's moves left, when known. */
  outcome: z.object({ kind: z.enum(OUTCOME_KINDS), moves: z.number().nullable() }).optional(),
});
export type AnalysedPosition = z.infer<typeof AnalysedPosition>;

/** A played move measured against the best one. */
export const AnalysedMove = z.object({
  /** The seat that played it. */
  seat: z.number().int().min(0),
  move: z.string(),
  /** The mover's value before it minus after it, in the unit; null when the two are not comparable. */
  loss: z.number().nullable(),
  /** Both values proven. */
  exact: z.boolean(),
  /** The best move in the position before it (what the board shows). */
  bestMoveText: z.string().nullable(),
});
export type AnalysedMove = z.infer<typeof AnalysedMove>;

/** A finished match's analysis: `positions[i]` before move i (the last one after the last move). */
export const MatchAnalysis = z.object({
  matchId: MatchId,
  gameId: z.string(),
  /** The budget each position was given, in milliseconds. */
  budgetMs: z.number(),
  positions: z.array(AnalysedPosition),
  moves: z.array(AnalysedMove),
  /** Server time when it was finished. */
  finishedAt: z.number(),
});
export type MatchAnalysis = z.infer<typeof MatchAnalysis>;

/** `POST` and `GET /api/matches/:id/analysis`. */
export const AnalysisStatus = z.discriminatedUnion("state", [
  /** The match exists and nobody has asked for its analysis yet: a normal answer, not a missing page. */
  z.object({ ok: z.literal(true), state: z.literal("none") }),
  z.object({ ok: z.literal(true), state: z.literal("running"), done: z.number(), total: z.number() }),
  z.object({ ok: z.literal(true), state: z.literal("done"), analysis: MatchAnalysis }),
]);
export type AnalysisStatus = z.infer<typeof AnalysisStatus>;

/** `analysis:progress`: a match's analysis state, pushed to the sockets watching the match. */
export type AnalysisProgress = { readonly matchId: MatchId } & AnalysisStatus;

/** `POST /api/analysis/position`: a position set up by hand or opened from a game. */
export const PositionAnalysisRequest = z
  .object({
    gameId: z.string().min(1).max(32),
    /** The game's serialized state (what `Game.serialize` writes); the engine validates it. */
    position: z.unknown(),
  })
  .strict();
export type PositionAnalysisRequest = z.infer<typeof PositionAnalysisRequest>;

export const PositionAnalysisResponse = z.object({ ok: z.literal(true), analysis: AnalysedPosition });
export type PositionAnalysisResponse = z.infer<typeof PositionAnalysisResponse>;
