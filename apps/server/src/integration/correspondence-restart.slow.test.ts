// A correspondence game on the product process with its SQLite data folder, killed with SIGKILL and
// started again on the same folder: the inbox and the deadline survive as they were (docs/protocol.md,
// "Correspondence" and "Notifications").
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DAY_MS, type MatchId, type Notification, type Snapshot } from "@arena/protocol";
import { afterAll, describe, expect, it } from "vitest";
import { registerAccount, type TestServer, uniqueName } from "../test-support/harness.js";
import { notificationsUntil } from "../test-support/notifications.js";
import { firstLegal, startOthello } from "../test-support/play.js";
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

async function fetchMatch(product: Product, matchId: MatchId): Promise<Snapshot> {
  const body = (await (await fetch(`${product.url}/api/matches/${matchId}`)).json()) as { match: Snapshot };
  return body.match;
}

const yourTurn = (matchId: MatchId) => (list: readonly Notification[]) =>
  list.some((n) => n.kind === "your-turn" && n.matchId === matchId && n.from !== undefined);

describe(
  "a 2-day correspondence game on SQLite, killed with SIGKILL and started again",
  { timeout: TWO_BOOTS_TEST_MS },
  () => {
    it("keeps the player's notifications and deadline as they were", async () => {
      const folder = mkdtempSync(join(tmpdir(), "arena-corr-"));
      folders.push(folder);
      const DATA_DIR = join(folder, "data");
      const first = await start({ DATA_DIR });
      // registerAccount needs only the server's url.
      const asServer = { url: first.url } as TestServer;
      const a = await registerAccount(asServer, uniqueName("A"));
      const b = await registerAccount(asServer, uniqueName("B"));
      const black = await arena.connectTo(first.url, a.token);
      const white = await arena.connectTo(first.url, b.token);
      const { matchId } = await startOthello(black, white, { daysPerMove: 2 });
      const snapshot = await black.snapshot(matchId);
      const next = firstLegal(snapshot);
      if (next === null) throw new Error("no move");
      const before = Date.now();
      const moved = await black.call("match:move", { matchId, version: snapshot.version, move: next.move });
      expect(moved.ok).toBe(true);
      const after = Date.now();
      const listed = await notificationsUntil(first.url, b.token, yourTurn(matchId));
      const deadline = (await fetchMatch(first, matchId)).deadlines[1] ?? 0;
      expect(deadline).toBeGreaterThanOrEqual(before + 2 * DAY_MS - 1_000);
      expect(deadline).toBeLessThanOrEqual(after + 2 * DAY_MS + 1_000);

      await killHard(first);
      await arena.closeServers();
      const second = await start({ DATA_DIR }, first.port);

      expect(await notificationsUntil(second.url, b.token, () => true)).toEqual(listed);
      const resumed = await fetchMatch(second, matchId);
      expect(resumed.status).toBe("live");
      expect(resumed.deadlines[1]).toBe(deadline);
    });
  },
);
