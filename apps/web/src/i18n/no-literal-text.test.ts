// Every text a reader sees goes through the catalogues (issue 17): no JSX text and no label, tooltip or
// placeholder attribute written as a string literal may hold words. Names and notation that read the same
// in every language are listed below. A feature merged with English in its markup fails here until its
// texts are in the catalogues of every language.
import { readFileSync, readdirSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const SRC = join(import.meta.dirname, "..");
const UNIVERSAL = new Set(["Arena", "BOT", "FEN", "GGF"]);
const TEXT_ATTRIBUTES = new Set(["aria-label", "title", "placeholder", "alt", "label"]);

function componentsUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "test-support" ? [] : componentsUnder(path);
    return entry.name.endsWith(".tsx") && !entry.name.endsWith(".test.tsx") ? [path] : [];
  });
}

/** Literal texts with words in a component's markup, as "file:line text". */
function literalTexts(path: string): string[] {
  return literalTextsOf(relative(SRC, path), readFileSync(path, "utf8"));
}

function literalTextsOf(name: string, text: string): string[] {
  const source = ts.createSourceFile(name, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const report = (node: ts.Node, text: string) => {
    const trimmed = text.trim();
    if (/\p{L}{2}/u.test(trimmed) && !UNIVERSAL.has(trimmed)) {
      const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
      found.push(`${name}:${line} ${trimmed}`);
    }
  };
  const visit = (node: ts.Node): void => {
    if (ts.isJsxText(node)) report(node, node.text);
    if (
      ts.isJsxAttribute(node) &&
      TEXT_ATTRIBUTES.has(node.name.getText(source)) &&
      node.initializer !== undefined &&
      ts.isStringLiteral(node.initializer)
    ) {
      report(node, node.initializer.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe("the components' markup", () => {
  it("holds no words of its own: they come from the catalogues", () => {
    expect(componentsUnder(SRC).flatMap(literalTexts)).toEqual([]);
  });

  it("would report a text written in the markup", () => {
    const sample = `export const A = () => (\n  <button aria-label="Close" title="FEN">\n    Close it {"x"}\n  </button>\n);`;
    expect(literalTextsOf("a.tsx", sample)).toEqual(["a.tsx:2 Close", "a.tsx:3 Close it"]);
  });
});
