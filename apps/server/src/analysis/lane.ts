import { failure, type RateLimited } from "@arena/protocol";

/** The analysis lane's limits (docs/analysis.md, "Where it runs"). */
export interface LaneLimits {
  /** Requests holding the lane at once, over every address: the queue a newcomer can be put behind. */
  readonly total: number;
  /** Requests one address holds at once: its flood waits at its own door, not in everyone's queue. */
  readonly perAddress: number;
}

export const DEFAULT_LANE_LIMITS: LaneLimits = { total: 8, perAddress: 1 };

/** A place in the lane, given back once its request is answered. */
export interface LanePlace {
  readonly ok: true;
  leave(): void;
}

/**
 * Admission to the analysis lane: a global cap and a per-address share, each refused at once as
 * `rate-limited` with when to retry (10 guests × 3 board requests put another user's 1.1 s analysis
 * 61 s behind them). Which admitted request runs next is the pool's (`AiPool.analyze`'s `owner`: round
 * robin between addresses), so one address's requests never queue ahead of another's.
 */
export class AnalysisLane {
  private readonly held = new Map<string, number>();
  private total = 0;

  constructor(private readonly limits: LaneLimits = DEFAULT_LANE_LIMITS) {}

  /**
   * A place for `key` (the client address, or the user when the address is unknown), or a refusal; `holdMs`:
   * how long one request holds its place at most (its budget), which is when to try again.
   */
  enter(key: string, holdMs: number): LanePlace | RateLimited {
    const own = this.held.get(key) ?? 0;
    if (own >= this.limits.perAddress) {
      return limited(`your address has ${own} analysis running; wait for it`, holdMs);
    }
    if (this.total >= this.limits.total) {
      return limited("the analysis queue is full; try again shortly", holdMs);
    }
    this.held.set(key, own + 1);
    this.total++;
    let left = false;
    return {
      ok: true,
      leave: () => {
        if (left) return;
        left = true;
        this.total--;
        const n = (this.held.get(key) ?? 1) - 1;
        if (n > 0) this.held.set(key, n);
        else this.held.delete(key);
      },
    };
  }
}

function limited(message: string, retryAfterMs: number): RateLimited {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return { ...failure("rate-limited", `${message} (${seconds} s)`), code: "rate-limited", retryAfterMs };
}
