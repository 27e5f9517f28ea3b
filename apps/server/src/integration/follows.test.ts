// Follows over real sockets (docs/protocol.md, "Follows"): accounts only, by name, within a cap and a rate
// limit; a followed account's coming online, sitting down in a live game and leaving are pushed to its
// followers' sockets.
import { asUserId, MAX_FOLLOWS } from "@arena/protocol";
import { describe, expect, it } from "vitest";
import { MemoryPlayerStore } from "../store/memory/players.js";
import { FakeClock } from "../clocks/scheduler.js";
import { FOLLOW_BUCKET } from "../social/follows.js";
import { registerAccount, type TestServer } from "../test-support/harness.js";
import { type ServerOptions, useServers } from "../test-support/servers.js";
import { startOthello } from "../test-support/play.js";

const blitz = { baseMs: 180_000, incrementMs: 2_000 };

const arena = useServers();

const serve = (options: ServerOptions = {}): Promise<TestServer> =>
  arena.start({ clock: new FakeClock(), ...options });

describe("follows (memory store, fake clock)", () => {
  it("pushes a followed account's coming online, its live game and its leaving to the follower", async () => {
    const server = await serve();
    const [ada, bob] = [await registerAccount(server, "Ada"), await registerAccount(server, "Bob")];
    const follower = await arena.connectTo(server, ada.token);
    const first = await follower.call("follow:set", { name: "bob", following: true });
    expect(first).toEqual({
      ok: true,
      players: [{ id: bob.user.id, name: "Bob", online: false, playing: null }],
    });

    const played = await arena.connectTo(server, bob.token);
    await follower.until(() => follower.follows.at(-1)?.online === true, "Bob online");
    expect(follower.follows.at(-1)).toEqual({ id: bob.user.id, name: "Bob", online: true, playing: null });

    // Bob sits down in a game that starts: the follower hears which, to watch it.
    const opponent = await arena.connectTo(server);
    const { matchId } = await startOthello(played, opponent, blitz);
    await follower.until(() => follower.follows.at(-1)?.playing === matchId, "Bob playing");
    expect(await follower.call("follow:list", {})).toEqual({
      ok: true,
      players: [{ id: bob.user.id, name: "Bob", online: true, playing: matchId }],
    });

    // A second socket of the follower (another tab) hears of Bob too, and of his leaving.
    const tab = await arena.connectTo(server, ada.token);
    played.close();
    await tab.until(() => tab.follows.at(-1)?.online === false, "Bob offline");
    expect(tab.follows.at(-1)).toEqual({ id: bob.user.id, name: "Bob", online: false, playing: null });

    // Unfollowed: no more news of Bob on any of the follower's sockets.
    expect(await tab.call("follow:set", { name: "Bob", following: false })).toEqual({
      ok: true,
      players: [],
    });
    const heard = follower.follows.length;
    await arena.connectTo(server, bob.token);
    expect((await follower.call("follow:list", {})).ok).toBe(true);
    expect(follower.follows.length).toBe(heard);
  });

  it("refuses guests, oneself and unknown names; the cap answers quota and floods rate-limited", async () => {
    const server = await serve();
    const ada = await registerAccount(server, "Ada");
    await registerAccount(server, "Bob");
    const guest = await arena.connectTo(server);
    expect(await guest.call("follow:set", { name: "Bob", following: true })).toMatchObject({
      ok: false,
      code: "forbidden",
    });
    expect(await guest.call("follow:list", {})).toMatchObject({ ok: false, code: "forbidden" });
    const follower = await arena.connectTo(server, ada.token);
    expect(await follower.call("follow:set", { name: "Ada", following: true })).toMatchObject({
      ok: false,
      code: "forbidden",
    });
    expect(await follower.call("follow:set", { name: "Nobody", following: true })).toMatchObject({
      ok: false,
      code: "not-found",
    });
    expect(await follower.call("follow:set", { name: "<b>x</b>", following: true })).toMatchObject({
      ok: false,
      code: "invalid-payload",
    });
    // The bucket held 10: two were taken above (oneself, the unknown name); eight more pass, then one waits.
    for (let i = 2; i < FOLLOW_BUCKET.capacity; i++) {
      expect((await follower.call("follow:set", { name: "Bob", following: i % 2 === 0 })).ok).toBe(true);
    }
    const limited = await follower.call("follow:set", { name: "Bob", following: true });
    expect(limited).toMatchObject({ ok: false, code: "rate-limited" });
    expect(!limited.ok && "retryAfterMs" in limited && limited.retryAfterMs).toBeGreaterThan(0);
    (server.clock as FakeClock).advance(FOLLOW_BUCKET.refillMs);
    expect((await follower.call("follow:set", { name: "Bob", following: true })).ok).toBe(true);
  });

  it("answers quota past the cap of follows per account", async () => {
    const store = new MemoryPlayerStore();
    const server = await serve({ players: store });
    const ada = await registerAccount(server, "Ada");
    for (let i = 0; i < MAX_FOLLOWS; i++) {
      await store.follow(ada.user.id, { id: asUserId(`u_f${i}`), name: `F${i}`, since: i }, MAX_FOLLOWS);
    }
    await registerAccount(server, "Bob");
    const follower = await arena.connectTo(server, ada.token);
    expect(await follower.call("follow:set", { name: "Bob", following: true })).toMatchObject({
      ok: false,
      code: "quota",
    });
    const list = await follower.call("follow:list", {});
    expect(list.ok && list.players.length).toBe(MAX_FOLLOWS);
  });
});
