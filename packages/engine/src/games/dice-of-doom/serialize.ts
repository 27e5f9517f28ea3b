import { type GameError, gameError } from "../../core/errors.js";
import { type Json } from "../../core/game.js";
import { type Result, err, ok } from "../../core/result.js";
import { OPTION_KEYS, parseOptions } from "./options.js";
import { isOver } from "./rules.js";
import { type DiceOfDoomState, GAME_ID, NEUTRAL } from "./types.js";

/**
 * Version 2 has no random generator state (docs/dice-of-doom.md §5). Version 1 states, which carried
 * one in `rng`, are still read (games stored before), and their `rng` is dropped.
 */
export const SERIAL_VERSION = 2;
const LEGACY_VERSION = 1;

export function serializeState(state: DiceOfDoomState): Json {
  return {
    v: SERIAL_VERSION,
    game: GAME_ID,
    options: { ...state.options },
    owner: [...state.owner],
    dice: [...state.dice],
    player: state.player,
    spare: state.spare,
    firstMove: state.firstMove,
    eliminated: [...state.eliminated],
  };
}

const STATE_KEYS = [
  "v",
  "game",
  "options",
  "owner",
  "dice",
  "player",
  "spare",
  "firstMove",
  "eliminated",
] as const;
/** Version 1's generator state, read and dropped. */
const LEGACY_KEYS = [...STATE_KEYS, "rng"] as const;

function invalid(message: string): Result<never, GameError> {
  return err(gameError("invalid-state", message));
}

function isIntIn(value: unknown, min: number, max: number): value is number {
  return typeof value === "number" && Number.isInteger(value) && value >= min && value <= max;
}

function intArray(value: unknown, length: number, min: number, max: number): number[] | null {
  if (!Array.isArray(value) || value.length !== length) return null;
  const out: number[] = [];
  for (const item of value as unknown[]) {
    if (!isIntIn(item, min, max)) return null;
    out.push(item);
  }
  return out;
}

/**
 * Validates everything, including what the rules make impossible: a seat is
 * eliminated exactly when it owns no hex, the seat to move is live, and a
 * turn's first action has no spare dice yet.
 */
export function deserializeState(input: unknown): Result<DiceOfDoomState, GameError> {
  if (typeof input !== "object" || input === null || Array.isArray(input)) {
    return invalid("state must be an object");
  }
  const record = input as Record<string, unknown>;
  if (record.v !== SERIAL_VERSION && record.v !== LEGACY_VERSION) {
    const shown = typeof record.v === "number" ? String(record.v) : typeof record.v;
    return invalid(`unsupported version ${shown}`);
  }
  const legacy = record.v === LEGACY_VERSION;
  const known: readonly string[] = legacy ? LEGACY_KEYS : STATE_KEYS;
  const extra = Object.keys(record).filter((key) => !known.includes(key));
  if (extra.length > 0) return invalid(`unknown field(s): ${extra.slice(0, 8).join(", ")}`);
  if (record.game !== GAME_ID) return invalid(`not a ${GAME_ID} state`);
  const rawOptions = record.options;
  if (typeof rawOptions !== "object" || rawOptions === null) return invalid("options missing");
  // A stored game spells out every option, so a later change of defaults cannot alter it.
  const missing = OPTION_KEYS.filter((key) => !Object.hasOwn(rawOptions, key));
  if (missing.length > 0) return invalid(`options lack ${missing.join(", ")}`);
  const options = parseOptions(rawOptions);
  if (!options.ok) return invalid(`bad options: ${options.error.message}`);
  const { players, size, maxDice, rules } = options.value;
  const cells = size * size;
  const owner = intArray(record.owner, cells, NEUTRAL, players - 1);
  if (owner === null) return invalid(`owner must be ${cells} integers from -1 to ${players - 1}`);
  const dice = intArray(record.dice, cells, 1, maxDice);
  if (dice === null) return invalid(`dice must be ${cells} integers from 1 to ${maxDice}`);
  const { player, spare, firstMove, rng } = record;
  if (!isIntIn(player, 0, players - 1)) return invalid("player out of range");
  if (!isIntIn(spare, 0, 0x7fffffff)) return invalid("spare must be a non-negative integer");
  if (typeof firstMove !== "boolean") return invalid("firstMove must be a boolean");
  if (firstMove && spare !== 0) return invalid("spare dice before the turn's first action");
  if (legacy && !isIntIn(rng, 0, 0xffffffff)) return invalid("rng must be a 32-bit unsigned integer");
  const rawEliminated = record.eliminated;
  if (
    !Array.isArray(rawEliminated) ||
    rawEliminated.length !== players ||
    !rawEliminated.every((x) => typeof x === "boolean")
  ) {
    return invalid(`eliminated must be ${players} booleans`);
  }
  const eliminated = [...rawEliminated];
  for (let seat = 0; seat < players; seat++) {
    if (owner.includes(seat) === eliminated[seat]) {
      return invalid(`seat ${seat} must be eliminated exactly when it owns no hex`);
    }
  }
  if (eliminated[player] === true) return invalid("the seat to move is eliminated");
  const board = { size, owner, dice };
  return ok({
    options: options.value,
    size,
    owner,
    dice,
    player,
    spare,
    firstMove,
    eliminated,
    over: isOver(board, player, firstMove, eliminated, rules === "chance"),
  });
}
