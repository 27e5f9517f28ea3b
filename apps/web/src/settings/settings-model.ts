import { NOTIFICATION_KINDS } from "@arena/protocol";
import type { EmailKinds, EmailSettings } from "../net/account-api";

/** What the e-mail section says of the address (docs/web.md, "Settings"). */
export type AddressStatus = "none" | "unverified" | "verified";

export function addressStatus(settings: EmailSettings): AddressStatus {
  if (settings.address === null || settings.address === "") return "none";
  return settings.verified ? "verified" : "unverified";
}

/** The switches in a stable order: the notification kinds' own, then any other the server names. */
export function kindOrder(kinds: EmailKinds): string[] {
  const known: readonly string[] = NOTIFICATION_KINDS;
  const present = Object.keys(kinds);
  return [...known.filter((k) => present.includes(k)), ...present.filter((k) => !known.includes(k)).sort()];
}

export const withKind = (kinds: EmailKinds, kind: string, on: boolean): EmailKinds => ({
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
