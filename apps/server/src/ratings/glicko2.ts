/**
 * Glicko-2 (Mark Glickman, "Example of the Glicko-2 system", 2013), as docs/architecture.md "Ratings"
 * describes: every game is a rating period of its own (as lichess rates), and time away from rated games
 * counts as fractional periods without games (`asOf`), so a player's RD grows while they are away.
 */

/** A rating on the Glicko scale. */
export interface Glicko {
  readonly rating: number;
  readonly rd: number;
  readonly volatility: number;
}

/** One game of the period: the opponent's rating before it, and the score (1 win, 0.5 draw, 0 loss). */
export interface Outcome {
  readonly opponent: Pick<Glicko, "rating" | "rd">;
  readonly score: number;
}

/** A new player's rating (lichess and the paper alike). */
export const INITIAL: Glicko = { rating: 1500, rd: 350, volatility: 0.06 };
/** The system constant τ: how fast volatility may change (the paper's example uses 0.5). */
export const TAU = 0.5;
/** RD is never above the initial one, nor below this floor (lichess's 45 keeps ratings movable). */
export const MIN_RD = 45;
/** Above this RD a rating is provisional, shown with "?" and kept off leaderboards. */
export const PROVISIONAL_RD = 110;

const SCALE = 173.7178;
const EPSILON = 0.000001;

const g = (phi: number): number => 1 / Math.sqrt(1 + (3 * phi * phi) / (Math.PI * Math.PI));
const expected = (mu: number, muJ: number, phiJ: number): number => 1 / (1 + Math.exp(-g(phiJ) * (mu - muJ)));

/**
 * The rating after one period of games (steps 1–8 of the paper). With no games the RD grows by the
 * volatility (step 6), which this project never asks for: a period is one game.
 */
export function rate(player: Glicko, outcomes: readonly Outcome[], tau = TAU): Glicko {
  const mu = (player.rating - 1500) / SCALE;
  const phi = player.rd / SCALE;
  const sigma = player.volatility;
  if (outcomes.length === 0) {
    return { ...player, rd: Math.min(INITIAL.rd, Math.sqrt(phi * phi + sigma * sigma) * SCALE) };
  }
  const games = outcomes.map(({ opponent, score }) => {
    const muJ = (opponent.rating - 1500) / SCALE;
    const phiJ = opponent.rd / SCALE;
    return { gJ: g(phiJ), e: expected(mu, muJ, phiJ), score };
  });
  // Step 3: the estimated variance; step 4: the estimated improvement.
  const v = 1 / games.reduce((sum, { gJ, e }) => sum + gJ * gJ * e * (1 - e), 0);
  const improvement = games.reduce((sum, { gJ, e, score }) => sum + gJ * (score - e), 0);
  const delta = v * improvement;
  // Step 5: the new volatility, by the Illinois algorithm.
  const a = Math.log(sigma * sigma);
  const f = (x: number): number => {
    const ex = Math.exp(x);
    const d = phi * phi + v + ex;
    return (ex * (delta * delta - phi * phi - v - ex)) / (2 * d * d) - (x - a) / (tau * tau);
  };
  let lower = a;
  let upper: number;
  if (delta * delta > phi * phi + v) {
    upper = Math.log(delta * delta - phi * phi - v);
  } else {
    let k = 1;
    while (f(a - k * tau) < 0) k++;
    upper = a - k * tau;
  }
  let fLower = f(lower);
  let fUpper = f(upper);
  while (Math.abs(upper - lower) > EPSILON) {
    const c = lower + ((lower - upper) * fLower) / (fUpper - fLower);
    const fC = f(c);
    if (fC * fUpper <= 0) {
      lower = upper;
      fLower = fUpper;
    } else {
      fLower /= 2;
    }
    upper = c;
    fUpper = fC;
  }
  const newSigma = Math.exp(lower / 2);
  // Steps 6–8: the pre-period RD, the new RD and rating, back on the Glicko scale.
  const phiStar = Math.sqrt(phi * phi + newSigma * newSigma);
  const newPhi = 1 / Math.sqrt(1 / (phiStar * phiStar) + 1 / v);
  const newMu = mu + newPhi * newPhi * improvement;
  return { rating: newMu * SCALE + 1500, rd: newPhi * SCALE, volatility: newSigma };
}

/**
 * How many rating periods pass in a day without games: lichess's 0.21436 (a period every 4.7 days), with
 * which an established RD of 50 is provisional again (110) after about 14 months away and back at 350 after
 * some 14 years (volatility 0.06).
 */
export const RATING_PERIODS_PER_DAY = 0.21436;
const DAY_MS = 86_400_000;

/**
 * The rating as of `now`, its last game at `ratedAt` (null: unknown, as for ratings kept before this rule):
 * a player away for t rating periods is less certain, φ* = √(φ² + t·σ²) (step 6 of the paper over t
 * periods without games, fractional as lichess has it), never above the initial RD.
 */
export function asOf(player: Glicko, ratedAt: number | null, now: number): Glicko {
  if (ratedAt === null || !(now > ratedAt)) return player;
  const periods = ((now - ratedAt) / DAY_MS) * RATING_PERIODS_PER_DAY;
  const phi = player.rd / SCALE;
  const grown = Math.sqrt(phi * phi + periods * player.volatility * player.volatility) * SCALE;
  return { ...player, rd: Math.min(INITIAL.rd, grown) };
}

/** The rating as this project keeps it: RD clamped to [MIN_RD, INITIAL.rd]. */
export function rateGame(player: Glicko, opponent: Glicko, score: number): Glicko {
  const next = rate(player, [{ opponent, score }]);
  return { ...next, rd: Math.min(INITIAL.rd, Math.max(MIN_RD, next.rd)) };
}

export const isProvisional = (rd: number): boolean => rd > PROVISIONAL_RD;
