// Password reset by e-mail over real HTTP and sockets (docs/protocol.md, "Password reset"): one answer for
// every name; a single-use link that works for 30 minutes; the new password ends every session (their
// sockets close) and logs in anew.
import { type AuthResponse } from "@arena/protocol";
import { beforeEach, describe, expect, it } from "vitest";
import { FakeClock } from "../clocks/scheduler.js";
import { EmailService, RESET_TTL_MS } from "../mail/email-service.js";
import { RESET_LIMITS } from "../accounts/password-reset.js";
import { MemoryEmailSettingsStore } from "../store/memory/email-settings.js";
import { MemoryMailQueue } from "../store/memory/mail-queue.js";
import { MemoryQuotaStore } from "../store/memory/quotas.js";
import { type OutgoingMail } from "../store/ports/mail-queue.js";
import { ACCOUNT_PASSWORD, registerAccount, type TestServer, uniqueName } from "../test-support/harness.js";
import { useServers } from "../test-support/servers.js";

const NEW_PASSWORD = "a brand new long passphrase";
const arena = useServers();

let settings: MemoryEmailSettingsStore;
let queue: MemoryMailQueue;
let server: TestServer;

beforeEach(async () => {
  settings = new MemoryEmailSettingsStore();
  queue = new MemoryMailQueue();
  const fake = new FakeClock();
  const email = new EmailService({
    settings,
    queue,
    quotas: new MemoryQuotaStore(),
    clock: fake,
    origin: "https://arena.example",
    secret: "a test secret of some length",
    sending: true,
  });
  server = await arena.start({ clock: fake, email });
});

const post = (path: string, body: unknown) =>
  fetch(`${server.url}/api${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });

/** The mails queued since the last call (claimed, so each is read once). */
const mailed = async (): Promise<OutgoingMail[]> =>
  (await queue.claim("test", server.clock.now(), 60_000, 100)).map((queued) => queued.mail);

const tokenIn = (mail: OutgoingMail | undefined): string => {
  const found = /\/reset\?token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? "");
  if (found?.[1] === undefined) throw new Error("no reset link");
  return found[1];
};

/** An account whose address is verified. */
async function verifiedAccount(stem: string) {
  const name = uniqueName(stem);
  const account = await registerAccount(server, name);
  await settings.put(account.user.id, {
    address: `${name}@example.org`,
    verified: true,
    language: "en",
    kinds: {},
  });
  return { name, account };
}

describe("password reset by e-mail", () => {
  it("answers alike for every name, mailing only an account with a verified address", async () => {
    const { name } = await verifiedAccount("Ada");
    const unverified = uniqueName("Bob");
    const bob = await registerAccount(server, unverified);
    await settings.put(bob.user.id, {
      address: "bob@example.org",
      verified: false,
      language: "en",
      kinds: {},
    });
    for (const asked of [name, unverified, uniqueName("Nobody")]) {
      const answer = await post("/password/reset", { name: asked });
      expect([answer.status, await answer.json()]).toEqual([200, { ok: true }]);
    }
    const mails = await mailed();
    expect(mails.map((mail) => mail.to)).toEqual([`${name}@example.org`]);
    expect(mails[0]?.text).toContain(`https://arena.example/reset?token=`);
  });

  it("sets the new password once with the link, ending every other session, and logs in", async () => {
    const { name, account } = await verifiedAccount("Cid");
    const socket = await arena.connectTo(server, account.token);
    await post("/password/reset", { name });
    const token = tokenIn((await mailed())[0]);

    const weak = await post("/password/reset/confirm", { token, newPassword: "short" });
    expect(await weak.json()).toMatchObject({ ok: false, code: "weak-password" });
    const done = await post("/password/reset/confirm", { token, newPassword: NEW_PASSWORD });
    expect(done.status).toBe(200);
    const session = (await done.json()) as AuthResponse;
    expect(session.user.id).toBe(account.user.id);
    await socket.until(
      (c) => c.disconnectReason === "io server disconnect",
      "the old session's socket to close",
    );
    const sessions = (token: string) =>
      fetch(`${server.url}/api/sessions`, { headers: { authorization: `Bearer ${token}` } });
    expect((await sessions(account.token)).status).toBe(401);
    expect((await sessions(session.token)).status).toBe(200);

    // The link works once; the old password is gone and the new one logs in.
    const reused = await post("/password/reset/confirm", { token, newPassword: `${NEW_PASSWORD}!` });
    expect(await reused.json()).toMatchObject({ ok: false, code: "invalid-reset-link" });
    expect((await post("/login", { name, password: ACCOUNT_PASSWORD })).status).toBe(401);
    expect((await post("/login", { name, password: NEW_PASSWORD })).status).toBe(200);
  });

  it("refuses a link after 30 minutes", async () => {
    const { name } = await verifiedAccount("Dee");
    await post("/password/reset", { name });
    const token = tokenIn((await mailed())[0]);
    (server.clock as FakeClock).advance(RESET_TTL_MS + 1);
    const late = await post("/password/reset/confirm", { token, newPassword: NEW_PASSWORD });
    expect(await late.json()).toMatchObject({ ok: false, code: "invalid-reset-link" });
    expect((await post("/login", { name, password: ACCOUNT_PASSWORD })).status).toBe(200);
  });

  it("limits requests per name, whether or not it is an account's", async () => {
    for (const name of [uniqueName("Nobody"), (await verifiedAccount("Eve")).name]) {
      for (let i = 0; i < RESET_LIMITS.perName.capacity; i++) {
        expect((await post("/password/reset", { name })).status).toBe(200);
      }
      const limited = await post("/password/reset", { name });
      expect(limited.status).toBe(429);
      expect(await limited.json()).toMatchObject({
        code: "rate-limited",
        retryAfterMs: expect.any(Number) as number,
      });
    }
  });
});
