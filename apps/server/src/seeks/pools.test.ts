import { TIME_PRESETS } from "@arena/protocol";
import { describe, expect, it } from "vitest";
import { poolById, POOLS } from "./pools.js";

describe("the quick-pairing grid", () => {
  it("offers only the create form's time controls, named alike (one list of time controls)", () => {
    const presets = new Map(TIME_PRESETS.map((preset) => [preset.name, preset]));
    for (const pool of POOLS.filter((p) => p.speed !== "correspondence")) {
      const preset = presets.get(pool.name as (typeof TIME_PRESETS)[number]["name"]);
      expect(preset, pool.id).toBeDefined();
      expect(pool.timeControl).toEqual({ baseMs: preset?.baseMs, incrementMs: preset?.incrementMs });
    }
  });

  it("ends with a correspondence row of days per move, each its own pool", () => {
    const correspondence = POOLS.filter((p) => p.speed === "correspondence");
    expect(correspondence.map((p) => p.id)).toEqual(["othello:1d", "othello:2d", "othello:3d", "othello:7d"]);
    for (const pool of correspondence) expect(poolById(pool.id)).toEqual(pool);
    expect(POOLS.slice(-correspondence.length)).toEqual(correspondence);
    expect(poolById("othello:4d")).toBeUndefined();
  });
});
