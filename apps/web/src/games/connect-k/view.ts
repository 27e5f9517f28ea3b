import * as ConnectK from "@arena/engine/games/connect-k/index";
import type { Words } from "../../i18n/words";

export interface ConnectKCell {
  readonly column: number;
  /** 0 at the bottom. */
  readonly row: number;
  readonly owner: number;
  readonly winning: boolean;
  readonly last: boolean;
}

export interface ConnectKView {
  readonly width: number;
  readonly height: number;
  readonly k: number;
  /** Rows from the top of the board down. */
  readonly rows: readonly (readonly ConnectKCell[])[];
  readonly openColumns: ReadonlySet<number>;
  readonly toMove: number | null;
  readonly winner: number | null;
  readonly draw: boolean;
}

const DIRECTIONS = [
  [1, 0],
  [0, 1],
  [1, 1],
  [1, -1],
] as const;

/**
 * The cells of the line the last disc completed. The engine says whether and
 * who won (`winnerOf`); this only finds where the line lies, by walking the
 * cells of the winner's colour through the last disc.
 */
export function winningCells(state: ConnectK.ConnectKState): Set<string> {
  const cells = new Set<string>();
  const winner = ConnectK.winnerOf(state);
  if (winner === null || state.lastMove < 0) return cells;
  const column = state.lastMove;
  const row = ConnectK.columnHeight(state, column) - 1;
  for (const [dc, dr] of DIRECTIONS) {
    const line: string[] = [`${column},${row}`];
    for (const sign of [1, -1]) {
      let c = column + sign * dc;
      let r = row + sign * dr;
      while (ConnectK.cellOwner(state, c, r) === winner) {
        line.push(`${c},${r}`);
        c += sign * dc;
        r += sign * dr;
      }
    }
    if (line.length >= state.options.k) for (const key of line) cells.add(key);
  }
  return cells;
}

export function connectKView(state: ConnectK.ConnectKState): ConnectKView {
  const { width, height, k } = state.options;
  const winning = winningCells(state);
  const lastRow = state.lastMove >= 0 ? ConnectK.columnHeight(state, state.lastMove) - 1 : -1;
  const rows: ConnectKCell[][] = [];
  for (let row = height - 1; row >= 0; row--) {
    const cells: ConnectKCell[] = [];
    for (let column = 0; column < width; column++) {
      cells.push({
        column,
        row,
        owner: ConnectK.cellOwner(state, column, row),
        winning: winning.has(`${column},${row}`),
        last: column === state.lastMove && row === lastRow,
      });
    }
    rows.push(cells);
  }
  return {
    width,
    height,
    k,
    rows,
    openColumns: new Set(ConnectK.legalColumns(state)),
    toMove: state.status === "ongoing" ? ConnectK.seatOnTurn(state) : null,
    winner: ConnectK.winnerOf(state),
    draw: state.status === "draw",
  };
}

/** The seats of a column's discs from the bottom up. */
export function columnDiscs(view: ConnectKView, column: number): number[] {
  return view.rows
    .map((row) => row[column]?.owner ?? -1)
    .filter((owner) => owner >= 0)
    .reverse();
}

/**
 * A column's accessible name over the `games.connect-k` namespace: "column 4, 3 discs: Red, Yellow, Red,
 * legal" (`legal`: the viewer may drop a disc there now), or "…, full". `list` joins the seat names in
 * the page's language.
 */
export function connectKColumnLabel(
  view: ConnectKView,
  column: number,
  legal: boolean,
  words: Words,
  list: (names: string[]) => string,
): string {
  const discs = columnDiscs(view, column);
  return words("board.column", {
    column: column + 1,
    count: discs.length,
    discs: list(discs.map((seat) => words("seat", { seat: String(seat), number: seat + 1 }))),
    state: discs.length >= view.height ? "full" : legal ? "legal" : "none",
  });
}
