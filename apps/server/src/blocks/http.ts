import { BlockRequest, type BlocksResponse, type Failure } from "@arena/protocol";
import { type Response, Router } from "express";
import { type Accounts } from "../accounts/service.js";
import { requireAccount } from "../http/require-account.js";
import { type Blocks } from "./service.js";
import { handle } from "../http/handle.js";

const STATUS: Partial<Record<Failure["code"], number>> = {
  "invalid-payload": 400,
  forbidden: 403,
  "not-found": 404,
  quota: 409,
  "rate-limited": 429,
};

function refuse(res: Response, failure: Failure & { retryAfterMs?: number }): void {
  if (failure.retryAfterMs !== undefined)
    res.setHeader("Retry-After", Math.ceil(failure.retryAfterMs / 1000));
  res.status(STATUS[failure.code] ?? 400).json(failure);
}

/**
 * An account's blocked players under `/api` (docs/protocol.md, "Blocks"): `GET /blocks` lists them,
 * `POST /blocks {name}` blocks one, `DELETE /blocks/<name>` lifts a block; each answers the list.
 */
export function blocksRouter(accounts: Accounts, blocks: Blocks): Router {
  const router = Router();

  router.get(
    "/blocks",
    handle(async (req, res) => {
      const me = await requireAccount(accounts, req, res, "blocked players");
      if (me === null) return;
      res.json({ ok: true, blocks: await blocks.list(me.user.id) } satisfies BlocksResponse);
    }),
  );

  router.post(
    "/blocks",
    handle(async (req, res) => {
      const me = await requireAccount(accounts, req, res, "blocked players");
      if (me === null) return;
      const parsed = BlockRequest.safeParse(req.body ?? {});
      if (!parsed.success) {
        refuse(res, { ok: false, code: "invalid-payload", message: "expected {name} of an account" });
        return;
      }
      const answer = await blocks.set(me.user.id, parsed.data.name, true);
      if (!answer.ok) refuse(res, answer);
      else res.json(answer);
    }),
  );

  router.delete(
    "/blocks/:name",
    handle(async (req, res) => {
      const me = await requireAccount(accounts, req, res, "blocked players");
      if (me === null) return;
      const answer = await blocks.set(me.user.id, String(req.params.name), false);
      if (!answer.ok) refuse(res, answer);
      else res.json(answer);
    }),
  );

  return router;
}
