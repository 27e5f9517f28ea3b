// Tournaments open or by invitation (docs/tournaments.md, "Open or by invitation"): invitees are told on
// every socket, on any process, and again on connecting; only they and the creator may join one by invitation.
import { type TournamentInvitation, type TournamentSummary } from "@arena/protocol";
import { describe, expect, it } from "vitest";
import { randomId } from "../identity/tokens.js";
import { type Client, type TestServer, registerAccount, uniqueName } from "../test-support/harness.js";
import { notificationsUntil } from "../test-support/notifications.js";
import { RedisPlayerStore } from "../store/redis/players.js";
import { connectTestRedis, redisUrl } from "../test-support/redis.js";
import { skipWithout } from "../test-support/requires.js";
import { useServers } from "../test-support/servers.js";
import { tournamentApi, tournamentView } from "../test-support/tournaments.js";

const arena = useServers();

const ROUND_ROBIN = {
  gameId: "othello",
  format: "round-robin",
  timeControl: { baseMs: 60_000, incrementMs: 0 },
};

/** What the client heard on `tournament:invited` (the harness listens from before `session:ready`). */
const invitationsOf = (client: Client): readonly TournamentInvitation[] => client.tournamentInvitations;

describe("a tournament by invitation", () => {
  it("tells each invitee, again on connecting until they enter, and lets only them and the creator join", async () => {
    const server = await arena.start();
    const creator = await arena.register("Director");
    const bea = await arena.register("Bea");
    const cal = await arena.register("Cal");
    const beaSocket = await arena.connect(bea.token);
    const heard = invitationsOf(beaSocket);
    const { post } = tournamentApi(server.url, creator.token);

    const unknown = await post("/tournaments", {
      ...ROUND_ROBIN,
      invitationOnly: true,
      invitees: ["Nobody"],
    });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ ok: false, code: "not-found" });

    const created = await post("/tournaments", {
      ...ROUND_ROBIN,
      name: "Friends only",
      invitationOnly: true,
      invitees: ["bea", "Bea", "Director"],
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    await beaSocket.until(() => heard.length === 1, "the invitation");
    expect(heard[0]).toMatchObject({
      id,
      name: "Friends only",
      invitationOnly: true,
      status: "waiting",
      createdBy: { name: "Director" },
    });
    const view = await tournamentView(server.url, id);
    expect(view).toMatchObject({ invitationOnly: true, invited: [{ name: "Bea" }] });
    const listed = (await (await fetch(`${server.url}/api/tournaments`)).json()) as {
      tournaments: TournamentSummary[];
    };
    expect(listed.tournaments.find((t) => t.id === id)?.invitationOnly).toBe(true);

    // Someone not invited is refused, and nothing is written.
    const refused = await tournamentApi(server.url, cal.token).post(`/tournaments/${id}/join`);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ ok: false, code: "not-invited" });
    expect((await tournamentView(server.url, id)).version).toBe(view.version);

    // A socket that connects while the invitation is open hears of it again.
    const later = await arena.connect(bea.token);
    const again = invitationsOf(later);
    await later.until(() => again.length === 1, "the invitation on connecting");
    expect(again[0]?.id).toBe(id);

    expect(
      await (await tournamentApi(server.url, bea.token).post(`/tournaments/${id}/join`)).json(),
    ).toMatchObject({
      ok: true,
    });
    expect(await (await post(`/tournaments/${id}/join`)).json()).toMatchObject({ ok: true });
    // Entered: connecting no longer brings it. (Nothing arrives to wait for: a connect's own pushes come
    // within a few milliseconds, as the one above did.)
    const entered = await arena.connect(bea.token);
    await entered.until(() => entered.gamesListed, "the games list");
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(invitationsOf(entered)).toEqual([]);
    const names = (await tournamentView(server.url, id)).standings.map((s) => s.name).sort();
    expect(names).toEqual(["Bea", "Director"]);
  });

  it("lets anyone join an open tournament, and still tells its invitees", async () => {
    const server = await arena.start();
    const creator = await arena.register("Director");
    const bea = await arena.register("Bea");
    const cal = await arena.register("Cal");
    const heard = invitationsOf(await arena.connect(bea.token));
    const created = await tournamentApi(server.url, creator.token).post("/tournaments", {
      ...ROUND_ROBIN,
      invitees: ["Bea"],
    });
    const { id } = (await created.json()) as { id: string };
    await expect.poll(() => heard.map((i) => i.invitationOnly)).toEqual([false]);
    const joined = await tournamentApi(server.url, cal.token).post(`/tournaments/${id}/join`);
    expect(await joined.json()).toMatchObject({ ok: true });
  });

  it("keeps the invitation in the invitee's notifications, for one who was not connected", async () => {
    const server = await arena.start();
    const creator = await arena.register("Director");
    const dee = await arena.register("Dee");
    const created = await tournamentApi(server.url, creator.token).post("/tournaments", {
      ...ROUND_ROBIN,
      invitationOnly: true,
      invitees: ["Dee"],
    });
    const { id } = (await created.json()) as { id: string };
    const kept = await notificationsUntil(server.url, dee.token, (list) => list.length > 0);
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({
      id: `tournament-invitation:${id}`,
      kind: "tournament-invitation",
      tournamentId: id,
      from: { name: "Director" },
      read: false,
    });
    expect(await notificationsUntil(server.url, creator.token, () => true)).toEqual([]);
  });
});

describe.skipIf(skipWithout(redisUrl === null, "redis-server"))(
  "a tournament by invitation across two processes on one Redis",
  () => {
    async function instance(prefix: string): Promise<TestServer> {
      const redis = await connectTestRedis(prefix);
      arena.defer(() => redis.close());
      // Accounts in the shared store too: a token from one process is the same account on the other.
      return arena.start({ redis, players: new RedisPlayerStore(redis.commands, redis.prefix) });
    }

    it("tells an invitee connected to the other process, which refuses the uninvited too", async () => {
      const prefix = `tinv-${randomId(6)}:`;
      const a = await instance(prefix);
      const b = await instance(prefix);
      const creator = await registerAccount(a, uniqueName("Director"));
      const bea = await registerAccount(a, uniqueName("Bea"));
      const cal = await registerAccount(a, uniqueName("Cal"));
      const heard = invitationsOf(await arena.connectTo(b.url, bea.token));
      const created = await tournamentApi(a.url, creator.token).post("/tournaments", {
        ...ROUND_ROBIN,
        invitationOnly: true,
        invitees: [bea.user.name],
      });
      const { id } = (await created.json()) as { id: string };
      await expect.poll(() => heard.map((i) => i.id)).toEqual([id]);
      const refused = await tournamentApi(b.url, cal.token).post(`/tournaments/${id}/join`);
      expect(await refused.json()).toMatchObject({ ok: false, code: "not-invited" });
      const joined = await tournamentApi(b.url, bea.token).post(`/tournaments/${id}/join`);
      expect(await joined.json()).toMatchObject({ ok: true });
    });
  },
);
