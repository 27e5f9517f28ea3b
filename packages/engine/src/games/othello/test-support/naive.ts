/** A deliberately plain Othello on a 2D array, written apart from the bitboards to check them. */
const DIRECTIONS = [
  [-1, -1],
  [0, -1],
  [1, -1],
  [-1, 0],
  [1, 0],
  [-1, 1],
  [0, 1],
  [1, 1],
] as const;

export class NaiveOthello {
  private readonly cells: string[][] = Array.from({ length: 8 }, () => Array.from({ length: 8 }, () => "-"));
  private mover = "X";

  constructor() {
    this.set(3, 3, "O");
    this.set(4, 4, "O");
    this.set(4, 3, "X");
    this.set(3, 4, "X");
  }

  private get(x: number, y: number): string {
    return this.cells[y]?.[x] ?? "#";
  }

  private set(x: number, y: number, value: string): void {
    const row = this.cells[y];
    if (row) row[x] = value;
  }

  private flipsFor(x: number, y: number, me: string): [number, number][] {
    if (this.get(x, y) !== "-") return [];
    const them = me === "X" ? "O" : "X";
    const all: [number, number][] = [];
    for (const [dx, dy] of DIRECTIONS) {
      const line: [number, number][] = [];
      let cx = x + dx;
      let cy = y + dy;
      while (this.get(cx, cy) === them) {
        line.push([cx, cy]);
        cx += dx;
        cy += dy;
      }
      if (line.length > 0 && this.get(cx, cy) === me) all.push(...line);
    }
    return all;
  }

  private squaresFor(me: string): number[] {
    const squares: number[] = [];
    for (let y = 0; y < 8; y++) {
      for (let x = 0; x < 8; x++) if (this.flipsFor(x, y, me).length > 0) squares.push(y * 8 + x);
    }
    return squares;
  }

  legalMoves(): number[] {
    const mine = this.squaresFor(this.mover);
    if (mine.length > 0) return mine;
    return this.squaresFor(this.mover === "X" ? "O" : "X").length > 0 ? [64] : [];
  }

  play(move: number): void {
    if (move !== 64) {
      const x = move % 8;
      const y = Math.floor(move / 8);
      for (const [fx, fy] of this.flipsFor(x, y, this.mover)) this.set(fx, fy, this.mover);
      this.set(x, y, this.mover);
    }
    this.mover = this.mover === "X" ? "O" : "X";
  }

  format(): string {
    return `${this.cells.map((row) => row.join("")).join("")} ${this.mover}`;
  }
}
