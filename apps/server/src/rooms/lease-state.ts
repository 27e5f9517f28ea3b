/**
 * Whether this process holds a match's lease: only the holder runs the match's timer and AI seats. Each
 * change is told once, to the room (which re-arms) and to the process (which follows the match's news in
 * the role the lease gives it).
 */
export class LeaseState {
  private held = false;

  constructor(private readonly changed: (held: boolean) => void) {}

  get owned(): boolean {
    return this.held;
  }

  /** This process took the lease (its timer and AI start on the room's `resume()`). */
  take(): void {
    if (this.held) return;
    this.held = true;
    this.changed(true);
  }

  /** Another process runs the match now (or nobody: it ended). */
  release(): void {
    const was = this.held;
    this.held = false;
    if (was) this.changed(false);
  }
}
