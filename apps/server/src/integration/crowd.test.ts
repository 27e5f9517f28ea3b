import { type PresenceUpdate } from "@arena/protocol";
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { FakeClock } from "../clocks/scheduler.js";
import { CROWD_BATCH_MS } from "../rooms/crowd.js";
import { type Client } from "../test-support/harness.js";
import { useServers } from "../test-support/servers.js";
import { playOut, startOthello } from "../test-support/play.js";

/** Opens `n` sockets at once from a child process; resolves how many of them got `session:ready`. */
function connectCrowdElsewhere(url: string, n: number): Promise<number> {
  const script = `
    import { io } from "socket.io-client";
    const [url, n] = process.argv.slice(1);
    const sockets = Array.from({ length: Number(n) }, () => io(url, { transports: ["websocket"], forceNew: true, reconnection: false }));
    const ready = await Promise.all(sockets.map((s) => new Promise((resolve) => {
      s.once("session:ready", () => resolve(1));
      s.once("connect_error", () => resolve(0));
    })));
    console.log(ready.reduce((a, b) => a + b, 0));
    for (const s of sockets) s.close();
  `;
  return promisify(execFile)(process.execPath, ["--input-type=module", "-e", script, url, String(n)]).then(
    ({ stdout }) => Number(stdout.trim()),
  );
}

const blitz = { baseMs: 180_000, incrementMs: 2_000 };

const arena = useServers();

describe('a match\'s crowd (docs/architecture.md, "Clocks, timers and presence")', () => {
  it("costs O(1) messages per watcher joining and leaving, not one to every other watcher", async () => {
    const clock = new FakeClock();
    await arena.start({ clock });
    const black = await arena.connect();
    const white = await arena.connect();
    const { matchId } = await startOthello(black, white, blitz);
    const n = 200;
    const watchers = await Promise.all(Array.from({ length: n }, () => arena.connect()));
    let messages = 0;
    const seen: PresenceUpdate[] = [];
    for (const client of [black, white, ...watchers]) {
      client.socket.on("presence:update", (update) => {
        messages++;
        if (client === black) seen.push(update);
      });
    }

    // Everyone watches at once: the count is right at once (every snapshot reads it), but it is broadcast
    // once, when the crowd's batch is due.
    await Promise.all(watchers.map((watcher) => watcher.snapshot(matchId)));
    expect((await black.snapshot(matchId)).viewers).toBe(n);
    expect(messages).toBe(0);
    clock.advance(CROWD_BATCH_MS);
    await black.until(() => seen.some((update) => update.viewers === n), "the crowd");
    await black.until(() => messages >= n + 2, "everyone's update");

    // Everyone leaves at once: one more broadcast, to the two players still there.
    for (const watcher of watchers) watcher.close();
    while ((await black.snapshot(matchId)).viewers > 0)
      await new Promise((resolve) => setTimeout(resolve, 10));
    clock.advance(CROWD_BATCH_MS);
    await black.until(() => seen.at(-1)?.viewers === 0, "the empty crowd");
    await white.until(() => messages >= n + 4, "white's update");
    // n + 2 for the joins, 2 for the leaves: with a broadcast per watcher it was n(n+1)/2 + n(n-1)/2 + …
    expect(messages).toBe(n + 4);
    // A seat going offline is told at once, not with the next batch (docs/clocks.md §6).
    white.close();
    await black.until(
      () => seen.at(-1)?.seats.some((seat) => seat.seat === 1 && !seat.connected) === true,
      "white offline",
    );
  });

  it("writes each move to a crowd larger than a slice a slice at a time: every watcher gets every event, in order", async () => {
    await arena.start({ clock: new FakeClock(), config: { broadcastSlice: 7 } });
    const black = await arena.connect();
    const white = await arena.connect();
    const { matchId } = await startOthello(black, white, blitz);
    const watchers = await Promise.all(Array.from({ length: 30 }, () => arena.connect()));
    const versions = new Map<Client, number[]>(watchers.map((watcher) => [watcher, []]));
    for (const watcher of watchers) {
      watcher.socket.on("match:event", (event) => versions.get(watcher)?.push(event.version));
    }
    const from = (await Promise.all(watchers.map((watcher) => watcher.snapshot(matchId))))[0]?.version ?? 0;
    const end = await playOut(matchId, [black, white], black);
    const expected = Array.from({ length: end.version - from }, (_, i) => from + i + 1);
    for (const watcher of watchers) {
      await watcher.until(() => (versions.get(watcher)?.length ?? 0) >= expected.length, "every event");
      expect(versions.get(watcher)).toEqual(expected);
    }
  });

  it("accepts a crowd connecting at once a few handshakes per turn of the event loop, and every socket connects", async () => {
    const perTurn = 2;
    const server = await arena.start({ config: { handshakesPerTurn: perTurn } });
    // Turns of the event loop, marked by a task that schedules itself again each turn.
    let turn = 0;
    let ticking = true;
    const tick = () => {
      turn++;
      if (ticking) setImmediate(tick);
    };
    setImmediate(tick);
    const perTurnSeen = new Map<number, number>();
    server.app.io.engine.on("connection", () => perTurnSeen.set(turn, (perTurnSeen.get(turn) ?? 0) + 1));
    try {
      // From another process, as a crowd's machines would: this process's own clients would take turns
      // with the server's loop and never arrive together.
      expect(await connectCrowdElsewhere(server.url, 60)).toBe(60);
    } finally {
      ticking = false;
    }
    expect([...perTurnSeen.values()].reduce((sum, n) => sum + n, 0)).toBe(60);
    // Between two marks lies one turn of the gate: at most its quota passed in it, and at most as many again
    // in the poll after it, before the gate's next turn counted afresh.
    expect(Math.max(...perTurnSeen.values())).toBeLessThanOrEqual(2 * perTurn);
  });
});
