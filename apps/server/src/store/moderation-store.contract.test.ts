import { asUserId, type UserId } from "@arena/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomId } from "../identity/tokens.js";
import { overEveryBackend, type StorePair } from "../test-support/store-backends.js";
import { MemoryModerationStore } from "./memory/moderation.js";
import {
  type AuditRecord,
  DAY_MS,
  type ModerationStore,
  type ReportRecord,
  type SanctionRecord,
} from "./ports/moderation.js";
import { RedisModerationStore } from "./redis/moderation.js";
import { SqliteModerationStore } from "./sqlite/moderation.js";

const newUser = () => asUserId(`u_${randomId(8)}`);
const LIMITS = { open: 2, perDay: 3 };

const report = (reporter: UserId, target: UserId, at: number): ReportRecord => ({
  id: randomId(9),
  reporter: { id: reporter, name: "Ada" },
  target: { id: target, name: "Bob" },
  reason: "abuse",
  text: "rude in chat",
  matchId: null,
  lineId: null,
  evidence: null,
  createdAt: at,
  status: "open",
  closedBy: null,
  closedAt: null,
});

const entry = (target: UserId | null, why: string): AuditRecord => ({
  id: randomId(9),
  at: 1_000,
  by: "console",
  action: "warn",
  target: target === null ? null : { id: target, name: "Bob" },
  why,
  detail: "",
});

function contract(name: string, make: () => Promise<StorePair<ModerationStore>>) {
  describe(`ModerationStore contract: ${name}`, () => {
    let setup: StorePair<ModerationStore>;
    beforeAll(async () => {
      setup = await make();
    });
    afterAll(async () => {
      await setup.close();
    });

    it("grants and revokes the moderator role, seen by every process", async () => {
      const { store, other } = setup;
      const user = newUser();
      expect(await other.isModerator(user)).toBe(false);
      expect(await store.setModerator(user, true)).toBe(true);
      expect(await store.setModerator(user, true)).toBe(false);
      expect(await other.isModerator(user)).toBe(true);
      expect(await other.setModerator(user, false)).toBe(true);
      expect(await store.isModerator(user)).toBe(false);
      expect(await store.setModerator(user, false)).toBe(false);
    });

    it("files reports within a reporter's limits: open at once, then per day", async () => {
      const { store, other } = setup;
      const [reporter, target] = [newUser(), newUser()];
      const first = report(reporter, target, 10_000);
      expect(await store.fileReport(first, LIMITS)).toEqual({ ok: true });
      expect(await other.fileReport(report(reporter, target, 11_000), LIMITS)).toEqual({ ok: true });
      expect(await store.fileReport(report(reporter, target, 12_000), LIMITS)).toEqual({
        ok: false,
        limit: "open",
      });
      // Another reporter is not held by the first one's reports.
      expect(await store.fileReport(report(newUser(), target, 12_000), LIMITS)).toEqual({ ok: true });
      expect(await other.closeReport(first.id, "handled", "Mod", 13_000)).toMatchObject({
        status: "handled",
        closedBy: "Mod",
        closedAt: 13_000,
      });
      expect(await store.fileReport(report(reporter, target, 14_000), LIMITS)).toEqual({ ok: true });
      await store.closeReport((await store.reportsAbout(target, 1))[0]?.id ?? "", "dismissed", "Mod", 15_000);
      // Three in the last day: the next one may be filed once the first is a day old.
      expect(await other.fileReport(report(reporter, target, 16_000), LIMITS)).toEqual({
        ok: false,
        limit: "day",
        retryAfterMs: 10_000 + DAY_MS - 16_000,
      });
      expect(await store.fileReport(report(reporter, target, 10_001 + DAY_MS), LIMITS)).toEqual({ ok: true });
    });

    it("queues open reports oldest first, closes each once, and lists those about a user newest first", async () => {
      const { store, other } = setup;
      const target = newUser();
      const older = report(newUser(), target, 1);
      const newer = report(newUser(), target, 2);
      await store.fileReport(newer, LIMITS);
      await store.fileReport(older, LIMITS);
      const queue = (await other.openReports(1_000)).filter((r) => r.target.id === target);
      expect(queue.map((r) => r.id)).toEqual([older.id, newer.id]);
      expect(await other.report(newer.id)).toEqual(newer);
      expect(await store.closeReport(older.id, "dismissed", "Mod", 5)).not.toBeNull();
      expect(await other.closeReport(older.id, "handled", "Other", 6)).toBeNull();
      expect(await store.closeReport("no-such-report", "handled", "Mod", 6)).toBeNull();
      expect((await store.report(older.id))?.status).toBe("dismissed");
      expect((await other.openReports(1_000)).map((r) => r.id)).not.toContain(older.id);
      expect((await other.reportsAbout(target, 10)).map((r) => [r.id, r.status])).toEqual([
        [newer.id, "open"],
        [older.id, "dismissed"],
      ]);
    });

    it("keeps sanctions and the audit log, the last first, and per user", async () => {
      const { store, other } = setup;
      const user = newUser();
      const sanction = (kind: SanctionRecord["kind"], at: number): SanctionRecord => ({
        id: randomId(9),
        userId: user,
        kind,
        why: "spam",
        by: "Mod",
        at,
        until: kind === "warn" ? null : at + 60_000,
      });
      const [mute, ban] = [sanction("mute", 1_000), sanction("ban", 1_000)];
      await store.addSanction(mute);
      await other.addSanction(ban);
      expect(await store.sanctionsOf(user)).toEqual([ban, mute]);
      expect(await other.sanctionsOf(newUser())).toEqual([]);
      const [one, two, three] = [entry(user, "one"), entry(null, "two"), entry(user, "three")];
      for (const e of [one, two, three]) await store.appendAudit(e);
      expect((await other.audit(3)).map((e) => e.why)).toEqual(["three", "two", "one"]);
      expect(await other.audit(10, user)).toEqual([three, one]);
      expect(await store.audit(1, user)).toEqual([three]);
    });

    it("keeps removed chat lines per match, and which account a guest came from", async () => {
      const { store, other } = setup;
      const match = `m_${randomId(6)}`;
      expect(await other.removedLines(match)).toEqual([]);
      await store.removeLine(match, "b");
      await store.removeLine(match, "a");
      await other.removeLine(match, "a");
      expect(await other.removedLines(match)).toEqual(["a", "b"]);
      const [guest, account] = [newUser(), newUser()];
      expect(await other.guestOf(guest)).toBeNull();
      await store.linkGuest(guest, account);
      expect(await other.guestOf(guest)).toBe(account);
      const second = newUser();
      await other.linkGuest(second, account);
      expect(await store.guestsOf(account)).toEqual([guest, second].sort());
      expect(await store.guestsOf(newUser())).toEqual([]);
    });
  });
}

overEveryBackend(contract, {
  memory: () => new MemoryModerationStore(),
  sqlite: (connection) => new SqliteModerationStore(connection),
  redis: (commands, prefix) => new RedisModerationStore(commands, prefix),
});
