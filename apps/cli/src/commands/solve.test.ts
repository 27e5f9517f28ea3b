import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { solveCommand } from "./solve.js";

function run(args: string[]): { code: number; stdout: string; stderr: string } {
  let stdout = "";
  let stderr = "";
  const code = solveCommand(args, {
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
  });
  return { code, stdout, stderr };
}

function tempFile(text: string): string {
  const dir = mkdtempSync(join(tmpdir(), "arena-solve-"));
  const file = join(dir, "positions.txt");
  writeFileSync(file, text);
  return file;
}

// Easy positions (≤ 14 empties) with their exact scores, checked against an independent solver.
const POSITIONS = [
  "# a comment line",
  "OOOXXXXXOXOOXXO-OXOXOOOXOXOXOOOXOXOOXXOXOXXXXXOXO-XXXXXXO--XXXXX X 0 - easy1",
  "",
  "XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXO-- O",
  "XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX- O",
].join("\n");

describe("arena solve", () => {
  it("prints id, score, best move, nodes and seconds for each position", () => {
    const result = run(["--file", tempFile(POSITIONS)]);
    expect(result.code).toBe(0);
    const lines = result.stdout.trim().split("\n");
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^easy1 0 [a-h][1-8] \d+ \d+\.\d{3}$/);
    // No id field: the line number names the position. White must pass; black then takes the rest.
    expect(lines[1]).toMatch(/^4 -64 PA \d+ \d+\.\d{3}$/);
    expect(lines[2]).toMatch(/^5 -64 -- \d+ \d+\.\d{3}$/);
  });

  it("solves a line without optional fields to its exact score", () => {
    const line = "--XXXXX---XXXX-X-OOOXXXXOOOXXXXX-OOXXXO-XOOOXOOO-OOOOXOO--OOOOO- X";
    const result = run(["--file", tempFile(line)]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^1 \+50 [a-h][1-8] \d+ \d+\.\d{3}\n$/);
  });

  it("accepts --threads 1 and refuses bad arguments", () => {
    expect(run(["--file", tempFile(POSITIONS), "--threads", "1"]).code).toBe(0);
    expect(run([]).code).toBe(2);
    expect(run(["--file", "/nonexistent/positions.txt"]).stderr).toContain("cannot read");
    expect(run(["--file", tempFile(POSITIONS), "--threads", "0"]).code).toBe(2);
    expect(run(["--bogus"]).code).toBe(2);
  });

  it("reports a malformed line and goes on", () => {
    const result = run(["--file", tempFile(`XO X\n${POSITIONS}`)]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("line 1");
    expect(result.stdout.trim().split("\n")).toHaveLength(3);
  });
});
