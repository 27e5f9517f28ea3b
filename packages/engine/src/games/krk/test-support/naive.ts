/*
 * An independent, slow KRK referee for the perft and property tests: an 8×8 array of piece letters,
 * pseudo-legal moves filtered by "is the mover's king attacked afterwards", and the game-ending rules
 * checked by brute force. It shares no code with the engine.
 */

type Piece = "K" | "R" | "k";
type Cell = Piece | null;

export interface NaiveMove {
  readonly from: readonly [number, number];
  readonly to: readonly [number, number];
}

const KING_DIRECTIONS = [
  [-1, -1],
  [-1, 0],
  [-1, 1],
  [0, -1],
  [0, 1],
  [1, -1],
  [1, 0],
  [1, 1],
] as const;
const ROOK_DIRECTIONS = [
  [-1, 0],
  [1, 0],
  [0, -1],
  [0, 1],
] as const;

const inside = (file: number, rank: number): boolean => file >= 0 && file < 8 && rank >= 0 && rank < 8;
const isWhite = (piece: Piece): boolean => piece === "K" || piece === "R";

export class NaiveKrk {
  /** `cells[rank][file]`. */
  private readonly cells: Cell[][];
  whiteToMove: boolean;
  halfmove: number;
  private readonly seen: string[] = [];
  private readonly undo: { cells: Cell[][]; whiteToMove: boolean; halfmove: number }[] = [];

  private constructor(cells: Cell[][], whiteToMove: boolean, halfmove: number) {
    this.cells = cells;
    this.whiteToMove = whiteToMove;
    this.halfmove = halfmove;
    this.seen.push(this.key());
  }

  /** Reads the placement, side and halfmove clock of a FEN (no validation beyond what the tests need). */
  static fromFen(fen: string): NaiveKrk {
    const [placement = "", side = "w", , , half = "0"] = fen.split(" ");
    const cells: Cell[][] = Array.from({ length: 8 }, () => Array<Cell>(8).fill(null));
    placement.split("/").forEach((row, index) => {
      let file = 0;
      for (const char of row) {
        if (/\d/.test(char)) file += Number(char);
        else {
          (cells[7 - index] as Cell[])[file] = char as Piece;
          file++;
        }
      }
    });
    return new NaiveKrk(cells, side === "w", Number(half));
  }

  at(file: number, rank: number): Cell {
    return this.cells[rank]?.[file] ?? null;
  }

  private key(): string {
    return `${this.cells.map((row) => row.map((cell) => cell ?? ".").join("")).join("/")} ${this.whiteToMove ? "w" : "b"}`;
  }

  private find(piece: Piece): [number, number] | null {
    for (let rank = 0; rank < 8; rank++) {
      for (let file = 0; file < 8; file++) if (this.at(file, rank) === piece) return [file, rank];
    }
    return null;
  }

  /** Is the square attacked by the pieces of one colour? */
  private attacked(file: number, rank: number, byWhite: boolean): boolean {
    for (const [df, dr] of KING_DIRECTIONS) {
      const piece = this.at(file + df, rank + dr);
      if (inside(file + df, rank + dr) && piece === (byWhite ? "K" : "k")) return true;
    }
    if (!byWhite) return false;
    for (const [df, dr] of ROOK_DIRECTIONS) {
      let f = file + df;
      let r = rank + dr;
      while (inside(f, r)) {
        const piece = this.at(f, r);
        if (piece === "R") return true;
        if (piece !== null) break;
        f += df;
        r += dr;
      }
    }
    return false;
  }

  private pseudoMoves(): NaiveMove[] {
    const moves: NaiveMove[] = [];
    for (let rank = 0; rank < 8; rank++) {
      for (let file = 0; file < 8; file++) {
        const piece = this.at(file, rank);
        if (piece === null || isWhite(piece) !== this.whiteToMove) continue;
        const slides = piece === "R";
        for (const [df, dr] of slides ? ROOK_DIRECTIONS : KING_DIRECTIONS) {
          let f = file + df;
          let r = rank + dr;
          while (inside(f, r)) {
            const target = this.at(f, r);
            if (target !== null && (isWhite(target) === this.whiteToMove || target === "K" || target === "k"))
              break;
            moves.push({ from: [file, rank], to: [f, r] });
            if (target !== null || !slides) break;
            f += df;
            r += dr;
          }
        }
      }
    }
    return moves;
  }

  play(move: NaiveMove): void {
    this.undo.push({
      cells: this.cells.map((row) => [...row]),
      whiteToMove: this.whiteToMove,
      halfmove: this.halfmove,
    });
    const [ff, fr] = move.from;
    const [tf, tr] = move.to;
    const capture = this.at(tf, tr) !== null;
    (this.cells[tr] as Cell[])[tf] = this.at(ff, fr);
    (this.cells[fr] as Cell[])[ff] = null;
    this.whiteToMove = !this.whiteToMove;
    this.halfmove = capture ? 0 : this.halfmove + 1;
    this.seen.push(this.key());
  }

  takeBack(): void {
    const last = this.undo.pop();
    if (last === undefined) throw new Error("nothing to take back");
    for (let rank = 0; rank < 8; rank++) this.cells[rank] = last.cells[rank] as Cell[];
    this.whiteToMove = last.whiteToMove;
    this.halfmove = last.halfmove;
    this.seen.pop();
  }

  /** Moves that do not leave the mover's king attacked. */
  legalMoves(): NaiveMove[] {
    return this.pseudoMoves().filter((move) => {
      this.play(move);
      const king = this.find(this.whiteToMove ? "k" : "K");
      const safe = king !== null && !this.attacked(king[0], king[1], this.whiteToMove);
      this.takeBack();
      return safe;
    });
  }

  inCheck(): boolean {
    const king = this.find(this.whiteToMove ? "K" : "k");
    return king !== null && this.attacked(king[0], king[1], !this.whiteToMove);
  }

  /** Why the game is over, or null. */
  ending(): "checkmate" | "stalemate" | "rook-captured" | "fifty-moves" | "repetition" | null {
    if (this.find("R") === null) return "rook-captured";
    if (this.legalMoves().length === 0) return this.inCheck() ? "checkmate" : "stalemate";
    if (this.halfmove >= 100) return "fifty-moves";
    const key = this.key();
    if (this.seen.filter((seen) => seen === key).length >= 3) return "repetition";
    return null;
  }
}

/** Leaves of the game tree to `depth` plies; a game that has ended is one leaf. */
export function naivePerft(board: NaiveKrk, depth: number): number {
  if (depth === 0 || board.ending() !== null) return 1;
  const moves = board.legalMoves();
  if (depth === 1) return moves.length;
  let leaves = 0;
  for (const move of moves) {
    board.play(move);
    leaves += naivePerft(board, depth - 1);
    board.takeBack();
  }
  return leaves;
}
