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
