// A player's game search over HTTP (docs/protocol.md, "Game search"): filters, pages, a 400 with a reason
// for every bad parameter, and a per-address rate limit.
import { asMatchId, type HistoryResponse } from "@arena/protocol";
import { describe, expect, it } from "vitest";
import { SEARCH_BUCKET } from "../accounts/http.js";
import { MemoryPlayerStore } from "../store/memory/players.js";
import { FakeClock } from "../clocks/scheduler.js";
import { registerAccount, type TestServer } from "../test-support/harness.js";
import { useServers } from "../test-support/servers.js";

const arena = useServers();

async function search(server: TestServer, query: string) {
  const response = await fetch(`${server.url}/api/users/Ada/games?${query}`);
  return {
    status: response.status,
    body: (await response.json()) as Record<string, unknown>,
  };
}

describe("game search (memory store, fake clock)", () => {
  it("filters a player's games by game, result, opponent and date, in pages", async () => {
    const players = new MemoryPlayerStore();
    const server = await arena.start({ players, clock: new FakeClock() });
    const ada = await registerAccount(server, "Ada");
    const bob = await registerAccount(server, "Bob");
    // 25 Othello games Ada won against Bob, then one Connect-k game she lost to him.
    for (let i = 0; i <= 25; i++) {
      const won = i < 25;
      await players.recordGame(
        {
          matchId: asMatchId(`m_${i}`),
          gameId: won ? "othello" : "connect-k",
          speed: "blitz",
          endedAt: 1_000 * (i + 1),
          rated: false,
          seats: [
            { seat: 0, userId: ada.user.id, name: "Ada", outcome: won ? "win" : "loss" },
            { seat: 1, userId: bob.user.id, name: "Bob", outcome: won ? "loss" : "win" },
          ],
        },
        () => [],
      );
    }
    const ended = (body: unknown) => (body as HistoryResponse).games.map((game) => game.endedAt);
    expect(ended((await search(server, "outcome=loss")).body)).toEqual([26_000]);
    expect(ended((await search(server, "gameId=connect-k&opponent=bob")).body)).toEqual([26_000]);
    expect(ended((await search(server, "opponent=Carol")).body)).toEqual([]);
    expect(ended((await search(server, "from=2000&to=4000")).body)).toEqual([4_000, 3_000, 2_000]);
    const first = await search(server, "gameId=othello&outcome=win");
    expect(first.body).toMatchObject({ ok: true, page: 1, more: true });
    expect(ended(first.body)).toHaveLength(20);
    const second = await search(server, "gameId=othello&outcome=win&page=2");
    expect(second.body).toMatchObject({ ok: true, page: 2, more: false });
    expect(ended(second.body)).toEqual([5_000, 4_000, 3_000, 2_000, 1_000]);
  });

  it("answers 400 with a reason for bad parameters, and 429 with a wait past the rate limit", async () => {
    const server = await arena.start({ clock: new FakeClock() });
    await registerAccount(server, "Ada");
    for (const [query, where] of [
      ["gameId=chess", "gameId"],
      ["gameId=Othello!", "gameId"],
      ["outcome=won", "outcome"],
      ["from=yesterday", "from"],
      ["from=5000&to=4000", "from"],
      ["to=-1", "to"],
      ["opponent=", "opponent"],
      ["page=0", "page"],
    ] as const) {
      const answer = await search(server, query);
      expect(answer.status, query).toBe(400);
      expect(answer.body, query).toMatchObject({ ok: false, code: "invalid-payload" });
      expect(String(answer.body.message), query).toMatch(new RegExp(`^${where}`));
    }
    // Each search above was refused before it counted; now the bucket's searches, then a wait.
    for (let i = 0; i < SEARCH_BUCKET.capacity; i++) {
      expect((await search(server, "outcome=win")).status).toBe(200);
    }
    const limited = await search(server, "outcome=win");
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ ok: false, code: "rate-limited" });
    expect(limited.body.retryAfterMs).toBeGreaterThan(0);
    // Plain pages of a profile are not searches and are not counted.
    expect((await search(server, "page=1")).status).toBe(200);
    (server.clock as FakeClock).advance(SEARCH_BUCKET.refillMs);
    expect((await search(server, "outcome=win")).status).toBe(200);
  });
});
