import {
  failure,
  PuzzleAttemptRequest,
  PuzzleGameQuery,
  PuzzleNextQuery,
  type UserRef,
} from "@arena/protocol";
import { type Request, type Response, Router } from "express";
import { type Accounts } from "../accounts/service.js";
import { handle, parseOr400 } from "../http/handle.js";
import { bearerToken } from "../http/require-account.js";
import { type Quotas } from "../quotas/quotas.js";
import { type PuzzleSolver } from "../store/ports/puzzles.js";
import { type Answer, type PuzzleTrainer } from "./trainer.js";

export interface PuzzleRoutesDeps {
  readonly trainer: PuzzleTrainer;
  readonly accounts: Accounts;
  readonly quotas: Quotas;
}

const NO_USER = failure("forbidden", "send your token: Authorization: Bearer <token>");

/**
 * The bearer token's user as a solver (a guest's token is as good as an account's: guests play unrated),
 * counted against the puzzle rate; null after answering (no token, or limited).
 */
async function admitted(
  req: Request,
  res: Response,
  deps: PuzzleRoutesDeps,
): Promise<{ readonly user: UserRef; readonly solver: PuzzleSolver } | null> {
  const token = bearerToken(req);
  const resolved = token === undefined ? null : await deps.accounts.resolve(token);
  if (resolved === null) {
    res.status(401).json(NO_USER);
    return null;
  }
  const limited = await deps.quotas.puzzles(resolved.user.id);
  if (limited !== null) {
    res.setHeader("Retry-After", Math.ceil(limited.retryAfterMs / 1000));
    res.status(429).json(limited);
    return null;
  }
  return { user: resolved.user, solver: { id: resolved.user.id, guest: resolved.account === null } };
}

function send<T>(res: Response, answer: Answer<T>): void {
  if (answer.ok) {
    res.json(answer.value);
    return;
  }
  const { status, ...body } = answer;
  res.status(status).json(body);
}

/** The puzzle trainer's API under `/api` (docs/protocol.md, "Puzzles"; docs/puzzles.md, "Serving and rating"). */
export function puzzlesRouter(deps: PuzzleRoutesDeps): Router {
  const router = Router();
  const { trainer } = deps;

  router.get(
    "/puzzles/next",
    handle(async (req, res) => {
      const query = parseOr400(PuzzleNextQuery, req.query, res);
      if (query === null) return;
      const who = await admitted(req, res, deps);
      if (who !== null) send(res, await trainer.next(who.solver, query));
    }),
  );

  router.get(
    "/puzzles/daily",
    handle(async (req, res) => {
      const query = parseOr400(PuzzleGameQuery, req.query, res);
      if (query === null) return;
      const who = await admitted(req, res, deps);
      if (who !== null) send(res, await trainer.daily(who.solver, query.gameId));
    }),
  );

  router.get(
    "/puzzles/themes",
    handle(async (req, res) => {
      // Public, like the game list: a cached count, which pages read on the server without a session.
      const query = parseOr400(PuzzleGameQuery, req.query, res);
      if (query === null) return;
      send(res, await trainer.themes(query.gameId));
    }),
  );

  router.get(
    "/puzzles/history",
    handle(async (req, res) => {
      const query = parseOr400(PuzzleGameQuery, req.query, res);
      if (query === null) return;
      const who = await admitted(req, res, deps);
      if (who === null) return;
      if (who.solver.guest) {
        res
          .status(403)
          .json(failure("account-required", "guests have no puzzle history: their puzzles are unrated"));
        return;
      }
      send(res, await trainer.history(who.user.id, query.gameId));
    }),
  );

  router.post(
    "/puzzles/:id/attempt",
    handle(async (req, res) => {
      const body = parseOr400(PuzzleAttemptRequest, req.body, res);
      if (body === null) return;
      const who = await admitted(req, res, deps);
      if (who !== null)
        send(res, await trainer.attempt(who.solver, String(req.params.id).slice(0, 64), body));
    }),
  );

  return router;
}
