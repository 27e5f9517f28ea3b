import { type Clock } from "./scheduler.js";

/**
 * A task run in rounds on the clock (lease upkeep): a round, then the next `everyMs` after it ends. The
 * next round is set even when one failed (a store outage): leases must still be renewed once it is over.
 */
export class Upkeep {
  private cancelNext: (() => void) | null = null;
  private stopped = false;

  constructor(
    private readonly clock: Clock,
    private readonly everyMs: number,
    private readonly round: () => Promise<void>,
    private readonly failed: (error: unknown) => void,
  ) {}

  /** One round now (instead of the one set), then the next. Tests call it too. */
  async run(): Promise<void> {
    if (this.stopped) return;
    this.cancelNext?.();
    try {
      await this.round();
    } finally {
      if (!this.stopped) {
        this.cancelNext = this.clock.schedule(this.clock.now() + this.everyMs, () => {
          void this.run().catch(this.failed);
        });
      }
    }
  }

  stop(): void {
    this.stopped = true;
    this.cancelNext?.();
  }
}
