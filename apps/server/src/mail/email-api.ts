import { SetEmailKindsRequest, SetEmailRequest } from "@arena/protocol";
import { type Request, type Response, Router } from "express";
import { type EmailService } from "./email-service.js";

/** Where the settings live in the web app: the verify link lands there. */
export const SETTINGS_PAGE = "/settings";

const page = (title: string, line: string) =>
  `<!doctype html><meta charset="utf-8"><title>${title}</title><p>${line}</p>`;

/**
 * E-mail under `/api` (docs/protocol.md, "E-mail"): an account's settings (bearer), and the verify and
 * unsubscribe links, which work without signing in. `userOf` is the bearer token's account, null for
 * guests and strangers.
 */
export function emailRouter(email: EmailService, userOf: (req: Request) => Promise<string | null>): Router {
  const router = Router();
  const signedIn = async (req: Request, res: Response): Promise<string | null> => {
    const user = await userOf(req);
    if (user === null) {
      res.status(403).json({ ok: false, code: "forbidden", message: "an account's bearer token is needed" });
    }
    return user;
  };
  const invalid = (res: Response, message: string) =>
    res.status(400).json({ ok: false, code: "invalid-payload", message });

  router.get("/account/email", async (req, res) => {
    const user = await signedIn(req, res);
    if (user !== null) res.json(await email.view(user));
  });

  router.post("/account/email", async (req, res) => {
    const user = await signedIn(req, res);
    if (user === null) return;
    const body = SetEmailRequest.safeParse(req.body);
    if (!body.success) return void invalid(res, body.error.issues[0]?.message ?? "not an address");
    const refused = await email.setAddress(user, body.data.address, body.data.language);
    if (refused !== null) return void res.status(429).json(refused);
    res.json(await email.view(user));
  });

  router.post("/account/email/kinds", async (req, res) => {
    const user = await signedIn(req, res);
    if (user === null) return;
    const body = SetEmailKindsRequest.safeParse(req.body);
    if (!body.success) return void invalid(res, body.error.issues[0]?.message ?? "not a kinds record");
    await email.setKinds(user, body.data);
    res.json(await email.view(user));
  });

  router.get("/email/verify", async (req, res) => {
    const token = typeof req.query.token === "string" ? req.query.token : "";
    const verified = await email.verify(token);
    if (verified) return void res.redirect(303, `${SETTINGS_PAGE}?email=verified`);
    res.status(400).type("html").send(page("Link expired", "This link is used, expired or unknown."));
  });

  // The link in every mail: opening it is the one click (a plain page confirms it). RFC 8058 mail clients
  // POST to the same address, from the List-Unsubscribe header.
  const unsubscribe = async (req: Request, res: Response) => {
    const token = typeof req.query.token === "string" ? req.query.token : "";
    if (!(await email.unsubscribe(token))) {
      return void res.status(400).type("html").send(page("Unknown link", "This link is not valid."));
    }
    res.type("html").send(page("Unsubscribed", "Done: you will get no more mails of this kind."));
  };
  router.get("/email/unsubscribe", unsubscribe);
  router.post("/email/unsubscribe", unsubscribe);

  return router;
}
