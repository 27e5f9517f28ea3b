// Issue 20, finding 5: a spectator predicted every Dice of Doom roll from the random-number state in the
// public snapshot (and the seed in the `created` event). docs/protocol.md, "Hidden randomness": the dice
// now come from a secret the server keeps beside the log, committed to in `created` and revealed in
// `ended`. These tests play chance games over real sockets and look at everything the public gets.
import { Random } from "@arena/engine/core/rng";
import { getGame } from "@arena/engine/registry";
import { commitmentOf, createClock, fold, rollsAt, verifyMatch } from "@arena/match";
import {
  asMatchId,
  asMillis,
  asVersion,
  type MatchEvent,
  type MatchId,
  type Snapshot,
  type UserRef,
  type VersionedEvent,
} from "@arena/protocol";
import { describe, expect, it } from "vitest";
import { type AiPool, InlinePool } from "../ai/pool.js";
import { FakeClock } from "../clocks/scheduler.js";
import { MemoryStore } from "../store/memory/matches.js";
import { type TestServer } from "../test-support/harness.js";
import { useServers } from "../test-support/servers.js";

const GAME = "dice-of-doom";
const CHANCE = { rules: "chance", players: 2, size: 4, maxDice: 4 };
const blitz = { baseMs: 180_000, incrementMs: 2_000 };

/** Every key anywhere in a JSON value. */
function keysOf(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) keysOf(item, into);
  else if (typeof value === "object" && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      into.add(key);
      keysOf(item, into);
    }
  }
  return into;
}

