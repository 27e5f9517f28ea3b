import { MatchId } from "@arena/protocol";
import { type NextFunction, type Request, type Response } from "express";

/** The request header by which the room page learns that its match does not exist (it answers 404). */
export const MISSING_MATCH_HEADER = "x-arena-match";

/**
 * Before the web app renders `/play/<id>`: marks the request when there is no such match, so the page
 * answers HTTP 404 with the not-found page rather than 200 with a room that says so. The mark is the
 * server's alone: one a client sent is dropped. A store that fails to answer marks nothing (the room page
 * then says what the socket finds).
 */
export function markMissingMatch(exists: (matchId: MatchId) => Promise<boolean>) {
  return (req: Request<{ id: string }>, _res: Response, next: NextFunction): void => {
    delete req.headers[MISSING_MATCH_HEADER];
    const id = MatchId.safeParse(req.params.id);
    const known = id.success ? exists(id.data) : Promise.resolve(false);
    known.then(
      (found) => {
        if (!found) req.headers[MISSING_MATCH_HEADER] = "missing";
        next();
      },
      () => next(),
    );
  };
}
