import type { Seat } from "../core/game.js";
import type { Evaluator, SearchGame } from "./types.js";

/** murmur3's 32-bit finalizer: spreads every input bit over the output. */
function mix32(x: number): number {
  x = Math.imul(x ^ (x >>> 16), 0x85ebca6b);
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35);
  return (x ^ (x >>> 16)) >>> 0;
}

/**
 * Adds a small pseudo-random amount in `[0, amount)` to every heuristic
 * evaluation, so that moves of equal value are chosen differently from game
 * to game and a larger `amount` makes a weaker, more varied player.
 *
 * The noise is a hash of the position and of one salt drawn from `random`
 * when this is called, not a fresh draw per call: a position keeps one value
 * for the whole search, which keeps alpha-beta and the transposition table
 * consistent. Without `random` the salt is 0 (same noise every game).
 * Terminal states are scored by the search and get no noise.
 */
export function withTieBreakNoise<S>(
  game: Pick<SearchGame<S, unknown>, "hash">,
  evaluate: Evaluator<S>,
  amount: number,
  random?: () => number,
): Evaluator<S> {
  if (!(amount >= 0) || !Number.isFinite(amount))
    throw new RangeError("tie-break noise must be finite and >= 0");
  if (amount === 0) return evaluate;
  const salt = random === undefined ? 0 : Math.floor(random() * 0x1_0000_0000) >>> 0;
  return (state: S, seat: Seat): number => {
    const hash = game.hash(state);
    const high = Math.floor(hash / 0x1_0000_0000) | 0;
    const noise = mix32((hash >>> 0) ^ Math.imul(high, 0x9e3779b1) ^ salt) / 0x1_0000_0000;
    return evaluate(state, seat) + amount * noise;
  };
}
