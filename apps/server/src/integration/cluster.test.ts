import { applyLobbyChange, type MatchId, type RoomSummary } from "@arena/protocol";
import { describe, expect, it } from "vitest";
import { FakeClock } from "../clocks/scheduler.js";
import { randomId } from "../identity/tokens.js";
import { LOBBY_BATCH_MS } from "../rooms/lobby-feed.js";
import { type RedisConnection } from "../store/redis/open.js";
import { type Client, type TestServer } from "../test-support/harness.js";
import { useServers } from "../test-support/servers.js";
import { firstLegal, playOut, startOthello } from "../test-support/play.js";
import { connectTestRedis, redisUrl } from "../test-support/redis.js";
import { skipWithout } from "../test-support/requires.js";

const blitz = { baseMs: 180_000, incrementMs: 2_000 };

describe.skipIf(skipWithout(redisUrl === null, "redis-server"))(
  "several server instances on one Redis",
  () => {
    const arena = useServers();

    async function instance(prefix: string, clock: FakeClock, leaseTtlMs = 10_000): Promise<TestServer> {
      const redis: RedisConnection = await connectTestRedis(prefix);
      // Closing an instance closes its Redis connection too, as a process's end would.
      let redisClosed: Promise<unknown> | null = null;
      const closeRedis = () => (redisClosed ??= redis.close());
      arena.defer(closeRedis);
      const server = await arena.start({
        redis,
        clock,
        config: { leaseTtlMs },
      });
      const close = async (graceful = true) => {
        await server.close(graceful);
        await closeRedis();
      };
      return { ...server, close };
    }

    async function othelloAcross(a: TestServer, b: TestServer) {
      const black = await arena.connectTo(a);
      const white = await arena.connectTo(b);
      const created = await black.call("room:create", {
        gameId: "othello",
        timeControl: blitz,
        seats: [{ kind: "open" }, { kind: "open" }],
        sit: 0,
      });
      if (!created.ok) throw new Error(created.code);
      // White found the room in the lobby, served by the other instance from Redis.
      const lobby = await white.call("lobby:subscribe", {});
      expect(lobby.ok && lobby.rooms.map((r) => r.matchId)).toContain(created.matchId);
      const joined = await white.call("room:join-seat", {
        matchId: created.matchId,
        version: created.version,
        seat: 1,
      });
      expect(joined.ok).toBe(true);
      return { black, white, matchId: created.matchId };
    }

    /** Each player in turn plays its first legal move. */
    async function firstMoves(players: readonly Client[], matchId: MatchId): Promise<void> {
      for (const player of players) {
        const snapshot = await player.snapshot(matchId);
        const ack = await player.call("match:move", {
          matchId,
          version: snapshot.version,
          move: firstLegal(snapshot)?.move ?? "",
        });
        expect(ack.ok).toBe(true);
      }
    }

    /** Two instances on one Redis (and one fake clock), and an Othello game between their players. */
    async function gameAcrossTwo(name: string) {
      const prefix = `${name}-${randomId(6)}:`;
      const clock = new FakeClock();
      const a = await instance(prefix, clock);
      const b = await instance(prefix, clock);
      return { clock, a, b, ...(await othelloAcross(a, b)) };
    }

    /** What `client` was last told of a seat's presence. */
    const seatSeenBy = (client: Client, matchId: MatchId, index: number) =>
      client.presence.get(matchId)?.seats.find((entry) => entry.seat === index);

    it("pushes a room opened on one instance to the lobby watchers of the other", async () => {
      const prefix = `lobby-${randomId(6)}:`;
      const clock = new FakeClock();
      const a = await instance(prefix, clock);
      const b = await instance(prefix, clock);
      const watcher = await arena.connectTo(b);
      let rooms: RoomSummary[] = [];
      watcher.socket.on("lobby:changed", (change) => (rooms = applyLobbyChange(rooms, change)));
      expect(await watcher.call("lobby:subscribe", {})).toMatchObject({ ok: true, rooms: [] });
      const host = await arena.connectTo(a);
      const created = await host.call("room:create", {
        gameId: "othello",
        timeControl: blitz,
        seats: [{ kind: "open" }, { kind: "open" }],
        sit: 0,
      });
      if (!created.ok) throw new Error(created.code);
      // The entry crosses as a cluster message; B's next lobby batch then carries it to its watcher.
      await expect
        .poll(() => {
          clock.advance(LOBBY_BATCH_MS);
          return rooms.map((room) => [room.matchId, room.openSeats]);
        })
        .toEqual([[created.matchId, 1]]);
    });

    it("plays a full game between players connected to different instances", async () => {
      const { black, white, matchId } = await gameAcrossTwo("cluster");
      const final = await playOut(matchId, [black, white], white);
      expect(final.status).toBe("finished");
      expect(final.result?.reason).toBe("normal");
      // Both players saw every event exactly once, each from its own instance. Events appended by
      // different processes may arrive out of order (clients re-order or sync on a gap).
      for (const client of [black, white]) {
        const seen = () =>
          new Set<number>(client.events.filter((e) => e.matchId === matchId).map((e) => e.version));
        await client.until(
          () => [...Array(final.version - 3).keys()].every((i) => seen().has(i + 4)),
          "all events",
        );
        const versions = client.events.filter((e) => e.matchId === matchId).map((e) => e.version);
        expect(new Set(versions).size).toBe(versions.length);
      }
    });

    it("tells a process that loads a room in mid-game every move after its read", async () => {
      const prefix = `late-${randomId(6)}:`;
      const clock = new FakeClock();
      const a = await instance(prefix, clock);
      const b = await instance(prefix, clock);
      // Both players on A, which holds the lease and hears no news of its own moves; B has no copy yet.
      const { black, white, matchId } = await othelloAcross(a, a);
      await firstMoves([black, white], matchId);
      const watcher = await arena.connectTo(b);
      // B subscribes to the match's news and reads its log while A appends a move, and nothing follows
      // that move (later news would make B read the log and hide a miss): B has it from one or the other.
      const [, joined] = await Promise.all([firstMoves([black], matchId), watcher.snapshot(matchId)]);
      const moved = black.lastVersion(matchId);
      await watcher.until(
        () => Math.max(joined.version, watcher.lastVersion(matchId)) >= moved,
        "the move made while B loaded",
      );
      // And every move after, to the end.
      const final = await playOut(matchId, [black, white], black);
      await watcher.until(() => watcher.lastVersion(matchId) === final.version, "the last event");
      const versions = new Set<number>(
        watcher.events.filter((e) => e.matchId === matchId).map((e) => e.version),
      );
      const missed = [...Array(final.version - joined.version).keys()]
        .map((i) => joined.version + i + 1)
        .filter((version) => !versions.has(version));
      expect(missed).toEqual([]);
    });

    it("never applies two moves on the same version from two instances", async () => {
      const { a, b, black, matchId } = await gameAcrossTwo("race");
      const blackOnB = await arena.connectTo(b, black.session?.token);
      const snapshot = await black.snapshot(matchId);
      const next = firstLegal(snapshot);
      const move = next?.move ?? "";
      const [first, second] = await Promise.all([
        black.call("match:move", { matchId, version: snapshot.version, move }),
        blackOnB.call("match:move", { matchId, version: snapshot.version, move }),
      ]);
      const oks = [first, second].filter((ack) => ack.ok);
      expect(oks).toHaveLength(1);
      expect([first, second].find((ack) => !ack.ok)).toMatchObject({ code: "stale-version" });
      expect((await black.snapshot(matchId)).moves).toHaveLength(1);
      expect(a.app.rooms.liveCount() + b.app.rooms.liveCount()).toBe(1);
    });

    it("never lets a player claim against an opponent connected to another instance", async () => {
      const { clock, a, black, white, matchId } = await gameAcrossTwo("claim");
      await firstMoves([black, white], matchId);
      // Instance A has never seen white's socket; only the cluster-wide check knows white is here.
      clock.advance(60_000);
      let snapshot = await black.snapshot(matchId);
      const refused = await black.call("match:claim", { matchId, version: snapshot.version, kind: "win" });
      expect(refused).toMatchObject({ ok: false, code: "cannot-claim" });
      white.close();
      // A hears from B when White's connection drops there; the 40 s are counted from then.
      await black.until(() => seatSeenBy(black, matchId, 1)?.connected === false, "white offline on A");
      clock.advance(60_000);
      // B, left with no follower, hands the lease to A (a credit in the log): claim on the version after it.
      await expect.poll(() => a.app.rooms.liveCount()).toBe(1);
      snapshot = await black.snapshot(matchId);
      const claimed = await black.call("match:claim", { matchId, version: snapshot.version, kind: "win" });
      expect(claimed.ok).toBe(true);
      expect((await black.snapshot(matchId)).result).toMatchObject({ reason: "abandon", winners: [0] });
    });

    it("drains an instance out of rotation while it serves, then stops it without touching the other's sockets", async () => {
      const { a, b, black, white, matchId } = await gameAcrossTwo("drain");
      const readyz = async (server: TestServer) => {
        const response = await fetch(`${server.url}/readyz`);
        return { status: response.status, body: await response.json() };
      };
      a.app.drain();
      expect(await readyz(a)).toEqual({ status: 503, body: { ok: false, reason: "draining" } });
      expect(await readyz(b)).toEqual({ status: 200, body: { ok: true } });
      expect((await fetch(`${a.url}/healthz`)).status).toBe(200);
      // Still serving: black, connected to the draining instance, moves; a newcomer is let in.
      const snapshot = await black.snapshot(matchId);
      const move = firstLegal(snapshot)?.move ?? "";
      expect(await black.call("match:move", { matchId, version: snapshot.version, move })).toMatchObject({
        ok: true,
      });
      expect((await arena.connectTo(a)).session).not.toBeNull();
      await a.close(true);
      await black.until((c) => !c.socket.connected, "black's disconnect");
      // The transport closed, no socket.io disconnect sent: the web client's socket.io reconnects by itself
      // (after "io server disconnect" it would not).
      expect(black.disconnectReason).toBe("transport close");
      // The Redis adapter would carry a cluster-wide disconnect to B's sockets too: only A's went.
      expect(white.socket.connected).toBe(true);
      expect((await white.snapshot(matchId)).moves).toHaveLength(1);
    });

    it("shows every process the same presence: players and spectators on either instance", async () => {
      const { clock, b, black, white, matchId } = await gameAcrossTwo("presence");
      await firstMoves([black, white], matchId);
      const seat = (client: Client, index: number) => seatSeenBy(client, matchId, index);
      // Black (on A) sees White (on B) online, and the other way round.
      await black.until(() => seat(black, 1)?.connected === true, "white online on A");
      await white.until(() => seat(white, 0)?.connected === true, "black online on B");

      // A spectator on B counts on A too, after the crowd's batch.
      const spectator = await arena.connectTo(b);
      expect((await spectator.call("match:watch", { matchId })).ok).toBe(true);
      clock.advance(1_000);
      await black.until(() => black.presence.get(matchId)?.viewers === 1, "the spectator counted on A");

      // White leaves on purpose from B: A shows it offline, then gone after the deliberate ten seconds.
      expect((await white.call("match:unwatch", { matchId })).ok).toBe(true);
      await black.until(() => seat(black, 1)?.connected === false, "white offline on A");
      expect(seat(black, 1)?.gone).toBe(false);
      clock.advance(10_000);
      await black.until(() => seat(black, 1)?.gone === true, "white gone on A");
      const snapshot = await black.snapshot(matchId);
      const claimed = await black.call("match:claim", { matchId, version: snapshot.version, kind: "win" });
      expect(claimed.ok).toBe(true);
    });

    it("counts the players of a process that stopped reporting as offline since it was last heard of", async () => {
      const { clock, b, black, white, matchId } = await gameAcrossTwo("silent");
      const seat = (index: number) => seatSeenBy(black, matchId, index);
      await black.until(() => seat(1)?.connected === true, "white online on A");
      // B dies without a word: its sockets' disconnects never reach A.
      await b.close(false);
      white.close();
      // Three report rounds without news from B: its players are offline since B was last heard of.
      for (let round = 0; round < 4; round++) {
        clock.advance(5_000);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await black.until(() => seat(1)?.connected === false, "white offline once B is silent");
    });

    it("resumes a game on a new instance after the owner died, crediting the clocks and re-arming the flag", async () => {
      const prefix = `restart-${randomId(6)}:`;
      const clock = new FakeClock();
      const ttl = 200;
      const a = await instance(prefix, clock, ttl);
      const black = await arena.connectTo(a);
      const white = await arena.connectTo(a);
      const { matchId } = await startOthello(black, white, blitz);
      for (const player of [black, white, black]) {
        const snapshot = await player.snapshot(matchId);
        const ack = await player.call("match:move", {
          matchId,
          version: snapshot.version,
          move: firstLegal(snapshot)?.move ?? "",
        });
        expect(ack.ok).toBe(true);
      }
      const before = await white.snapshot(matchId);
      expect(before.clock?.running).toBe(1);
      // The owner dies without a word (no lease release); nobody runs the game for a minute.
      black.close();
      white.close();
      await a.close(false);
      clock.advance(60_000);
      await new Promise((resolve) => setTimeout(resolve, ttl + 100));
      const b = await instance(prefix, clock, ttl);
      expect(b.app.rooms.liveCount()).toBe(1);
      const whiteAgain = await arena.connectTo(b, white.session?.token);
      const sync = await whiteAgain.call("match:sync", { matchId, sinceVersion: before.version });
      if (!sync.ok || sync.kind !== "events") throw new Error("expected events");
      const credited = sync.events.find((e) => e.event.type === "clock-credited");
      expect(credited?.event).toMatchObject({ type: "clock-credited", creditsMs: [10_000, 20_000] });
      const after = await whiteAgain.snapshot(matchId);
      // White was to move: it lost the minute of downtime but got 20 s back.
      const whiteBefore = before.clock?.remainingMs[1] ?? 0;
      expect(after.clock?.remainingMs[1]).toBe(
        whiteBefore - (after.clock?.runningSince ?? 0) + (before.clock?.runningSince ?? 0) + 20_000,
      );
      // The new owner's flag timer ends the game.
      clock.advance(blitz.baseMs + 30_000);
      await whiteAgain.until((c) => c.ended(matchId), "the re-armed flag");
      const final = await whiteAgain.snapshot(matchId);
      expect(final.result).toMatchObject({ reason: "timeout", winners: [0], scores: [64, 0] });
    });

    // Match affinity (docs/architecture.md, "Several processes"): the lease follows the match's sockets, and
    // a process none of whose sockets follow a live match it does not run stops following its log.
    it("hands the lease to the process the match's sockets moved to, then drops the room where none follow it", async () => {
      const prefix = `affinity-${randomId(6)}:`;
      const clock = new FakeClock();
      const a = await instance(prefix, clock);
      const b = await instance(prefix, clock);
      const black = await arena.connectTo(a);
      const white = await arena.connectTo(a);
      const { matchId } = await startOthello(black, white, blitz);
      await firstMoves([black, white], matchId);
      await expect.poll(() => a.app.rooms.liveCount()).toBe(1);
      expect(b.app.rooms.liveCount()).toBe(0);

      // Both players come back on B (as the balancer routes every socket of the match there).
      black.close();
      white.close();
      const blackOnB = await arena.connectTo(b, black.session?.token);
      const whiteOnB = await arena.connectTo(b, white.session?.token);
      const before = await whiteOnB.snapshot(matchId);
      await blackOnB.snapshot(matchId);
      // A hears B's followers, then its next lease round hands the match over; B takes it at once.
      await expect.poll(() => a.app.rooms.cached(matchId)?.presence.followedElsewhere()).toBeTruthy();
      expect(a.app.rooms.cached(matchId)?.presence.followedHere).toBe(false);
      await a.app.rooms.maintain();
      await expect.poll(() => b.app.rooms.liveCount()).toBe(1);
      expect(a.app.rooms.liveCount()).toBe(0);
      // The takeover path: a credit (nothing was lost: the fake clock did not move), then play goes on.
      await whiteOnB.until(
        (c) => c.events.some((e) => e.matchId === matchId && e.event.type === "clock-credited"),
        "the takeover's credit",
      );
      const sync = await whiteOnB.call("match:sync", { matchId, sinceVersion: before.version });
      if (!sync.ok || sync.kind !== "events") throw new Error("expected events");
      expect(sync.events.map((e) => e.event)).toMatchObject([{ type: "clock-credited", creditsMs: [0, 0] }]);
      await firstMoves([blackOnB, whiteOnB], matchId);

      // A keeps the room a while (a player may come back there), then stops following the match.
      expect(a.app.rooms.cached(matchId)).toBeDefined();
      for (let round = 0; round < 7; round++) {
        clock.advance(5_000);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await expect.poll(() => a.app.rooms.cached(matchId)).toBeUndefined();
      expect(b.app.rooms.liveCount()).toBe(1);
      // B's flag timer ends the game, and nothing was lost: every move is in the log, once.
      await firstMoves([blackOnB, whiteOnB], matchId);
      clock.advance(blitz.baseMs + 30_000);
      await whiteOnB.until((c) => c.ended(matchId), "B's flag");
      const final = await whiteOnB.snapshot(matchId);
      expect(final.result).toMatchObject({ reason: "timeout" });
    });

    it("keeps the lease where a player still follows the match, whatever the other process holds", async () => {
      const { a, b, black, white, matchId } = await gameAcrossTwo("split");
      await firstMoves([black, white], matchId);
      const owner = a.app.rooms.liveCount() === 1 ? a : b;
      for (let round = 0; round < 3; round++) {
        await a.app.rooms.maintain();
        await b.app.rooms.maintain();
      }
      expect(owner.app.rooms.liveCount()).toBe(1);
      expect(a.app.rooms.liveCount() + b.app.rooms.liveCount()).toBe(1);
    });

    // Chat (docs/architecture.md, "Chat"): a line said on one process reaches the sockets of its channel on
    // the other through the adapter, and a mute there leaves the muting player's sockets out.
    it("carries chat lines across instances, by channel and past mutes", async () => {
      const { a, b, black, white, matchId } = await gameAcrossTwo("chat");
      const watcherOnA = await arena.connectTo(a);
      const watcherOnB = await arena.connectTo(b);
      await watcherOnA.snapshot(matchId);
      await watcherOnB.snapshot(matchId);
      const heard = (client: Client) => client.chat.filter((l) => l.matchId === matchId).map((l) => l.text);

      expect(await black.call("chat:say", { matchId, channel: "players", text: "hi from A" })).toMatchObject({
        ok: true,
      });
      await white.until(() => heard(white).includes("hi from A"), "the line on B");
      expect(
        await watcherOnB.call("chat:say", { matchId, channel: "spectators", text: "hello from B" }),
      ).toMatchObject({ ok: true });
      await watcherOnA.until(() => heard(watcherOnA).includes("hello from B"), "the line on A");

      const blackId = black.session?.user.id ?? "";
      expect(await white.call("chat:mute", { matchId, userId: blackId, muted: true })).toMatchObject({
        ok: true,
      });
      await black.call("chat:say", { matchId, channel: "players", text: "muted on B" });
      await white.call("chat:say", { matchId, channel: "players", text: "from B again" });
      await black.until(() => heard(black).includes("from B again"), "White's line on A");
      await white.until(() => heard(white).includes("from B again"), "White's own line");
      expect(heard(white)).toEqual(["hi from A", "from B again"]);
      expect(heard(black)).toEqual(["hi from A", "muted on B", "from B again"]);
      expect(heard(watcherOnA)).toEqual(["hello from B"]);
      expect(heard(watcherOnB)).toEqual(["hello from B"]);
      // Both processes read the same stored chat.
      const onA = await watcherOnA.call("chat:history", { matchId });
      expect(onA.ok && onA.lines.map((l) => l.text)).toEqual(["hello from B"]);
      const onB = await white.call("chat:history", { matchId });
      expect(onB.ok && onB.lines.map((l) => l.text)).toEqual(["from B again"]);
      const blackOnA = await black.call("chat:history", { matchId });
      expect(blackOnA.ok && blackOnA.lines.map((l) => l.text)).toEqual([
        "hi from A",
        "muted on B",
        "from B again",
      ]);
    });
  },
);
