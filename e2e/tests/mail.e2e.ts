// E-mail (docs/mail.md, docs/web.md "Settings"): an account sets its address in the settings, follows the
// verification link a real mail brings (the product sends through a real SMTP server on loopback), gets a
// "your turn" mail from a correspondence game, opens the game from its link, and stops that kind of mail
// from the mail's unsubscribe link, which asks before it acts.
import { expect, test } from "@playwright/test";
import { matchIdOf, square } from "../fixtures/arena.js";
import { accountPair, startCorrespondence } from "../fixtures/correspondence.js";
import { linkIn, mailTo } from "../fixtures/mailbox.js";

test("an address verified by mail gets a your-turn mail whose links open the game and unsubscribe", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const { ada, bea, adaName, errors } = await accountPair(browser);
  const address = `${adaName.toLowerCase()}@example.test`;

  // Ada sets her address; the page says a mail is on its way, and it arrives.
  await ada.page.goto("/settings");
  const panel = ada.page.getByTestId("email-settings");
  await expect(panel.getByTestId("email-status")).toHaveAttribute("data-status", "none");
  await expect(panel.getByTestId("email-not-sending")).toHaveCount(0);
  await panel.getByTestId("email-input").fill(address);
  await panel.getByTestId("email-save").click();
  await expect(panel.getByTestId("email-status")).toHaveAttribute("data-status", "unverified");
  await expect(panel.getByTestId("email-status")).toContainText("Check your inbox");
  const verification = await mailTo(address, "Confirm your e-mail address");
  await ada.page.goto(linkIn(verification, `${baseURL}/api/email/verify?token=`));
  await ada.page.waitForURL(/\/settings\?email=verified$/);
  await expect(panel.getByTestId("email-status")).toHaveAttribute("data-status", "verified");
  await expect(panel.getByTestId("email-just-verified")).toHaveText("Your address is verified.");
  await expect(panel.getByTestId("email-kind-your-turn")).toBeChecked();

  // A two-day correspondence game: Ada moves, Bea answers, and Ada is mailed that it is her turn.
  const matchId = await startCorrespondence(ada, bea);
  await square(ada.page, "f5").click();
  await square(bea.page, "d6").click();
  await ada.page.goto("/");
  const turn = await mailTo(address, "Your turn");
  expect(turn.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");

  // The mail's link opens the game, Ada to move.
  await ada.page.goto(linkIn(turn, `${baseURL}/play/`));
  expect(matchIdOf(ada.page)).toBe(matchId);
  await expect(ada.page.locator(".room")).toHaveAttribute("data-status", "live");
  await expect(ada.page).toHaveTitle("• Your turn — Arena");

  // The unsubscribe link asks first (a mail scanner opening it changes nothing), then stops this kind.
  const unsubscribe = linkIn(turn, `${baseURL}/api/email/unsubscribe?token=`);
  expect(turn.headers["list-unsubscribe"]).toBe(`<${unsubscribe}>`);
  await ada.page.goto(unsubscribe);
  await expect(ada.page.getByRole("heading", { name: "Unsubscribe" })).toBeVisible();
  await expect(ada.page.getByText("Stop the mails of this kind: Your turn?")).toBeVisible();
  await ada.page.goto("/settings");
  await expect(panel.getByTestId("email-kind-your-turn")).toBeChecked();
  await ada.page.goto(unsubscribe);
  await ada.page.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(ada.page.getByText("Done: you will get no more mails of this kind.")).toBeVisible();
  await ada.page.goto("/settings");
  await expect(panel.getByTestId("email-kind-your-turn")).not.toBeChecked();
  await expect(panel.getByTestId("email-kind-game-over")).toBeChecked();
  await ada.page.setViewportSize({ width: 1280, height: 800 });
  await ada.page.screenshot({ path: "../docs/screenshots/settings-email-desktop.png" });
  expect(errors).toEqual([]);
});
