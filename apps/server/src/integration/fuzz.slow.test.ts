// A seeded, property-based protocol fuzzer over real socket.io clients.
//
// Rerun: `npx vitest run src/integration/fuzz.slow.test.ts` in apps/server.
// ARENA_FUZZ_SEED=<n> picks another seed; ARENA_FUZZ_COUNT=<n> another payload count (default 100,000).
import { CLIENT_EVENTS, ERROR_CODES, isClientEventName, type MatchId } from "@arena/protocol";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { FakeClock } from "../clocks/scheduler.js";
import { MAX_PAYLOAD_DEPTH, nestsDeeperThan } from "../protocol/payload-depth.js";
import { MemoryStore } from "../store/memory/matches.js";
import { type Client, type TestServer } from "../test-support/harness.js";
import { useServers } from "../test-support/servers.js";
import { firstLegal, startOthello } from "../test-support/play.js";

const SEED = Number(process.env.ARENA_FUZZ_SEED ?? 20_261_122);
/** ~30 s on the 2-core machine when it is otherwise idle, ~2 min under heavy load (timeout 300 s). */
const TOTAL = Number(process.env.ARENA_FUZZ_COUNT ?? 100_000);
const BATCH = 1_000;
const FUZZ_SOCKETS = 20;
/** The gateway answers `payload-too-large` above half the transport limit (16 KB). */
const MAX_PAYLOAD_CHARS = 8 * 1024;
const blitz = { baseMs: 180_000, incrementMs: 2_000 };

// socket.io-client refuses to emit these names itself.
const RESERVED = new Set([
  "connect",
  "connect_error",
  "disconnect",
  "disconnecting",
  "newListener",
  "removeListener",
]);
/** Events that change a match: never acknowledged ok for a socket that does not hold the seat. */
const MUTATING = new Set([
  "room:join-seat",
  "room:leave-seat",
  "room:set-ai",
  "room:kick-ai",
  "room:cancel",
  "match:move",
  "match:resign",
  "match:claim",
  "match:draw-offer",
  "match:draw-accept",
  "match:draw-decline",
  "match:abort",
  "match:rematch",
]);
/** Codes that mean a server-side fault: never acceptable against the in-memory store. */
const FAULTS = new Set(["internal", "store-unavailable", "unavailable", "invalid-state"]);
const LEAK = /(\n\s+at\s|Error:|node_modules|\.ts:\d|\.js:\d|\/work\/|TypeError|ReferenceError)/;
const CODES = new Set<string>(ERROR_CODES);

interface Item {
  readonly sender: number;
  readonly event: string;
  readonly args: readonly unknown[];
  readonly ack: boolean;
  /** Sent by a seated player against its own matches, never for its own seat. */
  readonly impersonation: boolean;
}

function hasBinary(value: unknown): boolean {
  if (Buffer.isBuffer(value)) return true;
  if (Array.isArray(value)) return value.some(hasBinary);
  if (typeof value === "object" && value !== null) return Object.values(value).some(hasBinary);
  return false;
}

/** socket.io-parser copies a binary packet's objects by assignment: an own `__proto__` key is lost. */
function viaBinaryPacket(value: unknown): unknown {
  if (Buffer.isBuffer(value)) return value;
  if (Array.isArray(value)) return value.map(viaBinaryPacket);
  if (typeof value !== "object" || value === null) return value;
  const copy: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) copy[key] = viaBinaryPacket(v);
  return copy;
}

/** What the server sees after transport: undefined dropped in objects, null in arrays. */
function wire(value: unknown): unknown {
  if (value === undefined) return undefined;
  const sent = hasBinary(value) ? viaBinaryPacket(value) : value;
  return JSON.parse(JSON.stringify(sent) ?? "null") as unknown;
}

/** The code the gateway must answer before any handler runs, or null when the payload reaches one. */
function edgeCode(event: string, payload: unknown): string | null {
  if (!isClientEventName(event)) return "unknown-event";
  if (nestsDeeperThan(payload, MAX_PAYLOAD_DEPTH)) return "invalid-payload";
  if (JSON.stringify(payload ?? null).length > MAX_PAYLOAD_CHARS) return "payload-too-large";
  if (!CLIENT_EVENTS[event].safeParse(payload ?? {}).success) return "invalid-payload";
  return null;
}

