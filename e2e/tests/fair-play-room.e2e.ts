import { expect, test } from "@playwright/test";
import { createGame, newPlayer, seat, sitButton, square } from "../fixtures/arena.js";

// The room's fair-play pieces as people see them (docs/web.md, "Commands" and "Chat"): a start the host
// chose, shown before anyone sits; the draw button's wait between offers; the spectators' slow mode.

/** White to move, king and rook against king: a legal start that is not over. */
const KRK_START = "8/8/8/4k3/8/8/8/R3K3 w - - 0 1";

test("a chosen start is shown in the lobby's list and in the room before anyone sits", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const host = await newPlayer(browser, "Hedda");
  const looker = await newPlayer(browser, "Lorin");
  const matchId = await createGame(host.page, {
    game: "krk",
    seats: ["me", "open"],
    options: { Start: "fen", FEN: KRK_START },
  });
  await expect(host.page.getByTestId("room-start")).toContainText(KRK_START);

  // The lobby's row names the start, so a joiner knows what they sit down to.
  const row = looker.page.locator(`tr[data-match="${matchId}"]`);
  await expect(row.getByTestId("room-start")).toContainText(KRK_START);
  await looker.page.goto(`/play/${matchId}`);
  await expect(looker.page.getByTestId("room-start")).toContainText(KRK_START);
  await expect(sitButton(looker.page, 1)).toBeVisible();
});

test("after a declined draw offer the button counts down the plies until the next", async ({ browser }) => {
  test.setTimeout(90_000);
  const jo = await newPlayer(browser, "Jorun");
  const kim = await newPlayer(browser, "Kimi");
  const matchId = await createGame(jo.page, { game: "othello", seats: ["me", "open"], time: "10+5" });
  await kim.page.goto(`/play/${matchId}`);
  await sitButton(kim.page, 1).click();
  await expect(seat(jo.page, 1)).toContainText("Kimi");

  await jo.page.getByRole("button", { name: "Offer draw" }).click();
  await kim.page.getByRole("button", { name: "Decline" }).click();
  // One offer per 20 plies (docs/protocol.md, "Draws"): the offerer waits, the other side may offer now.
  const wait = jo.page.getByRole("button", { name: /^Offer draw in \d+ plies$/ });
  await expect(wait).toHaveText("Offer draw in 20 plies");
  await expect(wait).toBeDisabled();
  await expect(kim.page.getByRole("button", { name: "Offer draw", exact: true })).toBeEnabled();

  await square(jo.page, "f5").click();
  await expect(square(kim.page, "f5")).toHaveAttribute("data-disc", "black");
  await square(kim.page, "f6").click();
  await expect(square(jo.page, "f6")).toHaveAttribute("data-disc", "white");
  await expect(wait).toHaveText("Offer draw in 18 plies");
});

test("the host's slow mode is announced to spectators and holds each to one line per period", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const host = await newPlayer(browser, "Saga");
  const watcher = await newPlayer(browser, "Wren");
  const matchId = await createGame(host.page, { game: "othello", seats: ["me", "open"], time: "10+5" });
  await watcher.page.goto(`/play/${matchId}`);
  await expect(host.page.getByTestId("viewers")).toHaveText("1 viewer");
  await expect(watcher.page.getByTestId("chat-panel")).toBeVisible();
  await expect(watcher.page.getByTestId("chat-slow-notice")).toHaveCount(0);

  await host.page.getByTestId("chat-slow-mode").selectOption("30");
  await expect(host.page.getByTestId("chat-slow-mode")).toHaveValue("30");
  await expect(watcher.page.getByTestId("chat-slow-notice")).toHaveText(
    "Slow mode: each spectator may write one line every 30 s.",
  );

  const input = watcher.page.getByTestId("chat-input");
  await input.fill("first");
  await watcher.page.getByTestId("chat-send").click();
  await expect(watcher.page.getByTestId("chat-line")).toHaveCount(1);
  await input.fill("second");
  await watcher.page.getByTestId("chat-send").click();
  await expect(watcher.page.getByTestId("chat-refusal")).toBeVisible();
  await expect(watcher.page.getByTestId("chat-line")).toHaveCount(1);
  // The refused line stays in the box, so nothing typed is lost.
  await expect(input).toHaveValue("second");
});
