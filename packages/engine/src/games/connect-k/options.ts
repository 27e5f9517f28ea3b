import { type GameError, gameError } from "../../core/errors.js";
import { type Result, err, ok } from "../../core/result.js";
import { readChoice, readInt, readRecord, rejectUnknownKeys } from "../../core/validate.js";

export const GAME_ID = "connect-k";

export const CONNECT_K_PRESET_NAMES = ["connect-four", "trilobite", "tiny"] as const;
export type ConnectKPresetName = (typeof CONNECT_K_PRESET_NAMES)[number];

/** "custom" is any size that is not (or was not asked for as) a preset. */
export const CONNECT_K_PRESET_CHOICES = [...CONNECT_K_PRESET_NAMES, "custom"] as const;
export type ConnectKPresetChoice = (typeof CONNECT_K_PRESET_CHOICES)[number];

export interface ConnectKSize {
  readonly width: number;
  readonly height: number;
  readonly k: number;
}

/**
 * Board sizes from docs/connect-k.md §1. The Trilobite presets put the AI first in
 * the source; here that is the lobby's job (AI in seat 0), not the preset's.
 */
export const CONNECT_K_PRESETS: Readonly<Record<ConnectKPresetName, ConnectKSize>> = Object.freeze({
  "connect-four": Object.freeze({ width: 7, height: 6, k: 4 }),
  trilobite: Object.freeze({ width: 8, height: 7, k: 4 }),
  tiny: Object.freeze({ width: 3, height: 3, k: 3 }),
});

/** Resolved options: every field is filled in by `parseOptions`. */
export interface ConnectKOptions extends ConnectKSize {
  readonly preset: ConnectKPresetChoice;
  /** The seat that drops the first disc. */
  readonly firstSeat: number;
}

// Columns are single digits in Pons's notation, so at most 9 of them.
export const MIN_WIDTH = 3;
export const MAX_WIDTH = 9;
export const MIN_HEIGHT = 3;
export const MAX_HEIGHT = 10;
export const MIN_K = 3;
export const MAX_K = 8;

const KNOWN_KEYS = ["preset", "width", "height", "k", "firstSeat"] as const;

/** The longest line that fits the board, capped at 8. */
export function maxK(width: number, height: number): number {
  return Math.min(Math.max(width, height), MAX_K);
}

function presetMatching(size: ConnectKSize): ConnectKPresetChoice {
  for (const name of CONNECT_K_PRESET_NAMES) {
    const preset = CONNECT_K_PRESETS[name];
    if (preset.width === size.width && preset.height === size.height && preset.k === size.k) return name;
  }
  return "custom";
}

/**
 * A named preset fixes width, height and k (restating them is allowed, a
 * different value is an error). "custom" or no preset takes each dimension
 * from the input, Connect Four's where absent; with no preset the result is
 * named after the preset it happens to match, so a re-parse is stable.
 */
export function parseOptions(input: unknown): Result<ConnectKOptions, GameError> {
  const record = readRecord(input, "connect-k options");
  if (!record.ok) return record;
  const fields = record.value;
  const known = rejectUnknownKeys(fields, KNOWN_KEYS);
  if (!known.ok) return known;

  const presetGiven = fields["preset"] !== undefined;
  const preset = readChoice(fields, "preset", CONNECT_K_PRESET_CHOICES, "custom");
  if (!preset.ok) return preset;
  const base =
    preset.value === "custom" ? CONNECT_K_PRESETS["connect-four"] : CONNECT_K_PRESETS[preset.value];

  const width = readInt(fields, "width", { min: MIN_WIDTH, max: MAX_WIDTH, fallback: base.width });
  if (!width.ok) return width;
  const height = readInt(fields, "height", { min: MIN_HEIGHT, max: MAX_HEIGHT, fallback: base.height });
  if (!height.ok) return height;
  const kMax = maxK(width.value, height.value);
  const k = readInt(fields, "k", { min: MIN_K, max: kMax, fallback: Math.min(base.k, kMax) });
  if (!k.ok) return k;
  const firstSeat = readInt(fields, "firstSeat", { min: 0, max: 1, fallback: 0 });
  if (!firstSeat.ok) return firstSeat;

  const size = { width: width.value, height: height.value, k: k.value };
  if (preset.value !== "custom") {
    if (size.width !== base.width || size.height !== base.height || size.k !== base.k) {
      return err(
        gameError(
          "invalid-options",
          `preset ${preset.value} is ${base.width}×${base.height}, k=${base.k}; drop the preset for other sizes`,
        ),
      );
    }
  }
  return ok({
    preset: presetGiven ? preset.value : presetMatching(size),
    width: size.width,
    height: size.height,
    k: size.k,
    firstSeat: firstSeat.value,
  });
}
