// A tournament by invitation through the pages (issue 29): an account creates an Othello round-robin by
// invitation with the form, naming a second account; that account, already on the lobby in its own browser,
// finds the invitation in its bell (once, however often its pages reconnect), follows it and joins; a third
// account sees the list's mark and, on the page, no Join but the line saying it is by invitation only (and
// the server refuses its join).
import { expect, test } from "@playwright/test";
import { registerAccount } from "../fixtures/accounts.js";
import { newPlayer } from "../fixtures/arena.js";

test("an invitee finds a tournament by invitation in the bell and joins; anyone else cannot", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now().toString(36).slice(-5);
  const [adaName, beaName, cyName] = [`Ada_${stamp}`, `Bea_${stamp}`, `Cy_${stamp}`];
  const title = `Club ${stamp}`;
  const ada = await newPlayer(browser, "Ada");
  await registerAccount(ada.page, adaName);
  const bea = await newPlayer(browser, "Bea");
  await registerAccount(bea.page, beaName);
  await expect(bea.page.getByTestId("bell-count")).toHaveCount(0);

  // Ada's form: an Othello round-robin, by invitation only, inviting Bea (a repeat and stray separators).
  await ada.page.goto("/tournaments");
  const form = ada.page.getByTestId("create-tournament");
  await form.getByTestId("tournament-name").fill(title);
  await form.getByTestId("tournament-game").selectOption("othello");
  await form.getByTestId("tournament-format").selectOption("round-robin");
  await form.getByTestId("tournament-invitation-only").check();
  await form.getByTestId("tournament-invitees").fill(` ${beaName}, ${beaName.toLowerCase()} ,`);
  await form.getByTestId("create-tournament-submit").click();
  await ada.page.waitForURL(/\/tournaments\/t_[A-Za-z0-9]{9}$/);
  const id = decodeURIComponent(ada.page.url().split("/").pop() ?? "");
  await expect(ada.page.getByTestId("tournament-title")).toHaveText(title);
  await expect(ada.page.locator(".tournament-facts")).toContainText("By invitation");
  await expect(ada.page.getByTestId("tournament-invited")).toHaveText(new RegExp(`^Invited: ${beaName}`));
  // The creator may enter her own tournament.
  await expect(ada.page.getByTestId("tournament-join")).toBeVisible();
  await expect(ada.page.getByTestId("tournament-invitation-line")).toHaveCount(0);

  // Bea, on the lobby all along, is told without a reload; going to another page and back reconnects (the
  // invitation is pushed again) and still counts one.
  await expect(bea.page.getByTestId("bell-count")).toHaveText("1");
  await bea.page.locator("nav.topnav").getByRole("link", { name: "Tournaments" }).click();
  await bea.page.waitForURL(/\/tournaments$/);
  await bea.page.locator("nav.topnav").getByRole("link", { name: "Lobby" }).click();
  await bea.page.waitForURL((url) => url.pathname === "/");
  await expect(bea.page.getByTestId("session-badge")).toHaveAttribute("data-connection", "connected");
  await expect(bea.page.getByTestId("bell-count")).toHaveText("1");
  await bea.page.getByTestId("bell").click();
  const notice = bea.page.getByTestId("notice-tournament");
  await expect(notice).toHaveCount(1);
  await expect(notice).toHaveAttribute("data-tournament", id);
  await expect(notice).toContainText(adaName);
  await expect(notice).toContainText(`invites you to ${title}`);
  await notice.getByRole("link", { name: "Open" }).click();
  await bea.page.waitForURL(new RegExp(`/tournaments/${id}$`));
  await expect(bea.page.getByTestId("bell-count")).toHaveCount(0);
  await bea.page.getByTestId("tournament-join").click();
  await expect(bea.page.getByTestId("tournament-withdraw")).toBeVisible();
  await expect(bea.page.getByTestId("standing")).toHaveCount(1);
  await expect(ada.page.getByTestId("standing")).toHaveCount(1);

  // Cy, invited by nobody: the list marks the row, the page has no Join but the line.
  const cy = await newPlayer(browser, "Cy");
  await registerAccount(cy.page, cyName);
  await expect(cy.page.getByTestId("bell-count")).toHaveCount(0);
  await cy.page.goto("/tournaments");
  const row = cy.page.locator(`[data-testid=tournament-row][data-id="${id}"]`);
  await expect(row.getByTestId("tournament-invitation-mark")).toHaveText(/by invitation/);
  await row.locator("a").click();
  await cy.page.waitForURL(new RegExp(`/tournaments/${id}$`));
  await expect(cy.page.getByTestId("tournament-invitation-line")).toHaveText(
    "This tournament is by invitation only.",
  );
  await expect(cy.page.getByTestId("tournament-join")).toHaveCount(0);
  await expect(cy.page.getByTestId("standing")).toHaveCount(1);
  // The server refuses the join the page does not offer.
  const token = await cy.page.evaluate(() => localStorage.getItem("arena.session"));
  const refused = await cy.page.request.post(`/api/tournaments/${id}/join`, {
    headers: { authorization: `Bearer ${token ?? ""}` },
    data: {},
  });
  expect(refused.status()).toBe(409);
  expect(((await refused.json()) as { code?: string }).code).toBe("not-invited");

  for (const player of [ada, bea, cy]) await player.context.close();
});
