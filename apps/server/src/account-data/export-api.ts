import { Router } from "express";
import { type Accounts } from "../accounts/service.js";
import { type Clock } from "../clocks/scheduler.js";
import { requireAccount } from "../http/require-account.js";
import { type QuotaStore } from "../store/ports/quotas.js";
import { type AccountExportDeps, EXPORT_COOLDOWN_MS, exportAccount } from "./export.js";
import { handle } from "../http/handle.js";

export interface ExportApiDeps {
  readonly accounts: Accounts;
  readonly quotas: QuotaStore;
  readonly clock: Clock;
  readonly data: AccountExportDeps;
}

/** `GET /api/account/export` (docs/protocol.md, "Export"): the account's data as one zip, once per 10 minutes. */
export function accountExportRouter({ accounts, quotas, clock, data }: ExportApiDeps): Router {
  const router = Router();

  router.get(
    "/account/export",
    handle(async (req, res) => {
      const me = await requireAccount(accounts, req, res, "data to export");
      if (me === null) return;
      const now = clock.now();
      const wait = await quotas.cooldown(`account-export:${me.user.id}`, EXPORT_COOLDOWN_MS, now);
      if (wait > 0) {
        res.setHeader("Retry-After", Math.ceil(wait / 1000));
        res.status(429).json({
          ok: false,
          code: "rate-limited",
          message: `one export every 10 minutes; try again in ${Math.ceil(wait / 60_000)} min`,
          retryAfterMs: wait,
        });
        return;
      }
      const archive = await exportAccount(data, me.user.id, now);
      if (archive === null) {
        res.status(404).json({ ok: false, code: "not-found", message: "no such account" });
        return;
      }
      res.setHeader("Content-Type", "application/zip");
      res.setHeader("Content-Disposition", `attachment; filename="arena-${me.user.name}-export.zip"`);
      res.setHeader("Cache-Control", "no-store");
      res.send(archive);
    }),
  );

  return router;
}
