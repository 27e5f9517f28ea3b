import { follow, type MatchModel } from "@arena/match";
import { asMatchId, type MatchId, type TournamentView } from "@arena/protocol";
import { describe, expect, it } from "vitest";
import { FakeClock } from "../clocks/scheduler.js";
import { type Client, registerAccount, uniqueName } from "../test-support/harness.js";
import { useServers } from "../test-support/servers.js";
import { tournamentView } from "../test-support/tournaments.js";

const arena = useServers();

async function modelOf(client: Client, matchId: MatchId): Promise<MatchModel> {
  const followed = follow(await client.snapshot(matchId));
  if (!followed.ok) throw new Error("snapshot not followed");
  return followed.followed.model;
}

describe('berserk over real sockets (docs/tournaments.md, "Berserk")', () => {
  it("halves a player's clock before their first move, refuses it after, and scores a berserk win +1", async () => {
    const server = await arena.start({ clock: new FakeClock() });
    const creator = await registerAccount(server, uniqueName("Creator"));
    // Guests may join (only accounts create): each player's socket is its session.
    const players = await Promise.all([arena.connect(), arena.connect()]);
    const tokenOf = (client: Client) => client.session?.token ?? "";
    const post = async (token: string, path: string, body: unknown = {}) => {
      const response = await fetch(`${server.url}/api${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      });
      return (await response.json()) as { ok: boolean; id?: string; tournament?: TournamentView };
    };
    const made = await post(creator.token, "/tournaments", {
      gameId: "othello",
      format: "arena",
      durationMs: 600_000,
      berserk: true,
      timeControl: { baseMs: 180_000, incrementMs: 2_000 },
    });
    const id = made.id ?? "";
    for (const player of players)
      expect((await post(tokenOf(player), `/tournaments/${id}/join`)).ok).toBe(true);
    const started = await post(creator.token, `/tournaments/${id}/start`);
    const pairing = started.tournament?.roundsPlayed[0]?.pairings[0];
    if (pairing?.matchId == null) throw new Error("no board");
    const matchId = asMatchId(pairing.matchId);
    const [first, second] = pairing.entrants.map((entrant) =>
      players.find((p) => p.session?.user.id === entrant),
    );
    if (first === undefined || second === undefined) throw new Error("no players");
    expect((await modelOf(first, matchId)).tournament).toMatchObject({ id, berserk: true });

    // The tournament's page hears the standings pushed: the berserker's win scores 2 + 1.
    const watcher = await arena.connect();
    const winner = pairing.entrants[1];
    const scored = new Promise<number | undefined>((resolve) => {
      watcher.socket.on("tournament:update", ({ tournament }) => {
        if (tournament.standings.some((s) => s.games > 0)) {
          resolve(tournament.standings.find((s) => s.entrant === winner)?.points);
        }
      });
    });
    expect((await watcher.call("tournament:watch", { tournamentId: id })).ok).toBe(true);

    // Seat 0 moves first, then may no longer berserk; seat 1 berserks before its first move.
    const playFirstLegal = async (client: Client) => {
      const model = await modelOf(client, matchId);
      const [move] = model.game.legalMoves(model.state);
      if (move === undefined) throw new Error("no legal move");
      const text = model.game.formatMove(model.state, move);
      const ack = await client.call("match:move", { matchId, version: model.version, move: text });
      expect(ack.ok).toBe(true);
    };
    await playFirstLegal(first);
    const late = await first.call("match:berserk", { matchId, version: first.lastVersion(matchId) });
    expect(late).toMatchObject({ ok: false, code: "berserk-too-late" });
    const berserked = await second.call("match:berserk", {
      matchId,
      version: (await second.snapshot(matchId)).version,
    });
    expect(berserked).toMatchObject({ ok: true });
    await first.until((c) => c.events.some((e) => e.matchId === matchId && e.event.type === "berserked"));
    const after = await modelOf(first, matchId);
    expect(after.clock?.remainingMs[1]).toBe(90_000);
    expect(after.clock?.berserk).toEqual([false, true]);
    const again = await second.call("match:berserk", { matchId, version: second.lastVersion(matchId) });
    expect(again).toMatchObject({ ok: false, code: "already-berserk" });

    // Fourteen plies in all (seat 1 moves without increment), then seat 0 resigns: a berserk win.
    for (let ply = 1; ply < 14; ply++) {
      const model = await modelOf(first, matchId);
      const seat = model.game.toMove(model.state)[0];
      await playFirstLegal(seat === 0 ? first : second);
    }
    const resigned = await first.call("match:resign", {
      matchId,
      version: (await first.snapshot(matchId)).version,
    });
    expect(resigned.ok).toBe(true);
    expect(await scored).toBe(3);
    // The pairings list marks who berserked.
    const view = await tournamentView(server.url, id);
    const board = view.roundsPlayed.flatMap((r) => r.pairings).find((p) => p.matchId === matchId);
    expect(board?.berserk).toEqual([false, true]);
  });
});
