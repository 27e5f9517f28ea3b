import { VacationRequest } from "@arena/protocol";
import { type NextFunction, type Request, type Response, Router } from "express";
import { type Accounts } from "../accounts/service.js";
import { type Vacations } from "../vacation/service.js";

/** An async handler whose rejection is a 503: a rejection here is the store being unreachable. */
const handle =
  (fn: (req: Request, res: Response) => Promise<void>) =>
  (req: Request, res: Response, next: NextFunction): void => {
    fn(req, res).catch((error: unknown) => {
      if (res.headersSent) {
        next(error);
        return;
      }
      res.status(503).json({ ok: false, code: "store-unavailable", message: "the store is unavailable" });
    });
  };

/**
 * `GET` and `POST /api/vacation` (docs/protocol.md, "Vacation"), bearer auth, for accounts only: a guest
 * has no allowance (`account-required`).
 */
export function vacationRouter(accounts: Accounts, vacations: Vacations): Router {
  const router = Router();

  async function accountOf(req: Request, res: Response) {
    const header = req.headers.authorization;
    const resolved =
      header?.startsWith("Bearer ") === true
        ? await accounts.resolve(header.slice("Bearer ".length).trim())
        : null;
    if (resolved === null) {
      res
        .status(401)
        .json({ ok: false, code: "forbidden", message: "send your token: Authorization: Bearer <token>" });
      return null;
    }
    if (resolved.account === null) {
      res.status(403).json({
        ok: false,
        code: "account-required",
        message: "vacations are for accounts: guests have no vacation days",
      });
      return null;
    }
    return resolved.user;
  }

  router.get(
    "/vacation",
    handle(async (req, res) => {
      const user = await accountOf(req, res);
      if (user !== null) res.json(await vacations.status(user.id));
    }),
  );

  router.post(
    "/vacation",
    handle(async (req, res) => {
      const user = await accountOf(req, res);
      if (user === null) return;
      const body = VacationRequest.safeParse(req.body ?? {});
      if (!body.success) {
        res
          .status(400)
          .json({ ok: false, code: "invalid-payload", message: "send {on: true} or {on: false}" });
        return;
      }
      const answer = await vacations.set(user, body.data.on);
      if (answer.ok) {
        res.json(answer);
        return;
      }
      if (answer.retryAfterMs !== undefined)
        res.setHeader("Retry-After", Math.ceil(answer.retryAfterMs / 1000));
      res.status(answer.code === "quota" ? 429 : 409).json(answer);
    }),
  );

  return router;
}
