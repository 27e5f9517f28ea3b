import { describe, expect, it } from "vitest";
import { negotiateLocale } from "./locales";

describe("the language of a request", () => {
  it("is English with nothing to go by, or with only languages the product lacks", () => {
    expect(negotiateLocale({})).toBe("en");
    expect(negotiateLocale({ acceptLanguage: "de-DE,fr;q=0.8" })).toBe("en");
  });

  it("follows Accept-Language by quality, on the primary subtag", () => {
    expect(negotiateLocale({ acceptLanguage: "ru-RU,ru;q=0.9,en;q=0.8" })).toBe("ru");
    expect(negotiateLocale({ acceptLanguage: "de;q=1, ja;q=0.5, ru;q=0.7" })).toBe("ru");
    expect(negotiateLocale({ acceptLanguage: "ja" })).toBe("ja");
    expect(negotiateLocale({ acceptLanguage: "ru;q=0, ja;q=0.1" })).toBe("ja");
  });

  it("lets the cookie override the browser, and the URL override both", () => {
    expect(negotiateLocale({ cookie: "ja", acceptLanguage: "ru" })).toBe("ja");
    expect(negotiateLocale({ query: "ru", cookie: "ja", acceptLanguage: "en" })).toBe("ru");
    expect(negotiateLocale({ query: "xx", cookie: "zz", acceptLanguage: "ja" })).toBe("ja");
  });
});
