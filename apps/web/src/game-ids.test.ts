// No game id outside the registries (docs/web.md, "Games"): a game is found by id in `games/registry.ts`,
// never by a string switch elsewhere, so that adding a game is its folder and one line. This scans the
// sources for string literals (and JSX text) equal to a game id of the engine's registry.
import { readFileSync, readdirSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { GAME_IDS } from "@arena/engine/registry";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "..");

/** Where game ids may appear: each game's own folder, the registry, and test code. */
function allowed(path: string): boolean {
  const parts = path.split(sep);
  if (/\.test\.tsx?$/.test(path) || parts.includes("test-support")) return true;
  const games = parts.indexOf("games");
  if (games < 0) return false;
  const next = parts[games + 1];
  return (
    next === "registry.ts" ||
    (parts.length > games + 2 && (GAME_IDS as readonly string[]).includes(next ?? ""))
  );
}

/** Every string literal or JSX text equal to one of `ids`, as 1-based line numbers. */
function gameIdLiterals(fileName: string, text: string, ids: readonly string[]): number[] {
  const kind = fileName.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, kind);
  const lines: number[] = [];
  const visit = (node: ts.Node): void => {
    const value = ts.isStringLiteralLike(node) ? node.text : ts.isJsxText(node) ? node.text.trim() : null;
    if (value !== null && ids.includes(value)) {
      lines.push(source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return lines;
}

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourcesUnder(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe("game ids", () => {
  it("appear in apps/web/src only in the registries", () => {
    const found = sourcesUnder(join(ROOT, "src"))
      .map((path) => relative(ROOT, path))
      .filter((path) => !allowed(path))
      .flatMap((path) =>
        gameIdLiterals(path, readFileSync(join(ROOT, path), "utf8"), GAME_IDS).map(
          (line) => `${path}:${line}`,
        ),
      );
    expect(found).toEqual([]);
  });

  it("are found in comparisons, switches and JSX, not in comments or longer strings", () => {
    const text = [
      'if (gameId === "othello") return 1;', // 1
      "// othello is fine in a comment",
      'switch (id) { case "connect-k": break; }', // 3
      'const css = "game-othello";',
      "const el = <option>dice-of-doom</option>;", // 5
      "const t = `othello`;", // 6
    ].join("\n");
    expect(gameIdLiterals("x.tsx", text, GAME_IDS)).toEqual([1, 3, 5, 6]);
  });

  it("are allowed in each game's folder, the registry and tests only", () => {
    expect(allowed(join("src", "games", "othello", "index.ts"))).toBe(true);
    expect(allowed(join("src", "games", "registry.ts"))).toBe(true);
    expect(allowed(join("src", "room", "room.test.ts"))).toBe(true);
    expect(allowed(join("src", "games", "board-demo.tsx"))).toBe(false);
    expect(allowed(join("src", "room", "room.tsx"))).toBe(false);
  });
});
