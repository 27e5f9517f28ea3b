import * as DiceOfDoom from "@arena/engine/games/dice-of-doom/index";
import type { Words } from "../../i18n/words";

/** Hex radius (centre to corner) in SVG units; the SVG scales to its box. */
export const HEX_R = 30;
const HEX_W = Math.sqrt(3) * HEX_R;

export interface DiceHex {
  readonly pos: number;
  readonly name: string;
  readonly owner: number;
  readonly dice: number;
  readonly cx: number;
  readonly cy: number;
  readonly points: string;
  /** This hex may start an attack (it is the mover's and the engine lists a move from it). */
  readonly source: boolean;
  /** The selected hex may attack this one. */
  readonly target: boolean;
  readonly selected: boolean;
}

export interface DiceView {
  readonly hexes: readonly DiceHex[];
  readonly width: number;
  readonly height: number;
  readonly player: number;
  readonly canPass: boolean;
  readonly over: boolean;
}

/**
 * The centre of hex (x, y) in the book's layout: each row sits half a hex
 * further left than the one above it, so row y is indented by size − y halves.
 */
export function hexCenter(x: number, y: number, size: number): { cx: number; cy: number } {
  return {
    cx: HEX_W * (x + (size - y) / 2) + HEX_W / 2,
    cy: HEX_R + y * HEX_R * 1.5,
  };
}

/** Pointy-top hexagon corners around a centre, as an SVG points string. */
export function hexPoints(cx: number, cy: number, r = HEX_R): string {
  const points: string[] = [];
  for (let i = 0; i < 6; i++) {
    const angle = (Math.PI / 180) * (60 * i - 90);
    points.push(`${(cx + r * Math.cos(angle)).toFixed(1)},${(cy + r * Math.sin(angle)).toFixed(1)}`);
  }
  return points.join(" ");
}

/** Every legal attack grouped by source hex, from the engine's move list. */
export function attacksBySource(state: DiceOfDoom.DiceOfDoomState): Map<number, number[]> {
  const bySource = new Map<number, number[]>();
  for (const move of DiceOfDoom.diceOfDoom.legalMoves(state)) {
    if (move === DiceOfDoom.PASS) continue;
    const src = DiceOfDoom.attackSource(move, state.size);
    const dst = DiceOfDoom.attackTarget(move, state.size);
    const list = bySource.get(src);
    if (list === undefined) bySource.set(src, [dst]);
    else list.push(dst);
  }
  return bySource;
}

export function diceView(state: DiceOfDoom.DiceOfDoomState, selected: number | null): DiceView {
  const { size } = state;
  const attacks = attacksBySource(state);
  const targets = new Set(selected === null ? [] : (attacks.get(selected) ?? []));
  const hexes: DiceHex[] = [];
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const pos = x + size * y;
      const { cx, cy } = hexCenter(x, y, size);
      hexes.push({
        pos,
        name: DiceOfDoom.cellName(pos, size),
        owner: state.owner[pos] ?? DiceOfDoom.NEUTRAL,
        dice: state.dice[pos] ?? 0,
        cx,
        cy,
        points: hexPoints(cx, cy),
        source: attacks.has(pos),
        target: targets.has(pos),
        selected: selected === pos,
      });
    }
  }
  const legal = DiceOfDoom.diceOfDoom.legalMoves(state);
  return {
    hexes,
    width: HEX_W * (size + size / 2) + HEX_W / 2,
    height: HEX_R * 2 + (size - 1) * HEX_R * 1.5,
    player: state.player,
    canPass: legal.includes(DiceOfDoom.PASS),
    over: state.over,
  };
}

/**
 * The hexes' places in rows as drawn: row by row from the top, left to right; turned half round, the
 * last row first and each row right to left.
 */
export function hexRows(size: number, flipped: boolean): number[][] {
  const order = Array.from({ length: size }, (_, i) => i);
  const turn = (list: number[]) => (flipped ? [...list].reverse() : list);
  return turn(order).map((y) => turn(order).map((x) => x + size * y));
}

/**
 * A hex's accessible name over the `games.dice-of-doom` namespace: "hex B2, yours, Red, 3 dice, can attack",
 * "hex C2, Blue, 1 die, target". `playing` says whether the viewer may attack now.
 */
export function diceHexLabel(
  hex: DiceHex,
  viewerSeat: number | null,
  playing: boolean,
  words: Words,
): string {
  return words("board.hex", {
    cell: hex.name,
    mine: viewerSeat !== null && hex.owner === viewerSeat ? "yes" : "no",
    seat: words("seat", { seat: String(hex.owner), number: hex.owner + 1 }),
    dice: hex.dice,
    role: hex.target ? "target" : playing && hex.source ? "source" : "none",
  });
}
