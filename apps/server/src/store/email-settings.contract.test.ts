import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MemoryEmailSettingsStore } from "./memory/email-settings.js";
import { type EmailSettingsStore } from "./ports/email-settings.js";
import { RedisEmailSettingsStore } from "./redis/email-settings.js";
import { SqliteEmailSettingsStore } from "./sqlite/email-settings.js";
import { overEveryBackend, type StorePair } from "../test-support/store-backends.js";

type Setup = StorePair<EmailSettingsStore>;

const NOW = 1_700_000_000_000;
const DAY = 86_400_000;

function contract(name: string, make: () => Promise<Setup>) {
  describe(`EmailSettingsStore contract: ${name}`, () => {
    let setup: Setup;
    let n = 0;
    const id = (what: string) => `${what}-${name}-${n++}`;
    beforeAll(async () => {
      setup = await make();
    });
    afterAll(async () => {
      await setup.close();
    });

    it("keeps an account's settings and replaces them", async () => {
      const { store, other } = setup;
      const user = id("u");
      expect(await store.get(user)).toBeNull();
      const settings = {
        address: "a@example.org",
        verified: false,
        language: "ru",
        kinds: { "your-turn": false },
      };
      await store.put(user, settings);
      expect(await other.get(user)).toEqual(settings);
      await other.put(user, { ...settings, verified: true });
      expect((await store.get(user))?.verified).toBe(true);
    });

    it("hands a verification token out once, and never after it expires", async () => {
      const { store, other } = setup;
      const token = { userId: id("u"), address: "a@example.org", expiresAt: NOW + DAY };
      const hash = id("h");
      await store.saveToken(hash, token);
      expect(await other.takeToken(hash, NOW)).toEqual(token);
      expect(await store.takeToken(hash, NOW)).toBeNull();
      const late = id("h");
      await store.saveToken(late, token);
      expect(await other.takeToken(late, NOW + DAY)).toBeNull();
      expect(await store.takeToken(id("never"), NOW)).toBeNull();
    });
  });
}

overEveryBackend(contract, {
  memory: () => new MemoryEmailSettingsStore(),
  sqlite: (connection) => new SqliteEmailSettingsStore(connection),
  redis: (commands, prefix) => new RedisEmailSettingsStore(commands, prefix),
});
