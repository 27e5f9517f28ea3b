import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// The docs state the design: a path docs/architecture.md names must exist, and every kept benchmark
// result must carry a manifest and be quoted by a doc (bench/results.mjs writes both).
const repo = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");
const read = (path: string): string => readFileSync(join(repo, path), "utf8");

// A path is from the repository's root, or a short one from the server's or the web's `src/` (the doc
// says which): `rooms/room.ts`, `net/client.ts`.
const BASES = ["", "apps/server/src", "apps/web/src"];
const SOURCE_PATH = /^[\w.@[\]-]+(\/[\w.@[\]-]+)*(\/|\.(ts|tsx|mjs|js|json|sh|cfg|md|lua|yml|sql))$/;

function sourcePaths(markdown: string): string[] {
  const spans = [...markdown.matchAll(/`([^`\n]+)`/g)].map((m) => m[1] ?? "");
  return spans.filter(
    (s) => s.includes("/") && SOURCE_PATH.test(s) && !s.startsWith("/") && !s.includes("://"),
  );
}

const exists = (path: string): boolean => BASES.some((base) => existsSync(join(repo, base, path)));

describe("docs/architecture.md", () => {
  const text = read("docs/architecture.md");

  it("is at most 500 lines", () => {
    expect(text.split("\n").length).toBeLessThanOrEqual(500);
  });

  it("names only paths that exist", () => {
    const paths = sourcePaths(text);
    expect(paths.length).toBeGreaterThan(30);
    expect(paths.filter((p) => !exists(p))).toEqual([]);
  });
});

interface ManifestEntry {
  readonly commit: string | null;
  readonly command: string;
  readonly load: string;
  readonly quotedIn: readonly string[];
}

describe("bench/results", () => {
  const root = join(repo, "bench/results");
  // An empty folder (a run that wrote nothing yet) is not a result; git does not keep it either.
  const folders = readdirSync(root).filter(
    (f) => statSync(join(root, f)).isDirectory() && readdirSync(join(root, f)).length > 0,
  );
  const docs = [
    "README.md",
    "bench/server/README.md",
    ...readdirSync(join(repo, "docs")).map((f) => `docs/${f}`),
  ]
    .filter((f) => f.endsWith(".md"))
    .map((f) => ({ path: f, text: read(f) }));

  it("holds folders named <date>-<topic>", () => {
    expect(folders.length).toBeGreaterThan(0);
    for (const folder of folders) expect(folder).toMatch(/^\d{4}-\d{2}-\d{2}-[a-z0-9-]+$/);
  });

  it.each(folders)(
    "%s: every file is in its manifest, with its commit, command, load and quoting doc",
    (folder) => {
      const manifest = JSON.parse(read(`bench/results/${folder}/manifest.json`)) as {
        files: Record<string, ManifestEntry>;
      };
      const files = readdirSync(join(root, folder)).filter((f) => f !== "manifest.json");
      expect(Object.keys(manifest.files).sort()).toEqual(files.sort());
      for (const [file, entry] of Object.entries(manifest.files)) {
        const path = `bench/results/${folder}/${file}`;
        expect(entry.commit, path).toMatch(/^[0-9a-f]{40}/);
        expect(entry.command, path).not.toBe("");
        expect(entry.load, path).not.toBe("");
        expect(entry.quotedIn.length, `${path} is quoted by no doc: delete it`).toBeGreaterThan(0);
        for (const doc of entry.quotedIn) {
          const [docPath] = doc.split("#");
          expect(docs.find((d) => d.path === docPath)?.text ?? "", `${doc} quotes ${path}`).toContain(path);
        }
      }
    },
  );

  it("is the only place a doc points to for results", () => {
    for (const doc of docs) expect(doc.text, doc.path).not.toContain("bench/server/results");
  });
});
