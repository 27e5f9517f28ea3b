import { asMatchId, asUserId, type UserId } from "@arena/protocol";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomId } from "../identity/tokens.js";
import { connectTestRedis, redisUrl } from "../test-support/redis.js";
import { SqliteStore } from "./sqlite/matches.js";
import { rateGame, INITIAL } from "../ratings/glicko2.js";
import { MemoryPlayerStore } from "./memory/players.js";
import { nameSkeleton } from "./ports/name-skeleton.js";
import {
  type AccountRecord,
  type FinishedGame,
  type Followee,
  type PlayerStore,
  type RateFn,
} from "./ports/players.js";
import { RedisPlayerStore } from "./redis/players.js";
import { SqlitePlayerStore } from "./sqlite/players.js";
import { skipWithout } from "../test-support/requires.js";

interface Setup {
  readonly store: PlayerStore;
  /** Another process's store on the same data (memory and SQLite serve one process: the same store). */
  readonly other: PlayerStore;
  close(): Promise<void>;
}

const account = (name: string, id: UserId = asUserId(`u_${randomId(6)}`)): AccountRecord => ({
  id,
  name,
  nameKey: name.toLowerCase(),
  bot: false,
  passwordHash: "scrypt$1$1$1$x$y",
  createdAt: 1000,
});

/** Two new players' game: seat 0 wins unless told otherwise. */
function game(a: UserId, b: UserId, options: { rated?: boolean; draw?: boolean } = {}): FinishedGame {
  const draw = options.draw ?? false;
  return {
    matchId: asMatchId(`m_${randomId(6)}`),
    gameId: "othello",
    speed: "blitz",
    endedAt: 5000,
    rated: options.rated ?? true,
    seats: [
      { seat: 0, userId: a, name: "Ada", outcome: draw ? "draw" : "win" },
      { seat: 1, userId: b, name: "Bob", outcome: draw ? "draw" : "loss" },
    ],
  };
}

/** The two-player rating of ratings/service.ts, written out here. */
const twoPlayer =
  (scores: readonly [number, number]): RateFn =>
  (before) => {
    const [a = INITIAL, b = INITIAL] = before.map((rating) => rating ?? INITIAL);
    return [rateGame(a, b, scores[0]), rateGame(b, a, scores[1])];
  };

