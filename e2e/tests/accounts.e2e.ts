import { type Browser, expect, type Page, test } from "@playwright/test";
import { accountForm } from "../fixtures/accounts.js";
import { createGame, resultBanner, sitButton, square } from "../fixtures/arena.js";

const PASSWORD = "a long enough secret";

/** A browser of its own, on the lobby, connected as a guest. */
async function freshBrowser(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto("/");
  await expect(page.getByTestId("session-badge")).toHaveAttribute("data-connection", "connected");
  return page;
}

async function signedIn(page: Page, name: string) {
  await expect(page.getByTestId("profile-link")).toHaveText(name);
  await expect(page.getByTestId("session-badge")).toHaveAttribute("data-connection", "connected");
}

test(
  "two people register, log in elsewhere, play a rated game and see the change on the result and the profile",
  { tag: "@cluster" },
  async ({ browser }) => {
    test.setTimeout(120_000);
    const stamp = Date.now().toString(36).slice(-5);
    const [ann, ben] = [`Ann_${stamp}`, `Ben_${stamp}`];

    // Registering: a weak password and a taken name are refused with the server's words.
    const annPage = await freshBrowser(browser);
    await accountForm(annPage, "register", ann, "password");
    await expect(annPage.getByTestId("account-error")).toContainText("most common");
    await annPage.getByTestId("register-form").getByLabel("Password").fill(PASSWORD);
    await annPage.getByTestId("register-submit").click();
    await signedIn(annPage, ann);

    const benFirst = await freshBrowser(browser);
    await accountForm(benFirst, "register", ann.toLowerCase(), PASSWORD);
    await expect(benFirst.getByTestId("account-error")).toContainText("taken");
    await benFirst.getByTestId("register-form").getByLabel("Username").fill(ben);
    await benFirst.getByTestId("register-submit").click();
    await signedIn(benFirst, ben);
    await benFirst.getByTestId("logout").click();
    await expect(benFirst.getByTestId("session-badge")).toHaveAttribute("data-account", "false");

    // Ben logs in from a second browser: a wrong password reads as an unknown name would.
    const benPage = await freshBrowser(browser);
    await accountForm(benPage, "login", ben, "not my password");
    await expect(benPage.getByTestId("account-error")).toHaveText("wrong name or password");
    await benPage.getByTestId("login-form").getByLabel("Password").fill(PASSWORD);
    await benPage.getByTestId("login-submit").click();
    await signedIn(benPage, ben);

    // A rated blitz game (5+0): Ann plays f5, Ben f6, then Ben resigns.
    const matchId = await createGame(annPage, {
      game: "othello",
      seats: ["me", "open"],
      time: "5+0",
      rated: true,
    });
    await benPage.goto(`/play/${matchId}`);
    await sitButton(benPage, 1).click();
    await expect(annPage.getByTestId("seat-1")).toContainText(ben);
    await square(annPage, "f5").click();
    await expect(square(benPage, "f5")).toHaveAttribute("data-disc", "black");
    await square(benPage, "f6").click();
    await expect(square(annPage, "f6")).toHaveAttribute("data-disc", "white");
    await benPage.getByRole("button", { name: "Resign" }).click();
    await benPage.getByRole("button", { name: "Yes, resign" }).click();
    for (const page of [annPage, benPage]) {
      await expect(resultBanner(page)).toContainText("resigned");
      await expect(page.getByTestId("rating-change-0")).toContainText(`${ann} 1500 → `);
      await expect(page.getByTestId("rating-change-0")).toContainText("(+");
      await expect(page.getByTestId("rating-change-1")).toContainText(`${ben} 1500 → `);
      await expect(page.getByTestId("rating-change-1")).toContainText("(\u2212");
    }
    const gained = Number(
      (await annPage.getByTestId("rating-change-0").textContent())?.match(/→ (\d+)/)?.[1],
    );
    expect(gained).toBeGreaterThan(1500);
    await annPage.screenshot({ path: "screenshots/rated-result.png", fullPage: true });

    // Each sees the other's new rating (provisional: "?") and the game in the history, linking to its replay.
    await benPage.goto(`/@/${ann}`);
    await expect(benPage.getByTestId("rating-othello-blitz")).toHaveText(`${gained}?`);
    await expect(benPage.getByTestId("record")).toContainText("1 win ·");
    await expect(benPage.getByTestId("rating-chart")).toBeVisible();
    const row = benPage.getByTestId("history").locator(`tr[data-match="${matchId}"]`);
    await expect(row).toContainText(ben);
    await expect(row.getByRole("link", { name: "Replay" })).toHaveAttribute("href", `/play/${matchId}`);
    await benPage.screenshot({ path: "screenshots/profile.png", fullPage: true });
    await annPage.goto(`/@/${ben}`);
    await expect(annPage.getByTestId("rating-othello-blitz")).toContainText("?");

    // The leaderboard lists established ratings only, and says so.
    await annPage.goto("/leaderboard");
    await annPage.getByRole("combobox", { name: "Game" }).selectOption("othello");
    await annPage.getByRole("combobox", { name: "Speed" }).selectOption("blitz");
    await expect(annPage.getByTestId("leaderboard-rule")).toContainText("provisional");
    await expect(annPage.getByTestId("leaderboard")).not.toContainText(ann);
  },
);
