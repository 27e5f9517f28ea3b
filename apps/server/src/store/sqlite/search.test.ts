// A player's game search on SQLite (docs/protocol.md, "Game search"): each searchable field is served by
// an index of that player's rows (the query plans say so), so a page of a long history needs no scan.
// The time it takes is printed, not bounded: speed goals live in benchmarks, never in tests.
//
// Rerun: `npx vitest run src/store/sqlite/search.test.ts` in apps/server (prints the measured time).
import { asMatchId, asUserId, type HistorySearch } from "@arena/protocol";
import type Database from "better-sqlite3";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SqliteStore } from "./matches.js";
import { type FinishedGame } from "../ports/players.js";
import { searchQuery, SqlitePlayerStore } from "./players.js";

const GAMES = ["othello", "connect-k", "dice-of-doom", "krk"];
const OUTCOMES = ["win", "draw", "loss"] as const;
const PLAYERS = 20;
const GAMES_EACH = 1_000;

describe("game search on SQLite", () => {
  let folder: string;
  let opened: { close(): Promise<void> };
  let store: SqlitePlayerStore;
  let db: Database.Database;
  const hero = asUserId("u_hero");

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), "arena-search-"));
    const result = await SqliteStore.open(join(folder, "arena.db"));
    if (!result.ok) throw new Error(result.problem.message);
    opened = result.value;
    db = result.value.connection;
    store = new SqlitePlayerStore(db);
    // 20 players with 1,000 games each against the hero: 20,000 games in the hero's history.
    db.transaction(() => {
      for (let p = 0; p < PLAYERS; p++) {
        for (let g = 0; g < GAMES_EACH; g++) {
          const i = p * GAMES_EACH + g;
          const outcome = OUTCOMES[i % 3] ?? "win";
          const game: FinishedGame = {
            matchId: asMatchId(`m_${i}`),
            gameId: GAMES[i % GAMES.length] ?? "othello",
            speed: "blitz",
            endedAt: 1_000_000 + i * 1_000,
            rated: false,
            seats: [
              { seat: 0, userId: hero, name: "Hero", outcome },
              {
                seat: 1,
                userId: asUserId(`u_p${p}`),
                name: `Player${p}`,
                outcome: outcome === "win" ? "loss" : outcome === "loss" ? "win" : "draw",
              },
            ],
          };
          void store.recordGame(game, () => []);
        }
      }
    })();
  }, 120_000);

  afterAll(async () => {
    await opened.close();
    rmSync(folder, { recursive: true, force: true });
  });

  const plan = (search: HistorySearch): string => {
    const { sql, params } = searchQuery(hero, search);
    return db
      .prepare<unknown[], { detail: string }>(`EXPLAIN QUERY PLAN ${sql}`)
      .all(...params, 20, 0)
      .map((row) => row.detail)
      .join(" | ");
  };

  it("reads each search through an index of the player's rows, never the whole table", () => {
    expect(plan({})).toMatch(/USING (COVERING )?INDEX player_games_newest/);
    expect(plan({ gameId: "krk" })).toMatch(/USING INDEX player_games_by_game/);
    expect(plan({ outcome: "draw" })).toMatch(/USING INDEX player_games_by_outcome/);
    for (const search of [{}, { gameId: "krk" }, { outcome: "win" as const }, { opponent: "player3" }]) {
      expect(plan(search)).not.toMatch(/SCAN player_games(?! USING)/);
    }
  });

  it("answers filtered pages of a 20,000-game history", async () => {
    const searches: HistorySearch[] = [
      { gameId: "krk", outcome: "loss" },
      { opponent: "PLAYER7" },
      { from: 1_000_000 + 5_000_000, to: 1_000_000 + 6_000_000, gameId: "othello" },
    ];
    const started = performance.now();
    const pages = [];
    for (const search of searches) pages.push(await store.history(hero, search, 0, 21));
    const ms = performance.now() - started;
    console.log(`game search: 3 filtered pages of a 20,000-game history in ${ms.toFixed(1)} ms`);
    expect(pages.map((page) => page.length)).toEqual([21, 21, 21]);
    expect(pages[0]?.every((entry) => entry.gameId === "krk" && entry.outcome === "loss")).toBe(true);
    expect(pages[1]?.every((entry) => entry.opponents.includes("Player7"))).toBe(true);
  });
});
