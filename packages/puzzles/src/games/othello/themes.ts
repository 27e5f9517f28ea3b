/**
 * Othello's themes (docs/puzzles.md, "Othello themes"), each read off the position and the solution:
 * - corner: the first move takes a corner;
 * - parity: the first move goes into a region of empty squares of odd size while another legal move
 *   went into an even one (regions: empty squares joined through any of the eight neighbours);
 * - tempo: the opponent must pass somewhere in the line;
 * - wipe-out: best play ends with no disc of the opponent's left (an exact value of +64).
 */
import { Othello } from "@arena/engine";

export const OTHELLO_THEMES = ["corner", "parity", "tempo", "wipe-out"] as const;
export type OthelloTheme = (typeof OTHELLO_THEMES)[number];

const CORNERS: readonly number[] = [0, 7, 56, 63];

/** The size of the region of empty squares each empty square belongs to (0 for a full square). */
export function regionSizes(state: Othello.OthelloState): number[] {
  const empty = (square: number): boolean =>
    !Othello.hasBit(state.blackLo | state.whiteLo, state.blackHi | state.whiteHi, square);
  const sizes = new Array<number>(64).fill(0);
  const seen = new Array<boolean>(64).fill(false);
  for (let start = 0; start < 64; start++) {
    if (seen[start] === true || !empty(start)) continue;
    const region: number[] = [start];
    seen[start] = true;
    for (let i = 0; i < region.length; i++) {
      const square = region[i] ?? 0;
      for (let dr = -1; dr <= 1; dr++) {
        for (let dc = -1; dc <= 1; dc++) {
          const row = (square >> 3) + dr;
          const col = (square & 7) + dc;
          const next = row * 8 + col;
          if (row < 0 || row > 7 || col < 0 || col > 7 || seen[next] === true || !empty(next)) continue;
          seen[next] = true;
          region.push(next);
        }
      }
    }
    for (const square of region) sizes[square] = region.length;
  }
  return sizes;
}

export function othelloThemes(
  state: Othello.OthelloState,
  first: number,
  legal: readonly number[],
  line: readonly number[],
  value: number,
): OthelloTheme[] {
  const themes: OthelloTheme[] = [];
  if (CORNERS.includes(first)) themes.push("corner");
  const sizes = regionSizes(state);
  const odd = (square: number): boolean => (sizes[square] ?? 0) % 2 === 1;
  if (odd(first) && legal.some((move) => !odd(move))) themes.push("parity");
  if (line.some((move, index) => index % 2 === 1 && move === Othello.PASS)) themes.push("tempo");
  if (value === 64) themes.push("wipe-out");
  return themes;
}
