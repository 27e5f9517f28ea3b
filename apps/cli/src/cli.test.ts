import { describe, expect, it } from "vitest";
import { runCli } from "./cli.js";

async function run(...argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = "";
  let stderr = "";
  const code = await runCli(argv, {
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
  });
  return { code, stdout, stderr };
}

describe("arena perft", () => {
  it("prints the last depth in the yardstick's format and progress on stderr", async () => {
    const result = await run("perft", "--game", "othello", "--depth", "6");
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^depth 6 leaves 8200 seconds \d+\.\d{3} leaves_per_s \d+\n$/);
    expect(result.stderr.split("\n")).toHaveLength(6);
  });

  it("counts from a position after some moves", async () => {
    const result = await run("perft", "--game", "othello", "--depth", "1", "--moves", "f5");
    expect(result.stdout).toMatch(/^depth 1 leaves 3 /);
  });

  it("refuses bad arguments with a message and exit code 2", async () => {
    expect((await run("perft", "--depth", "x")).code).toBe(2);
    expect((await run("perft", "--game", "chess", "--depth", "1")).stderr).toContain("unknown game");
    expect((await run("perft", "--bogus")).code).toBe(2);
    expect((await run("frobnicate")).code).toBe(2);
  });
});

describe("arena show", () => {
  it("prints the board after a transcript", async () => {
    const result = await run("show", "--game", "othello", "--moves", "f5d6c3");
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(" 3  . . @ * . * . .");
    expect(result.stdout).toContain("White (O) to move");
  });

  it("names the illegal move", async () => {
    const result = await run("show", "--game", "othello", "--moves", "f5f5");
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("f5");
  });
});
