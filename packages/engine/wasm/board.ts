/**
 * AssemblyScript: Othello's board operations on one u64 per side, shared by the WebAssembly modules
 * (endgame.ts, midgame.ts). Squares are numbered a1 = 0 … h8 = 63, as in bitboard.ts.
 */

const NOT_EDGE_FILES: u64 = 0x7e7e7e7e7e7e7e7e;

/** Rays from every square in the eight directions; 0–3 go towards higher squares, 4–7 towards lower. */
const RAYS = new StaticArray<u64>(64 * 8);

const DX: StaticArray<i32> = [1, -1, 0, 1, -1, 1, 0, -1];
const DY: StaticArray<i32> = [0, 1, 1, 1, 0, -1, -1, -1];
for (let square = 0; square < 64; square++) {
  for (let dir = 0; dir < 8; dir++) {
    let x = (square & 7) + unchecked(DX[dir]);
    let y = (square >> 3) + unchecked(DY[dir]);
    let ray: u64 = 0;
    while (x >= 0 && x < 8 && y >= 0 && y < 8) {
      ray |= u64(1) << u64(y * 8 + x);
      x += unchecked(DX[dir]);
      y += unchecked(DY[dir]);
    }
    unchecked((RAYS[square * 8 + dir] = ray));
  }
}

@inline
function someMoves(p: u64, mask: u64, dir: u64): u64 {
  let left = mask & (p << dir);
  let right = mask & (p >> dir);
  left |= mask & (left << dir);
  right |= mask & (right >> dir);
  const maskLeft = mask & (mask << dir);
  const maskRight = maskLeft >> dir;
  const dir2 = dir + dir;
  left |= maskLeft & (left << dir2);
  right |= maskRight & (right >> dir2);
  left |= maskLeft & (left << dir2);
  right |= maskRight & (right >> dir2);
  return (left << dir) | (right >> dir);
}

/** Legal moves of p against o: Kogge–Stone fills in the four line directions, both ways (as Edax). */
export function legalMoves(p: u64, o: u64): u64 {
  const mask = o & NOT_EDGE_FILES;
  const found = someMoves(p, mask, 1) | someMoves(p, o, 8) | someMoves(p, mask, 7) | someMoves(p, mask, 9);
  return found & ~(p | o);
}

@inline
function flipsUp(ray: u64, p: u64, o: u64): u64 {
  const blockers = ray & ~o;
  const first = blockers & (0 - blockers);
  return (first & p) != 0 ? ray & (first - 1) : 0;
}

@inline
function flipsDown(ray: u64, p: u64, o: u64): u64 {
  const blockers = ray & ~o;
  if (blockers == 0) return 0;
  const first: u64 = u64(1) << (63 - clz(blockers));
  // first << 1 wraps to 0 for square 63, and then nothing lies above it.
  return (first & p) != 0 ? ray & ~((first << 1) - 1) : 0;
}

/** Discs flipped by p playing sq: along each ray the first square that is not o's decides. */
export function flips(sq: i32, p: u64, o: u64): u64 {
  const base = sq << 3;
  return (
    flipsUp(unchecked(RAYS[base]), p, o) |
    flipsUp(unchecked(RAYS[base + 1]), p, o) |
    flipsUp(unchecked(RAYS[base + 2]), p, o) |
    flipsUp(unchecked(RAYS[base + 3]), p, o) |
    flipsDown(unchecked(RAYS[base + 4]), p, o) |
    flipsDown(unchecked(RAYS[base + 5]), p, o) |
    flipsDown(unchecked(RAYS[base + 6]), p, o) |
    flipsDown(unchecked(RAYS[base + 7]), p, o)
  );
}

/**
 * Grows this instance's memory by `bytes` from the first cache line (64 bytes) past its end and returns
 * that address. The modules call it only while setting up; nothing is allocated after it, so the stub
 * runtime never reaches what it hands out.
 */
export function grow(bytes: usize): usize {
  const end = <usize>memory.size() << 16;
  const start = (end + 63) & ~(<usize>63);
  const pages = i32((start + bytes - end + 0xffff) >> 16);
  if (memory.grow(pages) < 0) unreachable();
  return start;
}
