/**
 * Headers every HTTP response of the product carries, the API's and the pages' alike (docs/architecture.md,
 * "Security"): no MIME sniffing, no framing by other sites (pages also say so in their CSP's
 * `frame-ancestors 'none'`), and no `Referer` to other sites (a room's URL can hold its invite secret;
 * same-origin requests keep theirs, and keep their `Origin`, which the server's origin check reads).
 */
export const SECURITY_HEADERS = {
  "X-Content-Type-Options": "nosniff",
  "X-Frame-Options": "DENY",
  "Referrer-Policy": "same-origin",
} as const;
