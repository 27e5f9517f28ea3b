// Security rules over real sockets. Rerun: `npx vitest run src/integration/security.test.ts` in apps/server.
import { type MatchId, type VersionedEvent } from "@arena/protocol";
import { describe, expect, it } from "vitest";
import { DEFAULT_CONFIG } from "../app.js";
import { FakeClock } from "../clocks/scheduler.js";
import { MemoryStore } from "../store/memory/matches.js";
import { type Client, type TestServer } from "../test-support/harness.js";
import { useServers } from "../test-support/servers.js";
import { firstLegal, startOthello } from "../test-support/play.js";

const blitz = { baseMs: 180_000, incrementMs: 2_000 };
const LEAK = /(\n\s+at\s|Error:|node_modules|\.ts:\d|\.js:\d|\/work\/|secret internal detail)/;

/** A store that fails like a bug would, with internals in its error, for matches named `m_boom…`. */
class FaultyStore extends MemoryStore {
  override read(matchId: MatchId, sinceVersion: number): Promise<VersionedEvent[] | null> {
    if (matchId.startsWith("m_boom")) {
      return Promise.reject(new TypeError("secret internal detail at /work/main/apps/server/src/x.ts:12:3"));
    }
    return super.read(matchId, sinceVersion);
  }
}

const arena = useServers();

