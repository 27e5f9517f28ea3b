import { trainedWeights } from "@arena/engine/games/othello/ai/thread-engines";
import { decodeWeights } from "@arena/engine/games/othello/ai/weights-codec";
import { describe, expect, it } from "vitest";
import { encodeWeights } from "./weights-encoder.js";

describe("the shipped weights", () => {
  it("round-trip through the codec", () => {
    const weights = trainedWeights();
    const again = decodeWeights(encodeWeights(weights));
    expect(again.stageCount).toBe(weights.stageCount);
    expect(again.stageWidth).toBe(weights.stageWidth);
    expect(again.scale).toBe(weights.scale);
    let differing = 0;
    for (let i = 0; i < weights.tables.length; i++) if (again.tables[i] !== weights.tables[i]) differing++;
    expect(again.tables.length).toBe(weights.tables.length);
    expect(differing).toBe(0);
  });
});