function contract(name: string, make: () => Promise<Setup>) {
  describe(`PlayerStore contract: ${name}`, () => {
    let setup: Setup;
    beforeAll(async () => {
      setup = await make();
    });
    afterAll(async () => {
      await setup.close();
    });

    it("keeps names unique without regard to case, and one account per user id", async () => {
      const { store, other } = setup;
      const name = `Ada${randomId(4).replace(/[^A-Za-z0-9]/g, "x")}`;
      const ada = account(name);
      expect(await store.createAccount(ada)).toEqual({ ok: true });
      expect(await other.createAccount(account(name.toUpperCase()))).toEqual({
        ok: false,
        reason: "name-taken",
      });
      expect(await other.createAccount(account(`${name}2`, ada.id))).toEqual({
        ok: false,
        reason: "already-registered",
      });
      expect(await other.accountByName(name.toLowerCase())).toEqual(ada);
      expect(await other.accountById(ada.id)).toEqual(ada);
      expect(await store.accountByName(`${name}2`)).toBeNull();
    });

    it("replaces a password hash for every process, and only an account's", async () => {
      const { store, other } = setup;
      const name = `Pw_${randomId(6)}`;
      const account = {
        id: asUserId(`u_${randomId(6)}`),
        name,
        nameKey: name.toLowerCase(),
        bot: false,
        passwordHash: "old-hash",
        createdAt: 1000,
      };
      expect((await store.createAccount(account)).ok).toBe(true);
      expect(await other.setPasswordHash(account.id, "new-hash")).toBe(true);
      expect(await store.accountById(account.id)).toEqual({ ...account, passwordHash: "new-hash" });
      expect(await store.setPasswordHash(asUserId(`u_${randomId(6)}`), "x")).toBe(false);
    });

    it("refills token buckets with time, shared by every process", async () => {
      const { store, other } = setup;
      const key = `login:${randomId(6)}`;
      const bucket = { capacity: 3, refillMs: 1000 };
      expect(await store.takeToken(key, bucket, 10_000)).toBe(true);
      expect(await other.takeToken(key, bucket, 10_000)).toBe(true);
      expect(await store.takeToken(key, bucket, 10_000)).toBe(true);
      expect(await other.takeToken(key, bucket, 10_500)).toBe(false);
      expect(await store.takeToken(key, bucket, 11_000)).toBe(true);
      expect(await store.takeToken(key, bucket, 11_100)).toBe(false);
      expect(await other.takeToken(key, bucket, 20_000)).toBe(true);
    });

    it("keeps look-alike names apart by their skeleton, on every process", async () => {
      const { store, other } = setup;
      const stem = randomId(4).replace(/[^A-Za-z0-9]/g, "x");
      const real = account(`Al${stem}`);
      expect(await store.createAccount(real)).toEqual({ ok: true });
      expect(await other.createAccount(account(`AI${stem}`))).toEqual({
        ok: false,
        reason: "name-confusable",
      });
      expect(await other.accountBySkeleton(nameSkeleton(`\u0410l\u200D${stem}`))).toEqual(real);
      expect(await store.accountBySkeleton(nameSkeleton(`Zz${stem}`))).toBeNull();
    });

    it("tells what a bucket holds without taking from it, to every process", async () => {
      const { store, other } = setup;
      const key = `login:${randomId(6)}`;
      const bucket = { capacity: 3, refillMs: 1000 };
      expect(await other.tokensLeft(key, bucket, 10_000)).toBe(3);
      await store.takeToken(key, bucket, 10_000);
      await store.takeToken(key, bucket, 10_000);
      expect(await other.tokensLeft(key, bucket, 10_000)).toBe(1);
      expect(await other.tokensLeft(key, bucket, 10_500)).toBe(1.5);
      expect(await store.tokensLeft(key, bucket, 10_500)).toBe(1.5);
      expect(await store.takeToken(key, bucket, 10_500)).toBe(true);
      expect(await other.tokensLeft(key, bucket, 12_000)).toBe(2);
    });

    it("keeps when each rating last changed, and gives it to the next game's rating", async () => {
      const { store, other } = setup;
      const [a, b] = [asUserId(`u_${randomId(6)}`), asUserId(`u_${randomId(6)}`)];
      await store.recordGame(game(a, b), twoPlayer([1, 0]));
      expect((await other.ratingsOf(a))[0]?.ratedAt).toBe(5000);
      const seen: (number | null | undefined)[] = [];
      const later = { ...game(a, b), endedAt: 9000 };
      await other.recordGame(later, (before) => {
        seen.push(...before.map((rating) => rating?.ratedAt));
        return twoPlayer([0, 1])(before);
      });
      expect(seen).toEqual([5000, 5000]);
      expect((await store.ratingsOf(b))[0]?.ratedAt).toBe(9000);
    });

    it("records a rated game once: both ratings, both histories, the changes by match id", async () => {
      const { store, other } = setup;
      const [a, b] = [asUserId(`u_${randomId(6)}`), asUserId(`u_${randomId(6)}`)];
      const played = game(a, b);
      const changes = await store.recordGame(played, twoPlayer([1, 0]));
      expect(changes?.map(({ seat, before }) => [seat, before])).toEqual([
        [0, 1500],
        [1, 1500],
      ]);
      const [win, loss] = changes ?? [];
      expect((win?.after ?? 0) - 1500).toBe(1500 - (loss?.after ?? 0));
      expect(await other.recordGame(played, twoPlayer([1, 0]))).toBeNull();
      expect(await other.matchRatings(played.matchId)).toEqual(changes);
      const ratings = await other.ratingsOf(a);
      expect(ratings).toHaveLength(1);
      expect(ratings[0]).toMatchObject({ gameId: "othello", speed: "blitz", games: 1 });
      expect(Math.round(ratings[0]?.rating ?? 0)).toBe(win?.after);
      expect(await other.record(a)).toEqual({ wins: 1, draws: 0, losses: 0 });
      expect(await other.record(b)).toEqual({ wins: 0, draws: 0, losses: 1 });
      const [entry] = await other.history(b, {}, 0, 10);
      expect(entry).toMatchObject({
        matchId: played.matchId,
        outcome: "loss",
        opponents: ["Ada"],
        rated: true,
        ratingBefore: 1500,
        ratingAfter: loss?.after,
      });
      expect(await other.ratingHistory(b, 10)).toEqual([
        { gameId: "othello", speed: "blitz", at: 5000, rating: loss?.after },
      ]);
    });

    it("indexes unrated games without touching ratings, and pages histories newest first", async () => {
      const { store, other } = setup;
      const [a, b] = [asUserId(`u_${randomId(6)}`), asUserId(`u_${randomId(6)}`)];
      const games = [0, 1, 2, 3, 4].map((i) => ({
        ...game(a, b, { rated: false, draw: i === 2 }),
        endedAt: i,
      }));
      for (const played of games) expect(await store.recordGame(played, twoPlayer([1, 0]))).toEqual([]);
      expect(await other.ratingsOf(a)).toEqual([]);
      expect(await other.record(b)).toEqual({ wins: 0, draws: 1, losses: 4 });
      expect((await other.history(a, {}, 0, 2)).map((e) => e.matchId)).toEqual([
        games[4]?.matchId,
        games[3]?.matchId,
      ]);
      expect((await other.history(a, {}, 4, 2)).map((e) => e.matchId)).toEqual([games[0]?.matchId]);
      expect((await other.history(a, {}, 0, 2))[0]).toMatchObject({
        rated: false,
        ratingBefore: null,
        ratingAfter: null,
      });
    });

    it("searches a player's games by game, result, opponent and date, newest first", async () => {
      const { store, other } = setup;
      const [a, b] = [asUserId(`u_${randomId(6)}`), asUserId(`u_${randomId(6)}`)];
      const played: FinishedGame[] = [
        { ...game(a, b, { rated: false }), endedAt: 1_000 },
        { ...game(a, b, { rated: false, draw: true }), endedAt: 2_000, gameId: "connect-k" },
        { ...game(b, a, { rated: false }), endedAt: 3_000 },
        { ...game(a, b, { rated: false }), endedAt: 4_000, gameId: "connect-k" },
      ];
      for (const one of played) await store.recordGame(one, twoPlayer([1, 0]));
      const ids = async (search: Parameters<PlayerStore["history"]>[1], offset = 0, limit = 10) =>
        (await other.history(a, search, offset, limit)).map((entry) => entry.endedAt);
      expect(await ids({})).toEqual([4_000, 3_000, 2_000, 1_000]);
      expect(await ids({ gameId: "connect-k" })).toEqual([4_000, 2_000]);
      expect(await ids({ outcome: "loss" })).toEqual([3_000]);
      expect(await ids({ outcome: "draw", gameId: "othello" })).toEqual([]);
      // Opponents by exact name, ASCII letters without regard to case.
      expect(await ids({ opponent: "bob" })).toEqual([4_000, 2_000, 1_000]);
      expect(await ids({ opponent: "ADA" })).toEqual([3_000]);
      expect(await ids({ opponent: "Bo" })).toEqual([]);
      expect(await ids({ from: 2_000, to: 3_000 })).toEqual([3_000, 2_000]);
      expect(await ids({ from: 2_500 }, 1, 1)).toEqual([3_000]);
    });

    it("keeps whom an account follows, once each, within a cap", async () => {
      const { store, other } = setup;
      const follower = asUserId(`u_${randomId(6)}`);
      const [b, c, d] = ["Bee", "Cee", "Dee"].map((name, i) => ({
        id: asUserId(`u_${randomId(6)}`),
        name,
        since: 100 + i,
      })) as [Followee, Followee, Followee];
      expect(await store.follow(follower, b, 2)).toBe("followed");
      expect(await store.follow(follower, c, 2)).toBe("followed");
      // Following again changes nothing and is not refused at the cap; a third is.
      expect(await other.follow(follower, { ...b, since: 999 }, 2)).toBe("followed");
      expect(await other.follow(follower, d, 2)).toBe("quota");
      expect(await other.following(follower)).toEqual([b, c]);
      await other.unfollow(follower, b.id);
      expect(await store.follow(follower, d, 2)).toBe("followed");
      expect(await store.following(follower)).toEqual([c, d]);
      expect(await store.following(b.id)).toEqual([]);
    });

    it("applies a game raced by two processes exactly once", async () => {
      const { store, other } = setup;
      const [a, b] = [asUserId(`u_${randomId(6)}`), asUserId(`u_${randomId(6)}`)];
      const played = game(a, b);
      const results = await Promise.all([
        store.recordGame(played, twoPlayer([1, 0])),
        other.recordGame(played, twoPlayer([1, 0])),
        store.recordGame(played, twoPlayer([1, 0])),
      ]);
      expect(results.filter((r) => r !== null)).toHaveLength(1);
      expect((await other.ratingsOf(a))[0]?.games).toBe(1);
      expect(await store.history(a, {}, 0, 10)).toHaveLength(1);
    });

    it("rates one player's concurrent games one after the other, never from the same old rating", async () => {
      const { store, other } = setup;
      const a = asUserId(`u_${randomId(6)}`);
      const opponents = [0, 1, 2, 3].map(() => asUserId(`u_${randomId(6)}`));
      await Promise.all(
        opponents.map((b, i) => (i % 2 === 0 ? store : other).recordGame(game(a, b), twoPlayer([1, 0]))),
      );
      const [rating] = await store.ratingsOf(a);
      expect(rating?.games).toBe(4);
      const history = await store.ratingHistory(a, 10);
      expect(history.map((p) => p.rating)).toEqual([...history.map((p) => p.rating)].sort((x, y) => x - y));
      expect(new Set(history.map((p) => p.rating)).size).toBe(4);
    });

    it("lists only established ratings on the leaderboard, best first", async () => {
      const { store, other } = setup;
      const gameId = `g${randomId(4)}`;
      const strong = account(`Strong${randomId(3).replace(/[^A-Za-z0-9]/g, "x")}`);
      const weak = account(`Weak${randomId(3).replace(/[^A-Za-z0-9]/g, "x")}`);
      const newcomer = account(`New${randomId(3).replace(/[^A-Za-z0-9]/g, "x")}`);
      for (const a of [strong, weak, newcomer]) await store.createAccount(a);
      // 18 games between the same two players, a win and a draw in turn, bring both RDs under 110.
      for (let i = 0; i < 18; i++) {
        const draw = i % 2 === 1;
        await store.recordGame(
          { ...game(strong.id, weak.id, { draw }), gameId },
          twoPlayer(draw ? [0.5, 0.5] : [1, 0]),
        );
      }
      await store.recordGame({ ...game(newcomer.id, weak.id), gameId }, twoPlayer([1, 0]));
      const board = await other.leaderboard(gameId, "blitz", 100);
      expect(board.map((row) => row.name)).toEqual([strong.name, weak.name]);
      expect(board.every((row) => row.rd <= 110)).toBe(true);
      expect(board[0]?.games).toBe(18);
      expect(await other.leaderboard(gameId, "bullet", 100)).toEqual([]);
    });

    it("forgets a rating a moderator resets, on the leaderboard too, and rates the next game from the default", async () => {
      const { store, other } = setup;
      const gameId = `g${randomId(4)}`;
      const farmer = account(`Farm${randomId(3).replace(/[^A-Za-z0-9]/g, "x")}`);
      const victim = account(`Vic${randomId(3).replace(/[^A-Za-z0-9]/g, "x")}`);
      for (const a of [farmer, victim]) await store.createAccount(a);
      for (let i = 0; i < 18; i++) {
        const draw = i % 2 === 1;
        await store.recordGame(
          { ...game(farmer.id, victim.id, { draw }), gameId },
          twoPlayer(draw ? [0.5, 0.5] : [1, 0]),
        );
      }
      expect((await store.leaderboard(gameId, "blitz", 10)).map((row) => row.name)).toContain(farmer.name);
      expect(await other.resetRating(farmer.id, gameId, "blitz")).toBe(true);
      expect(await store.resetRating(farmer.id, gameId, "blitz")).toBe(false);
      expect((await store.ratingsOf(farmer.id)).filter((r) => r.gameId === gameId)).toEqual([]);
      expect((await other.leaderboard(gameId, "blitz", 10)).map((row) => row.name)).toEqual([victim.name]);
      const seen: (number | null | undefined)[] = [];
      await store.recordGame({ ...game(farmer.id, victim.id), gameId }, (before) => {
        seen.push(before[0]?.rating);
        return twoPlayer([1, 0])(before);
      });
      expect(seen).toEqual([undefined]);

      expect((await other.ratingsOf(farmer.id)).find((r) => r.gameId === gameId)?.games).toBe(1);
    });
  });
}

