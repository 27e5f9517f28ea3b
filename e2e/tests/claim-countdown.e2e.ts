import { expect, test } from "@playwright/test";
import { resultBanner } from "../fixtures/arena.js";
import { DESKTOP, PHONE, twoMovesIn, watchErrors } from "../fixtures/two-players.js";

/** The seconds a "You can claim the win in m:ss" text shows. */
function secondsOf(text: string | null): number {
  const match = /(\d+):(\d\d)/.exec(text ?? "");
  if (match === null) throw new Error(`no countdown in ${text ?? "null"}`);
  return Number(match[1]) * 60 + Number(match[2]);
}

test("waiting to claim against an absent opponent shows a countdown, then the claim button", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const { black, white } = await twoMovesIn(browser, { black: "Pia", white: "Quin" });
  const errors = watchErrors(black.page);
  const countdown = black.page.getByTestId("claim-countdown");
  await expect(countdown).toHaveCount(0);

  // Quin leaves for the lobby (a deliberate exit): gone after 10 s, counted down to on Pia's page.
  await white.page.getByRole("link", { name: "Lobby" }).first().click();
  await expect(countdown).toContainText(/You can claim the win in 0:(0\d|10)/);
  const first = secondsOf(await countdown.textContent());
  await expect.poll(async () => secondsOf(await countdown.textContent())).toBeLessThan(first);
  await expect(black.page.getByRole("button", { name: "Claim victory" })).toHaveCount(0);
  await black.page.setViewportSize(DESKTOP);
  await black.page.screenshot({ path: "../docs/screenshots/claim-countdown-desktop.png" });
  await black.page.setViewportSize(PHONE);
  await black.page.screenshot({ path: "../docs/screenshots/claim-countdown-phone.png", fullPage: true });

  // At the deadline the server pushes "gone": the button replaces the countdown.
  await expect(black.page.getByRole("button", { name: "Claim victory" })).toBeVisible({ timeout: 20_000 });
  await expect(countdown).toHaveCount(0);
  await black.page.getByRole("button", { name: "Claim victory" }).click();
  await expect(resultBanner(black.page)).toContainText("Pia (Black) wins");
  expect(errors).toEqual([]);
  await black.context.close();
  await white.context.close();
});
