// The PlayerStore's closing of accounts (docs/protocol.md, "Closing an account") over every backend: the
// rest of the PlayerStore contract is in players.contract.test.ts.
import { asUserId } from "@arena/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomId } from "../identity/tokens.js";
import { overEveryBackend, type StorePair } from "../test-support/store-backends.js";
import { MemoryPlayerStore } from "./memory/players.js";
import { nameSkeleton } from "./ports/name-skeleton.js";
import { type AccountRecord, type PlayerStore } from "./ports/players.js";
import { RedisPlayerStore } from "./redis/players.js";
import { SqlitePlayerStore } from "./sqlite/players.js";

const account = (stem: string): AccountRecord => {
  const name = `${stem}${randomId(4).replace(/[^A-Za-z0-9]/g, "x")}`;
  return {
    id: asUserId(`u_${randomId(6)}`),
    name,
    nameKey: name.toLowerCase(),
    bot: false,
    passwordHash: "scrypt$1$1$1$x$y",
    createdAt: 1_000,
  };
};

const followee = (of: AccountRecord, since: number) => ({ id: of.id, name: of.name, since });

function contract(name: string, make: () => Promise<StorePair<PlayerStore>>) {
  describe(`PlayerStore closing contract: ${name}`, () => {
    let setup: StorePair<PlayerStore>;
    beforeAll(async () => {
      setup = await make();
    });
    afterAll(async () => {
      await setup.close();
    });

    it("closes an account once, for every process: no password, the name still held", async () => {
      const { store, other } = setup;
      const ada = account("Ada");
      expect(await store.createAccount(ada)).toEqual({ ok: true });
      expect(await other.closeAccount(ada.id, 5_000)).toBe(true);
      expect(await store.closeAccount(ada.id, 6_000)).toBe(false);
      expect(await store.closeAccount(asUserId(`u_${randomId(6)}`), 6_000)).toBe(false);
      const closed = { ...ada, passwordHash: "", closedAt: 5_000 };
      expect(await store.accountById(ada.id)).toEqual(closed);
      expect(await other.accountByName(ada.name)).toEqual(closed);
      const taker: AccountRecord = { ...account("x"), name: ada.name, nameKey: ada.nameKey };
      expect(await store.createAccount(taker)).toEqual({ ok: false, reason: "name-taken" });
      expect(await store.accountBySkeleton(nameSkeleton(ada.name))).toEqual(closed);
    });

    it("removes the closed account's follows and others' follows of it", async () => {
      const { store, other } = setup;
      const [ada, bob, cid] = [account("Ada"), account("Bob"), account("Cid")];
      for (const one of [ada, bob, cid]) expect((await store.createAccount(one)).ok).toBe(true);
      await store.follow(ada.id, followee(bob, 1), 10);
      await store.follow(bob.id, followee(ada, 2), 10);
      await store.follow(bob.id, followee(cid, 3), 10);
      expect(await other.closeAccount(ada.id, 5_000)).toBe(true);
      expect(await store.following(ada.id)).toEqual([]);
      expect(await other.following(bob.id)).toEqual([followee(cid, 3)]);
    });

    it("frees a closed account's name and look-alikes when asked, and an open account's never", async () => {
      const { store, other } = setup;
      const ada = account("Ada");
      const bob = account("Bob");
      expect((await store.createAccount(ada)).ok).toBe(true);
      expect((await store.createAccount(bob)).ok).toBe(true);
      expect(await store.releaseName(bob.id)).toBe(false);
      expect(await store.closeAccount(ada.id, 5_000)).toBe(true);
      expect(await other.releaseName(ada.id)).toBe(true);
      expect(await store.releaseName(ada.id)).toBe(false);
      expect(await store.accountByName(ada.name)).toBeNull();
      expect(await store.accountBySkeleton(nameSkeleton(ada.name))).toBeNull();
      // The closed account keeps its name for its games; a new account may take it.
      expect((await store.accountById(ada.id))?.name).toBe(ada.name);
      const again: AccountRecord = { ...account("x"), name: ada.name, nameKey: ada.nameKey };
      expect(await other.createAccount(again)).toEqual({ ok: true });
      expect((await store.accountByName(ada.name))?.id).toBe(again.id);
      expect(await store.releaseName(ada.id)).toBe(false);
    });
  });
}

overEveryBackend<PlayerStore>(contract, {
  memory: () => new MemoryPlayerStore(),
  sqlite: (connection) => new SqlitePlayerStore(connection),
  redis: (commands, prefix) => new RedisPlayerStore(commands, prefix),
});
