import { AccountCloseRequest, type AccountClosedResponse } from "@arena/protocol";
import { type NextFunction, type Request, type Response, Router } from "express";
import { clientAddress } from "../http/client-address.js";
import { requireAccount } from "../http/require-account.js";
import { type AccountClosing } from "./closing.js";
import { deviceOf } from "./device.js";
import { type Accounts } from "./service.js";
import { handle } from "../http/handle.js";

export interface ClosingApiDeps {
  readonly accounts: Accounts;
  readonly closing: AccountClosing;
  readonly trustedProxies: number;
}

const STATUS: Record<string, number> = {
  "invalid-payload": 400,
  "bad-credentials": 401,
  "not-found": 404,
  "rate-limited": 429,
};

/**
 * Closing an account under `/api` (docs/protocol.md, "Closing an account"): `POST /account/close` with the
 * password; and before a registration (`POST /accounts`, answered by the accounts router), a closed
 * account's name whose hold is over is freed.
 */
export function closingRouter({ accounts, closing, trustedProxies }: ClosingApiDeps): Router {
  const router = Router();

  // Then the accounts router registers; a store failure here is left for it to meet and answer.
  router.post("/accounts", (req: Request, _res: Response, next: NextFunction) => {
    const name: unknown = (req.body as { name?: unknown } | undefined)?.name;
    if (typeof name !== "string" || name.length > 64) return next();
    closing.freeNameIfDue(name).then(
      () => next(),
      () => next(),
    );
  });

  router.post(
    "/account/close",
    handle(async (req, res) => {
      const me = await requireAccount(accounts, req, res, "account to close");
      if (me === null) return;
      const parsed = AccountCloseRequest.safeParse(req.body ?? {});
      if (!parsed.success) {
        res.status(400).json({ ok: false, code: "invalid-payload", message: "send {password}" });
        return;
      }
      const address = clientAddress(req.socket.remoteAddress, req.headers["x-forwarded-for"], trustedProxies);
      const result = await closing.closeByOwner(me, parsed.data.password, {
        address,
        device: deviceOf(req.headers["user-agent"]),
      });
      if (!result.ok) {
        res.status(STATUS[result.code] ?? 400).json(result);
        return;
      }
      const body: AccountClosedResponse = { ok: true, closedAt: result.value.closedAt };
      res.json(body);
    }),
  );

  return router;
}
