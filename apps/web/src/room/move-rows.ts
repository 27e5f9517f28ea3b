/** One numbered row of the move list. */
export interface MoveRow {
  readonly number: number;
  /** Plies of this row, 1-based into the move list. */
  readonly plies: readonly number[];
}

/** Numbers the moves in rows of `perRow` (Othello: black then white). */
export function moveRows(total: number, perRow: number): MoveRow[] {
  const rows: MoveRow[] = [];
  for (let first = 1; first <= total; first += perRow) {
    const plies: number[] = [];
    for (let ply = first; ply < first + perRow && ply <= total; ply++) plies.push(ply);
    rows.push({ number: (first - 1) / perRow + 1, plies });
  }
  return rows;
}

/** The ply a replay button leads to: null is the live position (at or past the last move). */
export function replayTarget(ply: number, total: number): number | null {
  return ply >= total ? null : Math.max(0, ply);
}
