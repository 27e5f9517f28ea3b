/** What a stored value says about the true value. */
export const BOUND = {
  /** The value is exact. */
  exact: 0,
  /** The true value is at least the stored one (the node failed high). */
  lower: 1,
  /** The true value is at most the stored one (the node failed low). */
  upper: 2,
} as const;

export type Bound = (typeof BOUND)[keyof typeof BOUND];

const BOUND_MASK = 3;
/**
 * The subtree below the entry reached no depth horizon: every leaf was a
 * finished game, so the value holds at any greater depth too.
 */
const SOLVED = 4;

/** Default number of entries (slots) of a table. */
export const DEFAULT_TABLE_SIZE = 1 << 16;

/**
 * A bounded transposition table in flat typed arrays: about 24 bytes per
 * entry and no allocation after construction.
 *
 * Entries are keyed by `game.hash(state)` (a safe integer, stored whole in a
 * Float64Array so a bucket collision is detected exactly). Each bucket holds
 * two entries: the first is replaced only by a search at least as deep or
 * when it is from an older search (aging), the second is always replaced, so
 * deep results survive while recent ones are still found.
 *
 * Values are stored as the search hands them over; the engine converts win
 * scores to and from "distance from this node" itself. A table may be kept
 * across searches (call `newSearch` before each, as `search` does) when the
 * evaluator is antisymmetric between the two seats, because stored values are
 * from the point of view of the seat to move at each node. Games of more than
 * two seats search paranoidly for one root seat, so clear the table when the
 * root seat changes.
 */
export class TranspositionTable {
  /** Number of entries (a power of two). */
  readonly size: number;
  private readonly mask: number;
  private readonly keys: Float64Array;
  private readonly values: Float64Array;
  private readonly moves: Int32Array;
  private readonly depths: Int16Array;
  private readonly flags: Uint8Array;
  private readonly ages: Uint8Array;
  private generation = 1;

  /** `size` is rounded up to a power of two, at least 2. */
  constructor(size: number = DEFAULT_TABLE_SIZE) {
    if (!Number.isInteger(size) || size < 1 || size > 1 << 28) {
      throw new RangeError("table size must be an integer from 1 to 2^28");
    }
    let entries = 2;
    while (entries < size) entries *= 2;
    this.size = entries;
    this.mask = entries / 2 - 1;
    this.keys = new Float64Array(entries).fill(NaN);
    this.values = new Float64Array(entries);
    this.moves = new Int32Array(entries).fill(-1);
    this.depths = new Int16Array(entries);
    this.flags = new Uint8Array(entries);
    this.ages = new Uint8Array(entries);
  }

  /** Forgets every entry. */
  clear(): void {
    this.keys.fill(NaN);
    this.moves.fill(-1);
    this.ages.fill(0);
    this.generation = 1;
  }

  /** Starts a new search: entries of earlier searches become the first to be replaced. */
  newSearch(): void {
    // Skips 0 so that a never-written entry (age 0) always looks old.
    this.generation = this.generation === 255 ? 1 : this.generation + 1;
  }

  /** The slot holding `hash`, or -1. */
  probe(hash: number): number {
    const slot = this.bucketOf(hash) * 2;
    if (this.keys[slot] === hash) return slot;
    if (this.keys[slot + 1] === hash) return slot + 1;
    return -1;
  }

  valueAt(slot: number): number {
    return this.values[slot] ?? 0;
  }

  /** Remaining depth the stored value was searched to. */
  depthAt(slot: number): number {
    return this.depths[slot] ?? 0;
  }

  boundAt(slot: number): Bound {
    return ((this.flags[slot] ?? 0) & BOUND_MASK) as Bound;
  }

  /** True when the value does not depend on the depth (see `store`). */
  solvedAt(slot: number): boolean {
    return ((this.flags[slot] ?? 0) & SOLVED) !== 0;
  }

  /** Index of the best move in the node's move list, or -1. */
  moveAt(slot: number): number {
    return this.moves[slot] ?? -1;
  }

  /**
   * Records a search result. `solved` says that no leaf below was cut off by
   * the depth limit, so the value also holds for any deeper search. A
   * `move` of -1 keeps the move already stored for the same position.
   */
  store(hash: number, depth: number, bound: Bound, value: number, move: number, solved: boolean): void {
    const first = this.bucketOf(hash) * 2;
    const second = first + 1;
    let slot = second;
    if (
      this.keys[first] === hash ||
      this.ages[first] !== this.generation ||
      depth >= (this.depths[first] ?? 0)
    ) {
      slot = first;
      if (this.keys[second] === hash) this.keys[second] = NaN;
    }
    if (move < 0 && this.keys[slot] === hash) move = this.moves[slot] ?? -1;
    this.keys[slot] = hash;
    this.values[slot] = value;
    this.moves[slot] = move;
    this.depths[slot] = depth;
    this.flags[slot] = bound | (solved ? SOLVED : 0);
    this.ages[slot] = this.generation;
  }

  private bucketOf(hash: number): number {
    // Folds the high bits in: hashes are 53-bit and the low word alone may be weak.
    return (hash ^ Math.floor(hash / 0x1_0000_0000)) & this.mask;
  }
}
