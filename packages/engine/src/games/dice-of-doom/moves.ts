/**
 * Moves are plain numbers so search can store them cheaply: an attack is
 * `src * N² + dst`, ending the turn is PASS.
 */
export const PASS = -1;

export function attackMove(src: number, dst: number, size: number): number {
  return src * size * size + dst;
}

export function attackSource(move: number, size: number): number {
  return Math.floor(move / (size * size));
}

export function attackTarget(move: number, size: number): number {
  return move % (size * size);
}

/** Whether `move` is PASS or decodes to two hexes on an N×N board (not whether it is legal). */
export function isWellFormedMove(move: unknown, size: number): move is number {
  if (typeof move !== "number" || !Number.isInteger(move)) return false;
  const cells = size * size;
  return move === PASS || (move >= 0 && move < cells * cells);
}
