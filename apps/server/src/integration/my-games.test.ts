import { type MatchId } from "@arena/protocol";
import { describe, expect, it } from "vitest";
import { type FakeClock } from "../clocks/scheduler.js";
import { type Client } from "../test-support/harness.js";
import { firstLegal, startOthello } from "../test-support/play.js";
import { useServers } from "../test-support/servers.js";

const blitz = { baseMs: 180_000, incrementMs: 2_000 };

describe("my games: each user's live games, pushed on their own channel (docs/protocol.md)", () => {
  const arena = useServers();

  /** A client once its games list has arrived. */
  async function connect(token?: string): Promise<Client> {
    const client = await arena.connect(token);
    await client.until((c) => c.gamesListed, "the games list");
    return client;
  }

  const gameOf = (client: Client, matchId: MatchId) => client.games.find((g) => g.matchId === matchId);

  it("lists a game when it starts, follows whose turn it is with the clock, and drops it when it ends", async () => {
    const server = await arena.start();
    const clock = server.clock as FakeClock;
    const black = await connect();
    const white = await connect();
    expect(black.games).toEqual([]);
    const { matchId } = await startOthello(black, white, blitz);
    await black.until((c) => gameOf(c, matchId) !== undefined, "black's game");
    await white.until((c) => gameOf(c, matchId) !== undefined, "white's game");
    expect(gameOf(black, matchId)).toMatchObject({
      gameId: "othello",
      seat: 0,
      myTurn: true,
      opponents: [{ kind: "human", user: { id: white.session?.user.id } }],
    });
    expect(gameOf(white, matchId)).toMatchObject({ seat: 1, myTurn: false });

    // A move hands the turn over: both lists change, and the mover's clock shows what it kept.
    clock.advance(5_000);
    const snapshot = await black.snapshot(matchId);
    const next = firstLegal(snapshot);
    if (next === null) throw new Error("no move");
    expect((await black.call("match:move", { matchId, version: snapshot.version, move: next.move })).ok).toBe(
      true,
    );
    await white.until((c) => gameOf(c, matchId)?.myTurn === true, "white's turn");
    await black.until((c) => gameOf(c, matchId)?.myTurn === false, "black waits");
    expect(gameOf(white, matchId)?.clock).toMatchObject({ remainingMs: blitz.baseMs });
    expect(gameOf(black, matchId)?.clock?.running).toBe(false);

    // Another tab of white's, opened now, gets the list with the game whose turn is white's.
    const whiteTab = await connect(white.session?.token);
    expect(whiteTab.games).toHaveLength(1);
    expect(whiteTab.games[0]).toMatchObject({ matchId, myTurn: true, clock: { running: false } });

    // The end takes it off every list, and a rematch asked by one reaches the other on their channel.
    const resigned = await white.call("match:resign", { matchId, version: black.lastVersion(matchId) });
    expect(resigned.ok).toBe(true);
    await black.until((c) => c.games.length === 0, "the game to leave black's list");
    await whiteTab.until((c) => c.games.length === 0, "the game to leave white's tab's list");
    expect((await black.call("match:rematch", { matchId })).ok).toBe(true);
    await whiteTab.until((c) => c.rematchOffers.length === 1, "the rematch offer");
    expect(whiteTab.rematchOffers[0]).toMatchObject({ matchId, from: { id: black.session?.user.id } });
    expect(black.rematchOffers).toEqual([]);
    expect((await connect(black.session?.token)).games).toEqual([]);
  });

  it("lists a game against the computer, your-turn games first", async () => {
    await arena.start();
    const player = await connect();
    const other = await connect();
    const vsHuman = await startOthello(other, player, blitz);
    await player.until((c) => gameOf(c, vsHuman.matchId) !== undefined, "the game against a person");
    // Seat 1 is the computer's, and black (the player) moves first.
    const created = await player.call("room:create", {
      gameId: "othello",
      timeControl: blitz,
      seats: [{ kind: "open" }, { kind: "ai", level: 1 }],
      sit: 0,
    });
    if (!created.ok) throw new Error(created.message);
    await player.until((c) => gameOf(c, created.matchId) !== undefined, "the game against the computer");
    const tab = await connect(player.session?.token);
    expect(tab.games.map((g) => [g.matchId, g.myTurn])).toEqual([
      [created.matchId, true],
      [vsHuman.matchId, false],
    ]);
    expect(tab.games[0]?.opponents).toEqual([{ kind: "ai", level: 1 }]);
  });

  it("lets an invitee decline the seat kept for them: invite-only again, and nobody else may decline it", async () => {
    await arena.start();
    const host = await connect();
    const invitee = await connect((await arena.register("Decliner")).token);
    const other = await connect((await arena.register("Bystander")).token);
    const created = await host.call("room:create", {
      gameId: "othello",
      timeControl: blitz,
      seats: [{ kind: "open" }, { kind: "invite", name: "Decliner" }],
      sit: 0,
    });
    if (!created.ok) throw new Error(created.message);
    await invitee.until((c) => c.invitations.length === 1, "the invitation");
    const { matchId } = created;
    const version = (await invitee.snapshot(matchId)).version;
    expect(await other.call("room:decline", { matchId, version, seat: 1 })).toMatchObject({
      ok: false,
      code: "forbidden",
    });
    expect((await invitee.call("room:decline", { matchId, version, seat: 1 })).ok).toBe(true);
    await host.until((c) =>
      c.events.some((e) => e.matchId === matchId && e.event.type === "invite-declined"),
    );
    const seat = (await host.snapshot(matchId)).seats[1];
    expect(seat).toEqual({ kind: "invite", seat: 1 });
    // Declined, it is no longer pending: a new connection of the invitee hears nothing of it.
    const again = await connect(invitee.session?.token);
    expect(again.invitations).toEqual([]);
    expect((await invitee.call("room:decline", { matchId, version, seat: 1 })).ok).toBe(false);
  });
});
