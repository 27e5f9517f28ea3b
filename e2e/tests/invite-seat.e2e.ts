import { expect, test } from "@playwright/test";
import { createGame, inviteLinkOf, newPlayer, seat, sitButton } from "../fixtures/arena.js";

test("a vacated invite-only seat stays invite-only: a third player is not offered it, the invited player sits again", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const nia = await newPlayer(browser, "Nia");
  const oli = await newPlayer(browser, "Oli");
  const pat = await newPlayer(browser, "Pat");
  // Nia hosts without a seat: seat 0 is open, seat 1 is for whoever has the link.
  const matchId = await createGame(nia.page, { game: "othello", seats: ["open", "invite"], time: "10+5" });
  const link = await inviteLinkOf(nia.page);

  // Pat watches the room without the link: the open seat is offered, the invite-only one is not.
  await pat.page.goto(`/play/${matchId}`);
  await expect(seat(pat.page, 1)).toContainText("Invite only");
  await expect(sitButton(pat.page, 0)).toBeVisible();
  await expect(sitButton(pat.page, 1)).toHaveCount(0);

  // Oli comes by the link, sits, and leaves again; Pat's page follows each event as it comes.
  await oli.page.goto(link);
  await sitButton(oli.page, 1).click();
  await expect(seat(pat.page, 1)).toContainText("Oli");
  await seat(oli.page, 1).getByRole("button", { name: "Leave" }).click();
  await expect(seat(pat.page, 1)).toContainText("Invite only");
  await expect(seat(nia.page, 1)).toContainText("Invite only");
  await expect(sitButton(pat.page, 1)).toHaveCount(0);
  await expect(sitButton(pat.page, 0)).toBeVisible();

  // The seat is still Oli's to take.
  await expect(sitButton(oli.page, 1)).toBeVisible();
  await sitButton(oli.page, 1).click();
  await expect(seat(pat.page, 1)).toContainText("Oli");
  await expect(seat(nia.page, 1)).toContainText("Oli");
  await expect(oli.page.locator(".room p.error")).toHaveCount(0);
  for (const p of [nia, oli, pat]) await p.context.close();
});
