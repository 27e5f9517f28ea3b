import { exportFormatsOf, recordFile, recordNames } from "@arena/match";
import { ExportQuery, MatchId } from "@arena/protocol";
import { type Request, type Response, Router } from "express";
import { type Quotas } from "../quotas/quotas.js";
import { type Rooms } from "../rooms/rooms.js";
import { clientAddress } from "./client-address.js";

/**
 * Game downloads under `/api` (docs/protocol.md, "Downloads"): `GET /matches/:id/export?format=` json (the
 * event log, every game), ggf or txt (Othello), pgn (king and rook vs king), as an attachment.
 */
export function exportRouter(rooms: Rooms, quotas: Quotas, trustedProxies: number): Router {
  const router = Router();

  router.get("/matches/:id/export", async (req: Request<{ id: string }>, res: Response) => {
    const id = MatchId.safeParse(req.params.id);
    if (!id.success) {
      res.status(400).json({ ok: false, code: "invalid-payload", message: "bad match id" });
      return;
    }
    const query = ExportQuery.safeParse(req.query);
    if (!query.success) {
      res
        .status(400)
        .json({ ok: false, code: "bad-format", message: "format is one of json, ggf, txt, pgn" });
      return;
    }
    // Counted per address before the store is read: a download reads a whole log.
    const address = clientAddress(req.socket.remoteAddress, req.headers["x-forwarded-for"], trustedProxies);
    const limited = await quotas.download(address);
    if (limited !== null) {
      res.setHeader("Retry-After", Math.ceil(limited.retryAfterMs / 1000));
      res.status(429).json(limited);
      return;
    }
    const room = await rooms.get(id.data);
    if (room === null) {
      res.status(404).json({ ok: false, code: "not-found", message: "no such match" });
      return;
    }
    const format = query.data.format;
    const model = await room.read(() => room.model);
    const offered = exportFormatsOf(model);
    if (!offered.includes(format)) {
      res.status(400).json({
        ok: false,
        code: "bad-format",
        message: `a ${model.gameId} match downloads as ${offered.join(", ")}, not ${format}`,
      });
      return;
    }
    const name = `arena-${id.data}`;
    if (format === "json") {
      const log = await rooms.log(id.data);
      res.setHeader("Content-Disposition", `attachment; filename="${name}.json"`);
      res.json({ matchId: id.data, gameId: model.gameId, log: log ?? [] });
      return;
    }
    const file = recordFile(model, format, recordNames(model));
    if (file === null) {
      res.status(400).json({ ok: false, code: "bad-format", message: `no ${format} writer` });
      return;
    }
    res.setHeader("Content-Type", file.mime);
    res.setHeader("Content-Disposition", `attachment; filename="${name}.${file.extension}"`);
    res.send(file.text);
  });

  return router;
}
