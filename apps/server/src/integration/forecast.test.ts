import { describe, expect, it } from "vitest";
import { startOthello } from "../test-support/play.js";
import { useServers } from "../test-support/servers.js";

describe('forecasts over real sockets (docs/protocol.md, "Forecasts")', () => {
  const arena = useServers();

  it("answers the opponent's move with the forecast's next ply, as the player's own move", async () => {
    await arena.start();
    const [a, b] = [await arena.register("Ada"), await arena.register("Bob")];
    const [black, white] = [await arena.connect(a.token), await arena.connect(b.token)];
    const { matchId } = await startOthello(black, white, { daysPerMove: 2 });
    const version = (await white.snapshot(matchId)).version;

    const bad = await white.call("forecast:set", {
      matchId,
      version,
      lines: [
        ["f5", "d6"],
        ["f5", "a1"],
      ],
    });
    expect(bad).toMatchObject({ ok: false, code: "bad-forecast", line: 1, ply: 1 });
    const set = await white.call("forecast:set", {
      matchId,
      version,
      lines: [
        ["f5", "d6", "c3", "d3"],
        ["d3", "c3"],
      ],
    });
    expect(set).toMatchObject({
      ok: true,
      lines: [
        ["f5", "d6", "c3", "d3"],
        ["d3", "c3"],
      ],
    });

    expect((await black.call("match:move", { matchId, version, move: "f5" })).ok).toBe(true);
    await black.until(
      (c) => c.events.some((e) => e.matchId === matchId && e.event.type === "moved" && e.event.move === "d6"),
      "the forecast's answer",
    );
    expect(await white.call("forecast:get", { matchId })).toEqual({ ok: true, lines: [["c3", "d3"]] });

    // A move the lines did not foresee clears them.
    const now = (await black.snapshot(matchId)).version;
    expect((await black.call("match:move", { matchId, version: now, move: "c5" })).ok).toBe(true);
    await white.until((c) =>
      c.events.some((e) => e.matchId === matchId && e.event.type === "moved" && e.event.move === "c5"),
    );
    await expect.poll(async () => white.call("forecast:get", { matchId })).toEqual({ ok: true, lines: [] });
  });

  it("refuses a forecast in a real-time game", async () => {
    await arena.start();
    const [black, white] = [await arena.connect(), await arena.connect()];
    const { matchId } = await startOthello(black, white, { baseMs: 180_000, incrementMs: 0 });
    const version = (await white.snapshot(matchId)).version;
    expect(await white.call("forecast:set", { matchId, version, lines: [["f5", "d6"]] })).toMatchObject({
      ok: false,
      code: "not-correspondence",
    });
  });
});
