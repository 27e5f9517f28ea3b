/** The languages of the product (issue 17). English is the default and the fallback. */
export const LOCALES = ["en", "ru", "ja"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";

/** The cookie the language switcher sets; it wins over the browser's Accept-Language. */
export const LOCALE_COOKIE = "NEXT_LOCALE";
/** A URL may name its language (`/?lang=ru`): the proxy then sets the cookie, so it sticks. */
export const LOCALE_QUERY = "lang";
/** The request header through which the proxy hands the chosen language to the page's rendering. */
export const LOCALE_HEADER = "x-arena-locale";

/** Each language in its own words, for the switcher. */
export const LOCALE_NAMES: Readonly<Record<Locale, string>> = { en: "English", ru: "Русский", ja: "日本語" };

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/**
 * The languages of an Accept-Language header, best first: "ru-RU,ru;q=0.9,en;q=0.8" reads ru, ru, en.
 * Only the primary subtag counts (ru-RU is Russian); entries with q=0 are refused, as RFC 9110 says.
 */
function acceptedLanguages(header: string): string[] {
  return header
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return {
        language: tag.trim().toLowerCase().split("-")[0] ?? "",
        q: q === undefined ? 1 : Number(q),
        index,
      };
    })
    .filter((entry) => entry.language !== "" && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((entry) => entry.language);
}

/**
 * The language of a request: the URL's `?lang=`, else the switcher's cookie, else the first language of
 * Accept-Language that the product has, else English (issue 17).
 */
export function negotiateLocale(request: {
  readonly query?: string | null;
  readonly cookie?: string | null;
  readonly acceptLanguage?: string | null;
}): Locale {
  if (isLocale(request.query)) return request.query;
  if (isLocale(request.cookie)) return request.cookie;
  return acceptedLanguages(request.acceptLanguage ?? "").find(isLocale) ?? DEFAULT_LOCALE;
}
