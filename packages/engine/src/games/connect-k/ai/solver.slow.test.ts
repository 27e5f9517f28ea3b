/// <reference types="node" />
import { readFileSync } from "node:fs";
import { describe, it } from "vitest";
import { SETS, parseSet, runSet } from "./test-support/pons.js";

const readSet = (name: string) => parseSet(readFileSync(new URL(name, SETS), "utf8"));

describe("Pons test sets: the opening stage", () => {
  // The opening-stage set (4–14 plies played) is the hardest of the three for a solver.
  it("solves all 1000 positions of Test_L1_R1 exactly", () => {
    const stats = runSet(readSet("Test_L1_R1"));
    console.info(
      `Test_L1_R1: ${stats.meanMs.toFixed(3)} ms, ${stats.meanNodes.toFixed(1)} nodes per position`,
    );
  });

  // The weak solver is slower than the strong one on this set (a window at 0
  // is harder to settle for big wins than the strong search's probes near
  // the score): every 10th line always, the whole set with ARENA_TEST_SLOW=1.
  it("solves Test_L1_R1 weakly", () => {
    const all = readSet("Test_L1_R1");
    const lines = process.env["ARENA_TEST_SLOW"] === "1" ? all : all.filter((_, i) => i % 10 === 0);
    const stats = runSet(lines, true);
    console.info(
      `Test_L1_R1 weak: ${stats.meanMs.toFixed(3)} ms, ${stats.meanNodes.toFixed(1)} nodes per position`,
    );
  });
});
