import { type Seat } from "../../../core/game.js";
import { type ConnectKState, seatOnTurn } from "../board.js";
import { type ConnectKOptions } from "../options.js";

/*
 * A static evaluation for depth-limited search on any board (Trilobite's
 * 8×7 among them, where the exact solver's key does not fit): every window
 * of k cells in a row that only one seat occupies is a potential line for
 * that seat, worth 4^(c−1) for c discs in it, so open threats (k−1 discs)
 * dominate, then doubles, then single discs (which also rewards central
 * discs: they lie in the most windows).
 */

interface WindowTable {
  /** Per window cell, which 32-bit word holds it and its bit there. */
  readonly word: Uint8Array;
  readonly bit: Int32Array;
  readonly windows: number;
  readonly k: number;
  readonly weights: Float64Array;
}

const tables = new Map<string, WindowTable>();

function windowTable(options: ConnectKOptions): WindowTable {
  const id = `${options.width}x${options.height}x${options.k}`;
  const cached = tables.get(id);
  if (cached !== undefined) return cached;
  const { width, height, k } = options;
  const stride = height + 1;
  const cells: number[] = [];
  const directions = [
    [1, 0],
    [0, 1],
    [1, 1],
    [1, -1],
  ] as const;
  for (const [dc, dr] of directions) {
    for (let c = 0; c < width; c++) {
      for (let r = 0; r < height; r++) {
        const endC = c + dc * (k - 1);
        const endR = r + dr * (k - 1);
        if (endC >= width || endR < 0 || endR >= height) continue;
        for (let i = 0; i < k; i++) cells.push((c + dc * i) * stride + r + dr * i);
      }
    }
  }
  const weights = new Float64Array(k + 1);
  for (let c = 1; c <= k; c++) weights[c] = 4 ** (c - 1);
  const table: WindowTable = {
    word: Uint8Array.from(cells, (index) => index >>> 5),
    bit: Int32Array.from(cells, (index) => 1 << (index & 31)),
    windows: cells.length / k,
    k,
    weights,
  };
  tables.set(id, table);
  return table;
}

/** Potential-line balance of `seat` against the other seat (see above); 0 for an empty board. */
export function evaluateConnectK(state: ConnectKState, seat: Seat): number {
  const table = windowTable(state.options);
  const own = seat === seatOnTurn(state);
  const { mask0, mask1, mask2, mask3 } = state;
  // The discs of `seat` and of the other seat, word by word.
  const a0 = own ? state.pos0 : state.pos0 ^ mask0;
  const a1 = own ? state.pos1 : state.pos1 ^ mask1;
  const a2 = own ? state.pos2 : state.pos2 ^ mask2;
  const a3 = own ? state.pos3 : state.pos3 ^ mask3;
  const b0 = a0 ^ mask0;
  const b1 = a1 ^ mask1;
  const b2 = a2 ^ mask2;
  const b3 = a3 ^ mask3;
  const { word, bit, windows, k, weights } = table;
  let score = 0;
  let i = 0;
  for (let w = 0; w < windows; w++) {
    let mine = 0;
    let theirs = 0;
    for (let j = 0; j < k; j++, i++) {
      const wi = word[i] as number;
      const b = bit[i] as number;
      const am = wi < 2 ? (wi === 0 ? a0 : a1) : wi === 2 ? a2 : a3;
      const bm = wi < 2 ? (wi === 0 ? b0 : b1) : wi === 2 ? b2 : b3;
      if ((am & b) !== 0) mine++;
      else if ((bm & b) !== 0) theirs++;
    }
    if (theirs === 0) score += weights[mine] as number;
    else if (mine === 0) score -= weights[theirs] as number;
  }
  return score;
}

/** Columns centre first (ties to the left): the static move order for search. */
export function centreFirst(state: ConnectKState, moves: readonly number[]): readonly number[] {
  const centre = (state.options.width - 1) / 2;
  return [...moves].sort((x, y) => Math.abs(x - centre) - Math.abs(y - centre) || x - y);
}
