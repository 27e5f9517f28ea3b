import { type TournamentView } from "@arena/protocol";
import { describe, expect, it } from "vitest";
import { FakeClock, systemClock } from "../clocks/scheduler.js";
import { registerAccount, uniqueName } from "../test-support/harness.js";
import { useServers } from "../test-support/servers.js";
import { finishedTournament } from "../test-support/tournaments.js";

const arena = useServers();

describe("tournaments over HTTP (memory store, real clock for the AI games)", () => {
  it("runs a round-robin of four AI entrants to its end: every pair once, points summing to the games, standings by points then BQ", async () => {
    const server = await arena.start({ clock: systemClock, config: { roundGapMs: 50 } });
    const creator = await registerAccount(server, uniqueName("Director"));
    const auth = { "content-type": "application/json", authorization: `Bearer ${creator.token}` };
    const post = (path: string, body: unknown = {}) =>
      fetch(`${server.url}/api${path}`, { method: "POST", headers: auth, body: JSON.stringify(body) });

    const guest = await fetch(`${server.url}/api/session`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    const guestToken = ((await guest.json()) as { token: string }).token;
    const refused = await fetch(`${server.url}/api/tournaments`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${guestToken}` },
      body: JSON.stringify({
        gameId: "othello",
        format: "round-robin",
        timeControl: { baseMs: 60_000, incrementMs: 0 },
      }),
    });
    expect(refused.status).toBe(403);
    const badSettings = await post("/tournaments", {
      gameId: "othello",
      format: "swiss",
      timeControl: { baseMs: 60_000, incrementMs: 0 },
    });
    expect(await badSettings.json()).toMatchObject({ ok: false, code: "bad-settings" });

    const created = await post("/tournaments", {
      gameId: "othello",
      format: "round-robin",
      name: "PAIP's strategies",
      timeControl: { baseMs: 60_000, incrementMs: 0 },
      entrants: [1, 2, 3, 4].map((level) => ({ kind: "ai", level })),
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };

    const watcher = await arena.connect();
    const updates: TournamentView[] = [];
    watcher.socket.on("tournament:update", ({ tournament }) => updates.push(tournament));
    const watched = await watcher.call("tournament:watch", { tournamentId: id });
    expect(watched.ok && watched.tournament.status).toBe("waiting");

    const listed = (await (await fetch(`${server.url}/api/tournaments`)).json()) as {
      tournaments: { id: string }[];
    };
    expect(listed.tournaments.map((t) => t.id)).toContain(id);
    expect(await (await post(`/tournaments/${id}/start`)).json()).toMatchObject({
      ok: true,
      tournament: { status: "running" },
    });

    const view = await finishedTournament(server.url, id);
    expect(view.status).toBe("finished");
    const games = view.roundsPlayed.flatMap((r) => r.pairings);
    expect(games).toHaveLength(6);
    expect(new Set(games.map((g) => [...g.entrants].sort().join(" "))).size).toBe(6);
    expect(games.every((g) => g.result !== null && g.matchId !== null)).toBe(true);
    expect(view.standings.reduce((sum, s) => sum + s.points, 0)).toBe(6);
    const order = view.standings.map((s) => [s.points, s.tieBreaks[0]?.value ?? 0] as const);
    const sorted = [...order].sort((a, b) => b[0] - a[0] || b[1] - a[1]);
    expect(order).toEqual(sorted);
    expect(view.standings[0]?.tieBreaks[0]?.name).toBe("BQ");
    // Each board is an ordinary match, tagged with its tournament.
    const match = (await (await fetch(`${server.url}/api/matches/${games[0]?.matchId ?? ""}`)).json()) as {
      match: { tournament: unknown; status: string };
    };
    expect(match.match).toMatchObject({ status: "finished", tournament: { id, round: 1, board: 0 } });
    expect(updates.at(-1)?.status).toBe("finished");

    // The exports agree with the view.
    const download = async (file: string) => {
      const response = await fetch(`${server.url}/api/tournaments/${id}/${file}`);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-disposition")).toBe(`attachment; filename="arena-${id}-${file}"`);
      return { type: response.headers.get("content-type"), text: await response.text() };
    };
    const standings = await download("standings.csv");
    expect(standings.type).toBe("text/csv; charset=utf-8");
    expect(standings.text.split("\r\n").slice(0, -1)).toEqual([
      "rank,name,kind,points,BQ,discs,games,withdrawn",
      ...view.standings.map((s) =>
        [s.rank, s.name, s.kind, s.points, ...s.tieBreaks.map((t) => t.value), s.games, s.withdrawn].join(
          ",",
        ),
      ),
    ]);
    const crosstable = (await download("crosstable.csv")).text.split("\r\n");
    expect(crosstable[1]?.split(",").slice(1)).toEqual(view.crosstable?.cells[0]?.map((c) => c ?? ""));
    const ggf = (await download("games.ggf")).text.trim().split("\n");
    expect(ggf).toHaveLength(6);
    games.forEach((g, i) => {
      expect(ggf[i]).toMatch(/^\(;GM\[Othello\].*TY\[8\]BO\[8 .*\];\)$/);
      expect(ggf[i]).toContain(`PB[${g.names[0]}]PW[${g.names[1] ?? ""}]`);
    });
    const wof = (await download("wof.txt")).text.split("\n");
    const number = (entrant: string) => view.standings.findIndex((s) => s.entrant === entrant) + 1;
    const lines = wof.filter((line) => /^\d/.test(line));
    expect(lines).toHaveLength(6);
    games.forEach((g, i) => {
      const [black, sign, white] =
        /^\d+ \((\d+)\)([<=>])\((\d+)\) \d+ B$/.exec(lines[i] ?? "")?.slice(1) ?? [];
      expect(lines[i]).toMatch(new RegExp(`^${number(g.entrants[0])} .* ${number(g.entrants[1] ?? "")} B$`));
      expect(sign).toBe(g.result === "1-0" ? ">" : g.result === "0-1" ? "<" : "=");
      expect(Number(black) + Number(white)).toBeLessThanOrEqual(64);
    });
    const json = JSON.parse((await download("games.json")).text) as {
      games: { matchId: string; log: unknown[] }[];
    };
    expect(json.games.map((g) => g.matchId)).toEqual(games.map((g) => g.matchId));
    expect(json.games.every((g) => g.log.length > 0)).toBe(true);
  }, 180_000);

  it("answers each command with the view or a refusal from the closed set", async () => {
    const server = await arena.start({ clock: new FakeClock() });
    const creator = await registerAccount(server, uniqueName("Creator"));
    const player = await registerAccount(server, uniqueName("Player"));
    const call = (token: string, path: string, body: unknown = {}) =>
      fetch(`${server.url}/api${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      }).then(async (r) => ({
        status: r.status,
        body: (await r.json()) as { ok: boolean; code?: string; id?: string },
      }));
    const swiss = {
      gameId: "othello",
      format: "swiss",
      rounds: 3,
      timeControl: { baseMs: 60_000, incrementMs: 0 },
    };
    const made = await call(creator.token, "/tournaments", {
      ...swiss,
      entrants: [{ kind: "ai", level: 2 }],
    });
    const id = made.body.id ?? "";
    expect(made.status).toBe(201);
    expect(
      await call(creator.token, "/tournaments", { ...swiss, entrants: [{ kind: "ai", level: 99 }] }),
    ).toMatchObject({
      status: 400,
    });
    expect((await call(player.token, `/tournaments/${id}/join`)).body).toMatchObject({ ok: true });
    expect((await call(player.token, `/tournaments/${id}/join`)).body).toMatchObject({
      ok: false,
      code: "already-entered",
    });
    expect(await call(player.token, `/tournaments/${id}/start`)).toMatchObject({
      status: 403,
      body: { code: "forbidden" },
    });
    expect((await call(player.token, `/tournaments/${id}/pause`, { paused: true })).body).toMatchObject({
      code: "invalid-payload",
    });
    expect((await call(player.token, `/tournaments/${id}/withdraw`)).body).toMatchObject({ ok: true });
    expect((await call(player.token, `/tournaments/${id}/withdraw`)).body).toMatchObject({
      code: "not-entered",
    });
    expect((await call(creator.token, `/tournaments/${id}/start`)).body).toMatchObject({
      code: "too-few-entrants",
    });
    expect((await call(creator.token, `/tournaments/${id}/remove`, { entrant: "ai-1" })).body).toMatchObject({
      ok: true,
    });
    expect(await call(creator.token, `/tournaments/${id}/nonsense`)).toMatchObject({ status: 404 });
    expect((await call(creator.token, `/tournaments/${id}/end`)).body).toMatchObject({ ok: true });
    expect((await call(player.token, `/tournaments/${id}/join`)).body).toMatchObject({
      code: "tournament-finished",
    });
    expect((await fetch(`${server.url}/api/tournaments/t_NoSuchOne`)).status).toBe(404);
    const missing = await fetch(`${server.url}/api/tournaments/t_NoSuchOne/standings.csv`);
    expect({ status: missing.status, body: await missing.json() }).toMatchObject({
      status: 404,
      body: { ok: false, code: "not-found" },
    });
    const connect = await call(player.token, "/tournaments", { ...swiss, gameId: "connect-k" });
    const notOthello = (file: string) =>
      fetch(`${server.url}/api/tournaments/${connect.body.id ?? ""}/${file}`);
    for (const file of ["games.ggf", "wof.txt"]) {
      const refusedFile = await notOthello(file);
      expect({ status: refusedFile.status, body: await refusedFile.json() }).toMatchObject({
        status: 400,
        body: { ok: false, code: "bad-format" },
      });
    }
    expect(await (await notOthello("games.json")).json()).toEqual({
      tournamentId: connect.body.id,
      gameId: "connect-k",
      games: [],
    });
    for (let i = 0; i < 3; i++) expect((await call(creator.token, "/tournaments", swiss)).status).toBe(201);
    expect(await call(creator.token, "/tournaments", swiss)).toMatchObject({
      status: 429,
      body: { code: "quota" },
    });
  });
});
