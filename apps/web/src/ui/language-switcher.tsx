"use client";

import { useLocale, useTranslations } from "next-intl";
import { LOCALES, LOCALE_COOKIE, LOCALE_NAMES, LOCALE_QUERY, isLocale } from "../i18n/locales";

/** A year: the choice is a setting, as on lichess, not a visit's. */
const COOKIE_MAX_AGE = 365 * 24 * 3600;

/**
 * The language menu on every page: the choice is kept in a cookie (one URL per page, whatever the
 * language) and the page loads again in it. A `?lang=` in the address would override the cookie, so it is
 * dropped.
 */
export function LanguageSwitcher() {
  const locale = useLocale();
  const t = useTranslations("nav");
  return (
    <select
      className="lang-switch"
      data-testid="language-switcher"
      aria-label={t("language")}
      value={locale}
      onChange={(e) => {
        const chosen = e.target.value;
        if (!isLocale(chosen)) return;
        document.cookie = `${LOCALE_COOKIE}=${chosen}; path=/; max-age=${COOKIE_MAX_AGE}; samesite=lax`;
        const url = new URL(window.location.href);
        url.searchParams.delete(LOCALE_QUERY);
        window.location.assign(url.toString());
      }}
    >
      {LOCALES.map((l) => (
        <option key={l} value={l} lang={l}>
          {LOCALE_NAMES[l]}
        </option>
      ))}
    </select>
  );
}
