import { type MatchId, type UserId } from "@arena/protocol";

/** Lines of plies, each from the position the forecast was set in (packages/match/src/forecast.ts). */
export type StoredLines = readonly (readonly string[])[];

/**
 * Each player's forecast in a correspondence match (docs/protocol.md, "Forecasts"), durable in every
 * backend. Kept beside the match, not in its log: the log is everyone's to read (spectators, the opponent),
 * and a forecast is its player's secret. Every method may reject when the backing service is down.
 */
export interface ForecastStore {
  /** The player's lines in the match; [] when none. */
  get(matchId: MatchId, userId: UserId): Promise<StoredLines>;
  /** Replaces them ([] clears them). */
  put(matchId: MatchId, userId: UserId, lines: StoredLines): Promise<void>;
}
