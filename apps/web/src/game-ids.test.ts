// No game id outside the registries (docs/architecture.md, "Games"): a game is found by id in the engine's
// rules and AI registries and the web's registry, never by a string switch elsewhere, so that adding a game
// is its folders and one line per registry. This scans every workspace's sources (the web app, the server,
// the CLI, the match model, the protocol, the engine and the puzzles) for string literals and JSX text equal to a game id.
import { readFileSync, readdirSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { GAME_IDS } from "@arena/engine/registry";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "..", "..", "..");
const SOURCES = [
  "apps/web/src",
  "apps/server/src",
  "apps/cli/src",
  "packages/match/src",
  "packages/protocol/src",
  "packages/engine/src",
  "packages/puzzles/src",
].map((dir) => join(...dir.split("/")));
/** The registries: where a game is named to be found by id. */
const REGISTRIES = [
  "apps/web/src/games/registry.ts",
  "apps/web/src/games/messages.ts",
  "packages/engine/src/registry.ts",
  "packages/engine/src/ai/registry.ts",
  // The quick-pairing grid: which games have pools, and their time controls (docs/protocol.md).
  "apps/server/src/seeks/pools.ts",
  // Which games have puzzles, and their finders (docs/puzzles.md).
  "packages/puzzles/src/registry.ts",
].map((file) => join(...file.split("/")));

const isGameId = (name: string | undefined): boolean => (GAME_IDS as readonly string[]).includes(name ?? "");

/**
 * Where game ids may appear: the registries, each game's own folder (`games/<id>/` in the engine and the
 * web app), a game's own module anywhere (`<id>.ts`, `<id>-….ts`: the engine's player specs, the CLI's
 * `arena krk` command and bench section), and test code.
 */
function allowed(path: string): boolean {
  const parts = path.split(sep);
  const file = parts.at(-1) ?? "";
  if (/\.test\.tsx?$/.test(file) || parts.includes("test-support")) return true;
  if (REGISTRIES.includes(path)) return true;
  const games = parts.indexOf("games");
  if (games >= 0 && parts.length > games + 2 && isGameId(parts[games + 1])) return true;
  return GAME_IDS.some((id) => file === `${id}.ts` || file.startsWith(`${id}-`));
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
  it("appear in no workspace's sources outside the registries and each game's own modules", () => {
    const found = SOURCES.flatMap((dir) => sourcesUnder(join(ROOT, dir)))
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
    const at = (path: string) => allowed(join(...path.split("/")));
    expect(at("apps/web/src/games/othello/index.ts")).toBe(true);
    expect(at("apps/web/src/games/registry.ts")).toBe(true);
    expect(at("apps/web/src/room/room.test.ts")).toBe(true);
    expect(at("packages/engine/src/games/krk/options.ts")).toBe(true);
    expect(at("packages/engine/src/players/othello-evals.ts")).toBe(true);
    expect(at("packages/engine/src/ai/registry.ts")).toBe(true);
    expect(at("apps/web/src/games/board-demo.tsx")).toBe(false);
    expect(at("apps/web/src/room/room.tsx")).toBe(false);
    expect(at("apps/server/src/rooms/decide.ts")).toBe(false);
    expect(at("packages/engine/src/players/registry.ts")).toBe(false);
    expect(at("apps/cli/src/commands/krk.ts")).toBe(true);
    expect(at("apps/cli/src/cli.ts")).toBe(false);
  });
});
