import { cookies, headers } from "next/headers";
import { getRequestConfig } from "next-intl/server";
import { catalogue } from "./catalogue";
import { LOCALE_COOKIE, LOCALE_HEADER, isLocale, negotiateLocale } from "./locales";

/**
 * next-intl's configuration per request, without locale-prefixed URLs: every page keeps its one URL and the
 * language comes from `?lang=`, the switcher's cookie or Accept-Language. The proxy (src/proxy.ts) has
 * already decided and passes its choice in a header; the fallback decides the same way for a request
 * that did not pass through it.
 */
export default getRequestConfig(async () => {
  const [headerList, cookieList] = await Promise.all([headers(), cookies()]);
  const chosen = headerList.get(LOCALE_HEADER);
  const locale = isLocale(chosen)
    ? chosen
    : negotiateLocale({
        cookie: cookieList.get(LOCALE_COOKIE)?.value ?? null,
        acceptLanguage: headerList.get("accept-language"),
      });
  return { locale, messages: catalogue(locale) };
});
