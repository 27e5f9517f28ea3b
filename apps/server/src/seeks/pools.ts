import { speedOf } from "@arena/match";
import { type GameId, isGameId } from "@arena/engine/registry";
import {
  type CorrespondenceControl,
  DaysPerMove,
  type PoolInfo,
  TIME_PRESETS,
  TimeBank,
  type TimePresetName,
} from "@arena/protocol";

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

/**
 * The correspondence row, per game: days per move (docs/protocol.md, "Quick pairing"). Other correspondence
 * time controls are seeks too (`correspondencePoolId`), just not cells.
 */
const CORRESPONDENCE_GRID: Readonly<Partial<Record<GameId, readonly DaysPerMove["daysPerMove"][]>>> = {
  othello: [1, 2, 3, 7],
};

/** Every pool, in the grid's order: the real-time ones game by game, then the correspondence ones. */
export const POOLS: readonly Pool[] = [
  ...Object.entries(GRID).flatMap(([gameId, names]) =>
    isGameId(gameId) && names !== undefined ? poolsOf(gameId, names) : [],
  ),
  ...Object.entries(CORRESPONDENCE_GRID).flatMap(([gameId, days]) =>
    isGameId(gameId) && days !== undefined
      ? days.map((daysPerMove) => correspondencePool(gameId, { daysPerMove }))
      : [],
  ),
];

const BY_ID = new Map(POOLS.map((pool) => [pool.id, pool]));

function correspondencePool(gameId: GameId, timeControl: CorrespondenceControl): Pool {
  const name = correspondenceName(timeControl);
  return { id: `${gameId}:${name}`, gameId, name, timeControl, speed: speedOf(timeControl) };
}

/** A correspondence time control as a pool id's second part: `2d`, or `3d+1d/7d` for a time bank. */
function correspondenceName(tc: CorrespondenceControl): string {
  return "daysPerMove" in tc ? `${tc.daysPerMove}d` : `${tc.bankDays}d+${tc.incrementDays}d/${tc.capDays}d`;
}

/** The name's time control, or undefined when it names none (or one the protocol refuses). */
function correspondenceOf(name: string): CorrespondenceControl | undefined {
  const days = /^(\d+)d$/.exec(name);
  if (days !== null) return DaysPerMove.safeParse({ daysPerMove: Number(days[1]) }).data;
  const bank = /^(\d+)d\+(\d+)d\/(\d+)d$/.exec(name);
  if (bank === null) return undefined;
  const [, bankDays, incrementDays, capDays] = bank.map(Number);
  return TimeBank.safeParse({ bankDays, incrementDays, capDays }).data;
}

/**
 * The correspondence pool of a game of the grid and a time control (docs/protocol.md, "Correspondence"):
 * not a cell of the grid, but seeks with the same game and time control pair alike.
 */
export function correspondencePoolId(gameId: string, tc: CorrespondenceControl): string {
  return `${gameId}:${correspondenceName(tc)}`;
}

export function poolById(id: string): Pool | undefined {
  const listed = BY_ID.get(id);
  if (listed !== undefined) return listed;
  const split = id.indexOf(":");
  const gameId = id.slice(0, split);
  if (split < 0 || !isGameId(gameId) || GRID[gameId] === undefined) return undefined;
  const timeControl = correspondenceOf(id.slice(split + 1));
  return timeControl === undefined ? undefined : correspondencePool(gameId, timeControl);
}
