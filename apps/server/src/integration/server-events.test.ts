import { SERVER_EVENT_NAMES, type TournamentSummary } from "@arena/protocol";
import { describe, expect, it } from "vitest";
import { type FakeClock } from "../clocks/scheduler.js";
import { LIST_PUSH_MS } from "../tournaments/list-pushes.js";
import { LOBBY_BATCH_MS } from "../rooms/lobby-feed.js";
import { POOLS } from "../seeks/pools.js";
import { SEEK_COUNTS_BATCH_MS } from "../seeks/seeks.js";
import { useServers } from "../test-support/servers.js";
import { uniqueName } from "../test-support/harness.js";
import { setModeratorRole } from "../moderation/roles.js";
import { MemoryModerationStore } from "../store/memory/moderation.js";
import { MemoryPlayerStore } from "../store/memory/players.js";
import { startOthello } from "../test-support/play.js";

const blitz = { baseMs: 180_000, incrementMs: 2_000 };

const arena = useServers();

describe("the protocol declares what the server sends", () => {
  it("sends every server event the protocol declares, and nothing else", async () => {
    const players = new MemoryPlayerStore();
    const moderation = new MemoryModerationStore();
    const server = await arena.start({ players, moderation });
    const seen = new Set<string>();
    // session:ready arrives during connect, before any listener of the test could be added.
    const lobby = await arena.connect();
    const black = await arena.connect();
    const white = await arena.connect();
    for (const client of [lobby, black, white]) {
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
    // ... which a moderator removes (docs/protocol.md, "Moderation").
    const moderator = await arena.register(uniqueName("Mod"));
    await setModeratorRole({ players, moderation }, moderator.user.name, true, server.clock.now());
    const line = white.chat.find((l) => l.matchId === matchId);
    const removed = await fetch(`${server.url}/api/mod/actions`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${moderator.token}` },
      body: JSON.stringify({ action: "remove-line", matchId, lineId: line?.id, why: "test" }),
    });
    expect(removed.status).toBe(200);
    await white.until(() => seen.has("chat:removed"), "the removed line");
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
    const tab = await arena.connect(black.session?.token);
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
    const registered = await arena.register("Invitee");
    const invitee = await arena.connect(registered.token);
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
    const followed = await arena.register("Followed");
    expect(await invitee.call("follow:set", { name: "Followed", following: true })).toMatchObject({
      ok: true,
    });
    const followedClient = await arena.connect(followed.token);
    followedClient.socket.onAny((event: string) => seen.add(event));
    await invitee.until(() => seen.has("follow:presence"), "the followed account coming online");
    // A tournament's watchers hear every change to it, and the list's followers each row that changes
    // (docs/protocol.md, "Tournaments").
    const rows: TournamentSummary[] = [];
    invitee.socket.on("tournaments:changed", ({ tournament }) => rows.push(tournament));
    expect(await invitee.call("tournaments:subscribe", {})).toMatchObject({ ok: true, tournaments: [] });
    const created = await fetch(`${server.url}/api/tournaments`, {
      method: "POST",
      headers: { authorization: `Bearer ${registered.token}`, "content-type": "application/json" },
      body: JSON.stringify({
        gameId: "othello",
        format: "round-robin",
        timeControl: blitz,
        invitees: ["Followed"],
      }),
    });
    const { id: tournamentId } = (await created.json()) as { id: string };
    // Its invitees hear of it on their own channel.
    await followedClient.until(() => seen.has("tournament:invited"), "the tournament invitation");
    expect((await invitee.call("tournament:watch", { tournamentId })).ok).toBe(true);
    const joined = await fetch(`${server.url}/api/tournaments/${tournamentId}/join`, {
      method: "POST",
      headers: { authorization: `Bearer ${registered.token}` },
    });
    expect(joined.ok).toBe(true);
    await invitee.until(() => seen.has("tournament:update"), "the tournament's update");
    // The list pushes a row at most once per LIST_PUSH_MS: the join's row comes at the window's end.
    (server.clock as FakeClock).advance(LIST_PUSH_MS);
    await invitee.until(() => rows.length === 2, "the list's new row, then its row with one player");
    expect(rows.map((r) => [r.id, r.status, r.players])).toEqual([
      [tournamentId, "waiting", 0],
      [tournamentId, "waiting", 1],
    ]);
    // And every line of its chat.
    expect((await invitee.call("tournament:chat", { tournamentId, text: "gl all" })).ok).toBe(true);
    await invitee.until(() => seen.has("tournament:chat-line"), "the tournament's chat line");
    expect([...seen].sort()).toEqual([...SERVER_EVENT_NAMES].sort());
  });
});
