import { isGameId } from "@arena/engine/registry";
import { exportFormatsOf } from "@arena/match";
import {
  type Failure,
  type MatchId,
  TournamentId,
  type TournamentView,
  type VersionedEvent,
} from "@arena/protocol";
import { type NextFunction, type Request, type Response, Router } from "express";
import { type Quotas } from "../quotas/quotas.js";
import { crosstableCsv, standingsCsv } from "../tournaments/exports/csv.js";
import { finishedGames, gamesGgf, gamesJson } from "../tournaments/exports/games.js";
import { wofResults } from "../tournaments/exports/wof.js";
import { type Tournaments } from "../tournaments/service.js";
import { clientAddress } from "./client-address.js";

export interface TournamentExportsDeps {
  readonly tournaments: Tournaments;
  /** A match's whole event log as the store holds it, null for no such match. */
  readonly matchLog: (matchId: MatchId) => Promise<readonly VersionedEvent[] | null>;
  readonly quotas: Quotas;
  readonly trustedProxies: number;
}

type ReadLog = TournamentExportsDeps["matchLog"];

/** A file's body and MIME type, or why this tournament has no such file. */
type Exported = { readonly body: string; readonly mime: string } | Failure;

const CSV = "text/csv; charset=utf-8";
const TEXT = "text/plain; charset=utf-8";

const noFile = (message: string): Failure => ({ ok: false, code: "bad-format", message });

/** Othello's files (GGF, WOF results): a game with a GGF writer is one whose games these describe. */
const writesGgf = (view: TournamentView) =>
  isGameId(view.gameId) && exportFormatsOf({ gameId: view.gameId }).includes("ggf");

/** Each file by name: whether it reads the games' logs (counted as a download), and how it is written. */
const FILES: Record<
  string,
  { readonly readsGames: boolean; write(view: TournamentView, readLog: ReadLog): Promise<Exported> }
> = {
  "standings.csv": {
    readsGames: false,
    write: (view) => Promise.resolve({ body: standingsCsv(view), mime: CSV }),
  },
  "crosstable.csv": {
    readsGames: false,
    write: (view) => {
      const body = crosstableCsv(view);
      return Promise.resolve(body === null ? noFile("an arena has no crosstable") : { body, mime: CSV });
    },
  },
  "games.ggf": {
    readsGames: true,
    write: async (view, readLog) =>
      writesGgf(view)
        ? { body: gamesGgf(await finishedGames(view, readLog)), mime: TEXT }
        : noFile(`${view.gameId} games download as games.json, not GGF`),
  },
  "wof.txt": {
    readsGames: true,
    write: async (view, readLog) =>
      writesGgf(view)
        ? { body: wofResults(view, await finishedGames(view, readLog)), mime: TEXT }
        : noFile(`WOF results are for Othello, not ${view.gameId}`),
  },
  "games.json": {
    readsGames: true,
    write: async (view, readLog) => ({
      body: JSON.stringify(gamesJson(view, await finishedGames(view, readLog))),
      mime: "application/json; charset=utf-8",
    }),
  },
};

/**
 * A tournament's results as files under `/api` (docs/protocol.md, "Tournaments"): standings and
 * crosstable CSV, its games as GGF (Othello) or JSON logs, and WOF rating-list results (Othello).
 */
export function tournamentExportsRouter({
  tournaments,
  matchLog,
  quotas,
  trustedProxies,
}: TournamentExportsDeps): Router {
  const router = Router();

  router.get(
    "/tournaments/:id/:file",
    async (req: Request<{ id: string; file: string }>, res: Response, next: NextFunction) => {
      const file = Object.hasOwn(FILES, req.params.file) ? FILES[req.params.file] : undefined;
      if (file === undefined) return next();
      const id = TournamentId.safeParse(req.params.id);
      if (!id.success) {
        res.status(400).json({ ok: false, code: "invalid-payload", message: "bad tournament id" });
        return;
      }
      if (file.readsGames) {
        // Counted per address like a match's download: the file reads every game's log.
        const address = clientAddress(
          req.socket.remoteAddress,
          req.headers["x-forwarded-for"],
          trustedProxies,
        );
        const limited = await quotas.download(address);
        if (limited !== null) {
          res.setHeader("Retry-After", Math.ceil(limited.retryAfterMs / 1000));
          res.status(429).json(limited);
          return;
        }
      }
      const view = await tournaments.view(id.data);
      if (view === null) {
        res.status(404).json({ ok: false, code: "not-found", message: "no such tournament" });
        return;
      }
      const written = await file.write(view, matchLog);
      if ("ok" in written) {
        res.status(400).json(written);
        return;
      }
      res.setHeader("Content-Type", written.mime);
      res.setHeader("Content-Disposition", `attachment; filename="arena-${view.id}-${req.params.file}"`);
      res.send(written.body);
    },
  );

  return router;
}
