import { PasswordResetConfirmRequest, PasswordResetRequest } from "@arena/protocol";
import { type Request, Router } from "express";
import { clientAddress } from "../http/client-address.js";
import { deviceOf } from "./device.js";
import { type PasswordReset } from "./password-reset.js";
import { handle, parseOr400 } from "../http/handle.js";

const STATUS: Record<string, number> = {
  "invalid-payload": 400,
  "weak-password": 400,
  "invalid-reset-link": 400,
  "bad-credentials": 401,
  "rate-limited": 429,
};

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
      const input = parseOr400(PasswordResetRequest, req.body, res);
      if (input === null) return;
      const result = await reset.request(input.name, from(req));
      res.status(result.ok ? 200 : 429).json(result);
    }),
  );

  router.post(
    "/password/reset/confirm",
    handle(async (req, res) => {
      const input = parseOr400(PasswordResetConfirmRequest, req.body, res);
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
