import { asMatchId, asUserId } from "@arena/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomId } from "../identity/tokens.js";
import { MemoryForecastStore } from "./memory/forecasts.js";
import { type ForecastStore } from "./ports/forecasts.js";
import { RedisForecastStore } from "./redis/forecasts.js";
import { SqliteForecastStore } from "./sqlite/forecasts.js";
import { overEveryBackend } from "../test-support/store-backends.js";

interface Setup {
  readonly store: ForecastStore;
  /** A second process's store on the same data (memory and SQLite: the same store). */
  readonly other: ForecastStore;
  close(): Promise<void>;
}

function contract(name: string, make: () => Promise<Setup>) {
  describe(`ForecastStore contract: ${name}`, () => {
    let setup: Setup;
    beforeAll(async () => {
      setup = await make();
    });
    afterAll(async () => {
      await setup.close();
    });

    it("keeps each player's lines per match, replaces and clears them, shared by every process", async () => {
      const { store, other } = setup;
      const matchId = asMatchId(`m_${randomId(8)}`);
      const [ada, bob] = [asUserId(`u_${randomId(8)}`), asUserId(`u_${randomId(8)}`)];
      expect(await store.get(matchId, ada)).toEqual([]);
      await store.put(matchId, ada, [
        ["f5", "d6"],
        ["d3", "c3"],
      ]);
      await other.put(matchId, bob, [["c4"]]);
      expect(await other.get(matchId, ada)).toEqual([
        ["f5", "d6"],
        ["d3", "c3"],
      ]);
      await other.put(matchId, ada, [["d6"]]);
      expect(await store.get(matchId, ada)).toEqual([["d6"]]);
      await store.put(matchId, ada, []);
      expect(await other.get(matchId, ada)).toEqual([]);
      expect(await store.get(matchId, bob)).toEqual([["c4"]]);
    });
  });
}

overEveryBackend(contract, {
  memory: () => new MemoryForecastStore(),
  sqlite: (connection) => new SqliteForecastStore(connection),
  redis: (commands, prefix) => new RedisForecastStore(commands, prefix),
});