contract("memory", () => {
  const store = new MemoryPlayerStore();
  return Promise.resolve({ store, other: store, close: () => Promise.resolve() });
});

contract("sqlite", async () => {
  const folder = mkdtempSync(join(tmpdir(), "arena-players-"));
  const opened = await SqliteStore.open(join(folder, "arena.db"));
  if (!opened.ok) throw new Error(opened.problem.message);
  const store = new SqlitePlayerStore(opened.value.connection);
  return {
    store,
    other: store,
    close: async () => {
      await opened.value.close();
      rmSync(folder, { recursive: true, force: true });
    },
  };
});

if (redisUrl === null) {
  console.warn("!!! redis-server missing: the Redis player store contract suite is SKIPPED !!!");
}
describe.skipIf(skipWithout(redisUrl === null, "redis-server"))("redis", () => {
  contract("redis, two processes", async () => {
    const one = await connectTestRedis();
    const two = await connectTestRedis(one.prefix);
    return {
      store: new RedisPlayerStore(one.commands, one.prefix),
      other: new RedisPlayerStore(two.commands, two.prefix),
      close: async () => {
        await one.close();
        await two.close();
      },
    };
  });
});

describe("SQLite: accounts made before names had skeletons", () => {
  it("get their skeleton when the player store opens", async () => {
    const folder = mkdtempSync(join(tmpdir(), "arena-players-"));
    const opened = await SqliteStore.open(join(folder, "arena.db"));
    if (!opened.ok) throw new Error(opened.problem.message);
    try {
      const old = account("Olga");
      opened.value.connection
        .prepare(
          `INSERT INTO player_accounts (user_id, name, name_key, bot, password_hash, created_at)
           VALUES (?, ?, ?, 0, ?, ?)`,
        )
        .run(old.id, old.name, old.nameKey, old.passwordHash, old.createdAt);
      const store = new SqlitePlayerStore(opened.value.connection);
      expect(await store.accountBySkeleton(nameSkeleton("0lga"))).toEqual(old);
      expect(await store.createAccount(account("OIga"))).toEqual({ ok: false, reason: "name-confusable" });
    } finally {
      await opened.value.close();
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe.skipIf(skipWithout(redisUrl === null, "redis-server"))(
  "Redis: accounts made before names had skeletons",
  () => {
    it("get their skeleton when the backend opens (fillSkeletons)", async () => {
      const redis = await connectTestRedis();
      try {
        const store = new RedisPlayerStore(redis.commands, redis.prefix);
        const old = account("Olga");
        await redis.commands.hSet(`${redis.prefix}p:user:${old.id}`, "account", JSON.stringify(old));
        expect(await store.accountBySkeleton(nameSkeleton("0lga"))).toBeNull();
        expect(await store.fillSkeletons()).toBe(1);
        expect(await store.accountBySkeleton(nameSkeleton("0lga"))).toEqual(old);
        expect(await store.fillSkeletons()).toBe(0);
      } finally {
        await redis.close();
      }
    });
  },
);
