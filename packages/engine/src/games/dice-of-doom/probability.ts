import { MAX_DICE } from "./types.js";

/**
 * The book's `*dice-probability*`: `DICE_PROBABILITY[dst - 1][src - 2]` is the
 * chance that `src` dice beat `dst` dice (attacker's sum strictly greater),
 * rounded to two places, for 2..5 attacking and 1..5 defending dice.
 */
export const DICE_PROBABILITY: readonly (readonly number[])[] = Object.freeze([
  Object.freeze([0.84, 0.97, 1.0, 1.0]),
  Object.freeze([0.44, 0.78, 0.94, 0.99]),
  Object.freeze([0.15, 0.45, 0.74, 0.91]),
  Object.freeze([0.04, 0.19, 0.46, 0.72]),
  Object.freeze([0.01, 0.06, 0.22, 0.46]),
]);

/** Distribution of the sum of k six-sided dice, for k = 0..MAX_DICE. */
const SUM_DISTRIBUTIONS: readonly (readonly number[])[] = (() => {
  const out: number[][] = [[1]];
  for (let k = 1; k <= MAX_DICE; k++) {
    const prev = out[k - 1] ?? [1];
    const next = new Array<number>(prev.length + 6).fill(0);
    prev.forEach((p, sum) => {
      for (let face = 1; face <= 6; face++) next[sum + face] = (next[sum + face] ?? 0) + p / 6;
    });
    out.push(next);
  }
  return out;
})();

/** Exact P(sum of `src` d6 > sum of `dst` d6). */
export function exactAttackProbability(src: number, dst: number): number {
  const a = SUM_DISTRIBUTIONS[src];
  const d = SUM_DISTRIBUTIONS[dst];
  if (a === undefined || d === undefined) return 0;
  let below = 0;
  let win = 0;
  // `below` accumulates P(defender < s) as the attacker's sum s grows.
  for (let s = 0; s < a.length; s++) {
    win += (a[s] ?? 0) * below;
    below += d[s] ?? 0;
  }
  return win;
}

const EXACT: readonly (readonly number[])[] = Array.from({ length: MAX_DICE + 1 }, (_, src) =>
  Array.from({ length: MAX_DICE + 1 }, (_unused, dst) => exactAttackProbability(src, dst)),
);

/**
 * The success probability the search should use: the book's table where it
 * has an entry, and the exact value for the larger dice counts that a
 * `maxDice` above 5 allows (the book never needed them).
 */
export function attackProbability(src: number, dst: number): number {
  if (src < 2) return 0;
  return DICE_PROBABILITY[dst - 1]?.[src - 2] ?? EXACT[src]?.[dst] ?? 0;
}
