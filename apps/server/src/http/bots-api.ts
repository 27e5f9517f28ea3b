import { type BotsOnline, type UserRef } from "@arena/protocol";
import { type Request, type Response, Router } from "express";

/**
 * `GET /api/bots`: the bot accounts connected now, on every process (docs/protocol.md, "Bots online"), for
 * the lobby's "Bots online" list. 503 when not every process answered in time.
 */
export function botsRouter(online: () => Promise<UserRef[] | null>): Router {
  const router = Router();
  router.get("/bots", async (_req: Request, res: Response) => {
    const bots = await online();
    if (bots === null) {
      res
        .status(503)
        .json({ ok: false, code: "unavailable", message: "could not ask every process; try again" });
      return;
    }
    const body: BotsOnline = { ok: true, bots };
    res.json(body);
  });
  return router;
}
