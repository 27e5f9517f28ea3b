import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../cli.js";
import { bookCommand } from "./book.js";

function output(): { io: { stdout: (t: string) => void; stderr: (t: string) => void }; text: () => string } {
  let stdout = "";
  return {
    io: { stdout: (t) => (stdout += t), stderr: () => undefined },
    text: () => stdout,
  };
}

async function run(argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
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

describe("arena book", () => {
  it("builds a small book into a TypeScript module with its generating command", () => {
    const out = join(mkdtempSync(join(tmpdir(), "arena-book-")), "book-data.ts");
    const { io, text } = output();
    let t = 0;
    const args = ["build", "--plies", "2", "--depth", "2", "--out", out];
    const code = bookCommand(
      args,
      io,
      () => (t += 1),
      () => "2026-01-02",
    );
    expect(code).toBe(0);
    expect(text()).toMatch(/^book: 2 positions, 3 leaves, \d+ nodes, \d+\.\d s -> /);
    const module = readFileSync(out, "utf8");
    expect(module).toContain(`npx arena book build --plies 2 --depth 2 --out ${out}`);
    expect(module).toContain("on 2026-01-02");
    expect(module).toContain("export const BOOK_DATA: readonly string[] = [");
    // The root (four first moves in one entry) and the position after them.
    expect(module.match(/^ {2}"[0-9a-f]{32}[xo] /gm)).toHaveLength(2);
  });

  it("lists the shipped book's moves after a line", async () => {
    const root = await run(["book", "moves"]);
    expect(root.code).toBe(0);
    expect(
      root.stdout
        .split("\n")
        .filter(Boolean)
        .map((l) => l.split(" ")[0])
        .sort(),
    ).toEqual(["c4", "d3", "e6", "f5"]);
    expect((await run(["book", "moves", "--moves", "f5"])).stdout).toMatch(/^[a-h][1-8] -?\d+\n/);
    expect((await run(["book", "moves", "--moves", "f5d6c3d3c4f4c5b3c2e6c6b4"])).stdout).toBe(
      "out of book\n",
    );
  });

  it("refuses bad arguments", async () => {
    expect((await run(["book"])).code).toBe(2);
    expect((await run(["book", "build", "--plies", "2"])).code).toBe(2);
    expect((await run(["book", "build", "--plies", "0", "--depth", "2", "--out", "x"])).code).toBe(2);
    expect((await run(["book", "moves", "--moves", "a1"])).code).toBe(2);
    expect((await run(["help"])).stdout).toContain("book build --plies");
  });
});
