// A swiss of six AI entrants on the product's default store (SQLite in DATA_DIR), the process killed with
// SIGKILL in the middle of a round and started again on the same folder: docs/tournaments.md, "The server".
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type TournamentView } from "@arena/protocol";
import { afterAll, describe, expect, it } from "vitest";
import { registerAccount, type TestServer, uniqueName } from "../test-support/harness.js";
import { killHard, type Product, startProduct, TWO_BOOTS_TEST_MS } from "../test-support/product.js";
import { useServers } from "../test-support/servers.js";

const arena = useServers();
const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

async function start(env: Record<string, string>, port?: number): Promise<Product> {
  const product = await startProduct(env, port);
  arena.defer(() => killHard(product));
  return product;
}

async function viewOf(product: Product, id: string): Promise<TournamentView> {
  const body = (await (await fetch(`${product.url}/api/tournaments/${id}`)).json()) as {
    tournament: TournamentView;
  };
  return body.tournament;
}

async function until(
  product: Product,
  id: string,
  done: (view: TournamentView) => boolean,
): Promise<TournamentView> {
  for (let waited = 0; waited < 150_000; waited += 100) {
    const view = await viewOf(product, id);
    if (done(view)) return view;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("the tournament did not get there in time");
}

describe(
  "a swiss on SQLite, killed with SIGKILL mid-round and started again",
  { timeout: TWO_BOOTS_TEST_MS + 120_000 },
  () => {
    it("finishes: nobody paired twice, every entrant's colours within one", async () => {
      const folder = mkdtempSync(join(tmpdir(), "arena-data-"));
      folders.push(folder);
      const DATA_DIR = join(folder, "data");
      const first = await start({ DATA_DIR });
      const creator = await registerAccount(first as unknown as TestServer, uniqueName("Director"));
      const created = await fetch(`${first.url}/api/tournaments`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${creator.token}` },
        body: JSON.stringify({
          gameId: "othello",
          format: "swiss",
          rounds: 3,
          timeControl: { baseMs: 60_000, incrementMs: 0 },
          entrants: [1, 1, 2, 2, 3, 3].map((level) => ({ kind: "ai", level })),
        }),
      });
      expect(created.status).toBe(201);
      const { id } = (await created.json()) as { id: string };
      const started = await fetch(`${first.url}/api/tournaments/${id}/start`, {
        method: "POST",
        headers: { authorization: `Bearer ${creator.token}` },
      });
      expect(started.status).toBe(200);
      // Killed while the second round's games are on.
      await until(first, id, (v) => v.roundsPlayed.length === 2);
      await killHard(first);

      const second = await start({ DATA_DIR }, first.port);
      const view = await until(second, id, (v) => v.status === "finished");
      const games = view.roundsPlayed.flatMap((r) => r.pairings.filter((p) => p.entrants.length === 2));
      expect(view.roundsPlayed).toHaveLength(3);
      expect(games).toHaveLength(9);
      expect(games.every((g) => g.result !== null)).toBe(true);
      expect(new Set(games.map((g) => [...g.entrants].sort().join(" "))).size).toBe(9);
      for (const standing of view.standings) {
        const firsts = games.filter((g) => g.entrants[0] === standing.entrant).length;
        const seconds = games.filter((g) => g.entrants[1] === standing.entrant).length;
        expect(Math.abs(firsts - seconds)).toBeLessThanOrEqual(1);
      }
      expect(view.standings.reduce((sum, s) => sum + s.points, 0)).toBe(9);
    });
  },
);