describe("hidden randomness over real sockets (Dice of Doom, chance rules)", () => {
  const arena = useServers();

  function serve(store: MemoryStore, clock = new FakeClock(), ai?: AiPool): Promise<TestServer> {
    return arena.start({ store, clock, ...(ai === undefined ? {} : { ai }) });
  }

  it("no snapshot, event or REST answer before the end holds the secret or a generator; the revealed secret verifies the game", async () => {
    const store = new MemoryStore();
    const server = await serve(store);
    const [ada, bob, spectator] = [
      await arena.connectTo(server),
      await arena.connectTo(server),
      await arena.connectTo(server),
    ];
    const created = await ada.call("room:create", {
      gameId: GAME,
      options: CHANCE,
      timeControl: blitz,
      seats: [{ kind: "open" }, { kind: "open" }],
      sit: 0,
    });
    if (!created.ok) throw new Error(created.message);
    const matchId = created.matchId;
    const secret = await store.readSecret(matchId);
    if (secret === null) throw new Error("no secret kept");
    const published: unknown[] = [await spectator.snapshot(matchId)];
    const joined = await bob.call("room:join-seat", { matchId, version: created.version, seat: 1 });
    if (!joined.ok) throw new Error(joined.message);

    // Both players attack with their strongest hex while they have one, else pass; a snapshot and the
    // REST record after every move, and every event the spectator is sent.
    const bySeat = [ada, bob];
    let snapshot: Snapshot = await spectator.snapshot(matchId);
    const game = getGame(GAME);
    let attacks = 0;
    for (let ply = 0; ply < 120 && snapshot.status === "live"; ply++) {
      published.push(snapshot, await (await fetch(`${server.url}/api/matches/${matchId}`)).json());
      const state = game.deserialize(snapshot.state);
      if (!state.ok) throw new Error(state.error.message);
      const seat = game.toMove(state.value)[0] ?? 0;
      const moves = game.legalMoves(state.value);
      const attack = moves.find((m) => (game.diceFor?.(state.value, m).length ?? 0) >= 5);
      const move = attack ?? moves[0];
      if (move !== undefined && (game.diceFor?.(state.value, move).length ?? 0) > 0) attacks++;
      const ack = await bySeat[seat]?.call("match:move", {
        matchId,
        version: snapshot.version,
        move: game.formatMove(state.value, move),
      });
      if (ack?.ok !== true) throw new Error(`move refused: ${JSON.stringify(ack)}`);
      snapshot = await spectator.snapshot(matchId);
    }
    if (snapshot.status === "live") {
      const resigned = await ada.call("match:resign", { matchId, version: snapshot.version });
      if (!resigned.ok) throw new Error(resigned.message);
    }
    await spectator.until((c) => c.ended(matchId), "the end");
    // The board is the secret's, so the game's length varies; seat 0's first move is always an attack
    // (docs/dice-of-doom.md §3), so dice were rolled at least once.
    expect(attacks).toBeGreaterThan(0);

    const events = spectator.events.filter((e) => e.matchId === matchId);
    const endAt = events.findIndex((e) => e.event.type === "ended");
    const beforeEnd = [...published, ...events.slice(0, endAt)];
    const text = JSON.stringify(beforeEnd);
    expect(text).not.toContain(secret);
    const keys = keysOf(beforeEnd);
    for (const key of ["seed", "rng", "secret"]) expect(keys.has(key)).toBe(false);
    expect(JSON.stringify(await store.read(matchId, 0))).not.toContain(`"rng"`);

    // The end reveals the secret; the whole log (match:sync from 0) verifies against the commitment.
    const ended = events[endAt]?.event;
    expect(ended).toMatchObject({ type: "ended", secret });
    const sync = await spectator.call("match:sync", { matchId, sinceVersion: asVersion(0) });
    if (!sync.ok || sync.kind !== "events") throw new Error("no log");
    const verified = verifyMatch(matchId, sync.events);
    const rolled = sync.events.filter((e) => e.event.type === "moved" && e.event.rolls !== undefined);
    expect(verified).toEqual({ ok: true, rolledMoves: rolled.length });
    expect(rolled.length).toBeGreaterThan(5);
    const final = await spectator.snapshot(matchId);
    expect(final.revealedSecret).toBe(secret);
    expect(final.commitment).toBe(commitmentOf(secret));
  });

  it("one public history, two secrets: the same attack rolls other dice, so nothing public computes the roll", async () => {
    // N matches whose logs are identical on two servers (commitment, board, seats, clock: everything the
    // public sees) and whose secrets differ. Each server's store holds its own secret per match.
    const clock = () => new FakeClock(1_700_000_000_000);
    const [storeX, storeY] = [new MemoryStore(), new MemoryStore()];
    const [serverX, serverY] = [await serve(storeX, clock()), await serve(storeY, clock())];
    const ada = { id: "u_ada", name: "Ada" } as UserRef;
    const bob = { id: "u_bob", name: "Bob" } as UserRef;
    const adaToken = serverX.app.identity.issue(ada);
    const game = getGame(GAME);
    const options = game.parseOptions(CHANCE);
    if (!options.ok) throw new Error(options.error.message);
    const random = new Random(20);
    const hex = () =>
      Array.from({ length: 32 }, () => random.int(256).toString(16).padStart(2, "0")).join("");
    const start = 1_700_000_000_000;
    let rollsDiffer = 0;
    let resultsDiffer = 0;
    const matches = 24;
    for (let n = 0; n < matches; n++) {
      const matchId: MatchId = asMatchId(`m_same${n}`);
      const [secretX, secretY] = [hex(), hex()];
      const state = game.initial(options.value, 1000 + n);
      const log: VersionedEvent[] = (
        [
          {
            type: "created",
            gameId: GAME,
            options: options.value,
            timeControl: blitz,
            seats: [{ kind: "open" }, { kind: "open" }],
            rated: false,
            visibility: "public",
            host: ada,
            commitment: commitmentOf(secretX),
          },
          { type: "seat-joined", seat: 0, user: ada },
          { type: "seat-joined", seat: 1, user: bob },
          { type: "started", state: game.serialize(state), clock: createClock(blitz, 2, 0, start) },
        ] satisfies MatchEvent[]
      ).map((event, i) => ({ version: asVersion(i + 1), at: asMillis(start), event }));
      for (const [store, secret] of [
        [storeX, secretX],
        [storeY, secretY],
      ] as const) {
        await store.keepSecret(matchId, secret);
        await store.append(matchId, 0, log);
      }
      const attack = game.legalMoves(state)[0];
      const move = game.formatMove(state, attack);
      const faces = game.diceFor?.(state, attack) ?? [];
      const played: { rolls: readonly number[]; won: boolean }[] = [];
      for (const [server, secret] of [
        [serverX, secretX],
        [serverY, secretY],
      ] as const) {
        const player = await arena.connectTo(server, adaToken);
        const ack = await player.call("match:move", { matchId, version: asVersion(4), move });
        if (!ack.ok) throw new Error(`${ack.code}: ${ack.message}`);
        const sync = await player.call("match:sync", { matchId, sinceVersion: asVersion(4) });
        if (!sync.ok || sync.kind !== "events") throw new Error("no events");
        const moved = sync.events[0]?.event;
        if (moved?.type !== "moved" || moved.rolls === undefined) throw new Error("no dice");
        // The server's dice are the secret's, at ply 0, and nothing else's.
        expect(moved.rolls).toEqual(rollsAt(secret, 0, faces));
        const after = fold(matchId, [...log, ...sync.events]);
        const success = game.chanceOutcomes?.(state, attack)[0]?.state;
        played.push({
          rolls: moved.rolls,
          won: JSON.stringify(game.serialize(after.state)) === JSON.stringify(game.serialize(success)),
        });
        player.close();
      }
      const [x, y] = played;
      if (JSON.stringify(x?.rolls) !== JSON.stringify(y?.rolls)) rollsDiffer++;
      if (x?.won !== y?.won) resultsDiffer++;
    }
    // Equal dice for both secrets would be a 1-in-6^(dice) coincidence; results differ whenever the
    // attack is not a near-certainty either way.
    expect(rollsDiffer).toBeGreaterThanOrEqual(matches - 1);
    expect(resultsDiffer).toBeGreaterThan(0);
  });

  it("AI seats are asked with the public position only: no secret and no generator in their requests", async () => {
    const requests: string[] = [];
    const inline = new InlinePool();
    const recording: AiPool = {
      choose: (request, signal) => {
        requests.push(JSON.stringify(request));
        return inline.choose(request, signal);
      },
      analyze: (request, signal) => inline.analyze(request, signal),
      queueDepth: () => 0,
      close: () => Promise.resolve(),
    };
    const store = new MemoryStore();
    const server = await serve(store, new FakeClock(), recording);
    const host = await arena.connectTo(server);
    const created = await host.call("room:create", {
      gameId: GAME,
      options: CHANCE,
      timeControl: blitz,
      seats: [
        { kind: "ai", level: 1 },
        { kind: "ai", level: 1 },
      ],
    });
    if (!created.ok) throw new Error(created.message);
    // Six moves, or the whole game if it is shorter (the secret draws the board, so its length varies),
    // read from the log: the AI may play some before anyone watches.
    const started = Date.now();
    const settled = async (): Promise<number> => {
      const log = (await store.read(created.matchId, 0)) ?? [];
      const moved = log.filter((entry) => entry.event.type === "moved").length;
      if (moved >= 6 || log.some((entry) => entry.event.type === "ended")) return moved;
      if (Date.now() - started > 20_000) throw new Error(`only ${moved} AI moves in 20 s`);
      await new Promise((resolve) => setTimeout(resolve, 50));
      return settled();
    };
    const moves = await settled();
    const secret = await store.readSecret(created.matchId);
    if (secret === null) throw new Error("no secret");
    expect(moves).toBeGreaterThan(0);
    expect(requests.length).toBeGreaterThanOrEqual(Math.min(6, moves));
    for (const request of requests) {
      expect(request).not.toContain(secret);
      expect(keysOf(JSON.parse(request)).has("rng")).toBe(false);
    }
  });
});
