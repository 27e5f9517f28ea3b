import { type MatchId } from "@arena/protocol";
import { beforeEach, describe, expect, it } from "vitest";
import { FakeClock } from "../clocks/scheduler.js";
import { type Client, type TestServer } from "../test-support/harness.js";
import { useServers } from "../test-support/servers.js";
import { firstLegal, startOthello } from "../test-support/play.js";

const blitz = { baseMs: 180_000, incrementMs: 2_000 };

const arena = useServers();

describe("takebacks over real sockets (memory store, fake clock)", () => {
  let server: TestServer;
  let clock: FakeClock;

  beforeEach(async () => {
    clock = new FakeClock();
    server = await arena.start({ clock });
  });

  /** Plays the first legal move from whichever client is to move. */
  async function playOne(matchId: MatchId, [black, white]: readonly [Client, Client]): Promise<void> {
    const snapshot = await black.snapshot(matchId);
    const next = firstLegal(snapshot);
    if (next === null) throw new Error("no move");
    const mover = next.seat === 0 ? black : white;
    const ack = await mover.call("match:move", { matchId, version: snapshot.version, move: next.move });
    if (!ack.ok) throw new Error(ack.code);
  }

  it("takes back to the asker's turn once the opponent accepts; both sides and the record agree", async () => {
    const black = await arena.connect();
    const white = await arena.connect();
    const { matchId } = await startOthello(black, white, blitz);
    for (let i = 0; i < 3; i++) await playOne(matchId, [black, white]);
    const before = await white.snapshot(matchId);
    expect(before.moves).toHaveLength(3);

    // White asks on its own turn: Black's reply and White's own move go back.
    const asked = await white.call("match:takeback-ask", { matchId, version: before.version });
    expect(asked.ok).toBe(true);
    await black.until((c) => c.lastVersion(matchId) >= before.version + 1, "black sees the request");
    const pending = await black.snapshot(matchId);
    expect(pending.takebackAsks).toEqual([1]);
    // Asking again while it stands is refused with a reason.
    const again = await white.call("match:takeback-ask", { matchId, version: pending.version });
    expect(again).toMatchObject({ ok: false, code: "takeback-pending" });

    clock.advance(2_000);
    const accepted = await black.call("match:takeback-accept", { matchId, version: pending.version });
    expect(accepted.ok).toBe(true);
    await white.until((c) => c.lastVersion(matchId) >= pending.version + 1, "white sees the takeback");
    const after = await white.snapshot(matchId);
    expect(after.moves).toEqual(before.moves.slice(0, 1));
    expect(after.takebackAsks).toEqual([]);
    expect(firstLegal(after)?.seat).toBe(1);
    expect(after.clock?.running).toBe(1);
    // White's clock was charged the two seconds it ran, Black's kept; no time or increment is given back.
    expect(after.clock?.remainingMs[1]).toBe((before.clock?.remainingMs[1] ?? 0) - 2_000);
    expect(after.clock?.remainingMs[0]).toBe(before.clock?.remainingMs[0]);

    // A move based on the position before the takeback is stale; the event log folds to the same model.
    const stale = await black.call("match:move", { matchId, version: before.version, move: "c3" });
    expect(stale).toMatchObject({ ok: false, code: "stale-version" });
    const record = (await (await fetch(`${server.url}/api/matches/${matchId}`)).json()) as {
      match: { moves: unknown[]; state: unknown };
    };
    expect(record.match.moves).toEqual(after.moves);
    expect(record.match.state).toEqual(after.state);
  });

  it("lets the opponent decline, and the computer accept at once", async () => {
    const black = await arena.connect();
    const white = await arena.connect();
    const { matchId } = await startOthello(black, white, blitz);
    for (let i = 0; i < 2; i++) await playOne(matchId, [black, white]);
    const snap = await black.snapshot(matchId);
    expect((await black.call("match:takeback-ask", { matchId, version: snap.version })).ok).toBe(true);
    await white.until((c) => c.lastVersion(matchId) > snap.version, "white sees the request");
    const declined = await white.call("match:takeback-decline", { matchId, version: snap.version + 1 });
    expect(declined.ok).toBe(true);
    expect((await black.snapshot(matchId)).moves).toHaveLength(2);

    const human = await arena.connect();
    const created = await human.call("room:create", {
      gameId: "othello",
      timeControl: blitz,
      seats: [{ kind: "open" }, { kind: "ai", level: 1 }],
      sit: 0,
    });
    if (!created.ok) throw new Error(created.code);
    const aiMatch = created.matchId;
    const start = await human.snapshot(aiMatch);
    const move = firstLegal(start);
    if (move === null) throw new Error("no move");
    expect(
      (await human.call("match:move", { matchId: aiMatch, version: start.version, move: move.move })).ok,
    ).toBe(true);
    await human.until((c) => c.lastVersion(aiMatch) >= start.version + 2, "the computer's reply");
    const replied = await human.snapshot(aiMatch);
    const ack = await human.call("match:takeback-ask", { matchId: aiMatch, version: replied.version });
    expect(ack.ok).toBe(true);
    const taken = await human.snapshot(aiMatch);
    expect(taken.moves).toEqual([]);
    expect(taken.state).toEqual(start.state);
  });
});
