/*
 * An independent reference for the tests: a mutable column × row grid with
 * plain coordinate loops, sharing no code with the bitboard implementation.
 */

export const EMPTY = -1;

export class NaiveBoard {
  readonly width: number;
  readonly height: number;
  readonly k: number;
  /** cells[column][row], row 0 at the bottom. */
  readonly cells: number[][];
  readonly heights: number[];
  readonly history: number[] = [];
  seat: number;
  /** -1 while the game is on, a seat after a win, 2 after a draw. */
  result = -1;

  constructor(width: number, height: number, k: number, firstSeat = 0) {
    this.width = width;
    this.height = height;
    this.k = k;
    this.seat = firstSeat;
    this.cells = Array.from({ length: width }, () => new Array<number>(height).fill(EMPTY));
    this.heights = new Array<number>(width).fill(0);
  }

  get over(): boolean {
    return this.result !== -1;
  }

  at(column: number, row: number): number {
    if (column < 0 || column >= this.width || row < 0 || row >= this.height) return EMPTY;
    return this.cells[column]?.[row] ?? EMPTY;
  }

  legal(): number[] {
    if (this.over) return [];
    const moves: number[] = [];
    for (let column = 0; column < this.width; column++) {
      if ((this.heights[column] ?? 0) < this.height) moves.push(column);
    }
    return moves;
  }

  /** Longest run of `seat` through (column, row) along (dc, dr). */
  private run(column: number, row: number, dc: number, dr: number, seat: number): number {
    let length = 1;
    for (let c = column + dc, r = row + dr; this.at(c, r) === seat; c += dc, r += dr) length++;
    for (let c = column - dc, r = row - dr; this.at(c, r) === seat; c -= dc, r -= dr) length++;
    return length;
  }

  lineThrough(column: number, row: number): boolean {
    const seat = this.at(column, row);
    if (seat === EMPTY) return false;
    const directions = [
      [1, 0],
      [0, 1],
      [1, 1],
      [1, -1],
    ] as const;
    return directions.some(([dc, dr]) => this.run(column, row, dc, dr, seat) >= this.k);
  }

  /** Scans the whole board, for cross-checks that do not trust the newest disc. */
  hasLineAnywhere(seat: number): boolean {
    for (let column = 0; column < this.width; column++) {
      for (let row = 0; row < this.height; row++) {
        if (this.at(column, row) === seat && this.lineThrough(column, row)) return true;
      }
    }
    return false;
  }

  play(column: number): void {
    const row = this.heights[column] ?? 0;
    const columnCells = this.cells[column];
    if (this.over || columnCells === undefined || row >= this.height) throw new Error("illegal move");
    columnCells[row] = this.seat;
    this.heights[column] = row + 1;
    this.history.push(column);
    if (this.lineThrough(column, row)) this.result = this.seat;
    else if (this.history.length === this.width * this.height) this.result = 2;
    this.seat ^= 1;
  }

  undo(): void {
    const column = this.history.pop();
    if (column === undefined) throw new Error("nothing to undo");
    const row = (this.heights[column] ?? 0) - 1;
    const columnCells = this.cells[column];
    if (columnCells !== undefined) columnCells[row] = EMPTY;
    this.heights[column] = row;
    this.result = -1;
    this.seat ^= 1;
  }
}

/** Leaves of the game tree to `depth` plies; a finished game is one leaf. */
export function naivePerft(board: NaiveBoard, depth: number): number {
  if (depth === 0) return 1;
  const moves = board.legal();
  if (moves.length === 0) return 1;
  let leaves = 0;
  for (const column of moves) {
    board.play(column);
    leaves += naivePerft(board, depth - 1);
    board.undo();
  }
  return leaves;
}
