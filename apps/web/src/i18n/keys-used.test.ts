// Every key of the catalogues is used by the code (issue 17): a key whose feature is gone fails here, in
// every language at once (catalogue.test.ts keeps the languages' keys equal).
//
// How a key is found in the sources. A file names its namespaces as string literals, through
// `useTranslations("ns")` / `getTranslations("ns")`, or, for a module that is handed a translator, in its
// doc comment ("a translator over the `ns` namespace"). A game's folder (`games/<id>/`) is in `games.<id>`,
// and so is any file that words games generically (`useGameWords`, `useGameTitle`, `GAMES_NAMESPACE`).
// A key is used when one of its file's namespaces followed by a string literal of the file is the key,
// or when a template literal's text before its first `${…}` is a prefix of it (`choice.${c}`). The
// error codes and the speeds are looked up by the protocol's own values: catalogue.test.ts checks that
// those two namespaces hold exactly the protocol's lists.
import { readFileSync, readdirSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { GAME_IDS } from "@arena/engine/registry";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { catalogue, leaves } from "./catalogue";

const SRC = join(import.meta.dirname, "..");
const BY_PROTOCOL = ["errors.", "speeds."];

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    // Test code and its helpers use keys to check them, which is no use by the product.
    if (entry.isDirectory()) return entry.name === "test-support" ? [] : sourcesUnder(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

interface FileKeys {
  readonly namespaces: Set<string>;
  readonly literals: Set<string>;
  readonly prefixes: Set<string>;
}

function scan(path: string): FileKeys {
  const text = readFileSync(path, "utf8");
  const kind = path.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, kind);
  const namespaces = new Set<string>();
  const literals = new Set<string>();
  const prefixes = new Set<string>();
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) literals.add(node.text);
    if (ts.isTemplateExpression(node)) prefixes.add(node.head.text);
    if (
      ts.isCallExpression(node) &&
      ts.isIdentifier(node.expression) &&
      ["useTranslations", "getTranslations"].includes(node.expression.text)
    ) {
      const [first] = node.arguments;
      if (first !== undefined && ts.isStringLiteral(first)) namespaces.add(first.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  for (const match of text.matchAll(/over the `([\w.-]+)` namespace/g)) namespaces.add(match[1] ?? "");
  const parts = relative(SRC, path).split(sep);
  const games = parts.indexOf("games");
  const folder = games >= 0 ? parts[games + 1] : undefined;
  if (GAME_IDS.some((id) => id === folder)) namespaces.add(`games.${folder ?? ""}`);
  if (/useGameWords|useGameTitle|GAMES_NAMESPACE/.test(text)) {
    for (const id of GAME_IDS) namespaces.add(`games.${id}`);
  }
  return { namespaces, literals, prefixes };
}

const FILES = sourcesUnder(SRC).map(scan);

/** The keys no source uses, as described above. */
function unusedKeys(keys: Iterable<string>): string[] {
  const used = (key: string): boolean =>
    BY_PROTOCOL.some((prefix) => key.startsWith(prefix)) ||
    FILES.some(({ namespaces, literals, prefixes }) =>
      [...namespaces, ""].some((ns) => {
        const rest = ns === "" ? key : key.startsWith(`${ns}.`) ? key.slice(ns.length + 1) : null;
        if (rest === null) return false;
        return literals.has(rest) || [...prefixes].some((p) => p !== "" && rest.startsWith(p));
      }),
    );
  return [...keys].filter((key) => !used(key));
}

describe("the catalogues' keys", () => {
  it("are each used by the code", () => {
    expect(unusedKeys(leaves(catalogue("en")).keys())).toEqual([]);
  });

  it("would be reported unused when no source names them", () => {
    const made = ["lobby.noSuchMessage", "games.othello.noSuchMessage", "room.viewers.extra"];
    expect(unusedKeys(["lobby.openGames", "games.othello.seat", ...made])).toEqual(made);
  });
});
