import { type MatchId } from "@arena/protocol";
import { afterEach, describe, expect, it } from "vitest";
import { FakeClock } from "../clocks/scheduler.js";
import { Client, startServer, type TestServer } from "../test-support/harness.js";
import { firstLegal, startOthello } from "../test-support/play.js";

const fiveMinutes = { baseMs: 300_000, incrementMs: 0 };
/** What every move of either side claims: a lag far beyond any quota. */
const CLAIMED_LAG_MS = 10_000;
const THINK_MS = 3_000;
const MOVES = 10;

describe("lag compensation belongs to the seat (docs/clocks.md §2)", () => {
  let server: TestServer | null = null;
  const clients: Client[] = [];

  afterEach(async () => {
    for (const client of clients.splice(0)) client.close();
    await server?.close();
    server = null;
  });

  it("gives a player who reconnects before every move nothing beyond the start quota", async () => {
    const clock = new FakeClock();
    // Pings every 50 ms, so that a socket that lives a while has its round trip measured in the test.
    server = await startServer({ clock, config: { pingIntervalMs: 50 } });
    const { url } = server;
    const connect = async (token?: string) => {
      const client = await Client.connect(url, token);
      clients.push(client);
      return client;
    };
    const black = await connect();
    const join = await connect();
    const { matchId } = await startOthello(black, join, fiveMinutes);
    const cheaterToken = join.session?.token ?? "";
    join.close();
    // The honest player's socket has its round trip measured (loopback: a millisecond or two).
    const sockets = server.app.io.of("/").sockets;
    const measured = () => sockets.get(black.socket.id ?? "")?.data.rttMs;
    while (measured() === undefined) await new Promise((resolve) => setTimeout(resolve, 10));

    let honest = black;
    const moves = [0, 0];
    for (let ply = 0; ply < 2 * MOVES; ply++) {
      clock.advance(THINK_MS);
      const snapshot = await black.snapshot(matchId);
      const next = firstLegal(snapshot);
      if (next === null) throw new Error("no move");
      // The honest player switches to a fresh socket for their last moves (a network change): until the new
      // socket is measured, the seat's round trip stands in (decide.test.ts checks that step by itself).
      if (next.seat === 0 && moves[0] === MOVES - 3 && honest === black)
        honest = await connect(black.session?.token);
      // The cheater connects afresh for every move, so that no socket of theirs is ever measured.
      const mover = next.seat === 0 ? honest : await connect(cheaterToken);
      const ack = await mover.call("match:move", {
        matchId,
        version: snapshot.version,
        move: next.move,
        lagMs: CLAIMED_LAG_MS,
      });
      expect(ack.ok).toBe(true);
      moves[next.seat] = (moves[next.seat] ?? 0) + 1;
      if (mover !== honest) mover.close();
    }

    const clockNow = (await black.snapshot(matchId)).clock;
    const [honestLeft = 0, cheaterLeft = 0] = clockNow?.remainingMs ?? [];
    // Each side's first move is free (Othello's passes are no moves); the others are charged 3 s each,
    // less the compensation.
    const [honestMoves = 0, cheaterMoves = 0] = moves;
    const charged = (n: number) => fiveMinutes.baseMs - (n - 1) * THINK_MS;
    // The cheater: the start quota (3 × 1 s at 5+0), spent on the first charged move, and nothing after.
    expect(cheaterLeft).toBe(charged(cheaterMoves) + 3_000);
    // The honest player: the same start quota, then RTT + 40 ms on each of their other charged moves.
    const rtt = measured() ?? 0;
    const gained = honestLeft - charged(honestMoves) - 3_000;
    expect(gained).toBeGreaterThanOrEqual((honestMoves - 2) * 40);
    expect(gained).toBeLessThanOrEqual((honestMoves - 2) * (Math.round(rtt) + 40 + 20));
    expect(cheaterLeft - charged(cheaterMoves)).toBeLessThan(honestLeft - charged(honestMoves));
    // Before the seat kept its lag, each of the cheater's charged moves but the first refilled the quota
    // by a full second (no socket of theirs had a round trip): (n − 2) seconds more than this.
    expect(cheaterMoves - 2).toBeGreaterThanOrEqual(7);
    await expectLive(black, matchId);
  });
});

async function expectLive(client: Client, matchId: MatchId): Promise<void> {
  expect((await client.snapshot(matchId)).status).toBe("live");
}
