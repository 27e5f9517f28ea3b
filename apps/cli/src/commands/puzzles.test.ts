import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parsePuzzle, verifyPuzzle } from "@arena/puzzles";
import { describe, expect, it } from "vitest";
import { runCli } from "../cli.js";

async function run(...argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = "";
  let stderr = "";
  const code = await runCli(argv, { stdout: (text) => (stdout += text), stderr: (text) => (stderr += text) });
  return { code, stdout, stderr };
}

const outFile = (): string => join(mkdtempSync(join(tmpdir(), "arena-puzzles-")), "krk.jsonl");

describe("arena puzzles build", () => {
  it("writes proved puzzles as JSON lines, the same for the same seed, with progress on stderr", async () => {
    const first = await run("puzzles", "build", "--game", "krk", "--seed", "5", "--count", "4");
    expect(first.code).toBe(0);
    const lines = first.stdout.trim().split("\n");
    expect(lines).toHaveLength(4);
    for (const line of lines) {
      const puzzle = parsePuzzle(line);
      expect(puzzle.ok && verifyPuzzle(puzzle.value).ok).toBe(true);
    }
    expect(first.stderr).toContain("4/4 krk");
    expect((await run("puzzles", "build", "--game", "krk", "--seed", "5", "--count", "4")).stdout).toBe(
      first.stdout,
    );
  });

  it("continues an --out file, also one cut mid-line, to the same lines as one run", async () => {
    const whole = (await run("puzzles", "build", "--game", "krk", "--seed", "2", "--count", "5")).stdout;
    const out = outFile();
    expect(
      (await run("puzzles", "build", "--game", "krk", "--seed", "2", "--count", "3", "--out", out)).code,
    ).toBe(0);
    writeFileSync(out, `${readFileSync(out, "utf8")}{"id":"krk-`);
    const resumed = await run(
      "puzzles",
      "build",
      "--game",
      "krk",
      "--seed",
      "2",
      "--count",
      "5",
      "--out",
      out,
    );
    expect(resumed.code).toBe(0);
    expect(resumed.stderr).toContain("has 3; continuing");
    expect(readFileSync(out, "utf8")).toBe(whole);
  });

  it("refuses a game without puzzles, missing flags, and a file of another seed", async () => {
    expect(
      (await run("puzzles", "build", "--game", "dice-of-doom", "--seed", "1", "--count", "1")).code,
    ).toBe(2);
    expect((await run("puzzles", "build", "--game", "krk", "--count", "1")).code).toBe(2);
    expect((await run("puzzles", "list")).code).toBe(2);
    const out = outFile();
    await run("puzzles", "build", "--game", "krk", "--seed", "1", "--count", "1", "--out", out);
    const other = await run("puzzles", "build", "--game", "krk", "--seed", "2", "--count", "2", "--out", out);
    expect(other.code).toBe(2);
    expect(other.stderr).toContain("another game or seed");
  });
});
