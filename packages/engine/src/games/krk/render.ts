import { formatFen } from "./fen.js";
import { WHITE } from "./position.js";
import { squareAt } from "./squares.js";
import type { KrkState } from "./state.js";

const VERDICTS = {
  checkmate: "Checkmate: White wins",
  stalemate: "Stalemate: draw",
  "rook-captured": "The rook is taken: draw (insufficient material)",
  "fifty-moves": "50 moves without a capture: draw",
  repetition: "The same position a third time: draw",
} as const;

/** The board from White's side (K, R, k; "." empty), the FEN, then who moves or how the game ended. */
export function renderState(state: KrkState): string {
  const { position } = state;
  const lines: string[] = [];
  for (let rank = 7; rank >= 0; rank--) {
    const cells: string[] = [];
    for (let file = 0; file < 8; file++) {
      const square = squareAt(file, rank);
      cells.push(
        square === position.wk ? "K" : square === position.wr ? "R" : square === position.bk ? "k" : ".",
      );
    }
    lines.push(`${rank + 1} ${cells.join(" ")}`);
  }
  lines.push("  a b c d e f g h");
  lines.push(formatFen(position, state.halfmoveClock, state.fullmove));
  lines.push(
    state.status === "ongoing"
      ? `${position.side === WHITE ? "White" : "Black"} to move`
      : VERDICTS[state.status],
  );
  return lines.join("\n");
}
