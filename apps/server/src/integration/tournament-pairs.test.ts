import { getGame } from "@arena/engine/registry";
import { playOpening } from "@arena/match";
import { type Snapshot } from "@arena/protocol";
import { describe, expect, it } from "vitest";
import { systemClock } from "../clocks/scheduler.js";
import { registerAccount, uniqueName } from "../test-support/harness.js";
import { useServers } from "../test-support/servers.js";
import { finishedTournament, tournamentApi } from "../test-support/tournaments.js";

const arena = useServers();

describe("pairs from one opening over HTTP (memory store, real clock for the AI games)", () => {
  it("plays every pairing of a round-robin of four AI entrants as two games from one opening, colours swapped", async () => {
    const server = await arena.start({ clock: systemClock, config: { roundGapMs: 50 } });
    const creator = await registerAccount(server, uniqueName("Director"));
    const { post } = tournamentApi(server.url, creator.token);
    const created = await post("/tournaments", {
      gameId: "othello",
      format: "round-robin",
      timeControl: { baseMs: 20_000, incrementMs: 0 },
      pairsFromOneOpening: true,
      entrants: [1, 2, 3, 4].map((level) => ({ kind: "ai", level })),
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    expect(await (await post(`/tournaments/${id}/start`)).json()).toMatchObject({ ok: true });

    const view = await finishedTournament(server.url, id);
    expect(view.status).toBe("finished");
    expect(view.pairsFromOneOpening).toBe(true);
    const boards = view.roundsPlayed.flatMap((r) => r.pairings);
    expect(boards).toHaveLength(12);
    // One point per pair: the pair's total discs decides it.
    expect(view.standings.reduce((sum, s) => sum + s.points, 0)).toBe(6);
    expect(view.standings.every((s) => s.games === 3)).toBe(true);

    const snapshot = async (matchId: string | null) =>
      ((await (await fetch(`${server.url}/api/matches/${matchId ?? ""}`)).json()) as { match: Snapshot })
        .match;
    const othello = getGame("othello");
    const options = othello.parseOptions({});
    if (!options.ok) throw new Error("options");
    const openings = new Set<string>();
    for (let i = 0; i < boards.length; i += 2) {
      const [first, second] = [boards[i], boards[i + 1]];
      expect([first?.pair?.game, second?.pair?.game]).toEqual([0, 1]);
      expect(second?.entrants).toEqual([...(first?.entrants ?? [])].reverse());
      expect(first?.pair?.totals).not.toBeNull();
      const [a, b] = await Promise.all([snapshot(first?.matchId ?? null), snapshot(second?.matchId ?? null)]);
      expect(a.status).toBe("finished");
      expect(b.status).toBe("finished");
      expect(a.opening).toHaveLength(8);
      expect(b.opening).toEqual(a.opening);
      expect(first?.pair?.opening).toEqual(a.opening);
      expect(b.seats.map((s) => (s.kind === "ai" ? s.level : null))).toEqual(
        a.seats.map((s) => (s.kind === "ai" ? s.level : null)).reverse(),
      );
      // Both games start from the position after the opening; the moves played come after it.
      const start = othello.serialize(playOpening(othello, othello.initial(options.value, 0), a.opening));
      expect(a.start).toEqual(start);
      expect(b.start).toEqual(start);
      openings.add(a.opening.join(" "));
    }
    expect(openings.size).toBeGreaterThan(1);
  }, 180_000);
});
