// Blocks over real sockets and HTTP (docs/protocol.md, "Blocks"): the list an account manages, and a block
// keeping two accounts apart either way: no invitation, no seat, no follow, no pairing, no chat line;
// on two processes sharing Redis as on one.
import { type AuthResponse, type BlocksResponse, type MatchId } from "@arena/protocol";
import { describe, expect, it } from "vitest";
import { BLOCK_BUCKET } from "../blocks/service.js";
import { FakeClock } from "../clocks/scheduler.js";
import { randomId } from "../identity/tokens.js";
import { POOLS } from "../seeks/pools.js";
import { RedisPlayerStore } from "../store/redis/players.js";
import { RedisSeekStore } from "../store/redis/seeks.js";
import { type Client, type TestServer, uniqueName } from "../test-support/harness.js";
import { startOthello } from "../test-support/play.js";
import { connectTestRedis, redisUrl } from "../test-support/redis.js";
import { skipWithout } from "../test-support/requires.js";
import { type ServerOptions, useServers } from "../test-support/servers.js";

const blitz = { baseMs: 180_000, incrementMs: 2_000 };
const pool = POOLS.find((p) => p.name === "3+2" && p.speed === "blitz") ?? POOLS[0];
if (pool === undefined) throw new Error("no pools");

const arena = useServers();

const serve = (options: ServerOptions = {}): Promise<TestServer> =>
  arena.start({ clock: new FakeClock(), ...options });

