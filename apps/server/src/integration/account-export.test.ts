// An account's data export over real HTTP (docs/protocol.md, "Export"): one zip with the profile, ratings,
// each finished game (JSON, and GGF for Othello), the chat lines the account wrote and nobody else's, its
// sessions, inbox, e-mail settings and vacation; one export per 10 minutes.
import { type MatchId } from "@arena/protocol";
import { describe, expect, it } from "vitest";
import { EXPORT_COOLDOWN_MS } from "../account-data/export.js";
import { type FakeClock } from "../clocks/scheduler.js";
import { registerAccount, type TestServer, uniqueName } from "../test-support/harness.js";
import { startOthello } from "../test-support/play.js";
import { useServers } from "../test-support/servers.js";
import { unzipStored } from "../test-support/unzip.js";

const blitz = { baseMs: 180_000, incrementMs: 2_000 };

const arena = useServers();

const exportOf = (server: TestServer, token?: string) =>
  fetch(`${server.url}/api/account/export`, {
    headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
  });

const jsonIn = (files: Map<string, Buffer>, name: string): unknown =>
  JSON.parse(files.get(name)?.toString("utf8") ?? "null");

describe("exporting an account's data", () => {
  it("holds the account's games and the chat lines it wrote, once per 10 minutes", async () => {
    const server = await arena.start();
    const clock = server.clock as FakeClock;
    const [adaName, bobName] = [uniqueName("Ada"), uniqueName("Bob")];
    const [ada, bob] = [await registerAccount(server, adaName), await registerAccount(server, bobName)];
    const black = await arena.connectTo(server, ada.token);
    const white = await arena.connectTo(server, bob.token);
    const { matchId } = await startOthello(black, white, blitz);
    expect((await black.call("chat:say", { matchId, channel: "players", text: "good luck" })).ok).toBe(true);
    expect((await white.call("chat:say", { matchId, channel: "players", text: "thanks" })).ok).toBe(true);
    expect((await white.call("match:resign", { matchId, version: white.lastVersion(matchId) })).ok).toBe(
      true,
    );
    const games = async () =>
      (await (await fetch(`${server.url}/api/users/${adaName}/games`)).json()) as {
        games: { matchId: MatchId }[];
      };
    await expect.poll(async () => (await games()).games.length).toBe(1);

    expect((await exportOf(server)).status).toBe(401);
    const response = await exportOf(server, ada.token);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/zip");
    expect(response.headers.get("content-disposition")).toContain(".zip");
    const files = unzipStored(Buffer.from(await response.arrayBuffer()));
    for (const name of ["profile.json", "ratings.json", "chat.json", "sessions.json", "notifications.json"]) {
      expect(files.has(name), name).toBe(true);
    }
    expect(jsonIn(files, "profile.json")).toMatchObject({
      id: ada.user.id,
      name: adaName,
      record: { wins: 1 },
    });
    expect(jsonIn(files, "games/index.json")).toMatchObject([
      { matchId, outcome: "win", opponents: [bobName] },
    ]);
    expect(jsonIn(files, `games/${matchId}.json`)).toMatchObject({ matchId, gameId: "othello" });
    expect(files.get(`games/${matchId}.ggf`)?.toString("utf8")).toMatch(/^\(;GM\[Othello\]/);
    expect(jsonIn(files, "chat.json")).toMatchObject([
      { matchId, lines: [{ text: "good luck", author: { id: ada.user.id } }] },
    ]);
    expect(JSON.stringify(jsonIn(files, "chat.json"))).not.toContain("thanks");
    expect(jsonIn(files, "sessions.json")).toMatchObject([{ userId: ada.user.id }]);
    const ratings = jsonIn(files, "ratings.json") as { current: unknown[]; history: unknown[] };
    expect([Array.isArray(ratings.current), Array.isArray(ratings.history)]).toEqual([true, true]);

    // Once per 10 minutes for each account: another's own is not held back.
    const again = await exportOf(server, ada.token);
    expect(again.status).toBe(429);
    expect(await again.json()).toMatchObject({ code: "rate-limited", retryAfterMs: EXPORT_COOLDOWN_MS });
    expect((await exportOf(server, bob.token)).status).toBe(200);
    clock.advance(EXPORT_COOLDOWN_MS);
    expect((await exportOf(server, ada.token)).status).toBe(200);
  });
});
