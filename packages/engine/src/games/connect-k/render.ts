import { type ConnectKState, cellOwner, seatOnTurn, winnerOf } from "./board.js";
import { formatColumn } from "./notation.js";

const SYMBOLS = ["X", "O"] as const;

function seatName(seat: number): string {
  return `${SYMBOLS[seat] ?? "?"} (seat ${seat})`;
}

/** The board with the top row first, column digits underneath, then whose turn it is or the result. */
export function renderState(state: ConnectKState): string {
  const { width, height } = state.options;
  const lines: string[] = [];
  for (let row = height - 1; row >= 0; row--) {
    const cells: string[] = [];
    for (let column = 0; column < width; column++) {
      const owner = cellOwner(state, column, row);
      cells.push(owner < 0 ? "." : (SYMBOLS[owner] ?? "?"));
    }
    lines.push(cells.join(" "));
  }
  const digits: string[] = [];
  for (let column = 0; column < width; column++) digits.push(formatColumn(column));
  lines.push(digits.join(" "));
  const winner = winnerOf(state);
  if (winner !== null) lines.push(`${seatName(winner)} wins`);
  else if (state.status === "draw") lines.push("Draw");
  else lines.push(`${seatName(seatOnTurn(state))} to move`);
  return lines.join("\n");
}
