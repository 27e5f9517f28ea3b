/**
 * Training positions: games of PAIP's Iago at 2 plies against itself with noise (a random opening
 * of a seeded length, then a random move now and then), every position where the side to move has
 * a move kept once. Game `g` of a run draws from its own generator seeded by (seed, g), so any range
 * of games can be played anywhere (a worker thread) and the union is the same.
 */
import { Random } from "@arena/engine/core/rng";
import {
  BLACK,
  type OthelloState,
  STANDARD_START,
  applyMove,
  legalMoves,
  parsePosition,
} from "@arena/engine/games/othello/rules";
import { PASS } from "@arena/engine/games/othello/squares";
import { createContext, iago } from "@arena/engine/games/othello/ai/strategies";

export interface SelfPlayConfig {
  readonly seed: number;
  /** Random plies at the start of each game: uniform in [min, max]. */
  readonly randomPlies: { readonly min: number; readonly max: number };
  /** Chance of a random move after the opening. */
  readonly epsilon: number;
}

/** Positions as the side to move sees them: 4 ints each (own lo, own hi, other lo, other hi). */
export interface PositionSet {
  readonly count: number;
  readonly boards: Int32Array;
  /** The game each position comes from (validation holds out whole games). */
  readonly games: Int32Array;
}

function gameSeed(seed: number, game: number): number {
  return (Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) + Math.imul(game + 1, 0xc2b2ae35)) >>> 0;
}

function startPosition(): OthelloState {
  const start = parsePosition(STANDARD_START);
  if (!start.ok) throw new Error("the standard start must parse");
  return start.value;
}

/** Plays games `from` .. `to - 1` of the run and returns their positions in game order. */
export function selfPlayPositions(config: SelfPlayConfig, from: number, to: number): PositionSet {
  const boards: number[] = [];
  const games: number[] = [];
  const player = iago(2);
  for (let game = from; game < to; game++) {
    const random = new Random(gameSeed(config.seed, game));
    const context = createContext(random.nextUint32());
    const opening = config.randomPlies.min + random.int(config.randomPlies.max - config.randomPlies.min + 1);
    let state = startPosition();
    for (let ply = 0; ; ply++) {
      const legal = legalMoves(state);
      if (legal.length === 0) break;
      if (legal[0] === PASS) {
        state = applyMove(state, PASS);
        continue;
      }
      const [pl, ph, ol, oh] =
        state.turn === BLACK
          ? [state.blackLo, state.blackHi, state.whiteLo, state.whiteHi]
          : [state.whiteLo, state.whiteHi, state.blackLo, state.blackHi];
      boards.push(pl, ph, ol, oh);
      games.push(game);
      const randomMove = ply < opening || random.float() < config.epsilon;
      const move = randomMove ? (legal[random.int(legal.length)] as number) : player(state, context);
      state = applyMove(state, move);
    }
  }
  return { count: games.length, boards: Int32Array.from(boards), games: Int32Array.from(games) };
}

/** Drops repeated positions (the first occurrence stays), keeping the order. */
export function uniquePositions(set: PositionSet): PositionSet {
  const seen = new Set<string>();
  const keep: number[] = [];
  for (let i = 0; i < set.count; i++) {
    const b = set.boards;
    const key = `${b[4 * i]},${b[4 * i + 1]},${b[4 * i + 2]},${b[4 * i + 3]}`;
    if (seen.has(key)) continue;
    seen.add(key);
    keep.push(i);
  }
  const boards = new Int32Array(keep.length * 4);
  const games = new Int32Array(keep.length);
  keep.forEach((index, j) => {
    boards.set(set.boards.subarray(4 * index, 4 * index + 4), 4 * j);
    games[j] = set.games[index] as number;
  });
  return { count: keep.length, boards, games };
}
