import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { createGame, moveButtons, newPlayer, resultBanner, square } from "../fixtures/arena.js";
import { consoleErrors, DESKTOP, shootBoth } from "../fixtures/room-basics.js";

test("a live room offers the JSON log; a finished Othello game downloads as GGF, transcript and JSON", async ({
  browser,
}) => {
  const ann = await newPlayer(browser, "Ann", { viewport: DESKTOP });
  const errors = consoleErrors(ann.page);
  const matchId = await createGame(ann.page, {
    game: "othello",
    seats: ["me", "ai"],
    time: "3+2",
    levels: [undefined, 1],
  });
  await square(ann.page, "f5").click();
  await expect(moveButtons(ann.page)).toHaveCount(2);
  const downloads = ann.page.getByTestId("downloads");
  await expect(downloads.getByRole("link")).toHaveText(["JSON"]);

  await ann.page.getByRole("button", { name: "Resign" }).click();
  await ann.page.getByRole("button", { name: "Yes, resign" }).click();
  await expect(resultBanner(ann.page)).toBeVisible();
  await expect(downloads.getByRole("link")).toHaveText(["JSON", "GGF", "Transcript"]);
  await shootBoth(ann.page, "room-downloads", downloads);

  const ggf = ann.page.waitForEvent("download");
  await downloads.getByRole("link", { name: "GGF" }).click();
  const file = await ggf;
  expect(file.suggestedFilename()).toBe(`arena-${matchId}.ggf`);
  const text = await readFile(await file.path(), "utf8");
  expect(text).toMatch(/^\(;GM\[Othello\]PC\[Arena\]/);
  expect(text).toContain("PB[Ann]");
  expect(text).toContain("B[f5]W[");

  const transcript = ann.page.waitForEvent("download");
  await downloads.getByRole("link", { name: "Transcript" }).click();
  expect(await readFile(await (await transcript).path(), "utf8")).toMatch(/^f5[a-h][1-8]\n$/);

  const json = ann.page.waitForEvent("download");
  await downloads.getByRole("link", { name: "JSON" }).click();
  const log = JSON.parse(await readFile(await (await json).path(), "utf8")) as {
    matchId: string;
    log: { event: { type: string } }[];
  };
  expect(log.matchId).toBe(matchId);
  expect(log.log.at(-1)?.event.type).toBe("ended");

  // Asked for a format the game has not, the server says why.
  const refused = await ann.page.request.get(`/api/matches/${matchId}/export?format=pgn`);
  expect(refused.status()).toBe(400);
  expect(await refused.json()).toMatchObject({ code: "bad-format" });
  expect(errors).toEqual([]);
  await ann.context.close();
});

test("a finished king and rook game downloads as PGN with its FEN start", async ({ browser }) => {
  const ann = await newPlayer(browser, "Ann", { viewport: DESKTOP });
  const errors = consoleErrors(ann.page);
  await createGame(ann.page, {
    game: "krk",
    seats: ["me", "ai"],
    time: "3+2",
    levels: [undefined, 1],
    options: { Start: "fen", FEN: "7k/8/5K2/8/8/8/8/R7 w - - 0 1" },
  });
  await ann.page.getByRole("button", { name: "Resign" }).click();
  await ann.page.getByRole("button", { name: "Yes, resign" }).click();
  const downloads = ann.page.getByTestId("downloads");
  await expect(downloads.getByRole("link")).toHaveText(["JSON", "PGN"]);
  const pgn = ann.page.waitForEvent("download");
  await downloads.getByRole("link", { name: "PGN" }).click();
  const text = await readFile(await (await pgn).path(), "utf8");
  expect(text).toContain('[FEN "7k/8/5K2/8/8/8/8/R7 w - - 0 1"]');
  expect(text).toContain('[White "Ann"]');
  expect(text).toContain('[Result "0-1"]');
  expect(errors).toEqual([]);
  await ann.context.close();
});
