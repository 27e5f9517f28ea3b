import { type Page, expect, test } from "@playwright/test";
import { board, createGame, newPlayer, square } from "../fixtures/arena.js";

// Issue 20, finding 8: the pages had no Content-Security-Policy, frame-ancestors, Referrer-Policy or
// nosniff. Every page now has a policy with a nonce of its own (apps/web/src/proxy.ts); this checks the
// headers, that every script Next writes carries the nonce, and that nothing on the pages breaks the
// policy while they are used (a blocked inline script or style is reported as a violation).

/** Collects the policy violations a page reports, from the DOM event and from the console. */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (message.text().includes("Content Security Policy")) violations.push(message.text());
  });
  await page.exposeFunction("reportViolation", (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      (window as unknown as { reportViolation(text: string): void }).reportViolation(
        `${event.violatedDirective} blocked ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`,
      );
    });
  });
  return violations;
}

for (const path of ["/", "/board-demo", "/play/m_nothing"]) {
  test(`${path} has a nonce policy, no framing, nosniff and a same-origin referrer`, async ({ request }) => {
    const response = await request.get(path);
    const headers = response.headers();
    const policy = headers["content-security-policy"] ?? "";
    const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
    expect(nonce).toBeDefined();
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'/);
    expect(policy).not.toContain("unsafe-inline");
    expect(policy).toMatch(/connect-src 'self' ws:\/\/\S+ wss:\/\/\S+/);
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["x-frame-options"]).toBe("DENY");
    expect(headers["referrer-policy"]).toBe("same-origin");
    const html = await response.text();
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) expect(script).toContain(`nonce="${nonce}"`);
    // No inline style attribute in what the server renders: the policy would drop it.
    expect(html).not.toMatch(/<[a-z][^>]*\sstyle="/);
    // A fresh nonce per response.
    const again = (await request.get(path)).headers()["content-security-policy"];
    expect(again).not.toBe(policy);
  });
}

test("the pages run under their policy without a violation: lobby, every demo board, a game against the computer", async ({
  browser,
}) => {
  const player = await newPlayer(browser, "Strict");
  const page = player.page;
  const violations = await watchViolations(page);
  await page.goto("/board-demo");
  await expect(page.getByRole("grid", { name: "Othello board" })).toBeVisible();
  await page.getByRole("grid", { name: "Othello board" }).getByRole("button", { name: /^f5,/ }).click();
  await page.goto("/");
  await expect(page.locator(".session")).toHaveAttribute("data-connection", "connected");
  await createGame(page, { game: "othello", seats: ["me", "ai"], time: "5+0", levels: [undefined, 1] });
  await expect(board(page)).toBeVisible();
  await square(page, "f5").click();
  await expect(square(page, "f5")).toHaveAttribute("data-disc", "black");
  await page.getByRole("button", { name: "Resign" }).click();
  await page.getByRole("button", { name: "Yes, resign" }).click();
  await expect(page.getByTestId("result-banner")).toBeVisible();
  expect(violations).toEqual([]);
  await player.context.close();
});
