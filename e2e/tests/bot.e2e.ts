// A bot seat in the lobby (docs/cli.md, "arena bot"): the real `arena bot`, with `arena nboard` as its engine,
// plays a full Othello game against a person in Chromium who pressed "Play" in the lobby's "Bots online".
import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { expect, test } from "@playwright/test";
import { board, moveButtons, newPlayer, resultBanner, seat } from "../fixtures/arena.js";

const ARENA = fileURLToPath(new URL("../../apps/cli/bin/arena.js", import.meta.url));
const PASSWORD = "a bot's long password";

test(
  "a person plays a full game against arena bot from the lobby's Bots online",
  { tag: "@cluster" },
  async ({ browser, request, baseURL }) => {
    test.setTimeout(240_000);
    if (baseURL === undefined) throw new Error("the e2e config sets baseURL");
    // A name of its own each run: the suite's server keeps its accounts.
    const name = `Nb${Date.now().toString(36).slice(-8)}`;
    const registered = await request.post("/api/accounts", { data: { name, password: PASSWORD, bot: true } });
    expect(registered.status()).toBe(201);

    let output = "";
    const bot: ChildProcess = spawn(
      process.execPath,
      [
        ARENA,
        "bot",
        "--server",
        baseURL,
        "--engine",
        `"${process.execPath}" "${ARENA}" nboard`,
        "--depth",
        "1",
      ],
      { env: { ...process.env, ARENA_BOT_NAME: name, ARENA_BOT_PASSWORD: PASSWORD }, stdio: "pipe" },
    );
    bot.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    bot.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((done) => bot.on("exit", (code) => done(code)));
    try {
      await expect.poll(() => output, { timeout: 30_000 }).toContain(`connected as ${name}`);

      const hana = await newPlayer(browser, "Hana");
      const page = hana.page;
      // The list is read when the lobby opens and every 10 s after.
      const row = page.locator(`[data-testid="bot-row"][data-name="${name}"]`);
      await expect(row).toBeVisible({ timeout: 20_000 });
      await expect(row).toContainText("BOT");
      await row.getByTestId("bot-play").click();
      await page.waitForURL(/\/play\//);
      // The bot hears of its seat, takes it, and the game starts with the person as Black.
      await expect(seat(page, 1)).toContainText(name, { timeout: 20_000 });
      await expect(board(page)).toBeVisible();

      const banner = resultBanner(page);
      const playable = board(page).locator("button[data-square].playable");
      for (let turn = 0; turn < 40; turn++) {
        await expect(playable.first().or(banner)).toBeVisible({ timeout: 30_000 });
        if (await banner.isVisible()) break;
        const before = await moveButtons(page).count();
        const squares = await playable.count();
        // Random legal moves: any playable square.
        await playable.nth(Math.floor(Math.random() * squares)).click();
        await expect(moveButtons(page)).not.toHaveCount(before);
      }
      await expect(banner).toBeVisible({ timeout: 30_000 });
      await expect(banner).toContainText("by score");
      await expect(moveButtons(page)).not.toHaveCount(0);
      await page.screenshot({ path: "screenshots/bot-game-finished.png", fullPage: true });
      await expect.poll(() => output).toMatch(/is over: finished/);
      await hana.context.close();
    } finally {
      bot.kill("SIGTERM");
    }
    // SIGTERM: the bot disconnects and exits cleanly.
    expect(await exited).toBe(0);
    expect(output).not.toContain(PASSWORD);
  },
);
