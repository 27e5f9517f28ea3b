import {
  type ErrorCode,
  HISTORY_PAGE,
  HistoryQuery,
  type HistoryResponse,
  LEADERBOARD_SIZE,
  type LeaderboardResponse,
  LoginRequest,
  MatchId,
  type MatchRatingsResponse,
  type RatingView,
  RatingSpeed,
  RatingsQuery,
  type RatingsResponse,
  RegisterRequest,
  type UserResponse,
} from "@arena/protocol";
import { type Request, type Response, Router } from "express";
import { isGameId } from "@arena/engine/registry";
import { clientAddress } from "../http/client-address.js";
import { asOf, isProvisional } from "../ratings/glicko2.js";
import { type Bucket, type PlayerStore, type StoredRating } from "../store/ports/players.js";
import { closedOpponents } from "./closing.js";
import { deviceOf } from "./device.js";
import { type Accounts, publicUser } from "./service.js";
import { handle, parseOr400 } from "../http/handle.js";

export interface AccountsApiDeps {
  readonly accounts: Accounts;
  readonly store: PlayerStore;
  readonly trustedProxies: number;
  /** Ends every socket of a session that logged out, on every process. */
  readonly sessionEnded: (sessionId: string) => void;
  /** Ends every socket a guest holds once it claimed an account (its guest tokens are nobody's now). */
  readonly guestClaimed: (userId: string) => void;
  /** The time ratings are shown as of. */
  readonly now: () => number;
}

const STATUS: Partial<Record<ErrorCode, number>> = {
  "invalid-payload": 400,
  "invalid-name": 400,
  "weak-password": 400,
  "name-taken": 409,
  "name-confusable": 409,
  "already-registered": 409,
  "bad-credentials": 401,
  "rate-limited": 429,
  "not-found": 404,
  "store-unavailable": 503,
  banned: 403,
};

function fail(res: Response, code: ErrorCode, message: string, retryAfterMs?: number): void {
  res
    .status(STATUS[code] ?? 400)
    .json({ ok: false, code, message, ...(retryAfterMs === undefined ? {} : { retryAfterMs }) });
}

/** A refusal from the accounts service, with when to retry if it was a limit, or a ban's reason and end. */
function refused(
  res: Response,
  result: { code: ErrorCode; message: string; retryAfterMs?: number; why?: string; until?: number | null },
): void {
  const { code, message, retryAfterMs, why, until } = result;
  res.status(STATUS[code] ?? 400).json({
    ok: false,
    code,
    message,
    ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
    ...(why === undefined ? {} : { why, until }),
  });
}

function bearer(req: Request): string | undefined {
  const header = req.headers.authorization;
  return header?.startsWith("Bearer ") === true ? header.slice("Bearer ".length).trim() : undefined;
}

/** Game searches per client address (docs/protocol.md, "Game search"): 20 at once, one more every 500 ms. */
export const SEARCH_BUCKET: Bucket = { capacity: 20, refillMs: 500 };

/** A rating as of `now`: its RD grown by the time since its last rated game (ratings/glicko2.ts `asOf`). */
function view(stored: StoredRating, now: number): RatingView {
  const r = asOf(stored, stored.ratedAt, now);
  return {
    rating: Math.round(r.rating),
    rd: Math.round(r.rd),
    games: stored.games,
    provisional: isProvisional(r.rd),
  };
}

