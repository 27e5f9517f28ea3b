// The puzzle trainer's API on a real server (docs/puzzles.md, "Serving and rating"; docs/protocol.md,
// "Puzzles"): served from the store the seed set loaded on start, attempts replayed and rated.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Othello, othello } from "@arena/engine";
import { EndgameSolver } from "@arena/engine/games/othello/ai/index";
import {
  type PuzzleAttemptResult,
  type PuzzleHistory,
  type PuzzleServed,
  type PuzzleThemes,
} from "@arena/protocol";
import { describe, expect, it } from "vitest";
import { MemoryPuzzleStore } from "../store/memory/puzzles.js";
import { SqliteStore } from "../store/sqlite/matches.js";
import { SqlitePuzzleStore } from "../store/sqlite/puzzles.js";
import { type TestServer } from "../test-support/harness.js";
import { useServers } from "../test-support/servers.js";
import { utcDay } from "./trainer.js";

interface Sent<T> {
  readonly status: number;
  readonly body: T & { readonly ok: boolean; readonly code?: string };
}

async function call<T>(
  server: TestServer,
  token: string | null,
  path: string,
  body?: unknown,
): Promise<Sent<T>> {
  const response = await fetch(`${server.url}/api/puzzles/${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: {
      "content-type": "application/json",
      // A connection per request: the exact solves below hold this process (and the server in it) for
      // seconds, after which a kept-alive connection may be closed by the server as fetch reuses it.
      connection: "close",
      ...(token === null ? {} : { authorization: `Bearer ${token}` }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as Sent<T>["body"] };
}

async function guestToken(server: TestServer): Promise<string> {
  const response = await fetch(`${server.url}/api/session`, {
    method: "POST",
    headers: { "content-type": "application/json", connection: "close" },
    body: "{}",
  });
  return ((await response.json()) as { token: string }).token;
}

const next = (server: TestServer, token: string, query: string) =>
  call<PuzzleServed>(server, token, `next?${query}`);
const attempt = (server: TestServer, token: string, id: string, moves: string[], rated = true) =>
  call<PuzzleAttemptResult>(server, token, `${id}/attempt`, { moves, rated });

/** Every legal move of an Othello position with its exact value for the mover, by the engine's own solver. */
function exactValues(position: string): { move: string; value: number }[] {
  const state = Othello.parsePosition(position);
  if (!state.ok) throw new Error(state.error.message);
  const solver = new EndgameSolver();
  return Othello.legalMoves(state.value).map((move) => ({
    move: Othello.squareName(move),
    value: -solver.solve(Othello.applyMove(state.value, move)).score,
  }));
}

describe("the puzzle API", () => {
  const arena = useServers();

  it("a fresh server loads the seed set, and for 20 served Othello puzzles an exact solve finds the first move the only best", async () => {
    const folder = mkdtempSync(join(tmpdir(), "arena-puzzles-"));
    const opened = await SqliteStore.open(join(folder, "arena.db"));
    if (!opened.ok) throw new Error(opened.problem.message);
    arena.defer(async () => {
      await opened.value.close();
      rmSync(folder, { recursive: true, force: true });
    });
    const server = await arena.start({ puzzles: new SqlitePuzzleStore(opened.value.connection) });
    const token = await guestToken(server);
    for (let i = 0; i < 20; i++) {
      const served = await next(server, token, "gameId=othello");
      expect(served.status).toBe(200);
      const { puzzle } = served.body;
      expect(puzzle.gameId).toBe("othello");
      const loaded = Othello.parsePosition(puzzle.position);
      expect(loaded.ok && othello.serialize(loaded.value)).toEqual(puzzle.state);
      const values = exactValues(puzzle.position).sort((a, b) => b.value - a.value);
      const [best, second] = values;
      if (best === undefined || second === undefined) throw new Error("a puzzle has a choice");
      expect(best.value).toBeGreaterThan(second.value);
      // The server agrees that the solver's only best move is the puzzle's first move.
      const answer = await attempt(server, token, puzzle.id, [best.move], false);
      expect(answer.body).toMatchObject({ ok: true, correct: true, done: false });
    }
  }, 300_000);

  it("refuses bad queries and bodies, unknown puzzles and games, and requests without a token", async () => {
    const server = await arena.start();
    const token = await guestToken(server);
    expect((await next(server, token, "")).body.code).toBe("invalid-payload");
    expect((await next(server, token, "gameId=othello&mode=blitz")).body.code).toBe("invalid-payload");
    expect((await next(server, token, "gameId=othello&step=-1")).body.code).toBe("invalid-payload");
    expect((await next(server, token, "gameId=othello&extra=1")).status).toBe(400);
    expect((await next(server, token, "gameId=chess")).body).toMatchObject({ ok: false, code: "not-found" });
    expect((await next(server, token, "gameId=dice-of-doom")).body.code).toBe("not-found");
    expect((await attempt(server, token, "othello-00000000000", ["a1"])).body.code).toBe("not-found");
    const sent = await call(server, token, "othello-00000000000/attempt", { moves: [] });
    expect(sent).toMatchObject({ status: 400, body: { code: "invalid-payload" } });
    expect((await call(server, null, "next?gameId=othello")).status).toBe(401);
    // The themes are public: no token, a game of ours without puzzles has none, an unknown game is not found.
    const themes = await call<PuzzleThemes>(server, null, "themes?gameId=krk");
    expect(themes.status).toBe(200);
    expect(themes.body.themes.map(({ theme }) => theme)).toEqual(["defence", "mate", "quiet-move"]);
    expect((await call<PuzzleThemes>(server, null, "themes?gameId=dice-of-doom")).body).toEqual({
      ok: true,
      themes: [],
    });
    expect((await call(server, null, "themes?gameId=chess")).status).toBe(404);
    const served = await next(server, token, "gameId=krk");
    // Moves a puzzle's rules refuse, an even count (ending on a reply), and a reply that is not the line's.
    expect((await attempt(server, token, served.body.puzzle.id, ["Zz9"])).status).toBe(400);
    expect((await attempt(server, token, served.body.puzzle.id, ["a", "b"])).body.code).toBe(
      "invalid-payload",
    );
  });

  it("serves a guest, never twice the same, and never rates it; its history is refused", async () => {
    const store = new MemoryPuzzleStore();
    const server = await arena.start({ puzzles: store });
    const token = await guestToken(server);
    const ids = new Set<string>();
    for (let i = 0; i < 30; i++) {
      const served = await next(server, token, "gameId=krk");
      expect(served.body.player).toBeNull();
      ids.add(served.body.puzzle.id);
    }
    expect(ids.size).toBe(30);
    const [id] = ids;
    const line = (await store.get(id ?? ""))?.puzzle.line ?? [];
    const solved = await attempt(server, token, id ?? "", [...line]);
    expect(solved.body).toMatchObject({
      ok: true,
      correct: true,
      done: true,
      solution: line,
      ratingChange: null,
    });
    const history = await call<PuzzleHistory>(server, token, "history?gameId=krk");
    expect(history).toMatchObject({ status: 403, body: { code: "account-required" } });
  });

  it("moves an account's rating up for a solve and down for a miss, rates only the first attempt, and keeps the history", async () => {
    const store = new MemoryPuzzleStore();
    const server = await arena.start({ puzzles: store });
    const ada = (await arena.register("Ada")).token;
    const bob = (await arena.register("Bob")).token;

    const first = await next(server, ada, "gameId=othello");
    expect(first.body.player).toMatchObject({ rating: 1500, provisional: true, attempts: 0 });
    const puzzle = (await store.get(first.body.puzzle.id))?.puzzle;
    if (puzzle === undefined) throw new Error("served from the store");
    // Move by move: right so far answers the reply, the whole line solves it.
    const partial = await attempt(server, ada, puzzle.id, [puzzle.line[0] ?? ""]);
    expect(partial.body).toEqual({ ok: true, correct: true, done: false, reply: puzzle.line[1] });
    const solved = await attempt(server, ada, puzzle.id, [...puzzle.line]);
    expect(solved.body.ok && solved.body.done && solved.body.ratingChange?.delta).toBeGreaterThan(0);

    const wrong = puzzle.proof[0]?.values.find((entry) => entry.move !== puzzle.line[0]);
    if (wrong === undefined) throw new Error("an Othello puzzle has a second move");
    const missed = await attempt(server, bob, puzzle.id, [wrong.move]);
    expect(missed.body).toMatchObject({ ok: true, correct: false, done: true, solution: puzzle.line });
    if (missed.body.correct || !missed.body.done) throw new Error("a miss");
    expect(missed.body.ratingChange?.delta).toBeLessThan(0);
    expect(missed.body.refutation[0]).toBe(wrong.move);
    expect(missed.body.refutation.length).toBeGreaterThan(1);
    const best = puzzle.proof[0]?.values.find((entry) => entry.move === puzzle.line[0])?.value;
    expect(missed.body.shortfall).toEqual({ unit: "discs", best, played: wrong.value });

    // A second attempt of a completed puzzle is not rated.
    const again = await attempt(server, ada, puzzle.id, [wrong.move]);
    expect(again.body).toMatchObject({ correct: false, ratingChange: null });
    const history = await call<PuzzleHistory>(server, ada, "history?gameId=othello");
    expect(history.body.player.attempts).toBe(1);
    expect(history.body.attempts.map((entry) => [entry.correct, entry.rating === null])).toEqual([
      [false, true],
      [true, false],
    ]);
    expect(history.body.player.rating).toBeGreaterThan(1500);
  });

  it("a streak's steps rise, themes narrow and are counted, and the daily puzzle is the same all day", async () => {
    const server = await arena.start();
    const token = await guestToken(server);
    let last = -Infinity;
    for (let step = 0; step < 10; step++) {
      const served = await next(server, token, `gameId=othello&mode=streak&step=${step}`);
      expect(served.body.puzzle.rating).toBeGreaterThanOrEqual(Math.max(last, 1000 + 50 * step));
      last = served.body.puzzle.rating;
    }
    const themes = await call<PuzzleThemes>(server, token, "themes?gameId=othello");
    const corner = themes.body.themes.find((entry) => entry.theme === "corner");
    expect(corner?.count).toBeGreaterThan(0);
    const cornered = await next(server, token, "gameId=othello&theme=corner");
    expect(cornered.body.puzzle.themes).toContain("corner");
    expect((await next(server, token, "gameId=othello&theme=nothing")).body.code).toBe("no-puzzle");

    const daily = await call<PuzzleServed>(server, token, "daily?gameId=othello");
    expect(daily.body.day).toBe(utcDay(server.clock.now()));
    const other = await call<PuzzleServed>(server, await guestToken(server), "daily?gameId=othello");
    expect(other.body.puzzle.id).toBe(daily.body.puzzle.id);
  });
});
