import {
  PasswordChangeRequest,
  type SessionsEndedResponse,
  type SessionsResponse,
  type SessionView,
} from "@arena/protocol";
import { Router } from "express";
import { clientAddress } from "../http/client-address.js";
import { requireAccount } from "../http/require-account.js";
import { type SessionRecord } from "../store/ports/sessions.js";
import { deviceOf, deviceParts } from "./device.js";
import { type Accounts } from "./service.js";
import { sessionExpiresAt } from "./session-policy.js";
import { handle } from "../http/handle.js";

export interface SessionsApiDeps {
  readonly accounts: Accounts;
  readonly trustedProxies: number;
  /** Closes every socket of the sessions that ended, on every process. */
  readonly sessionsEnded: (sessionIds: readonly string[]) => void;
}

const view = (session: SessionRecord, current: string): SessionView => ({
  id: session.id,
  current: session.id === current,
  createdAt: session.createdAt,
  lastUsedAt: session.lastUsedAt,
  expiresAt: sessionExpiresAt(session),
  device: session.device,
  ...deviceParts(session.device),
  address: session.address,
});

/**
 * An account's sessions and password under `/api` (docs/protocol.md, "Sessions"): list them, end one or all
 * the others, change the password (which ends all the others).
 */
export function sessionsRouter({ accounts, trustedProxies, sessionsEnded }: SessionsApiDeps): Router {
  const router = Router();

  router.get(
    "/sessions",
    handle(async (req, res) => {
      const me = await requireAccount(accounts, req, res, "sessions");
      if (me === null) return;
      const sessions = await accounts.listSessions(me.user.id);
      const body: SessionsResponse = { sessions: sessions.map((s) => view(s, me.account.sessionId)) };
      res.json(body);
    }),
  );

  router.delete(
    "/sessions",
    handle(async (req, res) => {
      const me = await requireAccount(accounts, req, res, "sessions");
      if (me === null) return;
      const ended = await accounts.endSessions(me.user.id, me.account.sessionId);
      sessionsEnded(ended);
      const body: SessionsEndedResponse = { ok: true, ended: ended.length };
      res.json(body);
    }),
  );

  router.delete(
    "/sessions/:id",
    handle(async (req, res) => {
      const me = await requireAccount(accounts, req, res, "sessions");
      if (me === null) return;
      const id = String(req.params.id);
      if (!(await accounts.endSession(me.user.id, id))) {
        res.status(404).json({ ok: false, code: "not-found", message: "no such session of yours is open" });
        return;
      }
      sessionsEnded([id]);
      res.json({ ok: true, ended: 1 } satisfies SessionsEndedResponse);
    }),
  );

  router.post(
    "/password",
    handle(async (req, res) => {
      const me = await requireAccount(accounts, req, res, "password");
      if (me === null) return;
      const parsed = PasswordChangeRequest.safeParse(req.body ?? {});
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        res.status(400).json({
          ok: false,
          code: "invalid-payload",
          message: `${issue?.path.join(".") ?? "payload"}: ${issue?.message ?? "invalid"}`.slice(0, 200),
        });
        return;
      }
      const from = {
        address: clientAddress(req.socket.remoteAddress, req.headers["x-forwarded-for"], trustedProxies),
        device: deviceOf(req.headers["user-agent"]),
      };
      const result = await accounts.changePassword(me, parsed.data, from);
      if (!result.ok) {
        const status = { "bad-credentials": 401, "rate-limited": 429, "weak-password": 400 }[
          result.code as string
        ];
        res.status(status ?? 400).json({
          ok: false,
          code: result.code,
          message: result.message,
          ...("retryAfterMs" in result ? { retryAfterMs: result.retryAfterMs } : {}),
        });
        return;
      }
      sessionsEnded(result.value.ended);
      res.json({ ok: true, ended: result.value.ended.length } satisfies SessionsEndedResponse);
    }),
  );

  return router;
}
