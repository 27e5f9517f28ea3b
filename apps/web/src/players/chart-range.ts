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

/**
 * The time axis's labels, through `Intl` in the page's language: dates ("27 нояб.", "11月27日") when the
 * ticks are a day or more apart, else 24-hour times, so no language gets am/pm marks that crowd the axis.
 */
export function timeTicks(locale: string, splits: readonly number[], incrementS: number): string[] {
  const options: Intl.DateTimeFormatOptions =
    incrementS >= 365 * DAY_S
      ? { year: "numeric" }
      : incrementS >= 28 * DAY_S
        ? { year: "numeric", month: "short" }
        : incrementS >= DAY_S
          ? { month: "short", day: "numeric" }
          : { hour: "2-digit", minute: "2-digit", hourCycle: "h23" };
  const format = new Intl.DateTimeFormat(locale, options);
  return splits.map((s) => format.format(new Date(s * 1000)));
}

/** The legend's time of a point under the cursor, in the page's language ("–" off the data). */
export function pointTime(locale: string, seconds: number | null): string {
  if (seconds === null) return "–";
  return new Intl.DateTimeFormat(locale, {
    dateStyle: "medium",
    timeStyle: "short",
    hourCycle: "h23",
  }).format(new Date(seconds * 1000));
}