describe("protocol fuzzer (real sockets, memory store, fake clock)", () => {
  const arena = useServers({ closeAfter: "all" });
  let server: TestServer;
  const store = new MemoryStore();
  const players: { client: Client; matchId: MatchId; seat: number; live: boolean }[] = [];
  const matches: MatchId[] = [];
  const versions: number[] = [];
  const userIds: string[] = [];
  const inviteTokens: string[] = [];
  const sessionTokens: string[] = [];
  let fuzzers: Client[] = [];
  const unexpectedCloses: string[] = [];

  async function othello(moves: number, end: "resign" | null): Promise<MatchId> {
    const black = await arena.connect();
    const white = await arena.connect();
    const { matchId, inviteToken } = await startOthello(black, white, blitz);
    inviteTokens.push(inviteToken);
    const bySeat = [black, white];
    for (let i = 0; i < moves; i++) {
      const snapshot = await black.snapshot(matchId);
      const next = firstLegal(snapshot);
      if (next === null) break;
      const mover = bySeat[next.seat];
      if (mover === undefined) throw new Error("no mover");
      const ack = await mover.call("match:move", { matchId, version: snapshot.version, move: next.move });
      if (!ack.ok) throw new Error(ack.code);
    }
    if (end === "resign") {
      const snapshot = await black.snapshot(matchId);
      const ack = await black.call("match:resign", { matchId, version: snapshot.version });
      if (!ack.ok) throw new Error(ack.code);
    }
    for (const [seat, client] of bySeat.entries()) {
      players.push({ client, matchId, seat, live: end === null });
      if (client.session !== null) {
        userIds.push(client.session.user.id);
        sessionTokens.push(client.session.token);
      }
    }
    return matchId;
  }

  async function record(matchId: MatchId): Promise<string> {
    const log = await store.read(matchId, 0);
    const response = await fetch(`${server.url}/api/matches/${matchId}`);
    const body = (await response.json()) as { match: Record<string, unknown> };
    const m = body.match;
    return JSON.stringify({
      log,
      version: m.version,
      status: m.status,
      state: m.state,
      moves: m.moves,
      clock: m.clock,
      result: m.result,
      drawOffers: m.drawOffers,
      rematchOffers: m.rematchOffers,
    });
  }

  beforeAll(async () => {
    server = await arena.start({
      store,
      clock: new FakeClock(),
      // The production limit (20/s) would make 100k payloads take hours; the limiter and the
      // flood cut-off are proven at the production setting in security.test.ts.
      // The fuzzers share this process's event loop with the server, which 100k payloads keep busy for
      // seconds under load: a 2.5 s heartbeat would drop them; the heartbeat has its own tests (lag, e2e).
      config: {
        rateLimit: { burst: 100_000, perSecond: 100_000, maxRefusals: 1_000 },
        pingIntervalMs: 25_000,
        pingTimeoutMs: 60_000,
      },
    });
    // Live matches at various points, finished ones, a waiting room with an invite seat, a cancelled one.
    matches.push(await othello(0, null), await othello(3, null), await othello(8, null));
    matches.push(await othello(2, "resign"), await othello(0, "resign"));
    const host = await arena.connect();
    const waiting = await host.call("room:create", {
      gameId: "othello",
      timeControl: blitz,
      seats: [{ kind: "open" }, { kind: "invite" }],
      sit: 0,
    });
    if (!waiting.ok) throw new Error(waiting.code);
    matches.push(waiting.matchId);
    inviteTokens.push(waiting.inviteToken);
    const cancelled = await host.call("room:create", {
      gameId: "othello",
      timeControl: blitz,
      seats: [{ kind: "open" }, { kind: "open" }],
    });
    if (!cancelled.ok) throw new Error(cancelled.code);
    const cancel = await host.call("room:cancel", { matchId: cancelled.matchId, version: cancelled.version });
    if (!cancel.ok) throw new Error(cancel.code);
    matches.push(cancelled.matchId);
    for (const matchId of matches) versions.push((await host.snapshot(matchId)).version);
    // Fuzzing sockets: anonymous guests and forged/tampered copies of the players' tokens.
    fuzzers = [];
    for (let i = 0; i < FUZZ_SOCKETS; i++) {
      const victim = sessionTokens[i % sessionTokens.length] ?? "";
      const forged = i % 3 === 0 ? undefined : i % 3 === 1 ? `${victim.slice(0, -2)}xx` : `${victim}.`;
      const client = await arena.connect(forged);
      expect(userIds).not.toContain(client.session?.user.id);
      client.socket.on("disconnect", (reason) => unexpectedCloses.push(`fuzzer ${i}: ${reason}`));
      fuzzers.push(client);
    }
  });

  it(`answers ${TOTAL} random and malformed payloads from ${FUZZ_SOCKETS} sockets with a closed code and changes no game`, async () => {
    const before = await Promise.all(matches.map(record));
    const known = [...matches];
    const nonexistent = fc.constantFrom("m_doesnotexist", "m_AAAAAAAAA", "m_" + "x".repeat(126), "x");
    const anyId = fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom(...known) },
      { weight: 2, arbitrary: nonexistent },
      { weight: 1, arbitrary: fc.constantFrom(...userIds, ...sessionTokens, ...inviteTokens) },
      { weight: 1, arbitrary: fc.string({ maxLength: 140 }) },
      { weight: 1, arbitrary: fc.anything({ maxDepth: 2 }) },
    );
    const version = fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...versions.flatMap((v) => [v, v - 1, v + 1])) },
      { weight: 2, arbitrary: fc.integer({ min: -3, max: 1_000_000 }) },
      { weight: 1, arbitrary: fc.constantFrom(0.5, -0, Number.MAX_SAFE_INTEGER + 2, 1e308, "4", null) },
    );
    const seat = fc.oneof(
      { weight: 4, arbitrary: fc.integer({ min: 0, max: 3 }) },
      { weight: 1, arbitrary: fc.constantFrom(-1, 15, 16, 1.5, "0", null, true) },
    );
    const move = fc.oneof(
      fc.constantFrom("f5", "d3", "c4", "e6", "PA", "a1", "h8", "z9", "", "resign", "f5f5"),
      fc.string({ maxLength: 70 }),
    );
    const millis = fc.oneof(fc.integer({ min: -10, max: 10_000_000 }), fc.double());
    const huge = fc
      .integer({ min: 4_000, max: 15_500 })
      .chain((n) =>
        fc
          .constantFrom("a", "é", "\u0000", "{")
          .map((c) => c.repeat(Math.floor(n / Buffer.byteLength(JSON.stringify(c).slice(1, -1))))),
      );
    const deep = fc.integer({ min: 20, max: 1_500 }).chain((depth) =>
      fc.constantFrom("array", "object").map((shape) => {
        let value: unknown = 1;
        for (let i = 0; i < depth; i++) value = shape === "array" ? [value] : { a: value };
        return value;
      }),
    );
    const weird = fc.oneof(
      { weight: 40, arbitrary: fc.anything({ maxDepth: 2, withNullPrototype: true }) },
      { weight: 1, arbitrary: huge },
      { weight: 1, arbitrary: deep },
      { weight: 4, arbitrary: fc.constant(Buffer.from([1, 2, 3])) },
      {
        weight: 4,
        arbitrary: fc.constantFrom({ __proto__: { admin: true } }, { constructor: { prototype: 1 } }, []),
      },
    );
    const fields: Record<string, fc.Arbitrary<unknown>> = {
      matchId: anyId,
      version,
      sinceVersion: version,
      seat,
      move,
      clientMs: millis,
      lagMs: millis,
      kind: fc.constantFrom("win", "draw", "lose", 1),
      level: fc.oneof(fc.integer({ min: -1, max: 25 })),
      inviteToken: fc.oneof(fc.constantFrom(...inviteTokens), fc.string({ maxLength: 20 })),
      name: fc.oneof(fc.string({ maxLength: 30, unit: "grapheme" }), fc.constantFrom("  ", "a\u0007b")),
      gameId: fc.constantFrom("othello", "connect-four", "dice-of-doom", "chess", "", "__proto__"),
      timeControl: fc.oneof(
        fc.constant(blitz),
        fc.record({ baseMs: millis, incrementMs: millis }),
        fc.anything({ maxDepth: 1 }),
      ),
      seats: fc.oneof(
        fc.constant([{ kind: "open" }, { kind: "open" }]),
        fc.array(
          fc.oneof(
            fc.record({ kind: fc.constantFrom("open", "invite") }),
            fc.record({ kind: fc.constant("ai"), level: fc.integer({ min: -1, max: 25 }) }),
            fc.anything({ maxDepth: 1 }),
          ),
          { maxLength: 20 },
        ),
      ),
      options: fc.oneof(fc.constant(undefined), fc.anything({ maxDepth: 2 }), deep),
      rated: fc.oneof(fc.boolean(), fc.constant("yes")),
      visibility: fc.constantFrom("public", "link", "secret"),
      sit: seat,
    };
    const shapeOf = (event: string): string[] => {
      const schema = CLIENT_EVENTS[event as keyof typeof CLIENT_EVENTS] as unknown as {
        shape?: Record<string, unknown>;
      };
      return Object.keys(schema.shape ?? {});
    };
    const eventNames = Object.keys(CLIENT_EVENTS);
    /** A payload shaped after an event's schema: every field from its pool, some dropped, some mangled. */
    const shaped = (event: string) =>
      fc
        .record({
          values: fc.tuple(...shapeOf(event).map((key) => fields[key] ?? fc.anything())),
          drop: fc.array(fc.boolean(), { minLength: 12, maxLength: 12 }),
          mangle: fc.option(fc.tuple(fc.nat(12), weird), { freq: 4 }),
          extra: fc.option(
            fc.tuple(
              fc.constantFrom(
                "seatToken",
                "userId",
                "user",
                "token",
                "admin",
                "__proto__",
                "constructor",
                "zzz",
              ),
              fc.oneof(
                fc.constantFrom(...inviteTokens, ...userIds, ...sessionTokens),
                fc.anything({ maxDepth: 1 }),
              ),
            ),
            { freq: 6 },
          ),
        })
        .map(({ values, drop, mangle, extra }) => {
          const keys = shapeOf(event);
          const payload: Record<string, unknown> = {};
          keys.forEach((key, i) => {
            if (drop[i] !== true || drop[i + 1] !== true) payload[key] = values[i];
          });
          if (mangle !== null && keys.length > 0) {
            const key = keys[mangle[0] % keys.length];
            if (key !== undefined) payload[key] = mangle[1];
          }
          if (extra !== null) Object.defineProperty(payload, extra[0], { value: extra[1], enumerable: true });
          return payload;
        });
    const known_event = fc.constantFrom(...eventNames);
    const unknownName = fc
      .oneof(
        fc.string({ minLength: 1, maxLength: 40 }),
        fc.constantFrom(
          "__proto__",
          "constructor",
          "toString",
          "hasOwnProperty",
          "error",
          "match:MOVE",
          "match:",
        ),
        fc.string({ minLength: 200, maxLength: 2_000 }),
      )
      .filter((name) => !RESERVED.has(name) && !isClientEventName(name));
    const guest = fc.integer({ min: 0, max: FUZZ_SOCKETS - 1 });
    const anyItem: fc.Arbitrary<Item> = fc.oneof(
      {
        weight: 10,
        arbitrary: fc
          .tuple(guest, known_event)
          .chain(([sender, event]) =>
            shaped(event).map((p): Item => ({ sender, event, args: [p], ack: true, impersonation: false })),
          ),
      },
      {
        weight: 2,
        arbitrary: fc
          .tuple(guest, known_event, weird, fc.array(fc.anything({ maxDepth: 1 }), { maxLength: 2 }))
          .map(([sender, event, p, more]): Item => ({
            sender,
            event,
            args: [p, ...more],
            ack: true,
            impersonation: false,
          })),
      },
      {
        weight: 1,
        arbitrary: fc
          .tuple(guest, known_event)
          .map(([sender, event]): Item => ({ sender, event, args: [], ack: true, impersonation: false })),
      },
      {
        weight: 2,
        arbitrary: fc
          .tuple(guest, unknownName, fc.anything({ maxDepth: 2 }), fc.boolean())
          .map(([sender, event, p, ack]): Item => ({ sender, event, args: [p], ack, impersonation: false })),
      },
      {
        // A seated player acting for the other seat, or after the end: never allowed.
        weight: 3,
        arbitrary: fc
          .tuple(
            fc.integer({ min: 0, max: players.length - 1 }),
            fc.constantFrom(...[...MUTATING].filter((e) => e.startsWith("match:") && e !== "match:rematch")),
            version,
            move,
            fc.constantFrom("win", "draw"),
          )
          .map(([index, event, v, mv, kind]): Item => {
            const player = players[index];
            if (player === undefined) throw new Error("no player");
            const payload: Record<string, unknown> = { matchId: player.matchId, version: v };
            // In a live match always another seat; in a finished one any seat (also its own).
            if (player.live || index % 2 === 0) payload.seat = 1 - player.seat;
            if (event === "match:move") payload.move = mv;
            if (event === "match:claim") payload.kind = kind;
            return { sender: -1 - index, event, args: [payload], ack: true, impersonation: true };
          }),
      },
    );

    // Messages over the transport limit close the socket (and lose every ack in flight on it):
    // those are proven separately below, so the fuzzer keeps each message within the limit.
    const fuzzItem = anyItem.filter(
      (item) => Buffer.byteLength(JSON.stringify([item.event, ...item.args]) ?? "") <= 15_800,
    );
    const stats = { sent: 0, acked: 0, ok: 0, noAck: 0, created: 0, codes: new Map<string, number>() };
    const expectedErrors = new Map<number, number>();
    const violations: { problem: string; event: string | undefined; payload: string }[] = [];
    const started = performance.now();
    let sendMs = 0;

    async function send(item: Item): Promise<string | null> {
      const client = item.sender >= 0 ? fuzzers[item.sender] : players[-1 - item.sender]?.client;
      if (client === undefined) return "no client";
      const socket = client.socket as unknown as {
        emit(event: string, ...args: unknown[]): void;
        timeout(ms: number): { emitWithAck(event: string, ...args: unknown[]): Promise<unknown> };
      };
      stats.sent++;
      if (!client.socket.connected) return `the socket was closed before ${item.event}`;
      if (!item.ack) {
        stats.noAck++;
        expectedErrors.set(item.sender, (expectedErrors.get(item.sender) ?? 0) + 1);
        socket.emit(item.event, ...item.args);
        return null;
      }
      let answer: unknown;
      try {
        answer = await socket.timeout(10_000).emitWithAck(item.event, ...item.args);
      } catch {
        return `no ack for ${item.event}`;
      }
      stats.acked++;
      if (typeof answer !== "object" || answer === null) return `non-object ack ${String(answer)}`;
      const ack = answer as { ok?: unknown; code?: unknown; message?: unknown; flagged?: unknown };
      const payload = wire(item.args[0]);
      const edge = edgeCode(item.event, payload);
      if (ack.ok === true) {
        stats.ok++;
        if (edge !== null) return `ok for ${item.event} although the edge should say ${edge}`;
        if (item.impersonation || MUTATING.has(item.event)) return `ok for a mutating ${item.event}`;
        if (item.event === "match:flag" && ack.flagged !== false) return "a flag fell";
        if (item.event === "room:create") stats.created++;
        return null;
      }
      if (ack.ok !== false) return `ack without ok: ${JSON.stringify(ack).slice(0, 200)}`;
      const code = typeof ack.code === "string" ? ack.code : "";
      stats.codes.set(code, (stats.codes.get(code) ?? 0) + 1);
      if (!CODES.has(code)) return `unknown code ${code}`;
      if (typeof ack.message !== "string" || ack.message.length > 300 || LEAK.test(ack.message)) {
        return `suspicious message ${JSON.stringify(ack.message).slice(0, 300)}`;
      }
      if (code === "rate-limited") return null;
      if (edge !== null && code !== edge) return `${item.event}: ${code} where the edge must say ${edge}`;
      if (edge === null && (FAULTS.has(code) || code === "unknown-event")) {
        return `${item.event}: server fault ${code} (${ack.message})`;
      }
      return null;
    }

    await fc.assert(
      fc.asyncProperty(fc.array(fuzzItem, { minLength: BATCH, maxLength: BATCH }), async (batch) => {
        const t0 = performance.now();
        const problems = (await Promise.all(batch.map(send)))
          .map((problem, i) => (problem === null ? null : { problem, item: batch[i] }))
          .filter((x) => x !== null);
        for (const { problem, item } of problems.slice(0, 20 - violations.length)) {
          violations.push({
            problem,
            event: item?.event,
            payload: JSON.stringify(item?.args[0] ?? null).slice(0, 300),
          });
        }
        sendMs += performance.now() - t0;
        // Never throws: fast-check would try to print the deeply nested counterexample.
      }),
      { seed: SEED, numRuns: Math.ceil(TOTAL / BATCH), endOnFailure: true },
    );
    const seconds = (performance.now() - started) / 1000;

    console.info(
      `fuzz: seed ${SEED}, ${stats.sent} payloads (${stats.acked} acked, ${stats.noAck} without ack, ` +
        `${stats.ok} ok incl. ${stats.created} rooms created) in ${seconds.toFixed(1)} s (${(sendMs / 1000).toFixed(1)} s sending); codes ` +
        JSON.stringify(Object.fromEntries([...stats.codes].sort((a, b) => b[1] - a[1]))),
    );
    expect(unexpectedCloses).toEqual([]);
    expect(violations).toEqual([]);
    expect(stats.sent).toBeGreaterThanOrEqual(TOTAL);

    // Events sent without an ack callback are refused with exactly one `error` event each.
    for (const [sender, count] of expectedErrors) {
      const fuzzer = fuzzers[sender];
      if (fuzzer === undefined) throw new Error(`no fuzzer ${sender}`);
      await fuzzer.until((c) => c.errors.length >= count, `error events of fuzzer ${sender}`);
    }
    for (const [sender, count] of expectedErrors) {
      const errors = fuzzers[sender]?.errors ?? [];
      expect(errors).toHaveLength(count);
      for (const error of errors) expect(error).toMatchObject({ code: "unknown-event" });
    }

    // No game changed: same log, version and serialized state for every pre-existing match.
    const after = await Promise.all(matches.map(record));
    expect(after).toEqual(before);
    expect(stats.codes.get("payload-too-large") ?? 0).toBeGreaterThan(0);

    // Client-chosen event names never become metric labels (the registry would grow without bound).
    const metrics = await (await fetch(`${server.url}/metrics`)).text();
    const labels = new Set([...metrics.matchAll(/event="([^"]*)"/g)].map((m) => m[1]));
    for (const label of labels) expect([...eventNames, "unknown"]).toContain(label);

    // Every fuzzing socket is still connected (nothing crashed a connection) and answers.
    for (const client of fuzzers) expect(client.socket.connected).toBe(true);
  }, 300_000);

  it("drops a message over the transport limit by closing only that socket", async () => {
    const victim = await arena.connect();
    const bystander = fuzzers[0];
    if (bystander === undefined) throw new Error("no fuzzers");
    const closed = new Promise<string>((resolve) => victim.socket.once("disconnect", resolve));
    const raw = victim.socket as unknown as { emit(event: string, payload: unknown): void };
    raw.emit("match:move", { matchId: "m_x", version: 1, move: "a".repeat(20_000) });
    expect(await closed).toBe("transport close");
    const ack = await bystander.call("lobby:subscribe", {});
    expect(ack.ok).toBe(true);
  });

  it("still serves health checks and new games afterwards", async () => {
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    const a = await arena.connect();
    const b = await arena.connect();
    const created = await a.call("room:create", {
      gameId: "othello",
      timeControl: blitz,
      seats: [{ kind: "open" }, { kind: "open" }],
      sit: 0,
    });
    if (!created.ok) throw new Error(created.code);
    const joined = await b.call("room:join-seat", {
      matchId: created.matchId,
      version: created.version,
      seat: 1,
    });
    if (!joined.ok) throw new Error(joined.code);
    const snapshot = await a.snapshot(created.matchId);
    const next = firstLegal(snapshot);
    if (next === null) throw new Error("no move");
    const mover = next.seat === 0 ? a : b;
    const moved = await mover.call("match:move", {
      matchId: created.matchId,
      version: snapshot.version,
      move: next.move,
    });
    expect(moved).toMatchObject({ ok: true, version: snapshot.version + 1 });
  });
});
