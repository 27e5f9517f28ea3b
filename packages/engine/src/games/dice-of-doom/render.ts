import { outcomeOf } from "./rules.js";
import { type DiceOfDoomState, NEUTRAL } from "./types.js";

const LETTERS = "abcd";

export function seatLetter(seat: number): string {
  return seat === NEUTRAL ? "." : LETTERS.charAt(seat);
}

/**
 * The book's `draw-board`: each row two spaces further left than the one
 * above, hexes as "owner-dice" ("a-3"; neutral hexes as ".-3"). A row
 * number leads each line so moves like "b2>c2" can be read off.
 */
export function renderState(state: DiceOfDoomState): string {
  const { size } = state;
  const lines: string[] = [];
  const outcome = outcomeOf(state);
  if (outcome.kind === "finished") {
    lines.push(`game over, winner(s) = ${outcome.winners.map(seatLetter).join(" ")}`);
  } else {
    lines.push(`current player = ${seatLetter(state.player)}`);
  }
  for (let y = 0; y < size; y++) {
    let line = String(y + 1).padStart(2) + "  ".repeat(size - y);
    for (let x = 0; x < size; x++) {
      const pos = x + size * y;
      line += `${seatLetter(state.owner[pos] ?? NEUTRAL)}-${state.dice[pos] ?? 0} `;
    }
    lines.push(line.trimEnd());
  }
  const out = state.eliminated.flatMap((gone, seat) => (gone ? [seatLetter(seat)] : []));
  if (out.length > 0) lines.push(`eliminated: ${out.join(" ")}`);
  return lines.join("\n");
}
