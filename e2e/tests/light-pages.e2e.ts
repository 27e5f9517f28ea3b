import { DEFAULT_GAME_ID } from "@arena/engine/registry";
import { expect, test, type Response } from "@playwright/test";

// Issue 31, "Light pages": the browser loads no zod (docs/web.md). The protocol's schemas and zod itself
// were one chunk of 215 KB on every page; the web now takes the protocol's values from its zod-free entry.
// `$ZodType` is the name zod's runtime registers its base schema class under, and nothing else has it.
const ZOD_SIGNATURE = "$ZodType";

for (const path of ["/", `/how-to-play/${DEFAULT_GAME_ID}`, "/board-demo"]) {
  test(`${path} loads no script with zod in it`, async ({ page }) => {
    const scripts: Promise<{ url: string; text: string }>[] = [];
    page.on("response", (response: Response) => {
      if (response.request().resourceType() !== "script") return;
      scripts.push(response.text().then((text) => ({ url: response.url(), text })));
    });
    await page.goto(path, { waitUntil: "load" });
    await expect(page.getByTestId("session-badge")).toBeVisible();
    const loaded = await Promise.all(scripts);
    expect(loaded.length).toBeGreaterThan(0);
    expect(loaded.filter(({ text }) => text.includes(ZOD_SIGNATURE)).map(({ url }) => url)).toEqual([]);
  });
}
