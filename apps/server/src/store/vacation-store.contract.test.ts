import { asUserId } from "@arena/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomId } from "../identity/tokens.js";
import { MemoryVacationStore } from "./memory/vacations.js";
import { type VacationStore } from "./ports/vacations.js";
import { RedisVacationStore } from "./redis/vacations.js";
import { SqliteVacationStore } from "./sqlite/vacations.js";
import { overEveryBackend } from "../test-support/store-backends.js";

interface Setup {
  readonly store: VacationStore;
  /** A second process's store on the same data (memory and SQLite: the same store). */
  readonly other: VacationStore;
  close(): Promise<void>;
}

const newUser = () => asUserId(`u_${randomId(8)}`);

function contract(name: string, make: () => Promise<Setup>) {
  describe(`VacationStore contract: ${name}`, () => {
    let setup: Setup;
    beforeAll(async () => {
      setup = await make();
    });
    afterAll(async () => {
      await setup.close();
    });

    it("keeps a record by compare-and-set, shared by every process", async () => {
      const { store, other } = setup;
      const user = newUser();
      expect(await store.get(user)).toBeNull();
      const away = { since: 1_000, usedMs: 0, year: 2026 };
      expect(await store.swap(user, null, away)).toBe(true);
      // A second first write loses: the record is there already.
      expect(await other.swap(user, null, { since: 2_000, usedMs: 0, year: 2026 })).toBe(false);
      expect(await other.get(user)).toEqual(away);
      const back = { since: null, usedMs: 3_600_000, year: 2026 };
      expect(await other.swap(user, away, back)).toBe(true);
      // A stale expectation loses.
      expect(await store.swap(user, away, { since: null, usedMs: 0, year: 2026 })).toBe(false);
      expect(await store.get(user)).toEqual(back);
    });

    it("lists the accounts away now, and not those back home", async () => {
      const { store, other } = setup;
      const [ada, bob] = [newUser(), newUser()];
      const away = { since: 5_000, usedMs: 7_200_000, year: 2026 };
      await store.swap(ada, null, away);
      await store.swap(bob, null, { since: 6_000, usedMs: 0, year: 2026 });
      await other.swap(
        bob,
        { since: 6_000, usedMs: 0, year: 2026 },
        { since: null, usedMs: 3_600_000, year: 2026 },
      );
      const listed = await other.away();
      expect(listed).toContainEqual({ userId: ada, record: away });
      expect(listed.map((entry) => entry.userId)).not.toContain(bob);
    });
  });
}

overEveryBackend(contract, {
  memory: () => new MemoryVacationStore(),
  sqlite: (connection) => new SqliteVacationStore(connection),
  redis: (commands, prefix) => new RedisVacationStore(commands, prefix),
});
