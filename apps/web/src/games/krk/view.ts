// What the chess board shows, computed from the engine's state: pieces, the moves the engine lists, the
// last move and check (docs/krk.md §1–2). Nothing here decides what is legal.
import type { KrkState, KrkStatus } from "@arena/engine/games/krk/index";
import { NO_ROOK, WHITE, moveFrom, moveTo, sideInCheck } from "@arena/engine/games/krk/position";
import { type SquareName, squareName } from "@arena/engine/games/krk/squares";
import type { Words } from "../../i18n/words";

export const PIECES = ["white king", "white rook", "black king"] as const;
export type Piece = (typeof PIECES)[number];

export interface KrkCell {
  readonly square: number;
  readonly name: SquareName;
  readonly piece: Piece | null;
  /** "e4: white king", or "e4" for an empty square: the square's accessible name. */
  readonly label: string;
  readonly dark: boolean;
  /** A piece of the side to move that has a legal move. */
  readonly movable: boolean;
  /** The selected piece stands here. */
  readonly selected: boolean;
  /** The selected piece may go here (the engine lists the move). */
  readonly target: boolean;
  /** The last move left or reached this square. */
  readonly last: boolean;
  /** The king standing here is in check. */
  readonly check: boolean;
}

export interface KrkView {
  /** Rows as the viewer sees them, top first: rank 8 first for White's side, rank 1 first for Black's. */
  readonly rows: readonly (readonly KrkCell[])[];
  /** File letters left to right and rank numbers top to bottom, as the viewer sees them. */
  readonly files: readonly string[];
  readonly ranks: readonly string[];
  readonly flipped: boolean;
  /** Who is to move, or null once the game is over. */
  readonly turn: "white" | "black" | null;
}

const FILES = ["a", "b", "c", "d", "e", "f", "g", "h"] as const;

function pieceOn(state: KrkState, square: number): Piece | null {
  const { position } = state;
  if (square === position.wk) return "white king";
  if (square === position.wr && position.wr !== NO_ROOK) return "white rook";
  if (square === position.bk) return "black king";
  return null;
}

/** The legal moves of the piece on `from`, from the engine's list. */
export function movesFrom(state: KrkState, from: number): number[] {
  return state.moves.filter((move) => moveFrom(move) === from);
}

/** The legal move from `from` to `to`, or null when the engine lists none. */
export function moveBetween(state: KrkState, from: number, to: number): number | null {
  return state.moves.find((move) => moveFrom(move) === from && moveTo(move) === to) ?? null;
}

/**
 * The board over an engine state. `selected` is the square of the piece the viewer picked up (its
 * targets are marked); `flipped` puts rank 1 at the top and file h on the left, Black's side of the board.
 */
export function krkView(state: KrkState, selected: number | null, flipped: boolean): KrkView {
  const movable = new Set(state.moves.map(moveFrom));
  const picked = selected !== null && movable.has(selected) ? selected : null;
  const targets = new Set(picked === null ? [] : movesFrom(state, picked).map(moveTo));
  const last = state.lastMove < 0 ? [] : [moveFrom(state.lastMove), moveTo(state.lastMove)];
  const checked = sideInCheck(state.position) ? state.position.bk : -1;
  const order = [0, 1, 2, 3, 4, 5, 6, 7];
  const fileOrder = flipped ? [...order].reverse() : order;
  const rankOrder = flipped ? order : [...order].reverse();
  const rows = rankOrder.map((rank) =>
    fileOrder.map((file): KrkCell => {
      const square = rank * 8 + file;
      const name = squareName(square);
      const piece = pieceOn(state, square);
      return {
        square,
        name,
        piece,
        label: piece === null ? name : `${name}: ${piece}`,
        dark: (rank + file) % 2 === 0,
        movable: movable.has(square),
        selected: square === picked,
        target: targets.has(square),
        last: last.includes(square),
        check: square === checked,
      };
    }),
  );
  const side = state.position.side;
  return {
    rows,
    files: fileOrder.map((file) => FILES[file] ?? "?"),
    ranks: rankOrder.map((rank) => String(rank + 1)),
    flipped,
    turn: state.status !== "ongoing" ? null : side === WHITE ? "white" : "black",
  };
}

/**
 * A square's accessible name over the `games.krk` namespace: "e4, white king", "e5, empty, legal" (the
 * picked-up piece may go there), "h8, black king, in check".
 */
export function krkSquareLabel(cell: KrkCell, words: Words): string {
  return words("board.square", {
    square: cell.name,
    piece: cell.piece?.replace(" ", "_") ?? "empty",
    legal: cell.target ? "yes" : "no",
    check: cell.check ? "yes" : "no",
  });
}

/**
 * How a game stands, as the key of its words in the game's messages (`result.<status>`: "by stalemate",
 * "by the 50-move rule"…); the engine's status decides.
 */
export function endingOf(state: KrkState): KrkStatus {
  return state.status;
}

/** Black's moves toward the 50-move rule: the halfmove clock in whole moves (docs/krk.md §2). */
export function fiftyMoveCount(state: KrkState): number {
  return Math.floor(state.halfmoveClock / 2);
}
