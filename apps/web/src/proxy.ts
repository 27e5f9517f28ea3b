import { SECURITY_HEADERS } from "@arena/protocol/values";
import { type NextRequest, NextResponse } from "next/server";
import { isDevelopment } from "./env";
import { LOCALE_COOKIE, LOCALE_HEADER, LOCALE_QUERY, isLocale, negotiateLocale } from "./i18n/locales";
import { contentSecurityPolicy } from "./lib/csp";
import {
  SPEECH_COOKIE,
  SPEECH_COOKIE_MAX_AGE,
  SPEECH_HEADER,
  SPEECH_QUERY,
  negotiateSpeech,
  parseSpeechFlag,
  speechFlag,
} from "./speech/mode";

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
  // The page's language (issue 17): `?lang=`, else the switcher's cookie, else Accept-Language.
  const query = request.nextUrl.searchParams.get(LOCALE_QUERY);
  const locale = negotiateLocale({
    query,
    cookie: request.cookies.get(LOCALE_COOKIE)?.value ?? null,
    acceptLanguage: request.headers.get("accept-language"),
  });
  headers.set(LOCALE_HEADER, locale);
  // The screen-reader mode (docs/web.md), decided like the language: `?sr=`, else its cookie.
  const srQuery = parseSpeechFlag(request.nextUrl.searchParams.get(SPEECH_QUERY));
  const speech = negotiateSpeech({
    query: request.nextUrl.searchParams.get(SPEECH_QUERY),
    cookie: request.cookies.get(SPEECH_COOKIE)?.value ?? null,
  });
  headers.set(SPEECH_HEADER, speechFlag(speech));
  const response = NextResponse.next({ request: { headers } });
  // A language named in the URL sticks, as the switcher's choice does.
  if (isLocale(query)) {
    response.cookies.set(LOCALE_COOKIE, query, { path: "/", maxAge: 365 * 24 * 3600, sameSite: "lax" });
  }
  if (srQuery !== null) {
    response.cookies.set(SPEECH_COOKIE, speechFlag(srQuery), {
      path: "/",
      maxAge: SPEECH_COOKIE_MAX_AGE,
      sameSite: "lax",
    });
  }
  response.headers.append("Vary", "Accept-Language, Cookie");
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
