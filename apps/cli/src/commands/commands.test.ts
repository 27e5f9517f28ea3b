import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../cli.js";

async function run(
  argv: string[],
  input: string[] = [],
): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = "";
  let stderr = "";
  let t = 0;
  async function* lines(): AsyncIterable<string> {
    await Promise.resolve();
    yield* input;
  }
  const code = await runCli(
    argv,
    { stdout: (text) => (stdout += text), stderr: (text) => (stderr += text) },
    // A fake clock that moves 1 ms per reading, so timings are deterministic.
    { now: () => (t += 1), input: lines },
  );
  return { code, stdout, stderr };
}

const TINY = ["--game", "connect-k", "--options", '{"preset":"tiny"}'];

describe("arena play", () => {
  it("plays Othello PAIP style with clocks and a result line", async () => {
    const result = await run([
      "play",
      "--black",
      "random",
      "--white",
      "maximizer:count-difference",
      "--clock",
      "5+0",
    ]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("Black (@): random");
    expect(result.stdout).toContain("White (O): maximizer:count-difference");
    expect(result.stdout).toMatch(/1\. Black \(@\) moves to [a-h][1-8]\./);
    expect(result.stdout).toMatch(/Black \(@\) [45]:\d\d {2}White \(O\) [45]:\d\d\n/);
    expect(result.stdout).toContain("The game is over. Final result:");
    expect(result.stdout).toMatch(/Result: .* \(normal\)\n$/);
  });

  it("plays Connect-k 3×3 with one spec per seat", async () => {
    const result = await run(["play", ...TINY, "search:9", "search:9"]);
    expect(result.code).toBe(0);
    // 3×3, k=3 is a draw with perfect play.
    expect(result.stdout).toContain("Result: Draw 0-0 (normal)");
  });

  it("refuses bad specs and a wrong number of players", async () => {
    const bad = await run(["play", "--black", "iago", "--white", "random"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("expected iago:<depth>");
    expect((await run(["play", ...TINY, "random"])).stderr).toContain("needs 2 players");
    expect((await run(["play", "--black", "random", "--white", "random", "--clock", "soon"])).code).toBe(2);
  });
});

describe("arena series", () => {
  it("prints PAIP's totals and writes the JSON result", async () => {
    const dir = mkdtempSync(join(tmpdir(), "arena-series-"));
    const file = join(dir, "out.json");
    const result = await run([
      "series",
      "random",
      "maximizer:count-difference",
      "--pairs",
      "2",
      "--random-start",
      "4",
      "--json",
      file,
    ]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(
      "othello series: random vs maximizer:count-difference; 2 pairs (4 games)",
    );
    expect(result.stderr).toContain("] 4/4");
    const json = JSON.parse(readFileSync(file, "utf8")) as {
      totals: { games: number; points: number }[];
      games: { seats: number[] }[];
    };
    expect(json.totals.map((t) => t.games)).toEqual([4, 4]);
    expect(json.totals.reduce((sum, t) => sum + t.points, 0)).toBe(4);
    expect(json.games.map((g) => g.seats)).toEqual([
      [0, 1],
      [1, 0],
      [0, 1],
      [1, 0],
    ]);
  });

  it("prints only JSON on stdout with --json -", async () => {
    const result = await run(["series", ...TINY, "random", "search:9", "--pairs", "2", "--json", "-"]);
    const json = JSON.parse(result.stdout) as { totals: { name: string; losses: number }[] };
    expect(json.totals[1]).toMatchObject({ name: "search:9", losses: 0 });
    expect(result.stderr).toContain("connect-k series");
  });

  it("plays its levels under the server's move ceiling with --ceiling", async () => {
    const result = await run([
      "series",
      ...TINY,
      "level:1",
      "level:2",
      "--pairs",
      "1",
      "--ceiling",
      "--json",
      "-",
    ]);
    expect(result.code).toBe(0);
    const json = JSON.parse(result.stdout) as { totals: { name: string; games: number }[] };
    expect(json.totals.map((t) => t.games)).toEqual([2, 2]);
  });
});

describe("arena round-robin", () => {
  it("prints PAIP's table, the Elo ranking and the totals", async () => {
    const result = await run(["round-robin", ...TINY, "random", "search:1", "search:9", "--pairs", "3"]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("connect-k round-robin: 3 players, 3 pairs, random start 10");
    expect(result.stdout).toMatch(/1\. random +\d+\.\d: +--- /);
    expect(result.stdout).toContain("(anchor)");
    expect(result.stdout).toMatch(/rank +player +points +elo/);
  });

  it("rotates seats for Dice of Doom with three players", async () => {
    const result = await run([
      "round-robin",
      "--game",
      "dice-of-doom",
      "--options",
      '{"players":3,"size":3}',
      "random",
      "search:1",
      "search:2",
      "--pairs",
      "1",
      "--json",
      "-",
    ]);
    expect(result.code).toBe(0);
    const json = JSON.parse(result.stdout) as { gameCount: number; records: { players: string[] }[] };
    expect(json.gameCount).toBe(3);
    expect(json.records.map((r) => r.players[0])).toEqual(["random", "search:1", "search:2"]);
  });
});

describe("arena nboard", () => {
  it("answers a real NBoard exchange", async () => {
    const result = await run(
      ["nboard"],
      [
        "nboard 2",
        "set depth 4",
        "set contempt 0",
        "set game (;GM[Othello]PC[NBoard]DT[2026-11-22]PB[me]PW[Arena]RE[?]TI[5:00//02:00]TY[8]BO[8 ---------------------------O*------*O--------------------------- *];)",
        "move f5",
        "hint 2",
        "go",
        "ping 1",
        "learn",
        "analyze",
        "quit",
        "ping 2",
      ],
    );
    expect(result.code).toBe(0);
    const lines = result.stdout.trimEnd().split("\n");
    expect(lines[0]).toBe("set myname Arena");
    const hints = lines.filter((line) => line.startsWith("search "));
    expect(hints).toHaveLength(2);
    for (const hint of hints) expect(hint).toMatch(/^search ([A-H][1-8])+ -?\d+\.\d\d 0 4$/);
    const go = lines.find((line) => line.startsWith("=== "));
    // After f5 white's legal replies are d6, f4 and f6.
    expect(go).toMatch(/^=== (D6|F4|F6)\/-?\d+\.\d\d\/\d+\.\d{3}$/);
    expect(lines).toContain("pong 1");
    expect(lines).toContain("learned");
    expect(lines).not.toContain("pong 2");
    expect(lines.some((line) => /^nodestats \d+ \d+\.\d{3}$/.test(line))).toBe(true);
  });

  it("follows moves, including passes written PA, and reports bad input as status", async () => {
    const result = await run(
      ["nboard"],
      ["set game (;GM[Othello]B[f5]W[d6];)", "move c3", "move z9", "go", "quit"],
    );
    const lines = result.stdout.trimEnd().split("\n");
    expect(lines.some((line) => line.startsWith("status illegal move 'z9'"))).toBe(true);
    expect(lines.find((line) => line.startsWith("=== "))).toMatch(/^=== [A-H][1-8]\//);
  });
});

describe("arena train", () => {
  it("trains on a tiny seeded sample, prints the fit error per stage and writes a weights module", async () => {
    const out = join(mkdtempSync(join(tmpdir(), "arena-train-")), "weights-data.ts");
    const args = ["train", "--games", "6", "--exact-empties", "8", "--depth", "1", "--iterations", "2"];
    const result = await run([...args, "--threads", "0", "--out", out]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/stage +0 \(empties +0- 3\): \d+ positions .*RMSE train/);
    expect(result.stdout).toMatch(/done: \d+ positions/);
    const module = readFileSync(out, "utf8");
    expect(module).toContain("export const TRAINED_WEIGHTS_DATA: readonly string[] = [");
    expect(module).toContain("npx arena train --games 6");
  }, 60_000);

  it("rejects a bad number", async () => {
    const result = await run(["train", "--lambda", "much"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("--lambda");
  });
});
