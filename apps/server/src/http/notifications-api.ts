import {
  failure,
  MarkReadRequest,
  NOTIFICATIONS_KEPT,
  NOTIFICATIONS_PAGE,
  type NotificationsResponse,
  type UserRef,
} from "@arena/protocol";
import { type Request, type Response, Router } from "express";
import { z } from "zod";
import { type Accounts } from "../accounts/service.js";
import { type Inbox } from "../notifications/inbox.js";
import { type Quotas } from "../quotas/quotas.js";

export interface NotificationsApiDeps {
  readonly inbox: Inbox;
  readonly accounts: Accounts;
  readonly quotas: Quotas;
}

const NO_USER = { ok: false, code: "forbidden", message: "send your token: Authorization: Bearer <token>" };
const UNAVAILABLE = failure("store-unavailable", "the notification store is unavailable");
const Limit = z.coerce.number().int().min(1).max(NOTIFICATIONS_KEPT).default(NOTIFICATIONS_PAGE);

/**
 * The bearer token's user, counted against the inbox's rate; null after answering (no user, or limited).
 * Guests have inboxes too: a guest's token is as good as an account's here.
 */
async function admitted(req: Request, res: Response, deps: NotificationsApiDeps): Promise<UserRef | null> {
  const header = req.headers.authorization;
  const resolved =
    header?.startsWith("Bearer ") === true
      ? await deps.accounts.resolve(header.slice("Bearer ".length).trim()).catch(() => null)
      : null;
  if (resolved == null) {
    res.status(401).json(NO_USER);
    return null;
  }
  const limited = await deps.quotas.notifications(resolved.user.id);
  if (limited !== null) {
    res.setHeader("Retry-After", Math.ceil(limited.retryAfterMs / 1000));
    res.status(429).json(limited);
    return null;
  }
  return resolved.user;
}

/** A user's notification inbox under `/api` (docs/protocol.md, "Notifications"). */
export function notificationsRouter(deps: NotificationsApiDeps): Router {
  const router = Router();

  router.get("/notifications", async (req: Request, res: Response) => {
    const limit = Limit.safeParse(req.query.limit);
    if (!limit.success) {
      res.status(400).json(failure("invalid-payload", `limit: 1 to ${NOTIFICATIONS_KEPT}`));
      return;
    }
    const user = await admitted(req, res, deps);
    if (user === null) return;
    try {
      const body: NotificationsResponse = { notifications: await deps.inbox.list(user.id, limit.data) };
      res.json(body);
    } catch {
      res.status(503).json(UNAVAILABLE);
    }
  });

  router.post("/notifications/read", async (req: Request, res: Response) => {
    const body = MarkReadRequest.safeParse(req.body ?? {});
    if (!body.success) {
      res.status(400).json(failure("invalid-payload", "expected {ids?: string[]} (at most 200)"));
      return;
    }
    const user = await admitted(req, res, deps);
    if (user === null) return;
    try {
      await deps.inbox.markRead(user.id, body.data.ids ?? null);
      res.json({ ok: true });
    } catch {
      res.status(503).json(UNAVAILABLE);
    }
  });

  return router;
}
