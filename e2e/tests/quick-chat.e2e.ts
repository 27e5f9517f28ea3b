import { expect, test } from "@playwright/test";
import { board, createGame, newPlayer, seat, sitButton } from "../fixtures/arena.js";
import { consoleErrors } from "../fixtures/console.js";

// Quick chat phrases (docs/web.md, "Chat"): a phrase goes as its id, so each reader sees it in their own
// language.
test("a quick phrase sent in English is read in Japanese by the opponent", async ({ browser }) => {
  test.setTimeout(90_000);
  const alice = await newPlayer(browser, "Alice", { viewport: { width: 1280, height: 800 } });
  const kenji = await newPlayer(browser, "Kenji", { viewport: { width: 1280, height: 800 } });
  const errors = consoleErrors(alice.page, kenji.page);
  const matchId = await createGame(alice.page, { game: "othello", seats: ["me", "open"], time: "10+5" });
  await kenji.page.goto(`/play/${matchId}`);
  await sitButton(kenji.page, 1).click();
  await expect(seat(alice.page, 1)).toContainText("Kenji");
  await kenji.page.goto(`/play/${matchId}?lang=ja`);
  await expect(board(kenji.page).or(kenji.page.getByRole("grid").first())).toBeVisible();
  await expect(kenji.page.locator("html")).toHaveAttribute("lang", "ja");

  await alice.page.getByTestId("chat-phrase-good-luck").click();
  const aliceLine = alice.page.getByTestId("chat-line").last();
  await expect(aliceLine.getByTestId("chat-text")).toHaveText("Good luck!");
  const kenjiLine = kenji.page.getByTestId("chat-line").last();
  await expect(kenjiLine.getByTestId("chat-text")).toHaveText("よろしくお願いします！");
  await expect(kenjiLine.getByTestId("chat-text")).toHaveAttribute("data-phrase", "good-luck");

  // And back: Kenji's phrase buttons are in Japanese; Alice reads his "Have fun" in English.
  await expect(kenji.page.getByTestId("chat-phrase-have-fun")).toHaveText("楽しみましょう！");
  await kenji.page.getByTestId("chat-phrase-have-fun").click();
  await expect(alice.page.getByTestId("chat-line").last().getByTestId("chat-text")).toHaveText("Have fun!");

  for (const [page, name] of [
    [alice.page, "desktop"],
    [kenji.page, "desktop-ja"],
  ] as const) {
    await page.getByTestId("chat-panel").screenshot({ path: `../docs/screenshots/quick-chat-${name}.png` });
  }
  await kenji.page.setViewportSize({ width: 390, height: 844 });
  await kenji.page.getByTestId("chat-panel").scrollIntoViewIfNeeded();
  await kenji.page.screenshot({ path: "../docs/screenshots/quick-chat-phone-ja.png" });
  expect(errors).toEqual([]);
});
