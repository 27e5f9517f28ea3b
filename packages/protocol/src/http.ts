import { z } from "zod";
import { type TIME_PRESETS } from "./model.js";

/** An AI level as the lobby offers it. */
export const AiLevelInfo = z.object({
  level: z.number().int().min(1),
  name: z.string(),
  description: z.string(),
});
export type AiLevelInfo = z.infer<typeof AiLevelInfo>;

/** A game as the lobby describes it (`GET /api/games`). */
export const GameInfo = z.object({
  id: z.string(),
  title: z.string(),
  /** Seats with the default options (null if the defaults do not parse, which would be a bug). */
  seats: z.number().int().nullable(),
  defaultOptions: z.unknown(),
  aiLevels: z.array(AiLevelInfo),
});
export type GameInfo = z.infer<typeof GameInfo>;

/** `GET /api/games`. */
export interface GamesResponse {
  readonly ok: true;
  readonly games: readonly GameInfo[];
  readonly timePresets: typeof TIME_PRESETS;
}
