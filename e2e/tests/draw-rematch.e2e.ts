import { expect, test } from "@playwright/test";
import { createGame, matchIdOf, moveButtons, newPlayer, resultBanner, square } from "../fixtures/arena.js";

test(
  "players agree a draw, then agree a rematch and both land in the new room",
  { tag: "@cluster" },
  async ({ browser }) => {
    test.setTimeout(90_000);
    const jo = await newPlayer(browser, "Jo");
    const kim = await newPlayer(browser, "Kim");
    const matchId = await createGame(jo.page, { game: "othello", seats: ["me", "open"], time: "3+2" });
    await kim.page.goto(`/play/${matchId}`);
    await kim.page.getByTestId("seat-1").getByRole("button", { name: "Sit here" }).click();
    await expect(square(jo.page, "f5")).toHaveClass(/playable/);
    await square(jo.page, "f5").click();
    await expect(moveButtons(kim.page)).toHaveCount(1);

    await jo.page.getByRole("button", { name: "Offer draw" }).click();
    await expect(jo.page.getByRole("button", { name: "Draw offered" })).toBeDisabled();
    await kim.page.getByRole("button", { name: "Accept draw" }).click();
    for (const page of [jo.page, kim.page]) {
      await expect(resultBanner(page)).toContainText("Draw");
      await expect(resultBanner(page)).toContainText("draw agreed");
      // An agreed draw is worded by the agreement, with no made-up score.
      await expect(resultBanner(page)).not.toContainText("0–0");
    }

    await jo.page.getByRole("button", { name: "Rematch" }).click();
    await expect(jo.page.getByRole("button", { name: "Rematch offered" })).toBeDisabled();
    await kim.page.getByRole("button", { name: "Accept rematch" }).click();
    await kim.page.waitForURL((url) => !url.pathname.endsWith(`/play/${matchId}`));
    await jo.page.waitForURL((url) => !url.pathname.endsWith(`/play/${matchId}`));
    const next = matchIdOf(kim.page);
    expect(next).not.toBe(matchId);
    expect(matchIdOf(jo.page)).toBe(next);
    await expect(jo.page.getByRole("grid", { name: "Othello board" })).toBeVisible();
    await expect(jo.page.getByTestId("seat-0")).toContainText(/Jo|Kim/);
    await jo.context.close();
    await kim.context.close();
  },
);
