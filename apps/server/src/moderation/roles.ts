import { type AuditAction, type AuditEntry, type ModUser } from "@arena/protocol";
import { randomId } from "../identity/tokens.js";
import { type ModerationStore } from "../store/ports/moderation.js";
import { type PlayerStore } from "../store/ports/players.js";

/** An audit-log entry (docs/protocol.md, "Moderation"): who, when, what, to whom and why. */
export function auditEntry(
  at: number,
  by: string,
  action: AuditAction,
  target: ModUser | null,
  why: string,
  detail: string,
): AuditEntry {
  return {
    id: randomId(9),
    at,
    by,
    action,
    target: target === null ? null : { id: target.id, name: target.name },
    why,
    detail,
  };
}

export type RoleResult =
  | { readonly ok: true; readonly changed: boolean; readonly user: ModUser }
  | { readonly ok: false; readonly reason: "no-account" };

/**
 * Grants or revokes the moderator role of the account `name` (only from the command line: `arena admin
 * grant|revoke <name>`), written to the audit log by "console" whether or not it changed anything.
 */
export async function setModeratorRole(
  stores: { readonly players: PlayerStore; readonly moderation: ModerationStore },
  name: string,
  moderator: boolean,
  now: number,
): Promise<RoleResult> {
  const account = await stores.players.accountByName(name);
  if (account === null) return { ok: false, reason: "no-account" };
  const user = { id: account.id, name: account.name };
  const changed = await stores.moderation.setModerator(account.id, moderator);
  const detail = changed ? "" : moderator ? "already a moderator" : "was not a moderator";
  await stores.moderation.appendAudit(
    auditEntry(now, "console", moderator ? "grant" : "revoke", user, "command line", detail),
  );
  return { ok: true, changed, user };
}
