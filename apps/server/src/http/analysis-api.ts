import { MatchId, PositionAnalysisRequest, type UserRef } from "@arena/protocol";
import { type Request, type Response, Router } from "express";
import { type AnalysisService, type Outcome } from "../analysis/service.js";
import { type Accounts } from "../accounts/service.js";
import { clientAddress } from "./client-address.js";

/**
 * The bearer token's user (`Authorization: Bearer <token>`, the token `session:ready` gives): a guest's, or
 * an account's whose session is still open (a logged-out token is nobody's).
 */
async function userOf(req: Request, accounts: Accounts): Promise<UserRef | null> {
  const header = req.headers.authorization;
  if (header?.startsWith("Bearer ") !== true) return null;
  const resolved = await accounts.resolve(header.slice("Bearer ".length).trim());
  return resolved?.user ?? null;
}

function send<T extends object>(res: Response, outcome: Outcome<T>, okStatus = 200): void {
  if (outcome.ok) {
    res.status(okStatus).json(outcome.value);
    return;
  }
  const { status, ...body } = outcome;
  // A limit's refusal also says when to retry in HTTP's own terms (whole seconds).
  if (body.retryAfterMs !== undefined) res.setHeader("Retry-After", Math.ceil(body.retryAfterMs / 1000));
  res.status(status).json(body);
}

const NO_USER = { ok: false, code: "forbidden", message: "send your token: Authorization: Bearer <token>" };

/** Post-game analysis and the analysis board under `/api` (docs/protocol.md, "Analysis"). */
export function analysisRouter(
  analysis: AnalysisService,
  accounts: Accounts,
  trustedProxies: number,
): Router {
  const router = Router();
  // The lane's per-address share counts the address the outermost trusted proxy saw (docs/protocol.md).
  const address = (req: Request) =>
    clientAddress(req.socket.remoteAddress, req.headers["x-forwarded-for"], trustedProxies);

  router.post("/matches/:id/analysis", async (req: Request<{ id: string }>, res: Response) => {
    const id = MatchId.safeParse(req.params.id);
    if (!id.success) {
      res.status(400).json({ ok: false, code: "invalid-payload", message: "bad match id" });
      return;
    }
    const user = await userOf(req, accounts);
    if (user === null) {
      res.status(401).json(NO_USER);
      return;
    }
    const outcome = await analysis.start(id.data, user.id, address(req));
    send(res, outcome, outcome.ok && outcome.value.state === "running" ? 202 : 200);
  });

  router.get("/matches/:id/analysis", async (req: Request<{ id: string }>, res: Response) => {
    const id = MatchId.safeParse(req.params.id);
    if (!id.success) {
      res.status(400).json({ ok: false, code: "invalid-payload", message: "bad match id" });
      return;
    }
    send(res, await analysis.status(id.data));
  });

  router.post("/analysis/position", async (req: Request, res: Response) => {
    const user = await userOf(req, accounts);
    if (user === null) {
      res.status(401).json(NO_USER);
      return;
    }
    const body = PositionAnalysisRequest.safeParse(req.body);
    if (!body.success) {
      res.status(400).json({ ok: false, code: "invalid-payload", message: "expected {gameId, position}" });
      return;
    }
    const outcome = await analysis.analysePosition(
      user.id,
      body.data.gameId,
      body.data.position,
      address(req),
    );
    send(res, outcome.ok ? { ok: true, value: { ok: true, analysis: outcome.value } } : outcome);
  });

  return router;
}
