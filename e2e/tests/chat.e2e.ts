import { expect, type Page, test } from "@playwright/test";
import { board, createGame, newPlayer, resultBanner, seat, sitButton, square } from "../fixtures/arena.js";

const chatLines = (page: Page) => page.getByTestId("chat-line");

async function say(page: Page, text: string): Promise<void> {
  await page.getByTestId("chat-input").fill(text);
  await page.getByTestId("chat-send").click();
  await expect(page.getByTestId("chat-input")).toHaveValue("");
}

test(
  "players and a spectator chat in their own channels; the replay shows both",
  { tag: "@cluster" },
  async ({ browser }) => {
    test.setTimeout(120_000);
    const alice = await newPlayer(browser, "Alice");
    const bob = await newPlayer(browser, "Bob");
    const carol = await newPlayer(browser, "Carol");
    let dialogs = 0;
    for (const page of [alice.page, bob.page, carol.page]) page.on("dialog", () => void dialogs++);

    const matchId = await createGame(alice.page, { game: "othello", seats: ["me", "open"], time: "10+5" });
    await bob.page.goto(`/play/${matchId}`);
    await sitButton(bob.page, 1).click();
    await expect(seat(alice.page, 1)).toContainText("Bob");
    await carol.page.goto(`/play/${matchId}`);
    await expect(board(carol.page)).toBeVisible();
    await expect(alice.page.getByTestId("viewers")).toHaveText("1 viewer");

    // The input stops at 140 characters (the server's limit); the counter shows only near it.
    await alice.page.getByTestId("chat-input").fill("x".repeat(100));
    await expect(alice.page.getByTestId("chat-counter")).toHaveCount(0);
    await alice.page.getByTestId("chat-input").fill("x".repeat(141));
    await expect(alice.page.getByTestId("chat-input")).toHaveValue("x".repeat(140));
    await expect(alice.page.getByTestId("chat-counter")).toHaveText("0");
    await expect(alice.page.getByTestId("chat-send")).toBeEnabled();
    await alice.page.getByTestId("chat-input").fill("");

    // The players chat; a line holding a script is shown as the text it is.
    const script = "<script>alert(1)</script>";
    await say(alice.page, "good luck");
    await say(bob.page, script);
    for (const page of [alice.page, bob.page]) {
      await expect(chatLines(page)).toHaveCount(2);
      await expect(chatLines(page).nth(1)).toContainText(script);
      await expect(chatLines(page).nth(0).getByTestId("player-name")).toHaveText("Alice");
    }
    expect(dialogs).toBe(0);
    await expect(alice.page.locator(".chat script")).toHaveCount(0);

    // The spectator's channel is the spectators' own: the players never see it, and Carol not theirs.
    await say(carol.page, "Carol was here");
    await expect(chatLines(carol.page)).toHaveCount(1);
    await expect(chatLines(carol.page)).toContainText("Carol was here");
    await say(alice.page, "your move");
    await expect(chatLines(bob.page)).toHaveCount(3);
    await expect(chatLines(bob.page).last()).toContainText("your move");
    await expect(bob.page.getByTestId("chat-panel")).not.toContainText("Carol was here");
    await expect(alice.page.getByTestId("chat-panel")).not.toContainText("Carol was here");
    await expect(chatLines(carol.page)).toHaveCount(1);
    await carol.page.screenshot({ path: "screenshots/chat-spectator.png", fullPage: true });

    // Alice mutes Bob: his lines no longer reach her; unmuted, she reads what he said meanwhile.
    await alice.page.getByTestId("chat-mute").click();
    await expect(alice.page.getByTestId("chat-mute")).toHaveAttribute("aria-pressed", "true");
    await expect(alice.page.getByTestId("chat-panel")).not.toContainText(script);
    await say(bob.page, "can you hear me?");
    await expect(chatLines(bob.page)).toHaveCount(4);
    await say(alice.page, "quiet here");
    await expect(chatLines(bob.page)).toHaveCount(5);
    await expect(alice.page.getByTestId("chat-panel")).not.toContainText("can you hear me?");
    await alice.page.getByTestId("chat-mute").click();
    await expect(alice.page.getByTestId("chat-mute")).toHaveAttribute("aria-pressed", "false");
    await expect(chatLines(alice.page)).toHaveCount(5);
    await expect(alice.page.getByTestId("chat-panel")).toContainText("can you hear me?");

    // The host closes the spectators' chat: Carol's channel shows as closed.
    // The switch shows the match's state: it turns off once the server's event arrives.
    await alice.page.getByTestId("chat-spectator-switch").click();
    await expect(alice.page.getByTestId("chat-spectator-switch")).not.toBeChecked();
    await expect(carol.page.getByTestId("chat-closed")).toBeVisible();
    await expect(carol.page.getByTestId("chat-input")).toHaveCount(0);

    // A move each, then Alice resigns: the game is over.
    await square(alice.page, "f5").click();
    await expect(square(bob.page, "f5")).toHaveAttribute("data-disc", "black");
    await square(bob.page, "f6").click();
    await expect(square(alice.page, "f6")).toHaveAttribute("data-disc", "white");
    await alice.page.getByRole("button", { name: "Resign" }).click();
    await alice.page.getByRole("button", { name: "Yes, resign" }).click();
    for (const page of [alice.page, bob.page, carol.page]) await expect(resultBanner(page)).toBeVisible();

    // The replay: both channels, labelled, for players and spectator alike.
    for (const page of [bob.page, carol.page]) {
      await expect(page.getByTestId("chat-channel-players").getByTestId("chat-line")).toHaveCount(5);
      await expect(page.getByTestId("chat-channel-spectators").getByTestId("chat-line")).toHaveCount(1);
      await expect(page.getByTestId("chat-channel-players")).toContainText("Players");
      await expect(page.getByTestId("chat-channel-spectators")).toContainText("Spectators");
      await expect(page.getByTestId("chat-channel-spectators")).toContainText("Carol was here");
      await expect(page.getByTestId("chat-channel-players")).toContainText(script);
    }
    await bob.page.screenshot({ path: "screenshots/chat-replay.png", fullPage: true });
    expect(dialogs).toBe(0);

    for (const p of [alice, bob, carol]) await p.context.close();
  },
);
