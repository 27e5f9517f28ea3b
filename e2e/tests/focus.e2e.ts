// Focus always visible (issue 31, Build 3; docs/web.md, "Accessibility"): walking a page with Tab, every
// control shows a ring at least 2 px wide whose colour has 3:1 against what is around it, in both themes.
import { type Page, expect, test } from "@playwright/test";
import { installContrast } from "../fixtures/contrast.js";

/** The focused element's ring: its width, and its contrast with the colour behind it (or a reason why not). */
async function focusRing(page: Page) {
  await installContrast(page);
  return page.evaluate(() => {
    const { parse, background, ratio } = window.arenaContrast!;
    const el = document.activeElement;
    if (el === null || el === document.body) return null;
    const what = `${el.tagName.toLowerCase()} "${(el.getAttribute("aria-label") ?? el.textContent ?? "").trim().slice(0, 30)}"`;
    // An SVG shape (a Dice of Doom hex) shows focus by its outline's stroke, which lies on the page.
    const shape = el instanceof SVGElement ? el.querySelector("polygon") : null;
    if (shape !== null) {
      const stroke = getComputedStyle(shape);
      return {
        what,
        width: stroke.stroke === "none" ? 0 : parseFloat(stroke.strokeWidth),
        contrast: ratio(parse(stroke.stroke), background(el.closest("svg"))),
      };
    }
    const style = getComputedStyle(el);
    // A ring drawn outside the element lies on its parent's background; one drawn inside, on its own.
    const behind = parseFloat(style.outlineOffset) < 0 ? background(el) : background(el.parentElement);
    return {
      what,
      width: style.outlineStyle === "none" ? 0 : parseFloat(style.outlineWidth),
      contrast: ratio(parse(style.outlineColor), behind),
    };
  });
}

for (const scheme of ["light", "dark"] as const) {
  test(`every control shows a focus ring of 3:1, ${scheme}`, async ({ browser }) => {
    const context = await browser.newContext({ colorScheme: scheme });
    const page = await context.newPage();
    const weak: string[] = [];
    let seen = 0;
    for (const path of ["/", "/board-demo"]) {
      await page.goto(path);
      await expect(page.getByTestId("session-badge")).toHaveAttribute("data-connection", "connected");
      await expect(page.locator("html")).toHaveAttribute("data-theme", scheme);
      for (let step = 0; step < 30; step++) {
        await page.keyboard.press("Tab");
        const ring = await focusRing(page);
        if (ring === null) continue;
        seen++;
        if (ring.width < 2 || ring.contrast < 3)
          weak.push(`${path} ${ring.what}: ${ring.width}px, ${ring.contrast.toFixed(2)}:1`);
      }
    }
    expect(seen).toBeGreaterThan(40);
    expect(weak, weak.join("\n")).toEqual([]);
    await context.close();
  });
}
