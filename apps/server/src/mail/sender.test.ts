import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FakeClock } from "../clocks/scheduler.js";
import { type MailQueue, retryDelayMs } from "../store/ports/mail-queue.js";
import { SqliteMailQueue } from "../store/sqlite/mail-queue.js";
import { SqliteStore } from "../store/sqlite/matches.js";
import { type LoopbackSmtp, startLoopbackSmtp } from "../test-support/smtp.js";
import { MAIL_LEASE_MS, MailSender } from "./sender.js";
import { smtpTransport } from "./transport.js";

const silent = pino({ level: "silent" });
const mail = (to: string) => ({
  to,
  subject: "Your turn in Othello",
  text: "It is your move: http://localhost:3000/play/abc",
  headers: { "List-Unsubscribe": "<http://localhost:3000/api/email/unsubscribe?token=t>" },
});

describe("MailSender over a real SMTP server on loopback", () => {
  let smtp: LoopbackSmtp;
  let folder: string;
  beforeAll(async () => {
    smtp = await startLoopbackSmtp();
    folder = mkdtempSync(join(tmpdir(), "arena-mail-sender-"));
  });
  afterAll(async () => {
    await smtp.close();
    rmSync(folder, { recursive: true, force: true });
  });

  const open = async (name: string) => {
    const opened = await SqliteStore.open(join(folder, name));
    if (!opened.ok) throw new Error(opened.problem.message);
    const store = opened.value;
    return { queue: new SqliteMailQueue(store.connection) as MailQueue, close: () => store.close() };
  };

  it("sends a queued mail with its headers", async () => {
    const { queue, close } = await open("send.db");
    const clock = new FakeClock();
    const sender = new MailSender(queue, smtpTransport(smtp.url, "Arena <arena@localhost>"), clock, silent);
    const seen = smtp.received.length;
    const id = await queue.enqueue(mail("b@example.org"), clock.now());
    expect(await sender.pass()).toBe(1);
    const got = await smtp.next(seen);
    expect(got.to).toEqual(["b@example.org"]);
    expect(got.subject).toBe("Your turn in Othello");
    expect(got.text).toContain("http://localhost:3000/play/abc");
    expect(got.headers["list-unsubscribe"]).toContain("/api/email/unsubscribe?token=t");
    expect((await queue.get(id))?.status).toBe("sent");
    await sender.stop();
    await close();
  });

  it("retries a refused mail with backoff on the clock, then sends it", async () => {
    const { queue, close } = await open("retry.db");
    const clock = new FakeClock();
    const sender = new MailSender(queue, smtpTransport(smtp.url, "Arena <arena@localhost>"), clock, silent);
    const seen = smtp.received.length;
    smtp.refuse = true;
    const id = await queue.enqueue(mail("c@example.org"), clock.now());
    for (let attempt = 1; attempt <= 3; attempt++) {
      expect(await sender.pass()).toBe(0);
      expect(await queue.get(id)).toMatchObject({ status: "queued", attempts: attempt });
      clock.advance(retryDelayMs(attempt) - 1);
      // Not yet due: nothing is tried.
      expect(await sender.pass()).toBe(0);
      expect((await queue.get(id))?.attempts).toBe(attempt);
      clock.advance(1);
    }
    smtp.refuse = false;
    expect(await sender.pass()).toBe(1);
    expect((await smtp.next(seen)).to).toEqual(["c@example.org"]);
    expect(await queue.get(id)).toMatchObject({ status: "sent", attempts: 3 });
    await sender.stop();
    await close();
  });

  it("a new sender over the same SQLite file sends what was queued, and what a dead one had claimed", async () => {
    const clock = new FakeClock();
    const first = await open("restart.db");
    const queued = await first.queue.enqueue(mail("d@example.org"), clock.now());
    // A process that claimed a mail and died before sending it.
    await first.queue.claim("dead-process", clock.now(), MAIL_LEASE_MS, 1);
    const waiting = await first.queue.enqueue(mail("e@example.org"), clock.now());
    await first.close();

    const second = await open("restart.db");
    const sender = new MailSender(
      second.queue,
      smtpTransport(smtp.url, "Arena <arena@localhost>"),
      clock,
      silent,
    );
    const seen = smtp.received.length;
    expect(await sender.pass()).toBe(1);
    expect((await smtp.next(seen)).to).toEqual(["e@example.org"]);
    expect((await second.queue.get(queued))?.status).toBe("queued");
    clock.advance(MAIL_LEASE_MS);
    expect(await sender.pass()).toBe(1);
    expect((await smtp.next(seen + 1)).to).toEqual(["d@example.org"]);
    expect((await second.queue.get(waiting))?.status).toBe("sent");
    expect((await second.queue.get(queued))?.status).toBe("sent");
    await sender.stop();
    await second.close();
  });
});
