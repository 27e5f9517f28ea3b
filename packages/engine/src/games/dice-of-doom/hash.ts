import { Random } from "../../core/rng.js";
import { MAX_DICE, MAX_PLAYERS, MAX_SIZE, type DiceOfDoomState } from "./types.js";

// Zobrist keys from a fixed seed, as two 32-bit halves: the high half keeps
// 21 bits so the combined hash stays below 2^53.
const OWNER_SLOTS = MAX_PLAYERS + 1; // NEUTRAL and the seats
const DICE_SLOTS = MAX_DICE + 1;
const CELL_KEYS = MAX_SIZE * MAX_SIZE * OWNER_SLOTS * DICE_SLOTS;
/** Classic reinforcement never uses more than N² dice, so larger spares are the same position. */
const SPARE_SLOTS = MAX_SIZE * MAX_SIZE + 2;
const PLAYER_BASE = CELL_KEYS;
const ELIMINATED_BASE = PLAYER_BASE + MAX_PLAYERS;
const FIRST_MOVE_KEY = ELIMINATED_BASE + MAX_PLAYERS;
const SPARE_BASE = FIRST_MOVE_KEY + 1;
const KEY_COUNT = SPARE_BASE + SPARE_SLOTS;

interface ZobristKeys {
  readonly hi: Int32Array;
  readonly lo: Int32Array;
}

let keys: ZobristKeys | null = null;

/** Drawn on the first hash, not on import: a browser page that only shows the game never pays for them. */
function zobristKeys(): ZobristKeys {
  if (keys !== null) return keys;
  const random = new Random(0x0d1ce0f);
  const hi = new Int32Array(KEY_COUNT);
  const lo = new Int32Array(KEY_COUNT);
  for (let i = 0; i < KEY_COUNT; i++) {
    hi[i] = random.nextUint32() & 0x1fffff;
    lo[i] = random.nextUint32() | 0;
  }
  keys = { hi, lo };
  return keys;
}

/**
 * Board, seat to move, first-action flag, eliminations, and (classic only)
 * the spare dice. Left out on purpose: chance rules' spare (it never affects
 * the game there) and the options (one table serves one game).
 */
export function hashState(state: DiceOfDoomState): number {
  const { hi: KEYS_HI, lo: KEYS_LO } = zobristKeys();
  let hi = 0;
  let lo = 0;
  const cells = state.size * state.size;
  for (let pos = 0; pos < cells; pos++) {
    const key = (pos * OWNER_SLOTS + (state.owner[pos] ?? 0) + 1) * DICE_SLOTS + (state.dice[pos] ?? 0);
    hi ^= KEYS_HI[key] ?? 0;
    lo ^= KEYS_LO[key] ?? 0;
  }
  hi ^= KEYS_HI[PLAYER_BASE + state.player] ?? 0;
  lo ^= KEYS_LO[PLAYER_BASE + state.player] ?? 0;
  for (let seat = 0; seat < state.eliminated.length; seat++) {
    if (state.eliminated[seat] === true) {
      hi ^= KEYS_HI[ELIMINATED_BASE + seat] ?? 0;
      lo ^= KEYS_LO[ELIMINATED_BASE + seat] ?? 0;
    }
  }
  if (state.firstMove) {
    hi ^= KEYS_HI[FIRST_MOVE_KEY] ?? 0;
    lo ^= KEYS_LO[FIRST_MOVE_KEY] ?? 0;
  }
  if (state.options.rules === "classic") {
    const spare = SPARE_BASE + Math.min(state.spare, SPARE_SLOTS - 1);
    hi ^= KEYS_HI[spare] ?? 0;
    lo ^= KEYS_LO[spare] ?? 0;
  }
  return (hi & 0x1fffff) * 0x1_0000_0000 + (lo >>> 0);
}
