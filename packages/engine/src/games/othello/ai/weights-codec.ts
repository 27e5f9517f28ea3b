/**
 * The compact text form of the trained evaluation's weights (the generated module
 * `weights-data.ts`): base64 of a byte stream holding a header (format, stage count, empties per
 * stage, units per disc, weights per stage) and then, stage by stage and kind by kind, the weight of
 * every canonical index (`FeatureKind.canonical[x] === x`) in increasing order, as its difference
 * from the previous stage's weight (a configuration a stage never saw keeps its neighbour's weight,
 * so most differences are zero) in a zigzag varint, a zero being followed by the number of further
 * zeros. Entries that share a canonical index are filled in when the weights are decoded, so the
 * evaluation looks every index up directly.
 */
import { FEATURE_KINDS, STAGE_SIZE } from "./patterns.js";

/** The version of the byte stream `decodeWeights` reads (the lab's encoder writes it). */
export const WEIGHTS_FORMAT = 2;

/** Weights as the search uses them: every stage's full tables, in units of 1/`scale` disc. */
export interface TrainedWeights {
  readonly stageCount: number;
  /** Empties covered by each stage: stage = floor(empties / stageWidth), capped at the last. */
  readonly stageWidth: number;
  /** Weight units per disc. */
  readonly scale: number;
  /** stageCount × STAGE_SIZE weights. */
  readonly tables: Int16Array;
}

/** The canonical indices of each kind, in increasing order, as offsets into a stage. */
export const CANONICAL_SLOTS: Int32Array = (() => {
  const slots: number[] = [];
  for (const kind of FEATURE_KINDS) {
    for (let x = 0; x < kind.size; x++) if (kind.canonical[x] === x) slots.push(kind.offset + x);
  }
  return Int32Array.from(slots);
})();

/** Offset in a stage of each entry's canonical representative. */
const REPRESENTATIVE: Int32Array = (() => {
  const table = new Int32Array(STAGE_SIZE);
  for (const kind of FEATURE_KINDS) {
    for (let x = 0; x < kind.size; x++) table[kind.offset + x] = kind.offset + (kind.canonical[x] as number);
  }
  return table;
})();

/** Free weights per stage (one per canonical index). */
export const FREE_WEIGHTS_PER_STAGE = CANONICAL_SLOTS.length;

export const BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const BASE64_VALUE = (() => {
  const table = new Int8Array(128).fill(-1);
  for (let i = 0; i < 64; i++) table[BASE64.charCodeAt(i)] = i;
  return table;
})();

/** Decodes base64 text (other characters skipped); also reads the shipped WebAssembly module. */
export function fromBase64(text: string): Uint8Array {
  const clean = text.replace(/[^A-Za-z0-9+/]/g, "");
  const bytes = new Uint8Array(Math.floor((clean.length * 3) / 4));
  let j = 0;
  for (let i = 0; i + 1 < clean.length; i += 4) {
    const n =
      ((BASE64_VALUE[clean.charCodeAt(i)] as number) << 18) |
      ((BASE64_VALUE[clean.charCodeAt(i + 1)] as number) << 12) |
      (((BASE64_VALUE[clean.charCodeAt(i + 2)] ?? 0) & 63) << 6) |
      ((BASE64_VALUE[clean.charCodeAt(i + 3)] ?? 0) & 63);
    bytes[j++] = n >> 16;
    if (i + 2 < clean.length) bytes[j++] = (n >> 8) & 255;
    if (i + 3 < clean.length) bytes[j++] = n & 255;
  }
  return bytes.subarray(0, j);
}

class ByteReader {
  private position = 0;

  constructor(private readonly bytes: Uint8Array) {}

  varint(): number {
    let value = 0;
    let shift = 0;
    for (;;) {
      const byte = this.bytes[this.position++];
      if (byte === undefined) throw new Error("trained weights: truncated data");
      value |= (byte & 0x7f) << shift;
      if (byte < 0x80) return value >>> 0;
      shift += 7;
    }
  }
}

const unzigzag = (v: number): number => (v >>> 1) ^ -(v & 1);

/** Decodes the module's text into full tables (every entry filled from its canonical one). */
export function decodeWeights(text: string): TrainedWeights {
  const input = new ByteReader(fromBase64(text));
  const format = input.varint();
  if (format !== WEIGHTS_FORMAT)
    throw new Error(`trained weights: format ${format}, expected ${WEIGHTS_FORMAT}`);
  const stageCount = input.varint();
  const stageWidth = input.varint();
  const scale = input.varint();
  const stageSize = input.varint();
  if (stageSize !== STAGE_SIZE) throw new Error("trained weights: made for another feature set; retrain");
  const tables = new Int16Array(stageCount * STAGE_SIZE);
  for (let stage = 0; stage < stageCount; stage++) {
    const base = stage * STAGE_SIZE;
    const previous = base - STAGE_SIZE;
    let zeros = 0;
    for (const slot of CANONICAL_SLOTS) {
      const before = stage === 0 ? 0 : (tables[previous + slot] as number);
      if (zeros > 0) {
        zeros--;
        tables[base + slot] = before;
        continue;
      }
      const delta = unzigzag(input.varint());
      if (delta === 0) zeros = input.varint();
      tables[base + slot] = before + delta;
    }
    for (let i = 0; i < STAGE_SIZE; i++)
      tables[base + i] = tables[base + (REPRESENTATIVE[i] as number)] as number;
  }
  return { stageCount, stageWidth, scale, tables };
}

/** Copies canonical values to every entry that shares them (after training wrote canonical slots only). */
export function spreadCanonical(tables: Int16Array, stageCount: number): void {
  for (let stage = 0; stage < stageCount; stage++) {
    const base = stage * STAGE_SIZE;
    for (let i = 0; i < STAGE_SIZE; i++)
      tables[base + i] = tables[base + (REPRESENTATIVE[i] as number)] as number;
  }
}
