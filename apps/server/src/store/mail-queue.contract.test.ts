import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MemoryMailQueue } from "./memory/mail-queue.js";
import { type MailQueue, MAX_MAIL_ATTEMPTS, type OutgoingMail, retryDelayMs } from "./ports/mail-queue.js";
import { RedisMailQueue } from "./redis/mail-queue.js";
import { SqliteMailQueue } from "./sqlite/mail-queue.js";
import { overEveryBackend, type StorePair } from "../test-support/store-backends.js";

type Setup = StorePair<MailQueue>;

const mail = (to: string): OutgoingMail => ({
  to,
  subject: "Your turn",
  text: "Ваш ход: http://localhost/play/m1",
  headers: { "List-Unsubscribe": "<http://localhost/api/email/unsubscribe?token=t>" },
});

const MINUTE = 60_000;
const LEASE = 30_000;

function contract(name: string, make: () => Promise<Setup>) {
  describe(`MailQueue contract: ${name}`, () => {
    let setup: Setup;
    // Each test starts an hour after the last, so mails an earlier test left behind are due, and claimed
    // away by `drain`, before a test's own.
    let clock = 1_700_000_000_000;
    const start = () => (clock += 100 * 3_600_000);
    const drain = async (now: number) => {
      while ((await setup.store.claim("drain", now, 1, 100)).length > 0);
    };

    beforeAll(async () => {
      setup = await make();
    });
    afterAll(async () => {
      await setup.close();
    });

    it("claims a due mail once: another owner gets nothing while the lease runs", async () => {
      const { store: queue, other } = setup;
      const now = start();
      await drain(now);
      const id = await queue.enqueue(mail("a@example.org"), now);
      expect(await queue.claim("p1", now - 1, LEASE, 10)).toEqual([]);
      const claimed = await queue.claim("p1", now, LEASE, 10);
      expect(claimed).toEqual([{ id, mail: mail("a@example.org"), attempts: 0 }]);
      expect(await other.claim("p2", now + LEASE - 1, LEASE, 10)).toEqual([]);
      expect(await queue.sent(id, "p1")).toBe(true);
      expect(await queue.sent(id, "p1")).toBe(false);
      expect((await other.get(id))?.status).toBe("sent");
      expect(await other.claim("p2", now + 10 * LEASE, LEASE, 10)).toEqual([]);
    });

    it("claims again after a lease ends: the first owner can no longer settle it", async () => {
      const { store: queue, other } = setup;
      const now = start();
      await drain(now);
      const id = await queue.enqueue(mail("b@example.org"), now);
      expect((await queue.claim("dead", now, LEASE, 10)).map((m) => m.id)).toEqual([id]);
      expect((await other.claim("p2", now + LEASE, LEASE, 10)).map((m) => m.id)).toEqual([id]);
      expect(await queue.sent(id, "dead")).toBe(false);
      expect(await queue.failed(id, "dead", now + LEASE)).toBeNull();
      expect(await other.sent(id, "p2")).toBe(true);
    });

    it("retries with exponential backoff capped at an hour and keeps the mail as failed after ten tries", async () => {
      const { store: queue, other } = setup;
      let now = start();
      await drain(now);
      const id = await queue.enqueue(mail("c@example.org"), now);
      for (let attempt = 1; attempt <= MAX_MAIL_ATTEMPTS; attempt++) {
        const claimed = await (attempt % 2 === 0 ? other : queue).claim("p", now, LEASE, 10);
        expect(claimed.map((m) => [m.id, m.attempts])).toEqual([[id, attempt - 1]]);
        const status = await queue.failed(id, "p", now);
        if (attempt === MAX_MAIL_ATTEMPTS) {
          expect(status).toBe("failed");
          break;
        }
        expect(status).toBe("queued");
        const delay = retryDelayMs(attempt);
        expect((await other.get(id))?.readyAt).toBe(now + delay);
        expect(await queue.claim("p", now + delay - 1, LEASE, 10)).toEqual([]);
        now += delay;
      }
      const record = await other.get(id);
      expect(record).toMatchObject({ status: "failed", attempts: MAX_MAIL_ATTEMPTS, readyAt: null });
      expect(await queue.claim("p", now + 100 * 3_600_000, LEASE, 10)).toEqual([]);
    });

    it("claims at most the limit, in enqueue order when due together", async () => {
      const { store: queue, other } = setup;
      const now = start();
      await drain(now);
      const ids: string[] = [];
      for (const to of ["1@x.org", "2@x.org", "3@x.org"]) ids.push(await queue.enqueue(mail(to), now));
      const first = await queue.claim("p1", now, LEASE, 2);
      expect(first.map((m) => m.id)).toEqual(ids.slice(0, 2));
      expect((await other.claim("p2", now, LEASE, 2)).map((m) => m.id)).toEqual(ids.slice(2));
      expect(await queue.get("no-such-mail")).toBeNull();
    });
  });
}

describe("retryDelayMs", () => {
  it("doubles from a minute and stops at an hour", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9].map(retryDelayMs)).toEqual(
      [1, 2, 4, 8, 16, 32, 60, 60, 60].map((m) => m * MINUTE),
    );
  });
});

overEveryBackend(contract, {
  memory: () => new MemoryMailQueue(),
  sqlite: (connection) => new SqliteMailQueue(connection),
  redis: (commands, prefix) => new RedisMailQueue(commands, prefix),
});