/** `/api/blocks` with a bearer token: the status and the body. */
async function blocksApi(
  at: TestServer,
  token: string | null,
  method: "GET" | "POST" | "DELETE",
  name?: string,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const path = method === "DELETE" ? `/api/blocks/${encodeURIComponent(name ?? "")}` : "/api/blocks";
  const response = await fetch(`${at.url}${path}`, {
    method,
    headers: {
      "content-type": "application/json",
      ...(token === null ? {} : { authorization: `Bearer ${token}` }),
    },
    ...(method === "POST" ? { body: JSON.stringify({ name }) } : {}),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function block(at: TestServer, blocker: AuthResponse, name: string): Promise<void> {
  const { status, body } = await blocksApi(at, blocker.token, "POST", name);
  if (status !== 200) throw new Error(`block ${name}: ${status} ${JSON.stringify(body)}`);
}

/** A two-seat Othello room hosted by `host`, seat 1 inviting `name`. */
const inviting = (host: Client, name: string) =>
  host.call("room:create", {
    gameId: "othello",
    timeControl: blitz,
    seats: [{ kind: "open" }, { kind: "invite", name }],
    sit: 0,
  });

const texts = (client: Client, matchId: MatchId) =>
  client.chat.filter((line) => line.matchId === matchId).map((line) => line.text);

describe("blocks (memory store, fake clock)", () => {
  it("lets an account list, block and unblock accounts by name; guests and strangers are refused", async () => {
    const server = await serve();
    const [ada, bob, cy] = await Promise.all(
      ["Ada", "Bob", "Cy"].map((stem) => arena.register(uniqueName(stem))),
    );
    if (ada === undefined || bob === undefined || cy === undefined) throw new Error("no accounts");
    expect(await blocksApi(server, ada.token, "GET")).toEqual({
      status: 200,
      body: { ok: true, blocks: [] },
    });
    const blocked = await blocksApi(server, ada.token, "POST", bob.user.name.toLowerCase());
    expect(blocked.status).toBe(200);
    expect((blocked.body as unknown as BlocksResponse).blocks).toEqual([
      { name: bob.user.name, since: server.clock.now() },
    ]);
    (server.clock as FakeClock).advance(1_000);
    await block(server, ada, cy.user.name);
    const listed = (await blocksApi(server, ada.token, "GET")).body as unknown as BlocksResponse;
    expect(listed.blocks.map((b) => b.name)).toEqual([cy.user.name, bob.user.name]);
    const lifted = await blocksApi(server, ada.token, "DELETE", bob.user.name);
    expect((lifted.body as unknown as BlocksResponse).blocks.map((b) => b.name)).toEqual([cy.user.name]);

    expect(await blocksApi(server, ada.token, "POST", "Nobody_here")).toMatchObject({
      status: 404,
      body: { code: "not-found" },
    });
    expect(await blocksApi(server, ada.token, "POST", ada.user.name)).toMatchObject({
      status: 403,
      body: { code: "forbidden" },
    });
    expect(await blocksApi(server, null, "GET")).toMatchObject({ status: 401, body: { code: "forbidden" } });
    const guest = await arena.connect();
    expect(await blocksApi(server, guest.session?.token ?? "", "POST", bob.user.name)).toMatchObject({
      status: 403,
      body: { code: "account-required" },
    });
  });

  it("limits block changes per account, answering when to try again", async () => {
    const server = await serve();
    const [ada, bob] = [await arena.register(uniqueName("Ada")), await arena.register(uniqueName("Bob"))];
    for (let i = 0; i < BLOCK_BUCKET.capacity; i++) {
      const method = i % 2 === 0 ? "POST" : "DELETE";
      expect((await blocksApi(server, ada.token, method, bob.user.name)).status).toBe(200);
    }
    const limited = await blocksApi(server, ada.token, "POST", bob.user.name);
    expect(limited).toMatchObject({ status: 429, body: { code: "rate-limited" } });
    expect(limited.body.retryAfterMs).toBeGreaterThan(0);
    (server.clock as FakeClock).advance(BLOCK_BUCKET.refillMs);
    expect((await blocksApi(server, ada.token, "POST", bob.user.name)).status).toBe(200);
  });

  it("refuses invitations, seats and follows between the two, whichever blocked", async () => {
    const server = await serve();
    const [ada, bob] = [await arena.register(uniqueName("Ada")), await arena.register(uniqueName("Bob"))];
    const [adaSocket, bobSocket] = [await arena.connect(ada.token), await arena.connect(bob.token)];
    await block(server, ada, bob.user.name);
    // The blocked one cannot invite the blocker, nor the blocker the blocked one.
    expect(await inviting(bobSocket, ada.user.name)).toMatchObject({ ok: false, code: "blocked" });
    expect(await inviting(adaSocket, bob.user.name)).toMatchObject({ ok: false, code: "blocked" });
    const room = await bobSocket.call("room:create", {
      gameId: "othello",
      timeControl: blitz,
      seats: [{ kind: "open" }, { kind: "open" }],
      sit: 0,
    });
    if (!room.ok) throw new Error(room.code);
    expect(
      await bobSocket.call("room:invite", {
        matchId: room.matchId,
        version: room.version,
        seat: 1,
        name: ada.user.name,
      }),
    ).toMatchObject({ ok: false, code: "blocked", message: "you cannot reach this player" });
    // Nor can the blocker sit down at the blocked one's open seat.
    expect(
      await adaSocket.call("room:join-seat", { matchId: room.matchId, version: room.version, seat: 1 }),
    ).toMatchObject({ ok: false, code: "blocked" });
    expect(await bobSocket.call("follow:set", { name: ada.user.name, following: true })).toMatchObject({
      ok: false,
      code: "blocked",
    });
    expect(adaSocket.invitations).toEqual([]);
    expect(bobSocket.invitations).toEqual([]);
  });

  it("does not send again an invitation made before the block, and refuses its seat", async () => {
    const server = await serve();
    const [ada, bob] = [await arena.register(uniqueName("Ada")), await arena.register(uniqueName("Bob"))];
    const bobSocket = await arena.connect(bob.token);
    const room = await inviting(bobSocket, ada.user.name);
    if (!room.ok) throw new Error(room.code);
    // Before the block, a new socket of Ada's hears of the seat kept for her.
    const before = await arena.connect(ada.token);
    await before.until(() => before.invitations.length === 1, "the invitation");
    await block(server, ada, bob.user.name);
    const after = await arena.connect(ada.token);
    // Read on connecting, beside her follows: once a request answers, they came (or were left out).
    expect(await after.call("follow:list", {})).toMatchObject({ ok: true });
    expect(after.invitations).toEqual([]);
    expect(
      await after.call("room:join-seat", { matchId: room.matchId, version: room.version, seat: 1 }),
    ).toMatchObject({ ok: false, code: "blocked" });
  });

  it("never pairs the two in quick pairing, and pairs each with someone else", async () => {
    const server = await serve();
    const [ada, bob] = [await arena.register(uniqueName("Ada")), await arena.register(uniqueName("Bob"))];
    await block(server, ada, bob.user.name);
    const [adaSocket, bobSocket] = [await arena.connect(ada.token), await arena.connect(bob.token)];
    const paired: string[] = [];
    adaSocket.socket.on("seek:paired", () => paired.push("ada"));
    bobSocket.socket.on("seek:paired", () => paired.push("bob"));
    const clock = server.clock as FakeClock;
    expect(await adaSocket.call("seek:enter", { poolId: pool.id })).toMatchObject({ ok: true });
    clock.advance(1);
    // The ack comes once the pool was paired: the two were not.
    expect(await bobSocket.call("seek:enter", { poolId: pool.id })).toMatchObject({ ok: true });
    clock.advance(1);
    const counts = await bobSocket.call("seek:subscribe", {});
    expect(counts.ok && counts.counts[pool.id]).toBe(2);
    expect(paired).toEqual([]);
    // A third seeker is paired with the one who waited longest.
    const cy = await arena.connect();
    const cyPaired: string[] = [];
    cy.socket.on("seek:paired", (event) => cyPaired.push(event.matchId));
    await cy.call("seek:enter", { poolId: pool.id });
    await adaSocket.until(() => paired.includes("ada"), "Ada paired");
    await cy.until(() => cyPaired.length === 1, "Cy paired");
    expect(paired).toEqual(["ada"]);
  });

  it("hides each one's chat lines from the other in a game they share, live and in the history; no rematch", async () => {
    const server = await serve();
    const [ada, bob] = [await arena.register(uniqueName("Ada")), await arena.register(uniqueName("Bob"))];
    const [adaSocket, bobSocket] = [await arena.connect(ada.token), await arena.connect(bob.token)];
    const { matchId } = await startOthello(adaSocket, bobSocket, blitz);
    const say = (client: Client, text: string) =>
      client.call("chat:say", { matchId, channel: "players", text });
    expect(await say(bobSocket, "before")).toMatchObject({ ok: true });
    await adaSocket.until(() => texts(adaSocket, matchId).includes("before"), "the line before");
    await block(server, ada, bob.user.name);

    expect(await say(bobSocket, "hidden")).toMatchObject({ ok: true });
    expect(await say(adaSocket, "unheard")).toMatchObject({ ok: true });
    // Each hears its own line, sent after the other's: the other's never came.
    await adaSocket.until(() => texts(adaSocket, matchId).includes("unheard"), "Ada's own line");
    await bobSocket.until(() => texts(bobSocket, matchId).includes("hidden"), "Bob's own line");
    expect(texts(adaSocket, matchId)).toEqual(["before", "unheard"]);
    expect(texts(bobSocket, matchId)).toEqual(["before", "hidden"]);
    const history = await adaSocket.call("chat:history", { matchId });
    expect(history.ok && history.lines.map((line) => line.text)).toEqual(["unheard"]);
    // The block hides; it does not mute: the per-match mutes stay as they were.
    expect(history.ok && history.muted).toEqual([]);

    const { version } = await adaSocket.snapshot(matchId);
    expect(await adaSocket.call("match:resign", { matchId, version, seat: 0 })).toMatchObject({ ok: true });
    expect(await bobSocket.call("match:rematch", { matchId })).toMatchObject({ ok: false, code: "blocked" });
  });
});

describe.skipIf(skipWithout(redisUrl === null, "redis-server"))("blocks on two processes (Redis)", () => {
  async function instance(prefix: string, clock: FakeClock): Promise<TestServer> {
    const redis = await connectTestRedis(prefix);
    const instanceId = `test-${randomId(6)}`;
    const seeks = new RedisSeekStore(redis.commands, prefix, instanceId);
    arena.defer(async () => {
      await seeks.close();
      await redis.close();
    });
    const players = new RedisPlayerStore(redis.commands, prefix);
    return arena.start({ redis, clock, seeks, players, config: { instanceId } });
  }

  it("holds a block made on one process on the other: no invitation, no pairing, no chat line", async () => {
    const prefix = `blocks-${randomId(6)}:`;
    const clock = new FakeClock();
    const [one, two] = [await instance(prefix, clock), await instance(prefix, clock)];
    const ada = await arena.register(uniqueName("Ada"), { at: one });
    const bob = await arena.register(uniqueName("Bob"), { at: two });
    const adaSocket = await arena.connectTo(one, ada.token);
    const bobSocket = await arena.connectTo(two, bob.token);
    const { matchId } = await startOthello(adaSocket, bobSocket, blitz);

    await block(one, ada, bob.user.name);
    expect((await blocksApi(two, ada.token, "GET")).body).toMatchObject({
      blocks: [{ name: bob.user.name }],
    });
    expect(await inviting(bobSocket, ada.user.name)).toMatchObject({ ok: false, code: "blocked" });

    await bobSocket.call("chat:say", { matchId, channel: "players", text: "hidden" });
    await adaSocket.call("chat:say", { matchId, channel: "players", text: "mine" });
    await adaSocket.until(() => texts(adaSocket, matchId).includes("mine"), "Ada's own line");
    expect(texts(adaSocket, matchId)).toEqual(["mine"]);

    expect(await adaSocket.call("seek:enter", { poolId: pool.id })).toMatchObject({ ok: true });
    expect(await bobSocket.call("seek:enter", { poolId: pool.id })).toMatchObject({ ok: true });
    const counts = await bobSocket.call("seek:subscribe", {});
    expect(counts.ok && counts.counts[pool.id]).toBe(2);
  });
});
