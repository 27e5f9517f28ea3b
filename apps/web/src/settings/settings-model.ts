import type { EmailKind } from "@arena/protocol";
import { NOTIFICATION_KINDS } from "@arena/protocol/values";
import type { EmailKinds, EmailSettings } from "../net/account-api";

/** What the e-mail section says of the address (docs/web.md, "Settings"). */
export type AddressStatus = "none" | "unverified" | "verified";

export function addressStatus(settings: Pick<EmailSettings, "address" | "verified">): AddressStatus {
  if (settings.address === null || settings.address === "") return "none";
  return settings.verified ? "verified" : "unverified";
}

/** The switches the server sent, in the notification kinds' own order. */
export function kindOrder(kinds: Partial<EmailKinds>): EmailKind[] {
  return NOTIFICATION_KINDS.filter((k) => k in kinds);
}

export const withKind = (kinds: EmailKinds, kind: EmailKind, on: boolean): EmailKinds => ({
  ...kinds,
  [kind]: on,
});

/**
 * A light check before the server's own (it decides, and mails the address to prove it): one "@" with
 * something either side, a dot in the domain, no spaces, at most 254 characters.
 */
export function plausibleAddress(text: string): boolean {
  const address = text.trim();
  return address.length <= 254 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address);
}
