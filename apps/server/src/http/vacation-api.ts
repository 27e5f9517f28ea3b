import { VacationRequest } from "@arena/protocol";
import { type Request, type Response, Router } from "express";
import { type Accounts } from "../accounts/service.js";
import { type Vacations } from "../vacation/service.js";
import { handle } from "./handle.js";
import { requireAccount } from "./require-account.js";

/**
 * `GET` and `POST /api/vacation` (docs/protocol.md, "Vacation"), bearer auth, for accounts only: a guest
 * has no allowance (`account-required`).
 */
export function vacationRouter(accounts: Accounts, vacations: Vacations): Router {
  const router = Router();

  async function accountOf(req: Request, res: Response) {
    return (
      (await requireAccount(accounts, req, res, "vacation days: vacations are for accounts"))?.user ?? null
    );
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
