/// <reference types="node" />
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { CLIENT_EVENT_NAMES, CLIENT_EVENTS, TimeBank } from "./index.js";
import { isTimeBankWithinBounds, isVersionedClientEvent, VERSIONED_CLIENT_EVENTS } from "./values.js";

const here = dirname(fileURLToPath(import.meta.url));

/**
 * The modules a module loads when it runs: its `import`/`export … from` statements except `import type`
 * and `export type` (with `verbatimModuleSyntax`, `import { type X }` still loads its module).
 */
function loadedBy(file: string): string[] {
  const source = readFileSync(file, "utf8");
  const statements = source.matchAll(/^(import|export)(?!\s+type\s)[^;]*?from\s+"([^"]+)";/gms);
  return [...statements].map((match) => match[2] ?? "");
}

describe("the zod-free entry (@arena/protocol/values)", () => {
  it("loads no zod and no schema module", () => {
    const seen = new Set<string>();
    const reached: string[] = [];
    const visit = (file: string): void => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const target of loadedBy(file)) {
        reached.push(target);
        if (target.startsWith(".")) visit(join(dirname(file), target.replace(/\.js$/, ".ts")));
      }
    };
    visit(join(here, "values.ts"));
    expect(reached).not.toContain("zod");
    expect([...seen].filter((file) => /[/\\]zod\.ts$/.test(file))).toEqual([]);
    expect(reached.filter((target) => !target.startsWith(".")).sort()).toEqual(["@arena/engine/core/errors"]);
  });

  it("names exactly the client events whose payload carries the version", () => {
    const withVersion = CLIENT_EVENT_NAMES.filter((event) => "version" in CLIENT_EVENTS[event].shape);
    expect([...VERSIONED_CLIENT_EVENTS].sort()).toEqual([...withVersion].sort());
    expect(CLIENT_EVENT_NAMES.filter(isVersionedClientEvent).sort()).toEqual([...withVersion].sort());
  });
});

describe("a time bank's bounds", () => {
  it("are the TimeBank schema's", () => {
    const terms = [-1, 0, 1, 2.5, 3, 7, 8, 21, 22];
    for (const bankDays of terms)
      for (const incrementDays of terms)
        for (const capDays of terms) {
          const bank = { bankDays, incrementDays, capDays };
          expect(isTimeBankWithinBounds(bank), JSON.stringify(bank)).toBe(TimeBank.safeParse(bank).success);
        }
  });
});
