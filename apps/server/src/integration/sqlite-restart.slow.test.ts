// The product process on its default store (SQLite in DATA_DIR), killed with SIGKILL and started again
// on the same folder: docs/reliability.md, "SQLite store".
import { spawnSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statfsSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type MatchId, type Snapshot, type VersionedEvent } from "@arena/protocol";
import { afterAll, describe, expect, it } from "vitest";
import { type Client } from "../test-support/harness.js";
import { firstLegal, startOthello } from "../test-support/play.js";
import {
  killHard,
  launchProduct,
  PRODUCT_BOOT_MS,
  type Product,
  startProduct,
  TWO_BOOTS_TEST_MS,
} from "../test-support/product.js";
import { skipWithout } from "../test-support/requires.js";
import { useServers } from "../test-support/servers.js";

const arena = useServers();
const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

function dataDir(): string {
  const folder = mkdtempSync(join(tmpdir(), "arena-data-"));
  folders.push(folder);
  return join(folder, "data");
}

async function start(env: Record<string, string>, port?: number): Promise<Product> {
  const product = await startProduct(env, port);
  arena.defer(() => killHard(product));
  return product;
}

function connect(product: Product, token?: string): Promise<Client> {
  return arena.connectTo(product.url, token);
}

async function fetchMatch(product: Product, matchId: MatchId): Promise<Snapshot> {
  const body = (await (await fetch(`${product.url}/api/matches/${matchId}`)).json()) as {
    ok: boolean;
    match: Snapshot;
  };
  if (!body.ok) throw new Error(`GET /api/matches/${matchId} failed`);
  return body.match;
}

/** Plays the first legal move from whichever client holds the seat to move; returns the ack. */
async function playOne(matchId: MatchId, bySeat: readonly Client[]) {
  const watcher = bySeat[0];
  if (watcher === undefined) throw new Error("no clients");
  const snapshot = await watcher.snapshot(matchId);
  const next = firstLegal(snapshot);
  if (next === null) throw new Error("no legal move");
  const client = bySeat[next.seat];
  if (client === undefined) throw new Error(`no client for seat ${next.seat}`);
  const ack = await client.call("match:move", { matchId, version: snapshot.version, move: next.move });
  return { ack, move: next.move };
}

async function eventsOf(client: Client, matchId: MatchId): Promise<readonly VersionedEvent[]> {
  const sync = await client.call("match:sync", { matchId, sinceVersion: 0 });
  if (!sync.ok || sync.kind !== "events") throw new Error("expected the whole event log");
  return sync.events;
}

