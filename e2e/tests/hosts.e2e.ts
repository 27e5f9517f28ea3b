import { Othello } from "@arena/engine";
import { type Browser, expect, test } from "@playwright/test";
import { board, createGame, inviteLinkOf, newPlayer, resultBanner, sitButton } from "../fixtures/arena.js";
import { type Hosts, hostsForTest } from "../fixtures/hosts.js";
import { expectBoardOf, playOthelloToEnd } from "../fixtures/othello.js";
import { type Product, startProduct } from "../fixtures/product.js";

// docs/reliability.md, "Across machines". The product on host A as a person starts it, players on B and
// C, a spectator on D: four network namespaces on one virtual LAN, every address one of theirs.

test("players on two other machines play Othello to the end on the address the server prints; a third machine watches", async () => {
  test.setTimeout(300_000);
  const hosts: Hosts = await hostsForTest(["A", "B", "C", "D"]);
  const browsers: Browser[] = [];
  let product: Product | undefined;
  try {
    const [a, b, c, d] = [hosts.host("A"), hosts.host("B"), hosts.host("C"), hosts.host("D")] as const;

    // Nothing a host sends can leave the LAN: its one route is the LAN's own.
    for (const host of hosts.list) {
      const routes = await host.routes();
      expect(routes, `routes of host ${host.name}`).toEqual([
        expect.stringMatching(/^10\.231\.0\.0\/24 dev eth0 /),
      ]);
    }

    // Default settings: it listens on every interface of A and prints A's LAN address for friends.
    product = await startProduct(a);
    expect(product.localUrl).toBe("http://localhost:3000/");
    expect(product.networkUrls).toEqual([`http://${a.address}:3000/`]);
    const url = product.networkUrls[0] ?? "";
    const ready = await b.get(`${url}readyz`);
    expect(ready, `GET ${url}readyz from host B`).toMatchObject({ ok: true, value: { status: 200 } });

    const [bBrowser, cBrowser, dBrowser] = await Promise.all([
      b.launchChromium(),
      c.launchChromium(),
      d.launchChromium(),
    ] as const);
    browsers.push(bBrowser, cBrowser, dBrowser);
    const on = { baseURL: url };
    const bea = await newPlayer(bBrowser, "Bea", on);
    const cal = await newPlayer(cBrowser, "Cal", on);
    const dee = await newPlayer(dBrowser, "Dee", on);

    // Bea hosts and sends Cal the invite link; it names the address she opened, A's, which Cal can open.
    const matchId = await createGame(bea.page, { game: "othello", seats: ["me", "invite"], time: "15+10" });
    const link = await inviteLinkOf(bea.page);
    expect(link.startsWith(`${url}play/${matchId}`)).toBe(true);
    await cal.page.goto(link);
    await sitButton(cal.page, 1).click();
    await expect(bea.page.getByTestId("seat-1")).toContainText("Cal");

    // Dee finds the game in her lobby's live games and watches.
    const liveRow = dee.page
      .getByRole("table", { name: "Live games" })
      .locator(`tr[data-match="${matchId}"]`);
    await liveRow.getByRole("link", { name: "Watch" }).click();
    await dee.page.waitForURL(new RegExp(`/play/${matchId}`));
    await expect(board(dee.page)).toBeVisible();
    await expect(bea.page.getByTestId("viewers")).toHaveText("1 viewer");

    const { state } = await playOthelloToEnd({ black: bea.page, white: cal.page, watchers: [dee.page] });

    for (const page of [bea.page, cal.page, dee.page])
      await expect(resultBanner(page)).toContainText("by score");
    await expectBoardOf(dee.page, state);
    const counts = Othello.discCounts(state);
    await expect(dee.page.getByTestId("disc-counts")).toContainText(`Black ${counts.black}`);
    await expect(dee.page.getByTestId("disc-counts")).toContainText(`White ${counts.white}`);
    await dee.page.screenshot({ path: "screenshots/hosts-othello-finished.png", fullPage: true });
  } finally {
    await Promise.all(browsers.map((browser) => browser.close()));
    await product?.stop();
    await hosts.teardown();
  }
});
