import { PasswordResetConfirmRequest, PasswordResetRequest } from "@arena/protocol";
import { type Request, type Response, Router } from "express";
import { type z } from "zod";
import { clientAddress } from "../http/client-address.js";
import { deviceOf } from "./device.js";
import { type PasswordReset } from "./password-reset.js";
import { handle } from "../http/handle.js";

const STATUS: Record<string, number> = {
  "invalid-payload": 400,
  "weak-password": 400,
  "invalid-reset-link": 400,
  "bad-credentials": 401,
  "rate-limited": 429,
};

/** The body parsed, or a 400 naming the field at fault (never echoing a password). */
function parse<S extends z.ZodType>(schema: S, body: unknown, res: Response): z.infer<S> | null {
  const parsed = schema.safeParse(body ?? {});
  if (parsed.success) return parsed.data;
  const where = parsed.error.issues[0]?.path.join(".") ?? "";
  res.status(400).json({ ok: false, code: "invalid-payload", message: `${where || "payload"}: invalid` });
  return null;
}

/**
 * Password reset under `/api` (docs/protocol.md, "Password reset"): `POST /password/reset {name}` mails a
 * link, `POST /password/reset/confirm {token, newPassword}` sets the password and logs in.
 */
export function passwordResetRouter(reset: PasswordReset, trustedProxies: number): Router {
  const router = Router();
  const from = (req: Request) => ({
    address: clientAddress(req.socket.remoteAddress, req.headers["x-forwarded-for"], trustedProxies),
    device: deviceOf(req.headers["user-agent"]),
  });

  router.post(
    "/password/reset",
    handle(async (req, res) => {
      const input = parse(PasswordResetRequest, req.body, res);
      if (input === null) return;
      const result = await reset.request(input.name, from(req));
      res.status(result.ok ? 200 : 429).json(result);
    }),
  );

  router.post(
    "/password/reset/confirm",
    handle(async (req, res) => {
      const input = parse(PasswordResetConfirmRequest, req.body, res);
      if (input === null) return;
      const result = await reset.confirm(input.token, input.newPassword, from(req));
      if (!result.ok) {
        res.status(STATUS[result.code] ?? 400).json(result);
        return;
      }
      res.json(result.value);
    }),
  );

  return router;
}
