import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  type Cluster,
  type ClusterMember,
  missingBinaries,
  startCluster,
} from "../../../../scripts/cluster.mjs";
import { type MatchId } from "@arena/protocol";
import { createClient } from "redis";
import { type Client } from "../test-support/harness.js";
import { firstLegal, playOut, startOthello } from "../test-support/play.js";
import { skipWithout } from "../test-support/requires.js";
import { type ConnectOptions, useServers } from "../test-support/servers.js";

// The scale-out topology as deployed (docs/deployment.md): scripts/cluster.mjs starts Redis,
// two server processes (apps/server/dist) and HAProxy with deploy/haproxy.cfg, and every client here goes
// through the balancer's one public port.
const missing = missingBinaries();

async function until(check: () => Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const blitz = { baseMs: 180_000, incrementMs: 2_000 };
// Health checks every 200 ms, out after two failures: a drain of 3 s leaves the balancer ample time, even on
// a loaded machine.
const CHECK_MS = 200;
const DRAIN_MS = 3_000;
// The processes keep the product's rate limit (20 events a second per socket, bursts of 40); a watcher
// spends two per move.
const PACE_MS = 80;

describe.skipIf(
  skipWithout(missing.length > 0, `${missing.join(" and ")} (apt-get install ${missing.join(" ")})`),
)("two server processes behind HAProxy (scripts/cluster.mjs)", () => {
  let cluster: Cluster;
  const output: string[] = [];
  const arena = useServers();

  beforeAll(async () => {
    cluster = await startCluster({
      serveWeb: "false",
      drainMs: DRAIN_MS,
      checkIntervalMs: CHECK_MS,
      output: (line) => output.push(line),
    });
  });
  afterAll(async () => {
    await cluster.stop();
  });
  // Each test starts with nobody connected.
  afterEach(async () => {
    await arena.closeServers();
    await until(async () => {
      const state = await cluster.balancerState();
      return Object.values(state).every((server) => server.sessions === 0);
    }, "the balancer to see every socket closed");
  });

  function connect(token?: string, options?: ConnectOptions): Promise<Client> {
    return arena.connectTo(cluster.url, token, options);
  }

  /**
   * A socket on another process than `other`'s. Sockets without a match are spread by turns over the
   * consistent-hash ring, which may give the same process twice in a row.
   */
  async function connectElsewhere(other: Client, options?: ConnectOptions): Promise<Client> {
    for (let attempt = 0; attempt < 10; attempt++) {
      const client = await connect(undefined, options);
      if (memberOf(client).name !== memberOf(other).name) return client;
      client.close();
    }
    throw new Error("every socket went to the same process");
  }

  /** The process that holds a client's socket: its instance name begins with the process id. */
  function memberOf(client: Client): ClusterMember {
    const member = cluster.members.find((m) => client.session?.instance.startsWith(`${m.pid}-`));
    if (member === undefined) throw new Error(`no member serves ${client.session?.instance}`);
    return member;
  }

  /** One first-legal move by whoever is to move, read from `watcher`'s snapshot. */
  async function playOne(matchId: MatchId, watcher: Client, bySeat: readonly Client[]): Promise<void> {
    const snapshot = await watcher.snapshot(matchId);
    const next = firstLegal(snapshot);
    if (next === null) throw new Error("no move");
    const ack = await bySeat[next.seat]?.call("match:move", {
      matchId,
      version: snapshot.version,
      move: next.move,
    });
    expect(ack?.ok).toBe(true);
  }

  /** The instance that holds a match's lease (store/redis/matches.ts: `arena:m:<id>:lease`). */
  async function leaseOwner(matchId: MatchId): Promise<string | null> {
    const redis = createClient({ url: cluster.redisUrl });
    await redis.connect();
    try {
      return await redis.get(`arena:m:${matchId}:lease`);
    } finally {
      await redis.close();
    }
  }

  async function readyz(member: ClusterMember): Promise<{ status: number; body: unknown }> {
    const response = await fetch(`${member.url}/readyz`);
    return { status: response.status, body: await response.json() };
  }

  it("balances two players onto different processes, and they play Othello to the end", async () => {
    // A browser on the balancer's address: Host goes through unchanged, so the same-origin check passes.
    const black = await connect(undefined, { origin: cluster.url });
    const white = await connectElsewhere(black);
    const { matchId } = await startOthello(black, white, blitz);
    const final = await playOut(matchId, [black, white], white, 200, PACE_MS);
    expect(final.status).toBe("finished");
    expect(final.result?.reason).toBe("normal");
  });

  it("keeps each long-polling session on one process until it upgrades to WebSocket", async () => {
    // Every request of an engine.io session must reach the process that holds it, or the session is
    // unknown there (400). These clients keep no cookies: the balancer goes by the ?sid= of each request.
    const pollers = await Promise.all(
      Array.from({ length: 6 }, () => connect(undefined, { transports: ["polling", "websocket"] })),
    );
    const served = new Set(pollers.map((client) => memberOf(client).name));
    expect(served.size).toBe(2);
    for (const client of pollers) {
      const lobby = await client.call("lobby:subscribe", {});
      expect(lobby.ok).toBe(true);
    }
    for (const client of pollers)
      await client.until((c) => c.socket.io.engine.transport.name === "websocket", "the upgrade");
  });

  it("sends every socket of a match to one process, which ends up holding its lease", async () => {
    // The players created and joined the room from their lobby sockets, spread by turns over both processes.
    const black = await connect();
    const white = await connectElsewhere(black);
    const { matchId } = await startOthello(black, white, blitz);
    // Their room pages' sockets name the match: the balancer hashes it to one process, theirs and a
    // spectator's alike.
    const query = { match: matchId };
    const blackRoom = await connect(black.session?.token, { query });
    const whiteRoom = await connect(white.session?.token, { query });
    const spectator = await connect(undefined, { query });
    const home = memberOf(blackRoom);
    expect(memberOf(whiteRoom).name).toBe(home.name);
    expect(memberOf(spectator).name).toBe(home.name);
    expect((await spectator.call("match:watch", { matchId })).ok).toBe(true);
    await blackRoom.snapshot(matchId);
    await whiteRoom.snapshot(matchId);
    // The lobby sockets leave (the pages changed): the lease follows the match's sockets to their process.
    black.close();
    white.close();
    await until(
      async () => (await leaseOwner(matchId)) === blackRoom.session?.instance,
      "the hand-over",
      20_000,
    );
    const final = await playOut(matchId, [blackRoom, whiteRoom], spectator, 200, PACE_MS);
    expect(final.status).toBe("finished");
  });

  it("takes a draining process out of rotation before it stops; its player reconnects to the other and the game goes on", async () => {
    // Both reconnect by themselves after a drop, as the web app does.
    const black = await connect(undefined, { reconnect: true });
    const white = await connectElsewhere(black, { reconnect: true });
    const { matchId } = await startOthello(black, white, blitz);
    for (let ply = 0; ply < 4; ply++) await playOne(matchId, black, [black, white]);
    const before = await black.snapshot(matchId);
    // The process that holds the match's lease (its clock and timers) is the one to stop.
    const owner = await leaseOwner(matchId);
    const [victimPlayer, otherPlayer] = owner === black.session?.instance ? [black, white] : [white, black];
    const victim = memberOf(victimPlayer);
    const survivor = memberOf(otherPlayer);
    expect(owner).toBe(victimPlayer.session?.instance);
    expect(victim.name).not.toBe(survivor.name);

    const stopped = victim.stop("SIGTERM");
    // Draining: not ready, and out of the balancer's rotation while it still serves.
    await until(async () => (await readyz(victim)).status === 503, "/readyz 503");
    expect(await readyz(victim)).toEqual({ status: 503, body: { ok: false, reason: "draining" } });
    await cluster.waitForBalancer(victim.name, "DOWN", DRAIN_MS);
    expect(victim.running).toBe(true);
    await playOne(matchId, otherPlayer, [black, white]);
    for (let i = 0; i < 3; i++) expect(memberOf(await connect()).name).toBe(survivor.name);

    // Stopped: its player's connection closes, and socket.io reconnects it through the balancer to the
    // survivor, which has taken over the lease the stopped process handed back and credited the clocks.
    const user = victimPlayer.session?.user.id;
    await stopped;
    await victimPlayer.until((c) => c.disconnectReason !== null, "the disconnect");
    expect(victimPlayer.disconnectReason).toBe("transport close");
    await victimPlayer.until(
      (c) => c.socket.connected && memberOf(c).name === survivor.name,
      "the reconnect",
    );
    expect(victimPlayer.session?.user.id).toBe(user);
    expect(otherPlayer.disconnectReason).toBeNull();
    await otherPlayer.until(
      (c) => c.events.some((e) => e.matchId === matchId && e.event.type === "clock-credited"),
      "the takeover's clock credit",
    );
    expect(await leaseOwner(matchId)).toBe(otherPlayer.session?.instance);
    const final = await playOut(matchId, [black, white], otherPlayer, 200, PACE_MS);
    expect(final.status).toBe("finished");
    expect(final.moves.slice(0, before.moves.length)).toEqual(before.moves);
    expect(final.moves.length).toBeGreaterThan(before.moves.length + 1);

    // Back in rotation after a start.
    await victim.start();
    await cluster.waitForBalancer(victim.name, "UP");
    expect(await readyz(victim)).toEqual({ status: 200, body: { ok: true } });
  });
});
