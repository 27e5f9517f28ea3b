/** An Elo estimate with a 95% interval relative to the anchor. */
export interface EloEstimate {
  readonly rating: number;
  readonly low: number;
  readonly high: number;
}

export interface EloOptions {
  /** Rating of player 0; default 1500. */
  readonly anchor?: number;
  /**
   * Virtual drawn games added to every pair that met. Without them a player
   * who won (or lost) every game has no finite maximum-likelihood rating.
   * Default 1.
   */
  readonly priorDraws?: number;
}

const ELO_PER_NAT = 400 / Math.LN10;

/**
 * Maximum-likelihood Elo ratings (the Bradley–Terry model, draws as half
 * wins) from a table of points and games between each pair, fitted with
 * Hunter's MM iteration and anchored at player 0. Intervals are ±1.96
 * standard errors from the observed Fisher information with player 0 fixed,
 * so they measure distance from the anchor.
 */
export function fitElo(
  points: readonly (readonly number[])[],
  games: readonly (readonly number[])[],
  settings: EloOptions = {},
): EloEstimate[] {
  const n = points.length;
  const anchor = settings.anchor ?? 1500;
  const prior = settings.priorDraws ?? 1;
  if (n === 0) return [];
  const w = (i: number, j: number): number => {
    const played = games[i]?.[j] ?? 0;
    return played > 0 ? (points[i]?.[j] ?? 0) + prior / 2 : 0;
  };
  const g = (i: number, j: number): number => {
    const played = games[i]?.[j] ?? 0;
    return played > 0 ? played + prior : 0;
  };
  const gamma = new Array<number>(n).fill(1);
  for (let iteration = 0; iteration < 10_000; iteration++) {
    let change = 0;
    for (let i = 0; i < n; i++) {
      let won = 0;
      let denominator = 0;
      for (let j = 0; j < n; j++) {
        if (j === i) continue;
        won += w(i, j);
        const played = g(i, j);
        if (played > 0) denominator += played / ((gamma[i] ?? 1) + (gamma[j] ?? 1));
      }
      if (denominator === 0 || won === 0) continue;
      const next = won / denominator;
      change = Math.max(change, Math.abs(Math.log(next / (gamma[i] ?? 1))));
      gamma[i] = next;
    }
    // Rescaling keeps the numbers in range; ratings are relative anyway.
    const base = gamma[0] ?? 1;
    for (let i = 0; i < n; i++) gamma[i] = (gamma[i] ?? 1) / base;
    if (change < 1e-12) break;
  }
  const theta = gamma.map((value) => Math.log(value));
  const variance = anchoredVariance(theta, g);
  return theta.map((value, i) => {
    const rating = anchor + value * ELO_PER_NAT;
    const half = i === 0 ? 0 : 1.96 * Math.sqrt(Math.max(0, variance[i - 1] ?? 0)) * ELO_PER_NAT;
    return { rating, low: rating - half, high: rating + half };
  });
}

/** Diagonal of the inverse Fisher information over players 1..n-1 (player 0 fixed); Infinity if singular. */
function anchoredVariance(theta: readonly number[], g: (i: number, j: number) => number): number[] {
  const m = theta.length - 1;
  if (m <= 0) return [];
  const info = Array.from({ length: m }, () => new Array<number>(m).fill(0));
  for (let i = 0; i < theta.length; i++) {
    for (let j = 0; j < theta.length; j++) {
      if (i === j) continue;
      const p = 1 / (1 + Math.exp((theta[j] ?? 0) - (theta[i] ?? 0)));
      const weight = g(i, j) * p * (1 - p);
      if (i > 0) {
        const row = info[i - 1] as number[];
        row[i - 1] = (row[i - 1] ?? 0) + weight;
        if (j > 0) row[j - 1] = (row[j - 1] ?? 0) - weight;
      }
    }
  }
  const inverse = invert(info);
  return inverse === null ? new Array<number>(m).fill(Infinity) : inverse.map((row, i) => row[i] ?? Infinity);
}

/** Gauss–Jordan inversion with partial pivoting; null for a singular matrix. */
function invert(matrix: readonly (readonly number[])[]): number[][] | null {
  const n = matrix.length;
  const a = matrix.map((row, i) => [...row, ...Array.from({ length: n }, (_, j) => (i === j ? 1 : 0))]);
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let row = col + 1; row < n; row++) {
      if (Math.abs(a[row]?.[col] ?? 0) > Math.abs(a[pivot]?.[col] ?? 0)) pivot = row;
    }
    const pivotRow = a[pivot] as number[];
    const value = pivotRow[col] ?? 0;
    if (Math.abs(value) < 1e-12) return null;
    a[pivot] = a[col] as number[];
    a[col] = pivotRow;
    for (let k = 0; k < 2 * n; k++) pivotRow[k] = (pivotRow[k] ?? 0) / value;
    for (let row = 0; row < n; row++) {
      if (row === col) continue;
      const current = a[row] as number[];
      const factor = current[col] ?? 0;
      if (factor === 0) continue;
      for (let k = 0; k < 2 * n; k++) current[k] = (current[k] ?? 0) - factor * (pivotRow[k] ?? 0);
    }
  }
  return a.map((row) => row.slice(n));
}
