import { type DiceOfDoomOptions, type DiceOfDoomRules, type DiceOfDoomState, diceOfDoom } from "../index.js";

export interface BoardSpec {
  /** One string per row, top first; hexes like "a3" (seat a, 3 dice) or ".2" (neutral). */
  readonly rows: readonly string[];
  readonly players?: number;
  readonly rules?: DiceOfDoomRules;
  readonly maxDice?: number;
  readonly player?: number;
  readonly spare?: number;
  readonly firstMove?: boolean;
  /** Defaults to the seats that own no hex. */
  readonly eliminated?: readonly boolean[];
}

export function options(input: Partial<DiceOfDoomOptions>): DiceOfDoomOptions {
  const parsed = diceOfDoom.parseOptions(input);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
}

/** A hand-made position, built through `deserialize` so it passes the same validation as stored games. */
export function board(spec: BoardSpec): DiceOfDoomState {
  const cells = spec.rows.map((row) => row.trim().split(/\s+/));
  const size = cells.length;
  const flat = cells.flat();
  if (flat.length !== size * size) throw new Error("rows must form a square");
  const owner = flat.map((cell) => (cell.startsWith(".") ? -1 : "abcd".indexOf(cell.charAt(0))));
  const dice = flat.map((cell) => Number(cell.slice(1)));
  const players = spec.players ?? 2;
  const rules = spec.rules ?? "classic";
  const opts = options({
    players,
    size,
    rules,
    ...(spec.maxDice === undefined ? {} : { maxDice: spec.maxDice }),
  });
  const eliminated = spec.eliminated ?? Array.from({ length: players }, (_, seat) => !owner.includes(seat));
  const firstMove = spec.firstMove ?? true;
  const parsed = diceOfDoom.deserialize({
    v: 2,
    game: "dice-of-doom",
    options: { ...opts },
    owner,
    dice,
    player: spec.player ?? 0,
    spare: spec.spare ?? 0,
    firstMove,
    eliminated: [...eliminated],
  });
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
}

/** The board as rows of "a3"-style tokens, for readable expectations. */
export function rowsOf(state: DiceOfDoomState): string[] {
  const rows: string[] = [];
  for (let y = 0; y < state.size; y++) {
    const row: string[] = [];
    for (let x = 0; x < state.size; x++) {
      const pos = x + y * state.size;
      const owner = state.owner[pos] ?? -1;
      row.push(`${owner < 0 ? "." : "abcd".charAt(owner)}${state.dice[pos] ?? 0}`);
    }
    rows.push(row.join(" "));
  }
  return rows;
}

/** Parses notation or throws, for tests that play scripted moves. */
export function move(state: DiceOfDoomState, text: string): number {
  const parsed = diceOfDoom.parseMove(state, text);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
}

/** Plays scripted moves through the checked `play`, throwing on any refusal. */
export function playAll(state: DiceOfDoomState, ...moves: string[]): DiceOfDoomState {
  let current = state;
  for (const text of moves) {
    const result = diceOfDoom.play(current, move(current, text));
    if (!result.ok) throw new Error(`${text}: ${result.error.message}`);
    current = result.value;
  }
  return current;
}
