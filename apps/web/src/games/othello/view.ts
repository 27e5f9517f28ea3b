import * as Othello from "@arena/engine/games/othello/index";
import type { Words } from "../../i18n/words";

export type Disc = "black" | "white";

export interface OthelloCell {
  readonly square: number;
  /** "f5": the accessible name and the notation. */
  readonly name: string;
  readonly disc: Disc | null;
  readonly legal: boolean;
  /** The discs a move here turns over (the engine's rules), 0 where no move is legal. */
  readonly flips: number;
  readonly last: boolean;
}

export interface OthelloView {
  /** Rows 1..8 from the top, columns a..h from the left (the engine's a1 = square 0). */
  readonly rows: readonly (readonly OthelloCell[])[];
  readonly counts: { readonly black: number; readonly white: number; readonly empty: number };
  readonly turn: Disc;
  readonly over: boolean;
  /** True when the side to move has only a pass, which the server plays at once. */
  readonly mustPass: boolean;
}

export const FILES = ["a", "b", "c", "d", "e", "f", "g", "h"] as const;
export const RANKS = [1, 2, 3, 4, 5, 6, 7, 8] as const;

/** How many discs a legal move on `square` turns over: the mover's count after it, less the disc placed. */
function flipsOf(state: Othello.OthelloState, square: number): number {
  const mover = state.turn === Othello.BLACK ? "black" : "white";
  const after = Othello.applyMove(state, square);
  return Othello.discCounts(after)[mover] - Othello.discCounts(state)[mover] - 1;
}

/**
 * A square's accessible name over the `games.othello` namespace: "d3, empty, legal, flips 2", "e4, black".
 * `playing` says whether the viewer is to move (a spectator hears no legal squares).
 */
export function othelloSquareLabel(cell: OthelloCell, playing: boolean, words: Words): string {
  return words("board.square", {
    square: cell.name,
    disc: cell.disc ?? "empty",
    legal: playing && cell.legal ? "yes" : "no",
    flips: cell.flips,
  });
}

/** A view of the board: which disc sits where and which squares the engine allows. */
export function othelloView(state: Othello.OthelloState, lastMove: number | null): OthelloView {
  const legal = new Set(Othello.legalMoves(state));
  const rows: OthelloCell[][] = [];
  for (let row = 0; row < 8; row++) {
    const cells: OthelloCell[] = [];
    for (let col = 0; col < 8; col++) {
      const square = row * 8 + col;
      const disc: Disc | null = Othello.hasBit(state.blackLo, state.blackHi, square)
        ? "black"
        : Othello.hasBit(state.whiteLo, state.whiteHi, square)
          ? "white"
          : null;
      cells.push({
        square,
        name: Othello.squareName(square),
        disc,
        legal: legal.has(square),
        flips: legal.has(square) ? flipsOf(state, square) : 0,
        last: lastMove === square,
      });
    }
    rows.push(cells);
  }
  const over = Othello.isOver(state);
  return {
    rows,
    counts: Othello.discCounts(state),
    turn: state.turn === Othello.BLACK ? "black" : "white",
    over,
    mustPass: !over && legal.size === 1 && legal.has(Othello.PASS),
  };
}
