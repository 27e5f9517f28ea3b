/**
 * AssemblyScript: the midgame search's layers in WebAssembly (issue 33), one u64 per board as in
 * endgame.ts. Its first layer is move generation, proved by perft: the same leaves as `perftBits` in
 * src/games/othello/bitboard.ts, counted the same way (a pass is one ply, a finished game one leaf, the
 * last ply the popcount of the move mask and the one above it counted in place).
 *
 * Regenerate the shipped module with `npm run build:wasm -w @arena/engine` (wasm/build.mjs).
 */

import { flips, legalMoves } from "./board";

function perftBits(p: u64, o: u64, depth: i32, passed: bool): u64 {
  let moves = legalMoves(p, o);
  if (moves == 0) {
    if (passed) return 1;
    return depth == 1 ? 1 : perftBits(o, p, depth - 1, true);
  }
  if (depth == 1) return popcnt(moves);
  let leaves: u64 = 0;
  if (depth == 2) {
    while (moves != 0) {
      const square = i32(ctz(moves));
      const bit = moves & (0 - moves);
      moves ^= bit;
      const flipped = flips(square, p, o);
      const replies = popcnt(legalMoves(o & ~flipped, p | flipped | bit));
      leaves += replies == 0 ? 1 : replies;
    }
    return leaves;
  }
  while (moves != 0) {
    const square = i32(ctz(moves));
    const bit = moves & (0 - moves);
    moves ^= bit;
    const flipped = flips(square, p, o);
    leaves += perftBits(o & ~flipped, p | flipped | bit, depth - 1, false);
  }
  return leaves;
}

/** Leaves of the move tree `depth` plies below (pl, ph) to move against (ol, oh), boards as int32 halves. */
export function perft(pl: i32, ph: i32, ol: i32, oh: i32, depth: i32): f64 {
  if (depth == 0) return 1;
  const p = (u64(u32(ph)) << 32) | u64(u32(pl));
  const o = (u64(u32(oh)) << 32) | u64(u32(ol));
  return f64(perftBits(p, o, depth, false));
}
