import {
  type ErrorCode,
  ModActionRequest,
  type ModAuditResponse,
  type ModMeResponse,
  type ModReportsResponse,
  ReportRequest,
} from "@arena/protocol";
import { type Request, type Response, Router } from "express";
import { type Accounts } from "../accounts/service.js";
import { requireAccount } from "../http/require-account.js";
import { type ModResult, type Moderation } from "./service.js";
import { handle, parseOr400 } from "../http/handle.js";

const STATUS: Partial<Record<ErrorCode, number>> = {
  "invalid-payload": 400,
  "not-found": 404,
  forbidden: 403,
  quota: 429,
  "rate-limited": 429,
};

function answer(res: Response, result: ModResult<object>): void {
  res.status(result.ok ? 200 : (STATUS[result.code] ?? 400)).json(result);
}

/**
 * `POST /api/reports` (any account) and `/api/mod/*` (moderators only: 403 `forbidden` for others),
 * docs/protocol.md "Reports" and "Moderation". No route grants the role: only `arena admin grant`.
 */
export function moderationRouter(accounts: Accounts, moderation: Moderation): Router {
  const router = Router();

  /** The bearer's account when it is a moderator's, or null after answering. */
  async function moderator(req: Request, res: Response) {
    const session = await requireAccount(accounts, req, res, "moderation");
    if (session === null) return null;
    if (!(await moderation.isModerator(session.user.id))) {
      res.status(403).json({ ok: false, code: "forbidden", message: "for moderators only" });
      return null;
    }
    return { id: session.user.id, name: session.user.name };
  }

  router.post(
    "/reports",
    handle(async (req, res) => {
      const session = await requireAccount(accounts, req, res, "reports");
      if (session === null) return;
      const input = parseOr400(ReportRequest, req.body, res);
      if (input === null) return;
      answer(res, await moderation.report({ id: session.user.id, name: session.user.name }, input));
    }),
  );

  router.get(
    "/mod/me",
    handle(async (req, res) => {
      const session = await requireAccount(accounts, req, res, "moderation");
      if (session === null) return;
      const body: ModMeResponse = { ok: true, moderator: await moderation.isModerator(session.user.id) };
      res.json(body);
    }),
  );

  router.get(
    "/mod/reports",
    handle(async (req, res) => {
      if ((await moderator(req, res)) === null) return;
      const body: ModReportsResponse = { ok: true, reports: await moderation.openReports() };
      res.json(body);
    }),
  );

  router.get(
    "/mod/audit",
    handle(async (req, res) => {
      if ((await moderator(req, res)) === null) return;
      const body: ModAuditResponse = { ok: true, entries: await moderation.audit() };
      res.json(body);
    }),
  );

  router.get(
    "/mod/players/:name",
    handle(async (req, res) => {
      if ((await moderator(req, res)) === null) return;
      const player = await moderation.player(String(req.params.name));
      if (player === null) {
        res.status(404).json({ ok: false, code: "not-found", message: "no such player" });
        return;
      }
      res.json({ ok: true, player });
    }),
  );

  router.post(
    "/mod/actions",
    handle(async (req, res) => {
      const by = await moderator(req, res);
      if (by === null) return;
      const input = parseOr400(ModActionRequest, req.body, res);
      if (input === null) return;
      answer(res, await moderation.act(by, input));
    }),
  );

  return router;
}
