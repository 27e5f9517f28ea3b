import type { AnyGame } from "@arena/engine/core/game";

/**
 * Forecasts (lichess's conditional premoves; docs/protocol.md, "Forecasts"): lines of plies expected from
 * the current position of a correspondence game, alternating the opponent's replies and the forecaster's
 * answers. Pure: what is legal, and what a played move leaves of the lines.
 */

/** lichess's caps: at most 30 lines of at most 30 plies each. */
export const MAX_FORECAST_LINES = 30;
export const MAX_FORECAST_PLIES = 30;

export type ForecastLines = readonly (readonly string[])[];

export type ForecastCheck =
  | { readonly ok: true; readonly lines: ForecastLines }
  | { readonly ok: false; readonly line: number; readonly ply: number; readonly message: string };

/**
 * Checks every line from `state`: each ply legal in the position the line reached, without chance (no dice
 * can be foreseen), and not past the end of the game. The lines come back in the game's own notation (as
 * `formatMove` writes it), so that a played move is matched by its text. Empty lines are dropped.
 */
export function checkForecast(game: AnyGame, state: unknown, lines: ForecastLines): ForecastCheck {
  if (lines.length > MAX_FORECAST_LINES)
    return { ok: false, line: MAX_FORECAST_LINES, ply: 0, message: `at most ${MAX_FORECAST_LINES} lines` };
  const checked: string[][] = [];
  for (const [line, plies] of lines.entries()) {
    if (plies.length > MAX_FORECAST_PLIES) {
      return {
        ok: false,
        line,
        ply: MAX_FORECAST_PLIES,
        message: `at most ${MAX_FORECAST_PLIES} plies a line`,
      };
    }
    let at = state;
    const canonical: string[] = [];
    for (const [ply, text] of plies.entries()) {
      const fail = (message: string): ForecastCheck => ({ ok: false, line, ply, message });
      const mover = game.toMove(at)[0];
      if (mover === undefined) return fail("the game is over before this ply");
      const parsed = game.parseMove(at, text);
      if (!parsed.ok) return fail(parsed.error.message);
      if ((game.diceFor?.(at, parsed.value) ?? []).length > 0)
        return fail("a move with dice cannot be foreseen");
      const played = game.play(at, parsed.value, mover);
      if (!played.ok) return fail(played.error.message);
      canonical.push(game.formatMove(at, parsed.value));
      at = played.value;
    }
    if (canonical.length > 0) checked.push(canonical);
  }
  return { ok: true, lines: checked };
}

/** What a played move (in the game's notation) leaves: the tails of the lines it began; none when none matched. */
export function forecastAfter(lines: ForecastLines, move: string): ForecastLines {
  return lines.filter((line) => line[0] === move && line.length > 1).map((line) => line.slice(1));
}

/**
 * The ply to play for the forecaster now that the lines are `lines` and it is their turn: the first line's
 * next ply (lines are kept in the order given, so the first one written wins a tie). Null when none is left.
 */
export function forecastMove(lines: ForecastLines): string | null {
  return lines[0]?.[0] ?? null;
}
