import { type Locator, type Page, expect, test } from "@playwright/test";
import { DESKTOP, PHONE, watchErrors } from "../fixtures/two-players.js";

/**
 * WCAG's contrast ratio of an element's text against the first opaque background behind it (the
 * element's own or an ancestor's).
 */
async function contrastOf(element: Locator): Promise<number> {
  return element.evaluate((node) => {
    const rgb = (css: string) => (css.match(/[\d.]+/g) ?? []).map(Number);
    const luminance = ([r = 0, g = 0, b = 0]: number[]) => {
      const [lr, lg, lb] = [r, g, b].map((v) => {
        const c = v / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * (lr ?? 0) + 0.7152 * (lg ?? 0) + 0.0722 * (lb ?? 0);
    };
    let back: number[] | null = null;
    for (let at: Element | null = node; at !== null && back === null; at = at.parentElement) {
      const color = rgb(getComputedStyle(at).backgroundColor);
      if (color.length === 3 || (color[3] ?? 0) === 1) back = color.slice(0, 3);
    }
    const fore = luminance(rgb(getComputedStyle(node).color));
    const behind = luminance(back ?? [255, 255, 255]);
    return (Math.max(fore, behind) + 0.05) / (Math.min(fore, behind) + 0.05);
  });
}

async function openForms(page: Page): Promise<void> {
  await page.goto("/");
  await expect(page.getByTestId("session-badge")).toHaveAttribute("data-connection", "connected");
  await page.getByTestId("sign-in").click();
  await expect(page.getByTestId("login-form")).toBeVisible();
}

test("the log-in and register pop-up's tabs and labels meet WCAG AA contrast (4.5:1)", async ({ page }) => {
  const errors = watchErrors(page);
  await page.setViewportSize(DESKTOP);
  await openForms(page);
  const dialog = page.getByRole("dialog");
  const texts = [
    page.getByTestId("login-tab"),
    page.getByTestId("register-tab"),
    dialog.locator("label.field").nth(0),
    dialog.locator("label.field").nth(1),
  ];
  for (const text of texts) expect(await contrastOf(text)).toBeGreaterThanOrEqual(4.5);
  await page.screenshot({ path: "../docs/screenshots/account-login-desktop.png" });

  await page.getByTestId("register-tab").click();
  await expect(page.getByTestId("register-form")).toBeVisible();
  for (const text of [...texts, dialog.locator("p.muted")]) {
    expect(await contrastOf(text)).toBeGreaterThanOrEqual(4.5);
  }
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: "../docs/screenshots/account-register-phone.png" });
  expect(errors).toEqual([]);
});
