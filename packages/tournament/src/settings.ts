import { isGameId } from "@arena/engine/registry";
import { rulesFor } from "./game-rules.js";
import { FORMATS, type TournamentSettings } from "./types.js";

export const SETTINGS_REFUSALS = [
  "unknown-game",
  "unknown-format",
  "bad-time-control",
  "rounds-required",
  "duration-required",
  "option-not-for-format",
  "option-not-for-game",
] as const;
export type SettingsRefusal = (typeof SETTINGS_REFUSALS)[number];

/** Swiss rounds and arena minutes allowed (an arena of a day is a league, not a tournament). */
export const MAX_SWISS_ROUNDS = 30;
export const MAX_ARENA_MS = 24 * 3_600_000;

/** Whether the tournament's players may berserk: an arena that allows it (docs/tournaments.md, "Berserk"). */
export function berserkAllowed(settings: TournamentSettings): boolean {
  return settings.format === "arena" && settings.berserk === true;
}

/**
 * Whether settings make a tournament: a known game and format, a time control with a base, swiss
 * rounds (1–30) for a swiss, a duration (up to a day) for an arena, `double` for round-robin only,
 * `berserk` for arenas only, and pairs from one opening without berserk, for games with a fixed start.
 */
export function checkSettings(
  settings: TournamentSettings,
): { readonly ok: true } | { readonly ok: false; readonly code: SettingsRefusal } {
  const refuse = (code: SettingsRefusal) => ({ ok: false, code }) as const;
  const { format, timeControl, rounds, durationMs } = settings;
  if (!isGameId(settings.gameId)) return refuse("unknown-game");
  if (!(FORMATS as readonly string[]).includes(format)) return refuse("unknown-format");
  const wholeMs = (ms: number) => Number.isInteger(ms) && ms >= 0;
  if (!wholeMs(timeControl.baseMs) || !wholeMs(timeControl.incrementMs) || timeControl.baseMs === 0) {
    return refuse("bad-time-control");
  }
  if (
    format === "swiss" &&
    !(rounds !== undefined && Number.isInteger(rounds) && rounds >= 1 && rounds <= MAX_SWISS_ROUNDS)
  ) {
    return refuse("rounds-required");
  }
  if (
    format === "arena" &&
    !(durationMs !== undefined && wholeMs(durationMs) && durationMs > 0 && durationMs <= MAX_ARENA_MS)
  ) {
    return refuse("duration-required");
  }
  if (
    (settings.double === true && format !== "round-robin") ||
    (settings.berserk === true && format !== "arena")
  ) {
    return refuse("option-not-for-format");
  }
  if (settings.pairsFromOneOpening === true) {
    // A berserk is a bet on one game's clock; a pair's result is the sum of two games.
    if (settings.berserk === true) return refuse("option-not-for-format");
    if (rulesFor(settings.gameId).openingPlies === null) return refuse("option-not-for-game");
  }
  if ((rounds !== undefined && format !== "swiss") || (durationMs !== undefined && format !== "arena")) {
    return refuse("option-not-for-format");
  }
  return { ok: true };
}
