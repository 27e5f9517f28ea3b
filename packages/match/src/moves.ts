/**
 * One move of a match as the log records it: who played, in the game's notation, whether it was forced,
 * and the dice the server rolled for it if it had chance in it.
 */
export interface PlayedMove {
  readonly seat: number;
  readonly move: string;
  readonly forced: boolean;
  readonly rolls?: readonly number[];
}

/**
 * The moves of a match so far, as an append-only list that models share: each list is a prefix of one
 * array, so a move adds one entry instead of copying every move before it (a quadratic copy per game,
 * and most of what the fold allocated per move). Immutable to its readers: entries below `length`
 * never change.
 */
export class MoveList implements Iterable<PlayedMove> {
  // A private field, not a property: equality (tests) compares the moves and the length, never the array
  // another list may have grown.
  readonly #items: PlayedMove[];

  private constructor(
    items: PlayedMove[],
    readonly length: number,
  ) {
    this.#items = items;
  }

  static empty(): MoveList {
    return new MoveList([], 0);
  }

  static of(moves: readonly PlayedMove[]): MoveList {
    return new MoveList([...moves], moves.length);
  }

  append(move: PlayedMove): MoveList {
    // Another list grew the shared array past this one (a draft that was never kept): this one copies.
    const items = this.#items.length === this.length ? this.#items : this.#items.slice(0, this.length);
    items.push(move);
    return new MoveList(items, this.length + 1);
  }

  /** The first `length` moves (a takeback): shares the array, which `append` copies before growing. */
  take(length: number): MoveList {
    return length >= this.length ? this : new MoveList(this.#items, Math.max(0, length));
  }

  at(index: number): PlayedMove | undefined {
    return index >= 0 && index < this.length ? this.#items[index] : undefined;
  }

  toArray(): PlayedMove[] {
    return this.#items.slice(0, this.length);
  }

  *[Symbol.iterator](): Iterator<PlayedMove> {
    for (let i = 0; i < this.length; i++) yield this.#items[i] as PlayedMove;
  }
}
