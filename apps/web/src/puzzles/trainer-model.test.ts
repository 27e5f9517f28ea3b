import type { PuzzleServed, PuzzleView } from "@arena/protocol";
import { describe, expect, it } from "vitest";
import {
  INITIAL_TRAINER,
  type TrainerAction,
  type TrainerState,
  trainerModeOf,
  trainerReducer,
} from "./trainer-model";

const puzzle: PuzzleView = {
  id: "othello-29mpnkyqfzf",
  gameId: "othello",
  position: "--X-OXOO--OOOXOO--OOOXOO--OOOXOX-OOOOXOX--OOOOOX--OOOOOX---O-XOX X",
  sideToMove: 0,
  rating: 1500,
  themes: ["tempo"],
  state: null,
  playerMoves: 2,
  plays: 0,
};
const served: PuzzleServed = {
  ok: true,
  puzzle,
  player: { rating: 1500, deviation: 350, provisional: true, attempts: 0 },
};

const run = (actions: readonly TrainerAction[], from: TrainerState = INITIAL_TRAINER) =>
  actions.reduce(trainerReducer, from);

const loaded = run([{ type: "served", served }]);

describe("the trainer's state", () => {
  it("reads the mode from the address, rated unless daily or streak", () => {
    expect(trainerModeOf("streak")).toBe("streak");
    expect(trainerModeOf("daily")).toBe("daily");
    expect(trainerModeOf("blitz")).toBe("rated");
    expect(trainerModeOf(null)).toBe("rated");
  });

  it("serves the puzzle for the player's first move", () => {
    expect(loaded.phase).toBe("your-move");
    expect(loaded.puzzle).toBe(puzzle);
    expect(loaded.player?.rating).toBe(1500);
    expect(loaded.day).toBeNull();
    expect(run([{ type: "served", served: { ...served, day: "2026-11-29" } }]).day).toBe("2026-11-29");
  });

  it("plays a right move, then the reply after its pause, and the player's turn comes back", () => {
    const checking = run([{ type: "played", move: "e8" }], loaded);
    expect(checking.phase).toBe("checking");
    expect(checking.moves).toEqual(["e8"]);
    // A second click while the first is checked changes nothing.
    expect(run([{ type: "played", move: "b1" }], checking)).toBe(checking);
    const replying = run(
      [{ type: "answered", result: { ok: true, correct: true, done: false, reply: "PA" } }],
      checking,
    );
    expect(replying.phase).toBe("reply");
    expect(replying.moves).toEqual(["e8"]);
    const again = run([{ type: "replyShown" }], replying);
    expect(again.phase).toBe("your-move");
    expect(again.moves).toEqual(["e8", "PA"]);
  });

  it("ends solved with the rating change, shown at once as the player's rating", () => {
    const solved = run(
      [
        { type: "played", move: "b1" },
        {
          type: "answered",
          result: {
            ok: true,
            correct: true,
            done: true,
            solution: ["e8", "PA", "b1"],
            ratingChange: { before: 1500, after: 1620, delta: 120 },
          },
        },
      ],
      loaded,
    );
    expect(solved.phase).toBe("over");
    expect(solved.outcome).toEqual({
      kind: "solved",
      solution: ["e8", "PA", "b1"],
      ratingChange: { before: 1500, after: 1620, delta: 120 },
    });
    expect(solved.player?.rating).toBe(1620);
    expect(solved.player?.attempts).toBe(1);
    expect(solved.streak).toBe(1);
    expect(solved.streakOver).toBe(false);
  });

  it("ends wrong with the refutation and the shortfall, and the streak with it", () => {
    const wrong = run(
      [
        { type: "played", move: "b2" },
        {
          type: "answered",
          result: {
            ok: true,
            correct: false,
            done: true,
            solution: ["e8", "PA", "b1"],
            refutation: ["b2", "a1"],
            shortfall: { unit: "discs", best: 32, played: -8 },
            ratingChange: null,
          },
        },
      ],
      { ...loaded, streak: 3 },
    );
    expect(wrong.phase).toBe("over");
    expect(wrong.outcome?.kind).toBe("wrong");
    expect(wrong.outcome?.kind === "wrong" ? wrong.outcome.refutation : null).toEqual(["b2", "a1"]);
    expect(wrong.player?.rating).toBe(1500);
    expect(wrong.streak).toBe(3);
    expect(wrong.streakOver).toBe(true);
    // The next puzzle starts a new streak; after a solved one the count carries on.
    expect(run([{ type: "loading" }], wrong).streak).toBe(0);
    expect(run([{ type: "loading" }], { ...wrong, streakOver: false }).streak).toBe(3);
  });

  it("takes a move back when its attempt fails, so it can be played again", () => {
    const failed = run(
      [
        { type: "played", move: "e8" },
        { type: "failed", code: "unavailable", message: "the server cannot be reached" },
      ],
      loaded,
    );
    expect(failed.phase).toBe("your-move");
    expect(failed.moves).toEqual([]);
    expect(failed.failure?.code).toBe("unavailable");
  });

  it("says why no puzzle came, and ignores late answers", () => {
    const none = run([{ type: "failed", code: "no-puzzle", message: "none left" }]);
    expect(none.phase).toBe("failed");
    expect(none.failure).toEqual({ code: "no-puzzle", message: "none left" });
    expect(run([{ type: "served", served }], none)).toBe(none);
    expect(run([{ type: "replyShown" }], loaded)).toBe(loaded);
    expect(
      run([{ type: "answered", result: { ok: true, correct: true, done: false, reply: "a1" } }], loaded),
    ).toBe(loaded);
  });
});
