/**
 * The pages' Content-Security-Policy (docs/architecture.md, "Security"), for one response: scripts only
 * with this response's nonce (Next.js puts it on its own scripts and inline data) and what those load
 * (`'strict-dynamic'`), styles only from the app's own files or with the nonce, sockets and fetches to the
 * page's own origin, and no framing, plugins, `<base>` or foreign form targets.
 */
export interface CspInput {
  /** A fresh random value per response (base64). */
  readonly nonce: string;
  /**
   * The Host the page was asked for: `connect-src` names its `ws:`/`wss:` origins as well as `'self'`,
   * which browsers before CSP 3 do not stretch to WebSockets. Ignored unless it is a plain host[:port].
   */
  readonly host: string | null;
  /** `next dev` evaluates code for its error overlay: `'unsafe-eval'` there only. */
  readonly development: boolean;
}

const HOST = /^(?:[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

export function contentSecurityPolicy({ nonce, host, development }: CspInput): string {
  const sockets = host !== null && HOST.test(host) ? ` ws://${host} wss://${host}` : "";
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${development ? " 'unsafe-eval'" : ""}`,
    `style-src 'self' 'nonce-${nonce}'`,
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src 'self'${sockets}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}
