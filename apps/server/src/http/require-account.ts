import { type Request, type Response } from "express";
import { type Accounts, type ResolvedSession } from "../accounts/service.js";

/** The `Authorization: Bearer <token>` header's token, if any. */
export function bearerToken(req: Request): string | undefined {
  const header = req.headers.authorization;
  return header?.startsWith("Bearer ") === true ? header.slice("Bearer ".length).trim() : undefined;
}

/**
 * The bearer token's account session, or null after answering: 401 `forbidden` without a token that is
 * still someone's, 403 `account-required` for a guest (`what` says what guests lack).
 */
export async function requireAccount(
  accounts: Accounts,
  req: Request,
  res: Response,
  what: string,
): Promise<(ResolvedSession & { readonly account: NonNullable<ResolvedSession["account"]> }) | null> {
  const token = bearerToken(req);
  const resolved = token === undefined ? null : await accounts.resolve(token);
  if (resolved === null) {
    res
      .status(401)
      .json({ ok: false, code: "forbidden", message: "send your token: Authorization: Bearer <token>" });
    return null;
  }
  if (resolved.account === null) {
    res.status(403).json({ ok: false, code: "account-required", message: `guests have no ${what}` });
    return null;
  }
  return { ...resolved, account: resolved.account };
}
