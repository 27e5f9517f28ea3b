import { type MatchId, type RealtimeControl, type Snapshot } from "@arena/protocol";
import { describe, expect, it } from "vitest";
import { FakeClock } from "../clocks/scheduler.js";
import { Client } from "../test-support/harness.js";
import { useServers } from "../test-support/servers.js";
import { firstLegal, startOthello } from "../test-support/play.js";

const fiveMinutes = { baseMs: 300_000, incrementMs: 0 };
const oneMinute = { baseMs: 60_000, incrementMs: 0 };
/** How long the pong-delaying client holds each answer (real time: the server timed pongs in real time). */
const PONG_DELAY_MS = 500;
/** What every move of either side claims: a lag far beyond any quota. */
const CLAIMED_LAG_MS = 10_000;
const THINK_MS = 3_000;
const MOVES = 10;

const arena = useServers();

describe("lag compensation is capped by the seat's quota alone (docs/clocks.md §2)", () => {
  it("gives a player who reconnects before every move no more than one who keeps their socket", async () => {
    const clock = new FakeClock();
    await arena.start({ clock });
    const black = await arena.connect();
    const join = await arena.connect();
    const { matchId } = await startOthello(black, join, fiveMinutes);
    const cheaterToken = join.session?.token ?? "";
    join.close();

    const credited = await creditsAfterMoves(clock, black, matchId, fiveMinutes, async (seat) => {
      if (seat === 0) return black;
      // The cheater connects afresh for every move: a seat's quota is on the clock, not on a socket.
      const fresh = await arena.connect(cheaterToken);
      return { client: fresh, done: () => fresh.close() };
    });

    const [honestCredit = NaN, cheaterCredit = NaN] = credited;
    // Each seat: the start quota (3 × 1 s at 5+0) on its first charged move, then the 1 s gain on each other.
    expect(honestCredit).toBe(3_000 + (MOVES - 2) * 1_000);
    expect(cheaterCredit).toBe(honestCredit);
    expect(cheaterCredit).toBeLessThanOrEqual(honestCredit);
    await expectLive(black, matchId);
  });

  it("gives a player who answers pings late no more than one who answers at once (1+0, 10 moves)", async () => {
    const clock = new FakeClock();
    // Pings every 50 ms, so that the late answers reach the server before the first move.
    await arena.start({ clock, config: { pingIntervalMs: 50 } });
    const honest = await arena.connect();
    const slow = await arena.connect();
    // The attack: the client holds every pong back, so that its round trip looks long.
    let latePongs = 0;
    const engine = slow.socket.io.engine as unknown as {
      _sendPacket(type: string, ...rest: unknown[]): void;
    };
    const sendPacket = engine._sendPacket.bind(engine);
    engine._sendPacket = (type, ...rest) => {
      if (type !== "pong") return sendPacket(type, ...rest);
      setTimeout(() => {
        sendPacket(type, ...rest);
        latePongs++;
      }, PONG_DELAY_MS);
    };
    const { matchId } = await startOthello(honest, slow, oneMinute);
    await slow.until(() => latePongs > 0, "a late pong");

    const credited = await creditsAfterMoves(clock, honest, matchId, oneMinute, (seat) =>
      seat === 0 ? honest : slow,
    );

    const [honestCredit = NaN, slowCredit = NaN] = credited;
    // Before, the slow answers raised the gain to its 390 ms ceiling (4,290 ms over 10 moves) while the
    // honest client earned its round trip + 40 ms a move (about 1,500 ms). Now both earn the quota alone.
    expect(slowCredit).toBeLessThanOrEqual(honestCredit);
    expect(honestCredit).toBe(1_170 + (MOVES - 2) * 390);
    expect(slowCredit).toBe(honestCredit);
    await expectLive(honest, matchId);
  });
});

/**
 * Plays the first legal move for whichever seat is to move, THINK_MS after the last and each claiming
 * CLAIMED_LAG_MS, until both seats have made MOVES moves; returns what each was credited then. `moverFor`
 * gives the client that moves for a seat (with `done` to call after its move).
 */
async function creditsAfterMoves(
  clock: FakeClock,
  observer: Client,
  matchId: MatchId,
  tc: RealtimeControl,
  moverFor: (seat: number) => Client | Promise<Client | { client: Client; done: () => void }>,
): Promise<number[]> {
  const moves = [0, 0];
  const credited: (number | undefined)[] = [undefined, undefined];
  while (credited.includes(undefined)) {
    clock.advance(THINK_MS);
    const snapshot = await observer.snapshot(matchId);
    const next = firstLegal(snapshot);
    if (next === null) throw new Error("no move");
    const mover = await moverFor(next.seat);
    const client = mover instanceof Client ? mover : mover.client;
    const ack = await client.call("match:move", {
      matchId,
      version: snapshot.version,
      move: next.move,
      lagMs: CLAIMED_LAG_MS,
    });
    expect(ack.ok).toBe(true);
    if (!(mover instanceof Client)) mover.done();
    moves[next.seat] = (moves[next.seat] ?? 0) + 1;
    if (moves[next.seat] === MOVES)
      credited[next.seat] = creditOf(await observer.snapshot(matchId), next.seat, tc);
  }
  return credited.map((credit) => credit ?? NaN);
}

async function expectLive(client: Client, matchId: MatchId): Promise<void> {
  expect((await client.snapshot(matchId)).status).toBe("live");
}

/**
 * What a seat that has just made its MOVES-th move was credited: its time left, less what those moves would
 * have left uncompensated (its first move is free; each other one is charged THINK_MS).
 */
function creditOf(snapshot: Snapshot, seat: number, tc: RealtimeControl): number {
  return (snapshot.clock?.remainingMs[seat] ?? 0) - (tc.baseMs - (MOVES - 1) * THINK_MS);
}
