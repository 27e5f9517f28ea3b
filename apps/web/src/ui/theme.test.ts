import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { THEME_CHOICES, THEME_SCRIPT, parseThemeChoice, resolveTheme } from "./theme";

/** Runs the inline script against a stored value and a system preference; answers what it set. */
function runScript(stored: string | null, prefersDark: boolean) {
  const dataset: Record<string, string> = {};
  runInNewContext(THEME_SCRIPT, {
    localStorage: { getItem: () => stored },
    matchMedia: () => ({ matches: prefersDark }),
    document: { documentElement: { dataset } },
  });
  return dataset;
}

describe("the colour theme", () => {
  it("follows the system unless light or dark was chosen", () => {
    expect(resolveTheme("system", true)).toBe("dark");
    expect(resolveTheme("system", false)).toBe("light");
    expect(resolveTheme("light", true)).toBe("light");
    expect(resolveTheme("dark", false)).toBe("dark");
  });

  it("reads anything but a known choice as the system's", () => {
    expect(parseThemeChoice(null)).toBe("system");
    expect(parseThemeChoice("sepia")).toBe("system");
    expect(parseThemeChoice("dark")).toBe("dark");
  });

  it("has an inline script that sets the same theme as the app before the first paint", () => {
    for (const stored of [null, "junk", ...THEME_CHOICES]) {
      for (const prefersDark of [false, true]) {
        const choice = parseThemeChoice(stored);
        expect(runScript(stored, prefersDark)).toEqual({
          theme: resolveTheme(choice, prefersDark),
          themeChoice: choice,
        });
      }
    }
  });

  it("leaves the page light when storage is refused (private modes)", () => {
    const dataset: Record<string, string> = {};
    runInNewContext(THEME_SCRIPT, {
      localStorage: {
        getItem: () => {
          throw new Error("SecurityError");
        },
      },
      matchMedia: () => ({ matches: true }),
      document: { documentElement: { dataset } },
    });
    expect(dataset).toEqual({});
  });
});
