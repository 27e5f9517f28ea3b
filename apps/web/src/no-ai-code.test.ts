// The browser holds no AI code (docs/web.md, "What the browser downloads"): level names come from
// `GET /api/games`, and eslint.config.js bans the engine's AI import paths. This checks the build itself:
// no client chunk contains text only the AI modules have (their level descriptions).
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { GAME_AIS } from "@arena/engine/ai/registry";
import { describe, expect, it } from "vitest";

const CHUNKS = join(import.meta.dirname, "..", ".next", "static", "chunks");
/** Without a build there is nothing to check, except where every check must run (`.ci/run`). */
const BUILD_REQUIRED = process.env.ARENA_REQUIRE_SERVICES === "1";

/**
 * Text a bundle keeps verbatim if it holds an AI module: the longest plain run of each level description
 * (quotes and non-ASCII letters may be escaped by the minifier, so they are left out).
 */
function aiMarkers(): string[] {
  const texts = Object.values(GAME_AIS).flatMap((ai) => ai.levels.map((level) => level.description));
  const markers = texts.map((text) =>
    (text.match(/[A-Za-z0-9 ,.:;()<>+-]+/g) ?? []).reduce((a, b) => (b.length > a.length ? b : a), ""),
  );
  return [...new Set(markers.filter((marker) => marker.length >= 16))];
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

/** Names a package the browser loads imports from the engine's index (`import { … } from "@arena/engine"`). */
function indexImports(pkg: string): string[] {
  const dist = dirname(createRequire(import.meta.url).resolve(pkg));
  return filesUnder(dist)
    .filter((path) => path.endsWith(".js"))
    .flatMap((path) =>
      [...readFileSync(path, "utf8").matchAll(/import\s*\{([^}]*)\}\s*from\s*"@arena\/engine"/g)].flatMap(
        (m) => (m[1] ?? "").split(",").map((name) => name.trim().split(/\s+as\s+/)[0] ?? ""),
      ),
    )
    .filter((name) => name !== "");
}

describe("the client bundle", () => {
  it("loads no package that imports the engine's index, which re-exports the AI", () => {
    expect([...indexImports("@arena/protocol"), ...indexImports("@arena/match")]).toEqual([]);
  });

  it("has markers for every game's AI", () => {
    const markers = aiMarkers();
    for (const ai of Object.values(GAME_AIS)) {
      expect(ai.levels.some((level) => markers.some((m) => level.description.includes(m)))).toBe(true);
    }
    expect(markers.every((m) => m.length >= 16)).toBe(true);
  });

  it.skipIf(!BUILD_REQUIRED && !existsSync(CHUNKS))("holds no AI code (after `next build`)", () => {
    expect(existsSync(CHUNKS)).toBe(true);
    const markers = aiMarkers();
    const found = filesUnder(CHUNKS)
      .filter((path) => path.endsWith(".js"))
      .flatMap((path) => {
        const text = readFileSync(path, "utf8");
        return markers.filter((m) => text.includes(m)).map((m) => `${path}: ${m}`);
      });
    expect(found).toEqual([]);
  });
});