describe(
  "the product on SQLite, killed with SIGKILL and started again",
  { timeout: TWO_BOOTS_TEST_MS },
  () => {
    it("resumes every live game with every acknowledged move, credits the clocks, fires flags, keeps history and guests", async () => {
      const DATA_DIR = dataDir();
      const first = await start({ DATA_DIR });
      const black = await connect(first);
      const white = await connect(first);
      const blackId = black.session?.user.id;
      const blackToken = black.session?.token;
      expect(blackId).toBeDefined();

      // A blitz game with six acknowledged moves.
      const blitz = await startOthello(black, white, { baseMs: 180_000, incrementMs: 2_000 });
      const acked: string[] = [];
      for (let i = 0; i < 6; i++) {
        const { ack, move } = await playOne(blitz.matchId, [black, white]);
        expect(ack.ok).toBe(true);
        acked.push(move);
      }
      const beforeKill = await black.snapshot(blitz.matchId);

      // A 4-second game whose first moves are made (they are free): black's clock runs from here.
      const flagGame = await startOthello(black, white, { baseMs: 4_000, incrementMs: 0 });
      for (let i = 0; i < 2; i++) expect((await playOne(flagGame.matchId, [black, white])).ack.ok).toBe(true);

      // A finished game.
      const done = await startOthello(black, white, { baseMs: 60_000, incrementMs: 0 });
      const doneSnapshot = await black.snapshot(done.matchId);
      expect(
        (await black.call("match:resign", { matchId: done.matchId, version: doneSnapshot.version })).ok,
      ).toBe(true);

      const killedAt = Date.now();
      await killHard(first);
      await arena.closeServers();

      const second = await start({ DATA_DIR }, first.port);
      const restartMs = Date.now() - killedAt;

      // Nobody is connected: the flag game's timer was armed by the takeover and ends the game on time.
      let flagged = await fetchMatch(second, flagGame.matchId);
      const deadline = Date.now() + 30_000;
      while (flagged.status === "live" && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        flagged = await fetchMatch(second, flagGame.matchId);
      }
      expect(flagged.status).toBe("finished");
      expect(flagged.result?.reason).toBe("timeout");

      // The finished game is still there to replay.
      const replay = await fetchMatch(second, done.matchId);
      expect(replay.status).toBe("finished");
      expect(replay.result?.reason).toBe("resign");

      // The guest token issued before the kill is still good: same user, and still seated.
      const blackAgain = await connect(second, blackToken);
      expect(blackAgain.session?.user.id).toBe(blackId);
      const whiteAgain = await connect(second, white.session?.token);
      expect(whiteAgain.session?.user.id).toBe(white.session?.user.id);

      // The blitz game resumed with every acknowledged move, and the downtime was credited in its stream.
      const resumed = await blackAgain.snapshot(blitz.matchId);
      expect(resumed.status).toBe("live");
      expect(resumed.moves.map((m) => m.move)).toEqual(beforeKill.moves.map((m) => m.move));
      expect(resumed.moves.filter((m) => !m.forced).map((m) => m.move)).toEqual(acked);
      const events = await eventsOf(blackAgain, blitz.matchId);
      const credits = events.filter((e) => e.event.type === "clock-credited");
      expect(credits).toHaveLength(1);
      expect(credits[0]?.version).toBe(beforeKill.version + 1);
      const credited = credits[0]?.event;
      if (credited?.type !== "clock-credited") throw new Error("no credit");
      expect(credited.why).toBe("server restart");
      // Credited at most the downtime (and the clocks.md §7 cap), and at least something.
      const total = credited.creditsMs.reduce((sum, ms) => sum + ms, 0);
      expect(total).toBeGreaterThan(0);
      expect(Math.max(...credited.creditsMs)).toBeLessThanOrEqual(Math.min(20_000, restartMs + 10_000));

      // The flag game was live when the process died: taken over (credited), then flagged by the new process.
      const flagEvents = (await eventsOf(blackAgain, flagGame.matchId)).map((e) => e.event.type);
      expect(flagEvents.slice(-2)).toEqual(["clock-credited", "ended"]);

      // And play goes on from where it stopped.
      expect((await playOne(blitz.matchId, [blackAgain, whiteAgain])).ack.ok).toBe(true);
    });

    it("refuses a second server on the same data folder, and the first keeps serving", async () => {
      const DATA_DIR = dataDir();
      const first = await start({ DATA_DIR });
      const second = await launchProduct({ DATA_DIR });
      expect(await second.exited).toBe(1);
      const file = join(DATA_DIR, "arena.db");
      expect(second.output()).toContain(`cannot start: ${file} is in use by another Arena server`);
      expect((await fetch(`${first.url}/readyz`)).status).toBe(200);
    });

    it("keeps the secret in the data folder with mode 0600", async () => {
      const DATA_DIR = dataDir();
      const first = await start({ DATA_DIR });
      const secret = join(DATA_DIR, "secret");
      expect(statSync(secret).mode & 0o777).toBe(0o600);
      const text = readFileSync(secret, "utf8");
      await killHard(first);
      await start({ DATA_DIR });
      expect(readFileSync(secret, "utf8")).toBe(text);
    });

    it.each([
      ["a file that is not a database", "arena.db", "is not a SQLite database", 0o600],
      ["a secret others can read", "secret", "has mode 0644", 0o644],
    ])("stops start-up on %s, naming the file, and leaves it alone", async (_, name, says, mode) => {
      const DATA_DIR = dataDir();
      mkdirSync(DATA_DIR, { recursive: true });
      const file = join(DATA_DIR, name);
      const content = name === "secret" ? `${"a".repeat(43)}\n` : "not a database\n".repeat(100);
      writeFileSync(file, content, { mode });
      const product = await launchProduct({ DATA_DIR });
      expect(await product.exited).toBe(1);
      expect(product.output()).toContain(`cannot start: ${file}`);
      expect(product.output()).toContain(says);
      expect(readFileSync(file, "utf8")).toBe(content);
    });

    const root = process.getuid?.() === 0;
    it.skipIf(skipWithout(!root, "root (to mount a tmpfs)"))(
      "refuses moves with store-unavailable on a full disk, writes none of them, and recovers",
      async () => {
        const mountPoint = mkdtempSync(join(tmpdir(), "arena-full-"));
        folders.push(mountPoint);
        // Room for a first boot's database (the schema and the puzzles' seed set, about 8 MB); the filler
        // below takes whatever is left.
        const mounted = spawnSync("mount", ["-t", "tmpfs", "-o", "size=64m", "tmpfs", mountPoint]);
        if (mounted.status !== 0) throw new Error(`mount tmpfs failed: ${mounted.stderr.toString()}`);
        const running: Product[] = [];
        try {
          const DATA_DIR = join(mountPoint, "data");
          // A first boot writes the schema and the seed set through the WAL; a clean stop copies it into the database and
          // deletes the WAL, so the WAL of the second boot holds only this game's commits. Without that, the
          // migrations' frames left the WAL free room for 30 moves or more once the disk was full.
          const fresh = await start({ DATA_DIR });
          running.push(fresh);
          fresh.child.kill("SIGINT");
          expect(await fresh.exited).toBe(0);
          expect(existsSync(join(DATA_DIR, "arena.db-wal")), "the WAL after a clean stop").toBe(false);
          const product = await start({ DATA_DIR });
          running.push(product);
          const black = await connect(product);
          const white = await connect(product);
          const game = await startOthello(black, white, { baseMs: 180_000, incrementMs: 2_000 });
          const acked: string[] = [];
          for (let i = 0; i < 2; i++) {
            const { ack, move } = await playOne(game.matchId, [black, white]);
            expect(ack.ok).toBe(true);
            acked.push(move);
          }
          // Something else fills the disk.
          const filler = join(mountPoint, "filler");
          const { bavail, bsize } = statfsSync(mountPoint);
          try {
            writeFileSync(filler, Buffer.alloc(bavail * bsize));
          } catch {
            // ENOSPC near the end: the disk is full either way.
          }
          // The WAL file may still have room: after a checkpoint SQLite writes it again from its start, so
          // commits that fit in it need no new blocks and succeed, each acknowledged move kept. Once a
          // commit needs more, moves are refused (how many fit depends on when the last checkpoint ran).
          let played = await playOne(game.matchId, [black, white]);
          while (played.ack.ok) {
            acked.push(played.move);
            expect(acked.length, "moves committed into the WAL's free room").toBeLessThan(30);
            played = await playOne(game.matchId, [black, white]);
          }
          expect(played.ack).toMatchObject({ ok: false, code: "store-unavailable" });
          expect((await fetch(`${product.url}/readyz`)).status).toBe(503);
          // A checkpoint that runs now restarts the WAL from its start, and a commit may fit again: each
          // move is either refused for the disk or acknowledged and kept, never anything in between.
          for (let i = 0; i < 2; i++) {
            const next = await playOne(game.matchId, [black, white]);
            if (next.ack.ok) acked.push(next.move);
            else expect(next.ack).toMatchObject({ ok: false, code: "store-unavailable" });
          }
          rmSync(filler);
          const { ack, move } = await playOne(game.matchId, [black, white]);
          expect(ack.ok).toBe(true);
          acked.push(move);
          expect((await fetch(`${product.url}/readyz`)).status).toBe(200);
          // Across a kill too: exactly the acknowledged moves, none of the refused ones.
          await killHard(product);
          const again = await start({ DATA_DIR });
          running.push(again);
          const stored = await fetchMatch(again, game.matchId);
          expect(stored.moves.filter((m) => !m.forced).map((m) => m.move)).toEqual(acked);
          await killHard(again);
        } finally {
          // Nothing may hold a file on the tmpfs when it is unmounted, or afterAll could not remove the folder.
          for (const product of running) await killHard(product);
          if (spawnSync("umount", [mountPoint]).status !== 0) spawnSync("umount", ["-l", mountPoint]);
        }
      },
      3 * PRODUCT_BOOT_MS + 60_000,
    );
  },
);
