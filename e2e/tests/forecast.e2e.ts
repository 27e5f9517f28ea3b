// Conditional moves (docs/web.md, "Correspondence"; docs/protocol.md, "Forecasts"): in a correspondence
// game a player writes lines of "their reply, my answer" while the opponent is to move; the server plays the
// answer the moment the reply comes, and refuses a line with a move that cannot be played, saying which.
import { expect, test } from "@playwright/test";
import { square } from "../fixtures/arena.js";
import { accountPair, startCorrespondence } from "../fixtures/correspondence.js";

test("a conditional move is played for its writer when the foreseen reply comes", async ({ browser }) => {
  test.setTimeout(120_000);
  const { ada, bea, errors } = await accountPair(browser);
  await startCorrespondence(ada, bea);
  const panel = ada.page.getByTestId("forecast");

  // On her own turn Ada is told lines come while Bea is to move; she moves, and can write them.
  await expect(panel.getByTestId("forecast-your-turn")).toBeVisible();
  await square(ada.page, "f5").click();
  await expect(square(bea.page, "f5")).toHaveAttribute("data-disc", "black");
  await expect(panel.getByTestId("forecast-none")).toBeVisible();
  await panel.getByTestId("forecast-input").fill("d6 c3");
  await panel.getByTestId("forecast-add").click();
  await expect(panel.getByTestId("forecast-line")).toHaveText([/^d6 c3/]);
  await expect(panel.getByTestId("forecast-input")).toHaveValue("");

  // A line with a move that cannot be played is refused, and the panel says which move.
  await panel.getByTestId("forecast-input").fill("f6 a1");
  await panel.getByTestId("forecast-add").click();
  await expect(panel.getByTestId("forecast-problem")).toHaveText(
    "Line 2, move 2 (a1) cannot be played there.",
  );
  await expect(panel.getByTestId("forecast-line")).toHaveCount(1);
  await panel.getByTestId("forecast-input").fill("f6 e6");
  await panel.getByTestId("forecast-add").click();
  await expect(panel.getByTestId("forecast-line")).toHaveText([/^d6 c3/, /^f6 e6/]);
  await ada.page.setViewportSize({ width: 1280, height: 800 });
  await panel.scrollIntoViewIfNeeded();
  await ada.page.screenshot({ path: "../docs/screenshots/forecast-desktop.png" });

  // Bea answers d6: c3 is played for Ada at once, on both boards, and her lines are used up.
  await square(bea.page, "d6").click();
  for (const page of [ada.page, bea.page]) {
    await expect(square(page, "c3")).toHaveAttribute("data-disc", "black");
  }
  await expect(panel.getByTestId("forecast-none")).toBeVisible();
  await expect(bea.page.getByTestId("forecast-your-turn")).toBeVisible();
  expect(errors).toEqual([]);
});
