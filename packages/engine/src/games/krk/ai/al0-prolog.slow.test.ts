import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { krkTables } from "../oracle.js";
import { type ForcingTree, strategy } from "./al0/interpreter.js";
import { type Al0Variant, BOOK_VARIANT, adviceTable } from "./al0/table.js";

/** A square as the Prolog driver prints it: file then rank, 1..8. */
function square(index: number): string {
  return `${(index & 7) + 1}${(index >> 3) + 1}`;
}

function move(encoded: number): string {
  return square(encoded >> 6) + square(encoded & 63);
}

function tree(node: ForcingTree | null): string {
  if (node === null) return "nil";
  const replies =
    node.replies === null
      ? "nil"
      : [...node.replies].map(([reply, below]) => `${move(reply)}>${tree(below)}`).join(",");
  return `${move(node.move)}[${replies}]`;
}

/** The engine's answer at every legal White-to-move root, in table order, as the driver prints it. */
function answers(variant: Al0Variant): string[] {
  const table = adviceTable(variant);
  const whiteToMove = krkTables().whiteToMove;
  const lines: string[] = [];
  for (let index = 0; index < whiteToMove.length; index++) {
    if ((whiteToMove[index] ?? 255) > 16) continue;
    const root = { side: 0 as const, wk: index >> 12, wr: (index >> 6) & 63, bk: index & 63, depth: 0 };
    const plan = strategy(table, root);
    lines.push(plan === null ? "none" : `${plan.advice} ${tree(plan.tree)}`);
  }
  return lines;
}

const fixture = readFileSync(new URL("./fixtures/prolog-al0.txt", import.meta.url), "utf8").split("\n");

function header(name: string): string {
  return (
    fixture
      .find((line) => line.startsWith(name))
      ?.split(" ")
      .at(-1) ?? ""
  );
}

/** The sampled lines: root number and the program's answer, in the order the file lists them. */
function sampled(from: string, to: string): [number, string][] {
  const start = fixture.findIndex((line) => line.startsWith(from));
  const end = fixture.findIndex((line, at) => at > start && line.startsWith(to));
  return fixture
    .slice(start + 1, end < 0 ? undefined : end)
    .filter((line) => line !== "")
    .map((line) => {
      const [root = "", , ...answer] = line.split(" ");
      return [Number(root), answer.join(" ")];
    });
}

const sha256 = (lines: readonly string[]): string =>
  createHash("sha256")
    .update(`${lines.join("\n")}\n`)
    .digest("hex");

describe("AL0 against Bratko's program run in SWI-Prolog (fixtures/README.md)", () => {
  it("the table as printed: the same advice and the same whole forcing tree at all 175,168 roots", () => {
    const ours = answers(BOOK_VARIANT);
    expect(ours).toHaveLength(Number(header("roots")));
    for (const [root, answer] of sampled("# Every 500th", "# The "))
      expect(`${root} ${ours[root]}`).toBe(`${root} ${answer}`);
    expect(sha256(ours)).toBe(header("sha256 book"));
  });

  it("the combined file's table (approach guarded against stalemate): the same at all roots", () => {
    const ours = answers({ ...BOOK_VARIANT, stalemate: "combined-file" });
    const differing = sampled("# The ", "#");
    expect(differing).toHaveLength(24);
    for (const [root, answer] of differing) expect(`${root} ${ours[root]}`).toBe(`${root} ${answer}`);
    expect(sha256(ours)).toBe(header("sha256 combined-file"));
  });
});