/** Accounts, profiles, histories and leaderboards under `/api` (docs/protocol.md, "Accounts"). */
export function accountsRouter({
  accounts,
  store,
  trustedProxies,
  sessionEnded,
  guestClaimed,
  now,
}: AccountsApiDeps): Router {
  const router = Router();
  const address = (req: Request) =>
    clientAddress(req.socket.remoteAddress, req.headers["x-forwarded-for"], trustedProxies);
  const from = (req: Request) => ({ address: address(req), device: deviceOf(req.headers["user-agent"]) });

  router.post(
    "/accounts",
    handle(async (req, res) => {
      const input = parseOr400(RegisterRequest, req.body, res);
      if (input === null) return;
      const token = bearer(req);
      const claimant = token === undefined ? null : await accounts.resolve(token);
      const result = await accounts.register(input, claimant, from(req));
      if (!result.ok) return refused(res, result);
      if (claimant !== null) guestClaimed(claimant.user.id);
      res.status(201).json({ ok: true, ...result.value });
    }),
  );

  router.post(
    "/login",
    handle(async (req, res) => {
      const input = parseOr400(LoginRequest, req.body, res);
      if (input === null) return;
      const result = await accounts.login(input, from(req));
      if (!result.ok) return refused(res, result);
      res.json({ ok: true, ...result.value });
    }),
  );

  router.post(
    "/logout",
    handle(async (req, res) => {
      const ended = await accounts.logout(bearer(req));
      if (ended !== null) sessionEnded(ended);
      res.json({ ok: true });
    }),
  );

  router.get(
    "/users/:name",
    handle(async (req: Request, res) => {
      const account = await accounts.account(String(req.params.name));
      if (account === null) return fail(res, "not-found", "no such player");
      const [stored, record] = await Promise.all([store.ratingsOf(account.id), store.record(account.id)]);
      const ratings: Record<string, Record<string, RatingView>> = {};
      for (const r of stored) {
        (ratings[r.gameId] ??= {})[r.speed] = view(r, now());
      }
      const body: UserResponse = { ok: true, user: { ...publicUser(account), ratings, record } };
      res.json(body);
    }),
  );

  router.get(
    "/users/:name/games",
    handle(async (req: Request, res) => {
      const query = parseOr400(HistoryQuery, req.query, res);
      if (query === null) return;
      const { page, ...search } = query;
      if (search.gameId !== undefined && !isGameId(search.gameId)) {
        return fail(res, "invalid-payload", "gameId: no such game");
      }
      // A search scans a player's rows beyond an index: counted per address, like logins.
      const searching = Object.values(search).some((value) => value !== undefined);
      const key = `search:${address(req) ?? "none"}`;
      if (searching && !(await store.takeToken(key, SEARCH_BUCKET, now()))) {
        const left = await store.tokensLeft(key, SEARCH_BUCKET, now());
        const retryAfterMs = Math.max(1, Math.ceil((1 - left) * SEARCH_BUCKET.refillMs));
        return fail(res, "rate-limited", "too many game searches; try again shortly", retryAfterMs);
      }
      const account = await accounts.account(String(req.params.name));
      if (account === null) return fail(res, "not-found", "no such player");
      const rows = await store.history(account.id, search, (page - 1) * HISTORY_PAGE, HISTORY_PAGE + 1);
      const games = rows.slice(0, HISTORY_PAGE);
      const body: HistoryResponse = {
        ok: true,
        page,
        games,
        more: rows.length > HISTORY_PAGE,
        closed: await closedOpponents(store, games),
      };
      res.json(body);
    }),
  );

  router.get(
    "/users/:name/rating-history",
    handle(async (req: Request, res) => {
      const account = await accounts.account(String(req.params.name));
      if (account === null) return fail(res, "not-found", "no such player");
      res.json({ ok: true, points: await store.ratingHistory(account.id, 1_000) });
    }),
  );

  router.get(
    "/ratings",
    handle(async (req: Request, res) => {
      const query = parseOr400(RatingsQuery, req.query, res);
      if (query === null) return;
      const found = await Promise.all(
        query.users.map(async (id) => [id, await store.ratingsOf(id)] as const),
      );
      const ratings: Record<string, RatingView> = {};
      for (const [id, list] of found) {
        const r = list.find((one) => one.gameId === query.gameId && one.speed === query.speed);
        if (r !== undefined) ratings[id] = view(r, now());
      }
      const body: RatingsResponse = { ok: true, ratings };
      res.json(body);
    }),
  );

  router.get(
    "/leaderboard/:gameId/:speed",
    handle(async (req: Request, res) => {
      const speed = parseOr400(RatingSpeed, req.params.speed, res);
      if (speed === null) return;
      const gameId = String(req.params.gameId).slice(0, 32);
      const body: LeaderboardResponse = {
        ok: true,
        gameId,
        speed,
        players: await store.leaderboard(gameId, speed, LEADERBOARD_SIZE),
      };
      res.json(body);
    }),
  );

  router.get(
    "/matches/:id/ratings",
    handle(async (req: Request, res) => {
      const id = parseOr400(MatchId, req.params.id, res);
      if (id === null) return;
      const body: MatchRatingsResponse = { ok: true, changes: await store.matchRatings(id) };
      res.json(body);
    }),
  );

  return router;
}
