/**
 * A serial mailbox: tasks run one at a time in arrival order, each seeing
 * the state the previous one left. A failing task does not stop the queue.
 */
export class Mailbox {
  private tail: Promise<unknown> = Promise.resolve();
  private depth = 0;

  post<T>(task: () => Promise<T> | T): Promise<T> {
    this.depth++;
    const run = this.tail.then(task);
    this.tail = run.then(this.settled, this.settled);
    return run;
  }

  /** Shared by every task: a move should not allocate two closures just to count itself out. */
  private readonly settled = (): void => {
    this.depth--;
  };

  get pending(): number {
    return this.depth;
  }
}
