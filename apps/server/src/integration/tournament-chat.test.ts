import { type TournamentChatLine } from "@arena/protocol";
import { describe, expect, it } from "vitest";
import { type FakeClock } from "../clocks/scheduler.js";
import { DEFAULT_QUOTAS } from "../quotas/limits.js";
import { useServers } from "../test-support/servers.js";

const arena = useServers();

async function createTournament(url: string, token: string): Promise<string> {
  const created = await fetch(`${url}/api/tournaments`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({
      gameId: "othello",
      format: "swiss",
      rounds: 3,
      timeControl: { baseMs: 300_000, incrementMs: 0 },
    }),
  });
  expect(created.status).toBe(201);
  return ((await created.json()) as { id: string }).id;
}

describe("a tournament's chat (docs/protocol.md, Tournaments)", () => {
  it("pushes a line to every watcher, account or guest, and gives a new watcher the newest lines", async () => {
    const server = await arena.start();
    const ada = await arena.register("Ada");
    const tournamentId = await createTournament(server.url, ada.token);
    const player = await arena.connect(ada.token);
    const guest = await arena.connect();
    const heard: TournamentChatLine[] = [];
    guest.socket.on("tournament:chat-line", (payload) => {
      if (payload.tournamentId === tournamentId) heard.push(payload.line);
    });
    for (const client of [player, guest]) {
      expect(await client.call("tournament:watch", { tournamentId })).toMatchObject({ ok: true, chat: [] });
    }

    const said = await player.call("tournament:chat", { tournamentId, text: "  good luck\nall  " });
    expect(said).toMatchObject({
      ok: true,
      line: { text: "good luck all", author: { name: "Ada", account: true, bot: false } },
    });
    await guest.until(() => heard.length === 1, "the player's line");
    expect(heard[0]).toEqual(said.ok && said.line);
    // A guest chats as a match's spectators do.
    const guestSaid = await guest.call("tournament:chat", { tournamentId, text: "have fun" });
    expect(guestSaid).toMatchObject({ ok: true, line: { author: { account: false } } });

    const late = await arena.connect();
    const watched = await late.call("tournament:watch", { tournamentId });
    expect(watched.ok && watched.chat.map((line) => line.text)).toEqual(["good luck all", "have fun"]);
  });

  it("refuses empty, too long and unknown-tournament lines, and rate-limits as a match's chat does", async () => {
    const server = await arena.start();
    const ada = await arena.register("Ada");
    const tournamentId = await createTournament(server.url, ada.token);
    const player = await arena.connect(ada.token);
    expect(await player.call("tournament:chat", { tournamentId, text: " \n " })).toMatchObject({
      ok: false,
      code: "chat-empty",
    });
    expect(await player.call("tournament:chat", { tournamentId, text: "x".repeat(141) })).toMatchObject({
      ok: false,
      code: "chat-too-long",
    });
    expect(
      await player.call("tournament:chat", { tournamentId: "t_nosuchone", text: "hello" }),
    ).toMatchObject({ ok: false, code: "not-found" });

    for (let i = 0; i < DEFAULT_QUOTAS.chatLinesPerWindow; i++) {
      expect((await player.call("tournament:chat", { tournamentId, text: `line ${i}` })).ok).toBe(true);
    }
    const limited = await player.call("tournament:chat", { tournamentId, text: "one more" });
    expect(limited).toMatchObject({ ok: false, code: "rate-limited" });
    const wait = !limited.ok && "retryAfterMs" in limited ? Number(limited.retryAfterMs) : 0;
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(DEFAULT_QUOTAS.chatWindowMs);
    (server.clock as FakeClock).advance(wait);
    expect((await player.call("tournament:chat", { tournamentId, text: "one more" })).ok).toBe(true);
  });
});
