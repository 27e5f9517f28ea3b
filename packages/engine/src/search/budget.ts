/** How a game's AI levels are asked for a move: the seat's clock and a seeded random source. */
export interface ChooseOptions {
  /** The seat's remaining clock and increment, in ms (Infinity for an untimed game). */
  readonly remainingMs: number;
  readonly incrementMs: number;
  /** The clock, injected to keep the engine pure (milliseconds). */
  readonly now: () => number;
  /** Uniform in [0, 1), seeded by the caller so that games replay. */
  readonly random: () => number;
  /**
   * Under a move ceiling (`moveCeilingMs`), what the move should aim at: a search that plans its own
   * iterations ends them by this, so that the ceiling, twice it, only cuts a move that overran.
   */
  readonly aimMs?: number;
}

export interface ChosenMove {
  readonly move: number;
  /** The value for the seat to move in the level's own unit (0 for a random move). */
  readonly value: number;
  /** Plies searched (0 for a random move). */
  readonly depth: number;
  readonly nodes: number;
}

/**
 * Thinking time for one move: an even share of the remaining clock over the
 * moves still to play (at least 8 assumed), plus most of the increment, never
 * more than half of what is left nor the level's cap. Untimed games get the cap.
 */
export function moveBudgetMs(
  remainingMs: number,
  incrementMs: number,
  movesLeft: number,
  capMs: number,
): number {
  if (!Number.isFinite(remainingMs)) return capMs;
  const share = Math.max(0, remainingMs) / Math.max(8, movesLeft) + 0.8 * Math.max(0, incrementMs);
  return Math.max(0, Math.min(share, remainingMs / 2, capMs));
}
