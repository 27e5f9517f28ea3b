import { type TournamentId, type TournamentSummary } from "@arena/protocol";
import { type Clock } from "../clocks/scheduler.js";

/** At most one push of a tournament's row per this window: a 500-player arena's joins are one push a second. */
export const LIST_PUSH_MS = 1_000;

/**
 * The tournaments list's pushes (docs/protocol.md, "Tournaments"): a row that changed goes out at once when
 * its tournament's last push is a window old, otherwise once at the window's end with its newest value; a
 * row equal to the one last pushed goes nowhere.
 */
export class ListPushes {
  private readonly rows = new Map<
    TournamentId,
    { pushed: string; pushedAt: number; pending: TournamentSummary | null }
  >();
  private readonly timers = new Map<TournamentId, () => void>();

  constructor(
    private readonly clock: Clock,
    private readonly push: (summary: TournamentSummary) => void,
  ) {}

  changed(summary: TournamentSummary): void {
    const now = this.clock.now();
    const row = this.rows.get(summary.id);
    if (row === undefined || now - row.pushedAt >= LIST_PUSH_MS) {
      if (row?.pushed === JSON.stringify(summary)) return;
      this.send(summary, now);
      return;
    }
    row.pending = summary;
    if (!this.timers.has(summary.id)) {
      const cancel = this.clock.schedule(row.pushedAt + LIST_PUSH_MS, () => {
        this.timers.delete(summary.id);
        const due = this.rows.get(summary.id);
        if (due?.pending == null) return;
        const pending = due.pending;
        due.pending = null;
        if (due.pushed !== JSON.stringify(pending)) this.send(pending, this.clock.now());
      });
      this.timers.set(summary.id, cancel);
    }
  }

  close(): void {
    for (const cancel of this.timers.values()) cancel();
    this.timers.clear();
  }

  private send(summary: TournamentSummary, at: number): void {
    // A finished row changes no more: nothing of it is kept.
    if (summary.status === "finished") this.rows.delete(summary.id);
    else this.rows.set(summary.id, { pushed: JSON.stringify(summary), pushedAt: at, pending: null });
    this.push(summary);
  }
}
