// Closing an account over real HTTP and sockets (docs/protocol.md, "Closing an account"): the password is
// required; every session ends and its sockets close; the account cannot log in; its games stay in its
// opponent's history with its name, shown as closed; the name stays held for a year, then may be taken.
import { type AuthResponse, type HistoryResponse, type UserResponse } from "@arena/protocol";
import { describe, expect, it } from "vitest";
import { CLOSED_NAME_HELD_MS } from "../accounts/closing.js";
import { type FakeClock } from "../clocks/scheduler.js";
import { ACCOUNT_PASSWORD, registerAccount, type TestServer, uniqueName } from "../test-support/harness.js";
import { startOthello } from "../test-support/play.js";
import { useServers } from "../test-support/servers.js";

const blitz = { baseMs: 180_000, incrementMs: 2_000 };

const arena = useServers();

function post(server: TestServer, path: string, body: unknown, token?: string): Promise<Response> {
  return fetch(`${server.url}/api${path}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
    },
    body: JSON.stringify(body),
  });
}

const login = (server: TestServer, name: string, password = ACCOUNT_PASSWORD) =>
  post(server, "/login", { name, password });

describe("closing an account", () => {
  it("needs the password, ends every session, and refuses logins after", async () => {
    const server = await arena.start();
    const name = uniqueName("Ada");
    const ada = await registerAccount(server, name);
    const other = (await (await login(server, name)).json()) as AuthResponse;
    const socket = await arena.connectTo(server, other.token);

    const wrong = await post(server, "/account/close", { password: "not my password" }, ada.token);
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ ok: false, code: "bad-credentials" });
    expect((await post(server, "/account/close", {}, ada.token)).status).toBe(400);
    expect((await post(server, "/account/close", { password: ACCOUNT_PASSWORD })).status).toBe(401);

    const closed = await post(server, "/account/close", { password: ACCOUNT_PASSWORD }, ada.token);
    expect(await closed.json()).toEqual({ ok: true, closedAt: server.clock.now() });
    // The other session's socket is closed for good, and neither token is anyone's any more.
    await socket.until((c) => c.disconnectReason === "io server disconnect", "the socket to close");
    for (const token of [ada.token, other.token]) {
      const sessions = await fetch(`${server.url}/api/sessions`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(sessions.status).toBe(401);
    }
    const again = await login(server, name);
    expect(again.status).toBe(401);
    expect(await again.json()).toMatchObject({ ok: false, code: "bad-credentials" });
  });

  it("keeps the game in the opponent's history under the closed name, marked closed", async () => {
    const server = await arena.start();
    const [adaName, bobName] = [uniqueName("Ada"), uniqueName("Bob")];
    const [ada, bob] = [await registerAccount(server, adaName), await registerAccount(server, bobName)];
    const black = await arena.connectTo(server, ada.token);
    const white = await arena.connectTo(server, bob.token);
    const { matchId } = await startOthello(black, white, blitz);
    const resigned = await black.call("match:resign", { matchId, version: black.lastVersion(matchId) });
    expect(resigned.ok).toBe(true);
    const history = async (who: string) =>
      (await (await fetch(`${server.url}/api/users/${who}/games`)).json()) as HistoryResponse;
    await expect.poll(async () => (await history(bobName)).games.length).toBe(1);
    // Bob follows Ada: the follow goes with her account.
    expect((await white.call("follow:set", { name: adaName, following: true })).ok).toBe(true);

    expect((await post(server, "/account/close", { password: ACCOUNT_PASSWORD }, ada.token)).ok).toBe(true);
    expect(await history(bobName)).toMatchObject({
      games: [{ matchId, outcome: "win", opponents: [adaName] }],
      closed: [adaName],
    });
    expect((await history(adaName)).games).toMatchObject([{ matchId, outcome: "loss" }]);
    const profile = (await (await fetch(`${server.url}/api/users/${adaName}`)).json()) as UserResponse;
    expect(profile.user).toMatchObject({ name: adaName, closed: true, record: { losses: 1 } });
    const bobProfile = (await (await fetch(`${server.url}/api/users/${bobName}`)).json()) as UserResponse;
    expect(bobProfile.user.closed).toBeUndefined();
    expect(await white.call("follow:list", {})).toEqual({ ok: true, players: [] });
  });

  it("holds the name and its look-alikes for a year, then lets a new account take it", async () => {
    const server = await arena.start();
    const clock = server.clock as FakeClock;
    const name = uniqueName("Cid");
    const cid = await registerAccount(server, name);
    expect((await post(server, "/account/close", { password: ACCOUNT_PASSWORD }, cid.token)).ok).toBe(true);
    const register = (as: string) =>
      post(server, "/accounts", { name: as, password: ACCOUNT_PASSWORD, bot: false });

    clock.advance(CLOSED_NAME_HELD_MS - 1_000);
    expect(await (await register(name.toUpperCase())).json()).toMatchObject({ code: "name-taken" });
    expect(await (await register(name.replace("i", "\u0456"))).json()).toMatchObject({ ok: false });

    clock.advance(1_000);
    const taken = await register(name);
    expect(taken.status).toBe(201);
    const fresh = (await taken.json()) as AuthResponse;
    expect(fresh.user.id).not.toBe(cid.user.id);
    expect(fresh.user.closed).toBeUndefined();
    const profile = (await (await fetch(`${server.url}/api/users/${name}`)).json()) as UserResponse;
    expect(profile.user.id).toBe(fresh.user.id);
  });

  it("resigns the account's live games: its opponent wins", async () => {
    const server = await arena.start();
    const [adaName, bobName] = [uniqueName("Ada"), uniqueName("Bob")];
    const [ada, bob] = [await registerAccount(server, adaName), await registerAccount(server, bobName)];
    const black = await arena.connectTo(server, ada.token);
    const white = await arena.connectTo(server, bob.token);
    const { matchId } = await startOthello(black, white, blitz);
    expect((await post(server, "/account/close", { password: ACCOUNT_PASSWORD }, ada.token)).ok).toBe(true);
    const history = async () =>
      ((await (await fetch(`${server.url}/api/users/${bobName}/games`)).json()) as HistoryResponse).games;
    await expect.poll(history).toMatchObject([{ matchId, outcome: "win", opponents: [adaName] }]);
  });

  it("is open to moderation: closeAccount(userId, reason) closes it and ends its sockets", async () => {
    const server = await arena.start();
    const name = uniqueName("Dee");
    const dee = await registerAccount(server, name);
    const socket = await arena.connectTo(server, dee.token);
    expect(await server.app.closing.closeAccount(dee.user.id, "spam")).toEqual({
      ok: true,
      value: { closedAt: server.clock.now() },
    });
    await socket.until((c) => c.disconnectReason === "io server disconnect", "the socket to close");
    expect((await login(server, name)).status).toBe(401);
    expect(await server.app.closing.closeAccount(dee.user.id, "again")).toMatchObject({ code: "not-found" });
  });
});
