/** A day in seconds, the unit of the rating chart's time axis (uPlot's time scale counts seconds). */
const DAY_S = 86_400;

/**
 * The rating chart's time axis, in Unix seconds: a day either side when the games all fall in one second
 * (a player's first rated game), else the range uPlot proposes (the games' span, or the part the viewer
 * zoomed to). uPlot widens a lone moment by 86400 / its unit, meant as a day but 1000 days for data in
 * seconds: the one point sat at the left of three empty years.
 */
export function timeRange(
  first: number,
  last: number,
  proposed: readonly [number, number],
): [number, number] {
  return first === last ? [first - DAY_S, last + DAY_S] : [proposed[0], proposed[1]];
}

/** The rating axis's step: its ends fall on multiples of it. */
const RATING_STEP = 50;

/**
 * The rating chart's value axis: the points' span with a tenth of it either side, at least 50 points
 * either side (one game, or a flat run), ends rounded out to multiples of 50 and never below 0. uPlot's
 * own range for a lone value ran 0–3000, flattening every change.
 */
export function ratingRange(min: number, max: number): [number, number] {
  const pad = Math.max((max - min) / 10, RATING_STEP);
  const low = Math.max(0, Math.floor((min - pad) / RATING_STEP) * RATING_STEP);
  return [low, Math.ceil((max + pad) / RATING_STEP) * RATING_STEP];
}
