import type { AnyGame } from "@arena/engine/core/game";
import { othello as othelloRules, parsePosition } from "@arena/engine/games/othello/index";
import { describe, expect, it } from "vitest";
import { positionAfter } from "./line";

// A shipped puzzle (packages/puzzles/data/othello.jsonl): Black e8, White must pass, Black b1.
const loaded = parsePosition("--X-OXOO--OOOXOO--OOOXOO--OOOXOX-OOOOXOX--OOOOOX--OOOOOX---O-XOX X");
if (!loaded.ok) throw new Error(loaded.error.message);
/** The rules as the trainer holds them: any game's, over states it does not know. */
const othello: AnyGame = othelloRules;
const served = othello.deserialize(othello.serialize(loaded.value));
if (!served.ok) throw new Error(served.error.message);
const start = served.value;

describe("a puzzle's moves on its board", () => {
  it("plays the player's moves and the server's replies, a forced pass included", () => {
    const line = positionAfter(othello, start, ["e8", "PA", "b1"]);
    expect(line.ok).toBe(true);
    // White to move after Black's b1, which is taken: the position the server's next reply is played on.
    expect(othello.toMove(line.state)).toEqual([1]);
    const squares = othello.legalMoves(line.state).map((move) => othello.formatMove(line.state, move));
    expect(squares).not.toContain("b1");
    expect(othello.toMove(positionAfter(othello, start, ["e8"]).state)).toEqual([1]); // the pass to come
  });

  it("stops at a move the rules refuse, naming it", () => {
    const line = positionAfter(othello, start, ["e8", "a1"]);
    expect(line).toEqual({ ok: false, state: positionAfter(othello, start, ["e8"]).state, refused: "a1" });
    expect(positionAfter(othello, start, ["zz"]).ok).toBe(false);
  });
});
