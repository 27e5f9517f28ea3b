/**
 * Seeded randomness. A game that needs chance keeps the generator's 32-bit
 * state inside its own state, so a game replays exactly from its seed and
 * its move list.
 */

/** One step of mulberry32: returns the next state and a uniform 32-bit output. */
export function nextRandom(state: number): { readonly state: number; readonly value: number } {
  const next = (state + 0x6d2b79f5) | 0;
  let t = next;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return { state: next >>> 0, value: (t ^ (t >>> 14)) >>> 0 };
}

/** A mutable generator over the same sequence, for callers that draw many numbers. */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** The generator's state, to store and resume from. */
  get seed(): number {
    return this.state;
  }

  /** Uniform 32-bit unsigned integer. */
  nextUint32(): number {
    const step = nextRandom(this.state);
    this.state = step.state;
    return step.value;
  }

  /** Uniform integer in [0, bound). */
  int(bound: number): number {
    return Math.floor((this.nextUint32() / 0x1_0000_0000) * bound);
  }

  /** Uniform float in [0, 1). */
  float(): number {
    return this.nextUint32() / 0x1_0000_0000;
  }

  /** Fisher–Yates shuffle in place. */
  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = this.int(i + 1);
      const a = items[i] as T;
      items[i] = items[j] as T;
      items[j] = a;
    }
    return items;
  }
}