describe("security rules (real sockets)", () => {
  let server: TestServer;

  async function othello(): Promise<{
    black: Client;
    white: Client;
    matchId: MatchId;
    inviteToken: string;
  }> {
    const black = await arena.connect();
    const white = await arena.connect();
    const { matchId, inviteToken } = await startOthello(black, white, blitz);
    return { black, white, matchId, inviteToken };
  }

  /** Every seat command a non-holder might try, for the given seat (or the default seat). */
  async function tryEverything(client: Client, matchId: MatchId, version: number, seat: number | undefined) {
    const s = seat === undefined ? {} : { seat };
    const snapshot = await client.snapshot(matchId);
    const move = firstLegal(snapshot)?.move ?? "f5";
    return [
      await client.call("match:move", { matchId, version, move, ...s }),
      await client.call("match:resign", { matchId, version, ...s }),
      await client.call("match:claim", { matchId, version, kind: "win", ...s }),
      await client.call("match:claim", { matchId, version, kind: "draw", ...s }),
      await client.call("match:draw-offer", { matchId, version, ...s }),
      await client.call("match:draw-accept", { matchId, version, ...s }),
      await client.call("match:draw-decline", { matchId, version, ...s }),
      await client.call("match:abort", { matchId, version, ...s }),
    ];
  }

  it("never lets a spectator or the other player act for a seat", async () => {
    server = await arena.start({ clock: new FakeClock() });
    const { black, white, matchId } = await othello();
    const spectator = await arena.connect();
    const before = await spectator.snapshot(matchId);
    expect(before.status).toBe("live");
    // The spectator, for either seat and for "its own" (none).
    for (const seat of [undefined, 0, 1]) {
      for (const ack of await tryEverything(spectator, matchId, before.version, seat)) {
        expect(ack).toMatchObject({ ok: false, code: "not-your-seat" });
      }
    }
    // Each player for the other's seat.
    for (const [client, other] of [
      [black, 1],
      [white, 0],
    ] as const) {
      for (const ack of await tryEverything(client, matchId, before.version, other)) {
        expect(ack).toMatchObject({ ok: false, code: "not-your-seat" });
      }
    }
    // Nor can anyone else rematch a finished game in the players' name.
    const after = await spectator.snapshot(matchId);
    expect(after.version).toBe(before.version);
    expect(after.moves).toEqual(before.moves);
    expect(after.drawOffers).toEqual([]);
  });

  it("gives an identity from one game no power in another: seats are the socket's user's, nothing else", async () => {
    server = await arena.start({ clock: new FakeClock() });
    const a = await othello();
    const b = await othello();
    const version = (await a.black.snapshot(b.matchId)).version;
    // A's players (with A's identities) against B, for every seat.
    for (const client of [a.black, a.white]) {
      for (const seat of [undefined, 0, 1]) {
        for (const ack of await tryEverything(client, b.matchId, version, seat)) {
          expect(ack).toMatchObject({ ok: false, code: "not-your-seat" });
        }
      }
    }
    // A claimed credential in the payload is not one: the key is refused.
    for (const key of ["seatToken", "userId", "token"]) {
      const ack = await a.black.call("match:resign", {
        matchId: b.matchId,
        version,
        [key]: b.black.session?.token ?? "",
      });
      expect(ack).toMatchObject({ ok: false, code: "invalid-payload" });
    }
    // B's invite secret in place of a session token gives a fresh guest, not the seat's holder.
    const impostor = await arena.connect(b.inviteToken);
    expect(impostor.session?.user.id).not.toBe(b.black.session?.user.id);
    expect(await impostor.call("match:resign", { matchId: b.matchId, version })).toMatchObject({
      ok: false,
      code: "not-your-seat",
    });
    expect((await b.black.snapshot(b.matchId)).version).toBe(version);
  });

  it("refuses forged and tampered session tokens with a fresh identity, never the victim's", async () => {
    server = await arena.start({ clock: new FakeClock() });
    const victim = await arena.connect();
    const session = victim.session;
    if (session === null) throw new Error("no session");
    const [body = "", mac = ""] = session.token.split(".");
    const victimBody = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as {
      u: string;
      n: string;
    };
    const forgedBody = Buffer.from(JSON.stringify({ u: victimBody.u, n: "Mallory" })).toString("base64url");
    const flipped = `${mac.slice(0, -1)}${mac.endsWith("A") ? "B" : "A"}`;
    const forgeries = [
      `${forgedBody}.${mac}`, // the victim's id with a renamed body, old signature
      `${body}.${flipped}`, // one character of the signature changed
      `${body}.`, // no signature
      body, // no separator
      `${body}.${mac}.${mac}`, // an extra part
      `${Buffer.from(JSON.stringify({ u: victimBody.u, n: victimBody.n })).toString("base64url")}.${"A".repeat(43)}`,
      "x".repeat(5_000),
    ];
    for (const token of forgeries) {
      const client = await arena.connect(token);
      expect(client.session?.user.id).not.toBe(session.user.id);
      expect(client.session?.token).not.toBe(session.token);
      expect(client.session?.user.id).toMatch(/^u_/);
      const http = await fetch(`${server.url}/api/session`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ token }),
      });
      const issued = (await http.json()) as { user: { id: string } };
      expect(issued.user.id).not.toBe(session.user.id);
    }
    // The genuine token still works.
    expect((await arena.connect(session.token)).session?.user.id).toBe(session.user.id);
  });

  it("cuts off a flooding socket without slowing anyone else down (production limits)", async () => {
    server = await arena.start({ clock: new FakeClock(), config: { rateLimit: DEFAULT_CONFIG.rateLimit } });
    const { burst, maxRefusals } = DEFAULT_CONFIG.rateLimit;
    const { black, matchId } = await othello();
    /** A socket that emits as fast as it can until the server cuts it off. */
    const flood = async () => {
      const flooder = await arena.connect();
      const cut = new Promise<string>((resolve) => flooder.socket.once("disconnect", resolve));
      const acks: unknown[] = [];
      const socket = flooder.socket as unknown as {
        emit(event: string, payload: unknown, ack: (response: unknown) => void): void;
      };
      void (async () => {
        while (flooder.socket.connected) {
          for (let i = 0; i < 50; i++) socket.emit("match:watch", { matchId }, (a) => acks.push(a));
          await new Promise((resolve) => setImmediate(resolve));
        }
      })();
      return { cut, acks };
    };
    // Meanwhile a player keeps working at a human pace while new flooders keep arriving: every ack
    // arrives quickly.
    const floods: ReturnType<typeof flood>[] = [];
    const latencies: number[] = [];
    for (let i = 0; i < 16; i++) {
      if (i % 4 === 0) floods.push(flood());
      const t = performance.now();
      const ack = await black.call("match:sync", { matchId, sinceVersion: 0 });
      latencies.push(performance.now() - t);
      expect(ack.ok).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    for (const { cut, acks } of await Promise.all(floods)) {
      expect(await cut).toBe("io server disconnect");
      const refused = acks.filter((a) => (a as { code?: string }).code === "rate-limited").length;
      expect(refused).toBeGreaterThanOrEqual(maxRefusals);
      expect(acks.length - refused).toBeLessThanOrEqual(burst + 5);
    }
    expect(Math.max(...latencies)).toBeLessThan(500);
    console.info(
      `flood: ${floods.length} flooders cut off; the player's acks took at most ${Math.max(...latencies).toFixed(0)} ms`,
    );
    expect(black.socket.connected).toBe(true);
    // The player's own game is untouched and still playable.
    const snapshot = await black.snapshot(matchId);
    const next = firstLegal(snapshot);
    expect(next?.seat).toBe(0);
    const moved = await black.call("match:move", {
      matchId,
      version: snapshot.version,
      move: next?.move ?? "",
    });
    expect(moved.ok).toBe(true);
  });

  it("refuses oversized payloads: an ack below the transport limit, a closed socket above it", async () => {
    server = await arena.start({ clock: new FakeClock() });
    const { black, matchId } = await othello();
    const version = (await black.snapshot(matchId)).version;
    const big = await black.call("match:move", {
      matchId,
      version,
      move: "f5",
      clientMs: 1,
      ...{ pad: "a".repeat(9_000) },
    });
    expect(big).toMatchObject({ ok: false, code: "payload-too-large" });
    const victim = await arena.connect();
    const closed = new Promise<string>((resolve) => victim.socket.once("disconnect", resolve));
    victim.socket.emit(
      "lobby:subscribe",
      { pad: "a".repeat(17_000) } as unknown as Record<string, never>,
      () => {},
    );
    expect(await closed).toBe("transport close");
    expect(black.socket.connected).toBe(true);
    const http = await fetch(`${server.url}/api/session`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "a".repeat(20_000) }),
    });
    expect(http.status).toBe(413);
    expect(await http.json()).toMatchObject({ ok: false, code: "payload-too-large" });
    expect((await black.snapshot(matchId)).version).toBe(version);
  });

  it("never leaks stack traces or internal messages when a handler fails", async () => {
    server = await arena.start({ clock: new FakeClock(), store: new FaultyStore() });
    const client = await arena.connect();
    const matchId = "m_boom1" as MatchId;
    const acks = [
      await client.call("match:watch", { matchId }),
      await client.call("match:sync", { matchId, sinceVersion: 0 }),
      await client.call("match:move", { matchId, version: 1, move: "f5" }),
      await client.call("match:resign", { matchId, version: 1 }),
      await client.call("room:join-seat", { matchId, version: 1, seat: 0 }),
    ];
    for (const ack of acks) {
      expect(ack.ok).toBe(false);
      if (ack.ok) continue;
      expect(["internal", "store-unavailable"]).toContain(ack.code);
      expect(ack.message).not.toMatch(LEAK);
    }
    const http = await fetch(`${server.url}/api/matches/${matchId}`);
    expect(http.status).toBe(500);
    const text = await http.text();
    expect(text).not.toMatch(LEAK);
    expect(JSON.parse(text)).toMatchObject({ ok: false, code: "internal" });
    // Validation messages name the field, never echo a long payload back.
    const ack = await client.call("match:move", {
      matchId: "m_x",
      version: 1,
      move: "f5",
      ...Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`k${i}`, i])),
    });
    expect(ack).toMatchObject({ ok: false, code: "invalid-payload" });
    expect(ack.ok === false && ack.message.length).toBeLessThanOrEqual(200);
  });
});
