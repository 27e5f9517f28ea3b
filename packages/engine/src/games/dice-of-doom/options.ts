import { type GameError } from "../../core/errors.js";
import { type Result, ok } from "../../core/result.js";
import { readChoice, readInt, readRecord, rejectUnknownKeys } from "../../core/validate.js";
import {
  type DiceOfDoomOptions,
  MAX_DICE,
  MAX_PLAYERS,
  MAX_SIZE,
  MIN_DICE,
  MIN_PLAYERS,
  MIN_SIZE,
  RULES,
} from "./types.js";

export const OPTION_KEYS = ["players", "size", "maxDice", "rules"] as const;

/** The book's `*max-dice*`: 3 in v2, 5 in v4. */
const DEFAULT_MAX_DICE = { classic: 3, chance: 5 } as const;

export function parseOptions(input: unknown): Result<DiceOfDoomOptions, GameError> {
  const record = readRecord(input, "options");
  if (!record.ok) return record;
  const known = rejectUnknownKeys(record.value, OPTION_KEYS);
  if (!known.ok) return known;
  const rules = readChoice(record.value, "rules", RULES, "classic");
  if (!rules.ok) return rules;
  const players = readInt(record.value, "players", { min: MIN_PLAYERS, max: MAX_PLAYERS, fallback: 2 });
  if (!players.ok) return players;
  const size = readInt(record.value, "size", { min: MIN_SIZE, max: MAX_SIZE, fallback: 5 });
  if (!size.ok) return size;
  const maxDice = readInt(record.value, "maxDice", {
    min: MIN_DICE,
    max: MAX_DICE,
    fallback: DEFAULT_MAX_DICE[rules.value],
  });
  if (!maxDice.ok) return maxDice;
  return ok({ players: players.value, size: size.value, maxDice: maxDice.value, rules: rules.value });
}
