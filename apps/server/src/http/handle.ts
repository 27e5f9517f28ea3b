import { type NextFunction, type Request, type Response } from "express";
import { type z } from "zod";

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

/**
 * The body, query or parameter parsed with its schema, or null after a 400 `invalid-payload` naming the first
 * problem's place (zod's messages quote no input, so a password is never echoed).
 */
export function parseOr400<S extends z.ZodType>(schema: S, value: unknown, res: Response): z.infer<S> | null {
  const parsed = schema.safeParse(value ?? {});
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where = issue === undefined ? "payload" : issue.path.join(".") || "payload";
  res.status(400).json({
    ok: false,
    code: "invalid-payload",
    message: `${where}: ${issue?.message ?? "invalid"}`.slice(0, 200),
  });
  return null;
}
