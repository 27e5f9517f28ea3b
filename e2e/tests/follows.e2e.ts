import { expect, test } from "@playwright/test";
import { board, createGame, newPlayer } from "../fixtures/arena.js";
import { registerAccount } from "../fixtures/accounts.js";
import { consoleErrors, watchConsole } from "../fixtures/console.js";

// Follows (docs/web.md, "Follows"): an account follows another from its profile; the lobby's Following
// strip shows when they come online and, while they play, a link to watch.
test(
  "A follows B; B comes online and plays; A sees it and watches B's game",
  { tag: "@cluster" },
  async ({ browser }) => {
    test.setTimeout(120_000);
    const suffix = String(Date.now() % 100_000);
    const [annName, benName] = [`Ann${suffix}`, `Ben${suffix}`];
    const ann = await newPlayer(browser, "Ann", { viewport: { width: 1280, height: 800 } });
    const ben = await newPlayer(browser, "Ben");
    const errors = consoleErrors(ann.page, ben.page);
    await registerAccount(ann.page, annName);
    await registerAccount(ben.page, benName);
    // Ben goes away: his only page closes.
    await ben.page.close();

    // A guest sees the button, disabled, and why.
    const guest = await newPlayer(browser, "Gus");
    watchConsole(errors, guest.page);
    await guest.page.goto(`/@/${benName}`);
    await expect(guest.page.getByTestId("follow")).toBeDisabled();
    await expect(guest.page.getByTestId("follow-why")).toContainText("Only registered players can follow");

    await ann.page.goto(`/@/${benName}`);
    await ann.page.getByTestId("follow").click();
    await expect(ann.page.getByTestId("follow")).toHaveText("Unfollow");
    await ann.page.goto("/");
    const followed = ann.page.getByTestId("following").locator(`[data-name="${benName}"]`);
    await expect(followed).toHaveAttribute("data-online", "false");

    // Ben comes back: Ann's strip says so without a reload; then he starts a game against the computer.
    const benPage = await ben.context.newPage();
    watchConsole(errors, benPage);
    await benPage.goto("/");
    await expect(followed).toHaveAttribute("data-online", "true");
    await expect(followed.getByTestId("watch-followed")).toHaveCount(0);
    await ann.page.screenshot({ path: "../docs/screenshots/following-desktop.png" });
    const matchId = await createGame(benPage, { game: "othello", seats: ["me", "ai"], time: "10+5" });
    const watch = followed.getByTestId("watch-followed");
    await expect(watch).toHaveAttribute("href", `/play/${matchId}`);
    await ann.page.setViewportSize({ width: 390, height: 844 });
    await ann.page.screenshot({ path: "../docs/screenshots/following-phone.png" });
    await watch.click();
    await expect(ann.page).toHaveURL(new RegExp(`/play/${matchId}$`));
    await expect(board(ann.page)).toBeVisible();
    await expect(ann.page.getByTestId("seat-0")).toContainText(benName);

    // Ben leaves: he is shown offline again.
    await benPage.close();
    await ann.page.goto("/");
    await expect(followed).toHaveAttribute("data-online", "false");
    await ann.page.goto(`/@/${benName}`);
    await ann.page.setViewportSize({ width: 1280, height: 800 });
    await ann.page.screenshot({ path: "../docs/screenshots/profile-follow-desktop.png" });
    await guest.page.setViewportSize({ width: 390, height: 844 });
    await guest.page.screenshot({ path: "../docs/screenshots/profile-follow-guest-phone.png" });
    expect(errors).toEqual([]);
  },
);
