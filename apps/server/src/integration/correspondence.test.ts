import { DAY_MS, type MatchId, type Notification } from "@arena/protocol";
import { describe, expect, it } from "vitest";
import { type FakeClock } from "../clocks/scheduler.js";
import { registerAccount, type TestServer, uniqueName } from "../test-support/harness.js";
import { notificationsUntil } from "../test-support/notifications.js";
import { firstLegal, startOthello } from "../test-support/play.js";
import { useServers } from "../test-support/servers.js";

const twoDays = { daysPerMove: 2 } as const;

const yourTurn = (matchId: MatchId) => (list: readonly Notification[]) =>
  list.some((n) => n.kind === "your-turn" && n.matchId === matchId);

describe('correspondence: a 2-day Othello game between two accounts (docs/protocol.md, "Correspondence")', () => {
  const arena = useServers();

  async function accounts(server: TestServer) {
    const [a, b] = await Promise.all([
      registerAccount(server, uniqueName("A")),
      registerAccount(server, uniqueName("B")),
    ]);
    return { a, b, black: await arena.connect(a.token), white: await arena.connect(b.token) };
  }

  it("tells the player whose turn it became, and sets their deadline two days on", async () => {
    const server = await arena.start();
    const clock = server.clock as FakeClock;
    const { a, b, black, white } = await accounts(server);
    const { matchId } = await startOthello(black, white, twoDays);
    // Black (A) is told at the start, white (B) not yet.
    await notificationsUntil(server.url, a.token, yourTurn(matchId));
    expect(yourTurn(matchId)(await notificationsUntil(server.url, b.token, () => true))).toBe(false);

    clock.advance(3 * 60 * 60 * 1000);
    const snapshot = await black.snapshot(matchId);
    const next = firstLegal(snapshot);
    if (next === null) throw new Error("no move");
    const movedAt = clock.now();
    const moved = await black.call("match:move", { matchId, version: snapshot.version, move: next.move });
    expect(moved.ok).toBe(true);

    const list = await notificationsUntil(server.url, b.token, yourTurn(matchId));
    expect(list.find((n) => n.kind === "your-turn")).toMatchObject({
      matchId,
      gameId: "othello",
      read: false,
      createdAt: movedAt,
      from: { id: a.user.id },
    });
    const seen = await white.snapshot(matchId);
    expect(Math.abs((seen.deadlines[1] ?? 0) - (movedAt + 2 * DAY_MS))).toBeLessThanOrEqual(1_000);
    expect(seen.deadlines[0]).toBeNull();

    // Read: the list keeps it, marked; a second read of every one changes nothing.
    const read = await fetch(`${server.url}/api/notifications/read`, {
      method: "POST",
      headers: { authorization: `Bearer ${b.token}`, "content-type": "application/json" },
      body: "{}",
    });
    expect(await read.json()).toEqual({ ok: true });
    const after = await notificationsUntil(server.url, b.token, () => true);
    expect(after.every((n) => n.read)).toBe(true);
  });

  it("warns at 80% of the period used, and tells both of the end", async () => {
    const server = await arena.start();
    const clock = server.clock as FakeClock;
    const { a, b, black, white } = await accounts(server);
    const { matchId } = await startOthello(black, white, twoDays);
    await notificationsUntil(server.url, a.token, yourTurn(matchId));
    clock.advance(2 * DAY_MS * 0.8 + 1);
    const warned = await notificationsUntil(server.url, a.token, (list) =>
      list.some((n) => n.kind === "time-running-out"),
    );
    expect(warned[0]).toMatchObject({ kind: "time-running-out", matchId });
    expect((await white.call("match:resign", { matchId, version: white.lastVersion(matchId) })).ok).toBe(
      true,
    );
    for (const token of [a.token, b.token]) {
      await notificationsUntil(server.url, token, (list) => list.some((n) => n.kind === "game-over"));
    }
  });

  it("refuses the inbox without a token and a bad read request", async () => {
    const server = await arena.start();
    expect((await fetch(`${server.url}/api/notifications`)).status).toBe(401);
    const { a } = await accounts(server);
    const bad = await fetch(`${server.url}/api/notifications/read`, {
      method: "POST",
      headers: { authorization: `Bearer ${a.token}`, "content-type": "application/json" },
      body: JSON.stringify({ ids: "all" }),
    });
    expect(bad.status).toBe(400);
    const limit = await fetch(`${server.url}/api/notifications?limit=500`, {
      headers: { authorization: `Bearer ${a.token}` },
    });
    expect(limit.status).toBe(400);
  });
});
