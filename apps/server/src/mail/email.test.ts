import { type AddressInfo } from "node:net";
import { type Server } from "node:http";
import express from "express";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FakeClock } from "../clocks/scheduler.js";
import { MemoryEmailSettingsStore } from "../store/memory/email-settings.js";
import { MemoryMailQueue } from "../store/memory/mail-queue.js";
import { MemoryQuotaStore } from "../store/memory/quotas.js";
import { type LoopbackSmtp, startLoopbackSmtp } from "../test-support/smtp.js";
import { emailRouter } from "./email-api.js";
import { EmailService, VERIFY_COOLDOWN_MS } from "./email-service.js";
import { MailSender } from "./sender.js";
import { smtpTransport } from "./transport.js";

/** The first link in a mail's text that starts with `prefix`. */
const linkIn = (text: string, prefix: string) => {
  const found = text.split(/\s+/).find((word) => word.startsWith(prefix));
  if (found === undefined) throw new Error(`no ${prefix} link in ${text}`);
  return found;
};

describe("e-mail over HTTP, sent to a real SMTP server on loopback", () => {
  let smtp: LoopbackSmtp;
  let server: Server;
  let origin: string;
  let email: EmailService;
  let sender: MailSender;
  const clock = new FakeClock();
  const queue = new MemoryMailQueue();

  beforeAll(async () => {
    smtp = await startLoopbackSmtp();
    const app = express();
    app.use(express.json());
    // Bearer tokens of two accounts; anything else is a guest or a stranger.
    const accounts = new Map([
      ["token-ann", "ann"],
      ["token-bob", "bob"],
    ]);
    const userOf = (req: express.Request) =>
      Promise.resolve(accounts.get(req.headers.authorization?.replace(/^Bearer /, "") ?? "") ?? null);
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    email = new EmailService({
      settings: new MemoryEmailSettingsStore(),
      queue,
      quotas: new MemoryQuotaStore(),
      clock,
      origin,
      secret: "a test secret of some length",
      sending: true,
    });
    app.use("/api", emailRouter(email, userOf));
    sender = new MailSender(
      queue,
      smtpTransport(smtp.url, "Arena <arena@localhost>"),
      clock,
      pino({ level: "silent" }),
    );
  });
  afterAll(async () => {
    await sender.stop();
    await smtp.close();
    await new Promise((resolve) => server.close(resolve));
  });

  const api = (path: string, init: RequestInit & { token?: string } = {}) =>
    fetch(`${origin}${path}`, {
      ...init,
      redirect: "manual",
      headers: {
        "content-type": "application/json",
        ...(init.token === undefined ? {} : { authorization: `Bearer ${init.token}` }),
      },
    });

  it("verifies an address through the link a real mail carries, once", async () => {
    expect((await api("/api/account/email")).status).toBe(403);
    const bad = await api("/api/account/email", {
      method: "POST",
      token: "token-ann",
      body: JSON.stringify({ address: `${"a".repeat(250)}@x.org` }),
    });
    expect(bad.status).toBe(400);
    const set = await api("/api/account/email", {
      method: "POST",
      token: "token-ann",
      body: JSON.stringify({ address: "ann@example.org", language: "ru" }),
    });
    expect(await set.json()).toMatchObject({ address: "ann@example.org", verified: false, sending: true });
    const again = await api("/api/account/email", {
      method: "POST",
      token: "token-ann",
      body: JSON.stringify({ address: "ann@example.org" }),
    });
    expect(again.status).toBe(429);
    expect(await again.json()).toMatchObject({ code: "rate-limited", retryAfterMs: VERIFY_COOLDOWN_MS });

    const seen = smtp.received.length;
    expect(await sender.pass()).toBe(1);
    const mail = await smtp.next(seen);
    expect(mail.to).toEqual(["ann@example.org"]);
    expect(mail.subject).toBe("Подтвердите адрес почты");
    const link = linkIn(mail.text, `${origin}/api/email/verify?token=`);
    const opened = await fetch(link, { redirect: "manual" });
    expect(opened.status).toBe(303);
    expect(opened.headers.get("location")).toBe("/settings?email=verified");
    expect((await fetch(link, { redirect: "manual" })).status).toBe(400);
    const view = await (await api("/api/account/email", { token: "token-ann" })).json();
    expect(view).toMatchObject({
      verified: true,
      kinds: { "your-turn": true, "game-over": true, "draw-offer": false },
    });
  });

  it("mails a notification with its match link and an unsubscribe link that turns the kind off", async () => {
    const notification = {
      id: "n1",
      kind: "your-turn" as const,
      matchId: "m-42",
      createdAt: clock.now(),
      read: false,
    };
    const seen = smtp.received.length;
    expect(await email.mailFor("ann", notification)).toBe(true);
    expect(await sender.pass()).toBe(1);
    const mail = await smtp.next(seen);
    expect(mail.subject).toBe("Ваш ход");
    expect(linkIn(mail.text, origin)).toBe(`${origin}/play/m-42`);
    const unsubscribe = linkIn(mail.text, `${origin}/api/email/unsubscribe?token=`);
    expect(mail.headers["list-unsubscribe"]).toBe(`<${unsubscribe}>`);
    expect(mail.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");

    // Opening the link (as a mail scanner would) only asks; the page's form posts the answer.
    const page = await fetch(unsubscribe);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('lang="ru"');
    expect(html).toContain("Ваш ход");
    const before = (await (await api("/api/account/email", { token: "token-ann" })).json()) as {
      kinds: Record<string, boolean>;
    };
    expect(before.kinds["your-turn"]).toBe(true);
    const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1]?.replaceAll("&#38;", "&");
    expect(action).toBe(new URL(unsubscribe).pathname + new URL(unsubscribe).search);
    const answered = await fetch(`${origin}${action}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(await answered.text()).toContain("Готово");
    const view = await (await api("/api/account/email", { token: "token-ann" })).json();
    expect(view).toMatchObject({ kinds: { "your-turn": false, "game-over": true } });
    expect(await email.mailFor("ann", { ...notification, id: "n2" })).toBe(false);
    expect(await sender.pass()).toBe(0);
    expect(smtp.received.length).toBe(seen + 1);

    // RFC 8058: a POST to the header's address; a forged token changes nothing.
    const forged = unsubscribe.replace(/.$/, (c) => (c === "A" ? "B" : "A"));
    expect((await fetch(forged, { method: "POST" })).status).toBe(400);
    const gameOver = email.unsubscribeToken("ann", "game-over");
    expect(
      (await fetch(`${origin}/api/email/unsubscribe?token=${gameOver}`, { method: "POST" })).status,
    ).toBe(200);
    expect(await email.mailFor("ann", { ...notification, id: "n3", kind: "game-over" })).toBe(false);
  });

  it("refuses an address when the server sends no mail", async () => {
    const silent = new EmailService({
      settings: new MemoryEmailSettingsStore(),
      queue,
      quotas: new MemoryQuotaStore(),
      clock,
      origin,
      secret: "another secret",
      sending: false,
    });
    expect(await silent.setAddress("cid", "cid@example.org")).toMatchObject({ code: "unavailable" });
    expect(await silent.view("cid")).toMatchObject({ address: null, sending: false });
  });

  it("mails nothing to an unverified address, and chooses kinds", async () => {
    await api("/api/account/email", {
      method: "POST",
      token: "token-bob",
      body: JSON.stringify({ address: "bob@example.org" }),
    });
    expect(await email.mailFor("bob", { id: "n", kind: "game-over", createdAt: 0, read: false })).toBe(false);
    const chosen = await api("/api/account/email/kinds", {
      method: "POST",
      token: "token-bob",
      body: JSON.stringify({ kinds: { "draw-offer": true, "your-turn": false } }),
    });
    expect(await chosen.json()).toMatchObject({
      kinds: { "draw-offer": true, "your-turn": false, "game-over": true },
    });
    const bad = await api("/api/account/email/kinds", {
      method: "POST",
      token: "token-bob",
      body: JSON.stringify({ kinds: { "no-such-kind": true } }),
    });
    expect(bad.status).toBe(400);
    clock.advance(VERIFY_COOLDOWN_MS);
  });

  it("sends a queued mail at once, also one queued while a pass runs", async () => {
    const eager = new EmailService({
      settings: new MemoryEmailSettingsStore(),
      queue,
      quotas: new MemoryQuotaStore(),
      clock,
      origin,
      secret: "a third secret",
      sending: true,
      queued: () => void sender.pass(),
    });
    const seen = smtp.received.length;
    const running = sender.pass();
    await eager.setAddress("dee", "dee@example.org");
    await eager.setAddress("eve", "eve@example.org");
    await running;
    // No further pass is asked for here: the ones the service asked for send both.
    // (bob's verification mail, queued by the test before, may come first.)
    const to = new Set<string>();
    for (let i = seen; !(to.has("dee@example.org") && to.has("eve@example.org")); i += 1) {
      for (const address of (await smtp.next(i)).to) to.add(address);
    }
    expect(smtp.received.length - seen).toBeLessThanOrEqual(3);
  });
});
