import { readFileSync } from "node:fs";
import { join } from "node:path";
import { MAX_WIDTH, MIN_WIDTH } from "@arena/engine/games/connect-k/options";
import { describe, expect, it } from "vitest";

// The board's column count comes from a data attribute (the pages' CSP allows no inline style): the CSS
// must have a rule for every width the engine allows.
describe("the connect-k board's CSS", () => {
  it("sets the column count for every width from MIN_WIDTH to MAX_WIDTH", () => {
    const css = readFileSync(join(import.meta.dirname, "connect-k.css"), "utf8");
    for (let width = MIN_WIDTH; width <= MAX_WIDTH; width++) {
      expect(css).toMatch(new RegExp(`\\.connectk\\[data-cols="${width}"\\] \\{\\s*--ck-cols: ${width};`));
    }
  });
});
