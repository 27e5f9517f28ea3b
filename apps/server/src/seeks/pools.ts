import { speedOf } from "@arena/match";
import { type GameId, isGameId } from "@arena/engine/registry";
import { type PoolInfo, TIME_PRESETS, type TimePresetName } from "@arena/protocol";

/** A quick-pairing pool: one game with its default options and one time control (docs/protocol.md). */
export interface Pool extends PoolInfo {
  readonly gameId: GameId;
}

/**
 * The grid, per game (a registry: a game is listed here to be offered in quick pairing; docs/protocol.md,
 * "Quick pairing", says why each has these). Games not listed have no pool.
 */
const GRID: Readonly<Partial<Record<GameId, readonly TimePresetName[]>>> = {
  othello: ["1+0", "3+2", "5+0", "10+5", "15+10"],
  "connect-k": ["1+0", "3+2", "5+0"],
  "dice-of-doom": ["3+2", "5+0"],
};

function poolsOf(gameId: GameId, names: readonly TimePresetName[]): Pool[] {
  // Every cell is one of the create form's presets: one list of time controls (TIME_PRESETS).
  return TIME_PRESETS.filter((preset) => names.includes(preset.name)).map(({ name, baseMs, incrementMs }) => {
    const tc = { baseMs, incrementMs };
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
