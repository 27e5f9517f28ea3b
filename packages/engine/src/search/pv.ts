/**
 * Triangular principal-variation table: row `ply` holds the best line found
 * from that ply on. Preallocated, so updating it allocates nothing.
 */
export class PvTable<M> {
  private readonly moves: (M | undefined)[];
  private readonly lengths: Int32Array;
  private readonly stride: number;

  /** `maxPly` is the deepest ply that will be cleared or updated. */
  constructor(maxPly: number) {
    this.stride = maxPly + 2;
    this.moves = new Array<M | undefined>(this.stride * this.stride).fill(undefined);
    this.lengths = new Int32Array(this.stride);
  }

  clear(ply: number): void {
    this.lengths[ply] = 0;
  }

  /** `move` became the best at `ply`: the line is `move` then the child's line. */
  update(ply: number, move: M): void {
    const row = ply * this.stride;
    const childRow = row + this.stride;
    const childLength = this.lengths[ply + 1] ?? 0;
    this.moves[row] = move;
    for (let i = 0; i < childLength; i++) this.moves[row + 1 + i] = this.moves[childRow + i];
    this.lengths[ply] = childLength + 1;
  }

  line(ply: number): M[] {
    const row = ply * this.stride;
    const length = this.lengths[ply] ?? 0;
    const line: M[] = [];
    for (let i = 0; i < length; i++) line.push(this.moves[row + i] as M);
    return line;
  }
}
