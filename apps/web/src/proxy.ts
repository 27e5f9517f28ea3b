import { SECURITY_HEADERS } from "@arena/protocol/http";
import { type NextRequest, NextResponse } from "next/server";
import { isDevelopment } from "./env";
import { contentSecurityPolicy } from "./lib/csp";

/**
 * Every page gets a Content-Security-Policy with a nonce of its own (docs/architecture.md, "Security").
 * Next.js reads the policy from the request headers while it renders and puts the nonce on every script
 * and inline style it writes, so pages render per request (the root layout waits for the request).
 */
export function proxy(request: NextRequest): NextResponse {
  const nonce = btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))));
  const policy = contentSecurityPolicy({
    nonce,
    host: request.headers.get("host"),
    development: isDevelopment(),
  });
  const headers = new Headers(request.headers);
  headers.set("Content-Security-Policy", policy);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set("Content-Security-Policy", policy);
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) response.headers.set(name, value);
  return response;
}

export const config = {
  matcher: [
    {
      // Pages only: the built scripts, styles and fonts need no policy of their own.
      source: "/((?!_next/static|_next/image|favicon.ico).*)",
      missing: [
        { type: "header", key: "next-router-prefetch" },
        { type: "header", key: "purpose", value: "prefetch" },
      ],
    },
  ],
};
