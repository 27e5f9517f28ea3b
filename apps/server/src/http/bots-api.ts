import { type BotsOnline, type UserRef } from "@arena/protocol";
import { type Request, type Response, Router } from "express";

/**
 * How long one answer is served again: every lobby tab asks every 10 s, and each fresh answer asks every
 * process through the adapter, so a flood of requests costs the cluster one question per this interval.
 */
export const BOTS_CACHE_MS = 2_000;

/**
 * `GET /api/bots`: the bot accounts connected now, on every process (docs/protocol.md, "Invitations by
 * name"), for the lobby's "Bots online" list. 503 when not every process answered in time.
 */
export function botsRouter(online: () => Promise<UserRef[] | null>, now: () => number = Date.now): Router {
  const router = Router();
  let cached: { readonly at: number; readonly answer: Promise<UserRef[] | null> } | null = null;
  router.get("/bots", async (_req: Request, res: Response) => {
    if (cached === null || now() - cached.at >= BOTS_CACHE_MS) cached = { at: now(), answer: online() };
    const bots = await cached.answer;
    if (bots === null) {
      cached = null;
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
