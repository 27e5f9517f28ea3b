import { type NextFunction, type Request, type Response } from "express";

/**
 * An async route whose rejection answers `503 store-unavailable`: what a route awaits that can reject is a
 * store, unreachable. After the answer has started, the error goes on to Express's error handler.
 */
export const handle =
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
