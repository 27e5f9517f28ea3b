import { SERVER_EVENT_NAMES } from "@arena/protocol";
import { afterEach, describe, expect, it } from "vitest";
import { type FakeClock } from "../clocks/scheduler.js";
import { LOBBY_BATCH_MS } from "../rooms/lobby-feed.js";
import { POOLS } from "../seeks/pools.js";
import { SEEK_COUNTS_BATCH_MS } from "../seeks/seeks.js";
import { Client, registerAccount, startServer, type TestServer } from "../test-support/harness.js";
import { startOthello } from "../test-support/play.js";

const blitz = { baseMs: 180_000, incrementMs: 2_000 };

describe("the protocol declares what the server sends", () => {
  let server: TestServer | null = null;
  const clients: Client[] = [];

  afterEach(async () => {
    for (const client of clients.splice(0)) client.close();
    await server?.close();
    server = null;
  });

  it("sends every server event the protocol declares, and nothing else", async () => {
    server = await startServer();
    const seen = new Set<string>();
    // session:ready arrives during connect, before any listener of the test could be added.
    const lobby = await Client.connect(server.url);
    const black = await Client.connect(server.url);
    const white = await Client.connect(server.url);
    clients.push(lobby, black, white);
    for (const client of clients) {
      if (client.session !== null) seen.add("session:ready");
      // So does the user's games list (docs/protocol.md, "My games"), just after it.
      await client.until((c) => c.gamesListed, "the games list");
      seen.add("games:list");
      client.socket.onAny((event: string) => seen.add(event));
    }
    const subscribed = await lobby.call("lobby:subscribe", {});
    expect(subscribed.ok).toBe(true);
    const { matchId } = await startOthello(black, white, blitz);
    // Lobby news goes out in batches: the game shows up in the next one.
    (server.clock as FakeClock).advance(LOBBY_BATCH_MS);
    await lobby.until(() => seen.has("lobby:changed"), "the game to show in the lobby");
    // A chat line, to the players' channel (docs/protocol.md, "Chat").
    expect(await black.call("chat:say", { matchId, channel: "players", text: "gl" })).toMatchObject({
      ok: true,
    });
    await white.until(() => seen.has("chat:line"), "the chat line");
    await black.call("match:resign", { matchId, version: (await black.snapshot(matchId)).version });
    // The finished game's analysis, asked once and pushed to the match's sockets (docs/protocol.md, "Analysis").
    const asked = await fetch(`${server.url}/api/matches/${matchId}/analysis`, {
      method: "POST",
      headers: { authorization: `Bearer ${black.session?.token ?? ""}` },
    });
    expect(asked.ok).toBe(true);
    await black.until(() => seen.has("analysis:progress"), "the analysis progress");
    // A rematch asked by one player reaches the other on their own channel (docs/protocol.md, "My games").
    expect((await white.call("match:rematch", { matchId })).ok).toBe(true);
    await black.until(() => seen.has("rematch:offered"), "the rematch offer");
    // Quick pairing: a watcher's counts, a second tab's seek replacing the first's, a pairing.
    expect((await lobby.call("seek:subscribe", {})).ok).toBe(true);
    const poolId = POOLS[0]?.id ?? "";
    const tab = await Client.connect(server.url, black.session?.token);
    clients.push(tab);
    tab.socket.onAny((event: string) => seen.add(event));
    await black.call("seek:enter", { poolId });
    (server.clock as FakeClock).advance(SEEK_COUNTS_BATCH_MS);
    await tab.call("seek:enter", { poolId });
    await white.call("seek:enter", { poolId });
    await black.until(() => ["seek:ended", "seek:paired", "seek:counts"].every((e) => seen.has(e)), "seeks");
    // An event sent without an ack callback is refused with an `error` event.
    (black.socket as unknown as { emit(event: string, payload: unknown): void }).emit("match:teleport", {});
    await black.until(() => seen.has("error"), "the error event");
    // An invitation by name reaches an account's sockets.
    const registered = (await (
      await fetch(`${server.url}/api/accounts`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ name: "Invitee", password: "correct horse battery staple" }),
      })
    ).json()) as { token: string };
    const invitee = await Client.connect(server.url, registered.token);
    clients.push(invitee);
    invitee.socket.onAny((event: string) => seen.add(event));
    const invited = await black.call("room:create", {
      gameId: "othello",
      timeControl: blitz,
      seats: [{ kind: "open" }, { kind: "invite", name: "Invitee" }],
      sit: 0,
    });
    expect(invited.ok).toBe(true);
    await invitee.until(() => seen.has("invite:received"), "the invitation");
    // A followed account's status reaches its followers (docs/protocol.md, "Follows").
    const followed = await registerAccount(server, "Followed");
    expect(await invitee.call("follow:set", { name: "Followed", following: true })).toMatchObject({
      ok: true,
    });
    clients.push(await Client.connect(server.url, followed.token));
    await invitee.until(() => seen.has("follow:presence"), "the followed account coming online");
    expect([...seen].sort()).toEqual([...SERVER_EVENT_NAMES].sort());
  });
});
