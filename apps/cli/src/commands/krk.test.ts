import { describe, expect, it } from "vitest";
import { runCli } from "../cli.js";

async function run(...argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = "";
  let stderr = "";
  let t = 0;
  const code = await runCli(
    argv,
    { stdout: (text) => (stdout += text), stderr: (text) => (stderr += text) },
    { now: () => (t += 1) },
  );
  return { code, stdout, stderr };
}

const START = ["--game", "krk", "--options", '{"fen":"4k3/8/8/8/8/8/8/R3K3 w - - 0 1"}'];

describe("arena krk", () => {
  it("--table prints one class-count line per UCI class: the dataset's distribution", async () => {
    const result = await run("krk", "--table");
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(
      [
        "draw 2796",
        "0 27",
        "1 78",
        "2 246",
        "3 81",
        "4 198",
        "5 471",
        "6 592",
        "7 683",
        "8 1433",
        "9 1712",
        "10 1985",
        "11 2854",
        "12 3597",
        "13 4194",
        "14 4553",
        "15 2166",
        "16 390",
        "",
      ].join("\n"),
    );
  });

  it("--stats on a sample ends with the stats line", async () => {
    const result = await run("krk", "--stats", "--sample", "40", "--seed", "3", "--worst", "2");
    expect(result.code).toBe(0);
    const lines = result.stdout.trimEnd().split("\n");
    expect(lines[0]).toContain("against perfect defence, 40 won positions (sample, seed 3)");
    expect(lines.filter((line) => line.startsWith("worst "))).toHaveLength(2);
    expect(lines.at(-2)).toBe(
      "endings: mated 40 stalemate 0 rook-lost 0 fifty-moves 0 repetition 0 no-advice 0",
    );
    expect(lines.at(-1)).toMatch(
      /^won 40 mated 40 stalemates 0 rook-lost 0 max-moves \d+ mean-excess \d+\.\d{3}$/,
    );
    expect(result.stderr).toContain("40/40");
  });

  it("--stats --defence every gives the longest game Black can force", async () => {
    const perfect = await run("krk", "--stats", "--sample", "25", "--worst", "0");
    const every = await run("krk", "--stats", "--defence", "every", "--sample", "25", "--worst", "0");
    const maxMoves = (text: string): number => Number(/max-moves (\d+)/.exec(text)?.[1]);
    expect(every.stdout).toContain("against every defence");
    expect(maxMoves(every.stdout)).toBeGreaterThanOrEqual(maxMoves(perfect.stdout));
  });

  it("refuses bad arguments", async () => {
    expect((await run("krk")).code).toBe(2);
    expect((await run("krk", "--stats", "--table")).stderr).toContain("give one of --stats and --table");
    expect((await run("krk", "--stats", "--defence", "weak")).stderr).toContain(
      "--defence is perfect or every",
    );
    expect((await run("krk", "--stats", "--advice", "mine")).stderr).toContain("--advice is product or book");
    expect((await run("krk", "--stats", "--sample", "x")).code).toBe(2);
  });
});

describe("the generic commands play krk", () => {
  it("perft, show and play", async () => {
    expect((await run("perft", ...START, "--depth", "3")).stdout).toMatch(/^depth 3 leaves 1242 /);
    const shown = await run("show", ...START, "--moves", "Ra8+ Kd7 a8a7+");
    expect(shown.stdout).toContain("7 R . . k . . . .");
    expect(shown.stdout).toContain("Black to move");
    const played = await run("play", "--game", "krk", "--options", '{"distance":4}', "level:2", "level:3");
    expect(played.code).toBe(0);
    expect(played.stdout).toContain("Checkmate: White wins");
    expect(played.stdout).toMatch(/Result: Seat 1 level:2 wins 1-0 \(normal\)\n$/);
  });

  it("series swaps the seats: AL0 defends perfectly as Black", async () => {
    const result = await run(
      "series",
      "--game",
      "krk",
      "--options",
      '{"distance":6}',
      "al0",
      "perfect",
      "--pairs",
      "2",
    );
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("krk series: al0 vs perfect; 2 pairs (4 games)");
  });
});
