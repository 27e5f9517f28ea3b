/**
 * Whether this browser last held an account's session (docs/web.md, "Light pages"): a cookie of one flag,
 * no secret, so that a page's server render can draw what differs between a guest and an account the way
 * this browser will most likely see it (a first visit is a guest's). The session itself stays the socket's.
 */
export const ACCOUNT_HINT_COOKIE = "arena_account";
/** A year, as the language's cookie. */
const MAX_AGE = 365 * 24 * 3600;

/** The flag as the cookie holds it: true for "1", false otherwise (absent: a guest). */
export function parseAccountHint(value: string | null | undefined): boolean {
  return value === "1";
}

/** Keeps the cookie in step with the session the socket gave this tab; writes only when it changes. */
export function writeAccountHint(account: boolean): void {
  const now = document.cookie.split("; ").some((part) => part === `${ACCOUNT_HINT_COOKIE}=1`);
  if (now === account) return;
  document.cookie = account
    ? `${ACCOUNT_HINT_COOKIE}=1; path=/; max-age=${MAX_AGE}; samesite=lax`
    : `${ACCOUNT_HINT_COOKIE}=; path=/; max-age=0; samesite=lax`;
}
