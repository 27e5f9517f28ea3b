import { getGame } from "@arena/engine";
import { describe, expect, it } from "vitest";
import { mineGame } from "./mine.js";
import { formatPuzzle, parsePuzzle } from "./puzzle.js";
import { puzzleFinder } from "./registry.js";
import { seedSet } from "./test-support/seed-set.js";

const connectK = getGame("connect-k");

/** The start of a game with `options` (as the game's `parseOptions` reads them), serialized as a match keeps it. */
function start(options: unknown): unknown {
  const parsed = connectK.parseOptions(options);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return connectK.serialize(connectK.initial(parsed.value, 0));
}

const fourOptions = puzzleFinder("connect-k")?.selfPlay.options;
// A Connect Four puzzle's position is the columns played from the empty board (Pons's notation).
const [shipped] = seedSet("connect-k");
if (shipped === undefined) throw new Error("no Connect Four puzzle shipped");
const reached = [...shipped.position];

describe("mining finished games", () => {
  it("finds a puzzle in a game that passed through its position, with the match as its source", () => {
    const mined = mineGame({
      gameId: "connect-k",
      match: "m_test",
      start: start(fourOptions),
      moves: [...reached, ...shipped.line],
    });
    expect(mined.ok).toBe(true);
    if (!mined.ok) return;
    const same = mined.value.find((puzzle) => puzzle.id === shipped.id);
    expect(same?.line).toEqual(shipped.line);
    expect(same?.source).toEqual({ match: "m_test", ply: reached.length });
    // What a miner keeps reads back as it was written.
    if (same !== undefined) expect(parsePuzzle(formatPuzzle(same))).toEqual({ ok: true, value: same });
  });

  it("mines only games played with the finder's own options: a Connect-k variant is no Connect Four", () => {
    // The same board with five in a row to win, and the same moves through the shipped puzzle's position.
    const mined = mineGame({
      gameId: "connect-k",
      match: "m_variant",
      start: start({ width: 7, height: 6, k: 5 }),
      moves: reached,
    });
    expect(mined).toEqual({ ok: true, value: [] });
  });

  it("refuses a log with an illegal move, and mines nothing of a game without a finder", () => {
    const mined = mineGame({ gameId: "connect-k", match: "m_bad", start: start(fourOptions), moves: ["9"] });
    expect(mined.ok).toBe(false);
    const dice = getGame("dice-of-doom");
    const options = dice.parseOptions({});
    if (!options.ok) throw new Error(options.error.message);
    expect(
      mineGame({
        gameId: "dice-of-doom",
        match: "m_dice",
        start: dice.serialize(dice.initial(options.value, 1)),
        moves: [],
      }),
    ).toEqual({ ok: true, value: [] });
  });

  it("reads a source as generated or mined, never a mix", () => {
    const line = JSON.parse(formatPuzzle(shipped)) as Record<string, unknown>;
    const read = (source: unknown) => parsePuzzle(JSON.stringify({ ...line, source })).ok;
    expect(read({ match: "m_1", ply: 3 })).toBe(true);
    expect(read({ seed: 1, game: 0, ply: 3 })).toBe(true);
    expect(read({ match: "m_1", seed: 1, ply: 3 })).toBe(false);
    expect(read({ match: "", ply: 3 })).toBe(false);
    expect(read({ match: "m_1", ply: -1 })).toBe(false);
  });
});
