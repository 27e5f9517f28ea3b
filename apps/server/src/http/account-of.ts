import { type Request } from "express";
import { type Accounts } from "../accounts/service.js";

/** The bearer token's account id (`Authorization: Bearer <token>`); null for guests and strangers. */
export async function accountOf(req: Request, accounts: Accounts): Promise<string | null> {
  const header = req.headers.authorization;
  if (header?.startsWith("Bearer ") !== true) return null;
  const resolved = await accounts.resolve(header.slice("Bearer ".length).trim()).catch(() => null);
  return resolved?.account == null ? null : resolved.user.id;
}
