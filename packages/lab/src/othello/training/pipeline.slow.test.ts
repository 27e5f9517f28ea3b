import { describe, expect, it } from "vitest";
import { STAGE_SIZE } from "@arena/engine/games/othello/ai/patterns";
import { type TrainConfig, DEFAULT_TRAIN_CONFIG, inlineRunner, trainEvaluation } from "./pipeline.js";
import { selfPlayPositions } from "./self-play.js";

const TINY: TrainConfig = {
  ...DEFAULT_TRAIN_CONFIG,
  seed: 7,
  games: 24,
  exactEmpties: 10,
  searchDepth: 2,
  stageWidth: 4,
  iterations: 8,
  validationEvery: 4,
};

// Three and one whole training runs: a minute each when the CI runs every suite at once on two cores.
const TRAINING_TIMEOUT_MS = 240_000;

describe("the training pipeline", () => {
  it(
    "is repeatable: the same seed gives the same weights, whatever the job split",
    async () => {
      const a = await trainEvaluation(TINY, inlineRunner(), () => undefined, 3);
      const b = await trainEvaluation(TINY, inlineRunner(), () => undefined, 7);
      expect(a.positions).toBe(b.positions);
      expect(a.weights.tables.length).toBe(16 * STAGE_SIZE);
      let differing = 0;
      for (let i = 0; i < a.weights.tables.length; i++)
        if (a.weights.tables[i] !== b.weights.tables[i]) differing++;
      expect(differing).toBe(0);
      const other = await trainEvaluation({ ...TINY, seed: 8 }, inlineRunner(), () => undefined, 3);
      expect(other.positions).not.toBe(a.positions);
    },
    TRAINING_TIMEOUT_MS,
  );

  it(
    "reduces the fit error of every stage it has positions for",
    async () => {
      const lines: string[] = [];
      const outcome = await trainEvaluation(TINY, inlineRunner(), (line) => lines.push(line), 3);
      const fitted = outcome.stages.filter((s) => s.trainCount > 0);
      expect(fitted.length).toBeGreaterThanOrEqual(12);
      for (const stage of fitted) expect(stage.trainRmse).toBeLessThan(stage.initialTrainRmse);
      // The endgame stages are labelled by the solver, the others by searches into them.
      expect(outcome.stages[0]?.exactLabels).toBeGreaterThan(0);
      expect(outcome.stages[8]?.searchLabels).toBeGreaterThan(0);
      expect(lines.some((line) => /stage +0 .*RMSE train/.test(line))).toBe(true);
    },
    TRAINING_TIMEOUT_MS,
  );

  it("plays any range of self-play games the same way alone or within a larger run", () => {
    const config = { seed: 3, randomPlies: { min: 2, max: 6 }, epsilon: 0.1 };
    const whole = selfPlayPositions(config, 0, 6);
    const part = selfPlayPositions(config, 4, 6);
    const offset = whole.games.indexOf(4);
    expect(Array.from(whole.boards.subarray(offset * 4))).toEqual(Array.from(part.boards));
  });
});
