import { expect, type Page, test } from "@playwright/test";
import { createGame, newPlayer, square } from "../fixtures/arena.js";

interface ArenaWindow {
  __arena?: { session: { instance?: string } | null; dropConnection(): void };
}

const readInstance = (page: Page): Promise<string> =>
  page.evaluate(() => (window as unknown as ArenaWindow).__arena?.session?.instance ?? "");

/** The process that served the page's socket (`session:ready` names it). */
async function instanceOf(page: Page): Promise<string> {
  await expect.poll(() => readInstance(page)).not.toBe("");
  return readInstance(page);
}

test(
  "behind the balancer, the players of one game on different processes in the lobby play it on one process",
  { tag: "@cluster" },
  async ({ browser }) => {
    const alice = await newPlayer(browser, "Alice");
    const bob = await newPlayer(browser, "Bob");
    let bobInstance = await instanceOf(bob.page);
    const aliceInstance = await instanceOf(alice.page);
    // The lobby's sockets name no match and are spread by turns; reconnect Bob until his is elsewhere.
    for (let tries = 0; tries < 8 && bobInstance === aliceInstance; tries++) {
      await bob.page.evaluate(() => (window as unknown as ArenaWindow).__arena?.dropConnection());
      await expect(bob.page.locator(".session")).toHaveAttribute("data-connection", "connected");
      bobInstance = await instanceOf(bob.page);
    }
    expect(bobInstance).not.toBe(aliceInstance);

    const matchId = await createGame(alice.page, { game: "othello", seats: ["me", "open"], time: "10+5" });
    await bob.page.goto(`/play/${matchId}`);
    await bob.page.getByTestId("seat-1").getByRole("button", { name: "Sit here" }).click();
    await expect(alice.page.getByTestId("seat-1")).toContainText("Bob");
    // A room page's socket names its match: the balancer sends both to the same process.
    expect(await instanceOf(alice.page)).toBe(await instanceOf(bob.page));
    for (const [player, name] of [
      [alice, "f5"],
      [bob, "d6"],
      [alice, "c3"],
      [bob, "d3"],
    ] as const) {
      await square(player.page, name).click();
      for (const viewer of [alice, bob]) {
        await expect(square(viewer.page, name)).not.toHaveAttribute("data-disc", "empty");
      }
    }
    // A dropped socket comes back to the same process.
    const roomInstance = await instanceOf(bob.page);
    await bob.page.evaluate(() => (window as unknown as ArenaWindow).__arena?.dropConnection());
    await expect(bob.page.locator(".session")).toHaveAttribute("data-connection", "connected");
    expect(await instanceOf(bob.page)).toBe(roomInstance);
    await square(alice.page, "e3").click();
    await expect(square(bob.page, "e3")).not.toHaveAttribute("data-disc", "empty");
  },
);
