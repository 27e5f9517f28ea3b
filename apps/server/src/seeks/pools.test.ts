import { TIME_PRESETS } from "@arena/protocol";
import { describe, expect, it } from "vitest";
import { POOLS } from "./pools.js";

describe("the quick-pairing grid", () => {
  it("offers only the create form's time controls, named alike (one list of time controls)", () => {
    const presets = new Map(TIME_PRESETS.map((preset) => [preset.name, preset]));
    for (const pool of POOLS) {
      const preset = presets.get(pool.name as (typeof TIME_PRESETS)[number]["name"]);
      expect(preset, pool.id).toBeDefined();
      expect(pool.timeControl).toEqual({ baseMs: preset?.baseMs, incrementMs: preset?.incrementMs });
    }
  });
});
