import { speedOf } from "@arena/match";
import { type GameId, isGameId } from "@arena/engine/registry";
import { type PoolInfo, type TimeControl } from "@arena/protocol";

/** A quick-pairing pool: one game with its default options and one time control (docs/protocol.md). */
export interface Pool extends PoolInfo {
  readonly gameId: GameId;
}

/** `m+s`: minutes and increment seconds, lichess's way of naming a time control. */
function timeControl(name: `${number}+${number}`): TimeControl {
  const [minutes = 0, seconds = 0] = name.split("+").map(Number);
  return { baseMs: minutes * 60_000, incrementMs: seconds * 1_000 };
}

/**
 * The grid, per game (a registry: a game is listed here to be offered in quick pairing; docs/protocol.md,
 * "Quick pairing", says why each has these). Games not listed have no pool.
 */
const GRID: Readonly<Partial<Record<GameId, readonly `${number}+${number}`[]>>> = {
  othello: ["1+0", "3+2", "5+3", "10+5", "15+10"],
  "connect-k": ["1+0", "3+2", "5+3"],
  "dice-of-doom": ["3+2", "5+3"],
};

function poolsOf(gameId: GameId, names: readonly `${number}+${number}`[]): Pool[] {
  return names.map((name) => {
    const tc = timeControl(name);
    return { id: `${gameId}:${name}`, gameId, name, timeControl: tc, speed: speedOf(tc) };
  });
}

/** Every pool, in the grid's order (game by game). */
export const POOLS: readonly Pool[] = Object.entries(GRID).flatMap(([gameId, names]) =>
  isGameId(gameId) && names !== undefined ? poolsOf(gameId, names) : [],
);

const BY_ID = new Map(POOLS.map((pool) => [pool.id, pool]));

export function poolById(id: string): Pool | undefined {
  return BY_ID.get(id);
}
