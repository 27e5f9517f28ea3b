import { SetEmailKindsRequest, SetEmailRequest } from "@arena/protocol";
import { type Request, type Response, Router } from "express";
import { type EmailService } from "./email-service.js";
import { fill, MAIL_TEXTS } from "./messages.js";

/** Where the settings live in the web app: the verify link lands there. */
export const SETTINGS_PAGE = "/settings";

/** A plain page for the links that open from a mail: `line` and `more` are HTML already escaped. */
const page = (title: string, line: string, lang = "en", more = "") =>
  `<!doctype html><html lang="${lang}"><meta charset="utf-8">` +
  `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title>` +
  `<h1>${title}</h1><p>${line}</p>${more}</html>`;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

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
    if (refused !== null) return void res.status(refused.code === "rate-limited" ? 429 : 503).json(refused);
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

  // The link in every mail opens a page asking to confirm, so that a mail scanner following links does not
  // unsubscribe anyone; its button, and RFC 8058 mail clients (from the List-Unsubscribe header), POST.
  const target = async (req: Request, res: Response) => {
    const token = typeof req.query.token === "string" ? req.query.token : "";
    const found = await email.unsubscribeTarget(token);
    if (found === null) res.status(400).type("html").send(page("Unknown link", "This link is not valid."));
    return found === null ? null : { token, ...found };
  };
  router.get("/email/unsubscribe", async (req, res) => {
    const found = await target(req, res);
    if (found === null) return;
    const words = MAIL_TEXTS[found.language];
    const kind = found.kind === "all" ? words.unsubscribePage.every : words.kinds[found.kind].subject;
    const action = `/api/email/unsubscribe?token=${encodeURIComponent(found.token)}`;
    res
      .type("html")
      .send(
        page(
          words.unsubscribePage.title,
          escapeHtml(fill(words.unsubscribePage.question, { kind })),
          found.language,
          `<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="List-Unsubscribe" ` +
            `value="One-Click"><button type="submit">${words.unsubscribePage.button}</button></form>`,
        ),
      );
  });
  router.post("/email/unsubscribe", async (req, res) => {
    const found = await target(req, res);
    if (found === null) return;
    await email.unsubscribe(found.token);
    const words = MAIL_TEXTS[found.language].unsubscribePage;
    res.type("html").send(page(words.title, words.done, found.language));
  });

  return router;
}
