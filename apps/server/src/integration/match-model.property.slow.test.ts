import { type GameId } from "@arena/engine/registry";
import {
  applyEvent,
  applyEvents,
  follow,
  type Followed,
  type MatchModel,
  NOBODY_CONNECTED,
  positionsOf,
  snapshotOf,
} from "@arena/match";
import {
  type AckFor,
  type ClientEventName,
  type MatchId,
  type SeatSpec,
  type VersionedEvent,
} from "@arena/protocol";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { FakeClock } from "../clocks/scheduler.js";
import { type Client, type TestServer } from "../test-support/harness.js";
import { useServers } from "../test-support/servers.js";

/**
 * A client as the browser is one: it rebuilds the server's model from a snapshot and folds the events it
 * is sent with `@arena/match`. This one loses events at random (as a flaky network would) and repairs the
 * gaps with `match:sync`, as the web client does.
 */
class Watcher {
  followed: Followed | null = null;
  private syncing: Promise<void> | null = null;
  private readonly queued: VersionedEvent[] = [];
  syncs = 0;

  constructor(
    private readonly client: Client,
    private readonly matchId: MatchId,
    private readonly drops: () => boolean,
  ) {
    client.socket.on("match:event", this.onEvent);
  }

  private readonly onEvent = ({ matchId, ...entry }: { matchId: MatchId } & VersionedEvent): void => {
    if (matchId !== this.matchId || this.drops()) return;
    if (this.syncing !== null || this.followed === null) this.queued.push(entry);
    else this.fold(entry);
  };

  close(): void {
    this.client.socket.off("match:event", this.onEvent);
  }

  get version(): number {
    return this.followed?.model.version ?? 0;
  }

  async watch(): Promise<void> {
    const ack = await this.client.call("match:watch", { matchId: this.matchId });
    if (!ack.ok) throw new Error(ack.message);
    const followed = follow(ack.snapshot);
    if (!followed.ok) throw new Error(followed.message);
    this.followed = followed.followed;
    this.drain();
  }

  private fold(entry: VersionedEvent): void {
    if (this.followed === null) return;
    const stepped = applyEvent(this.followed, entry);
    if (stepped.kind === "applied") this.followed = stepped.followed;
    else if (stepped.kind === "gap") void this.sync();
  }

  private drain(): void {
    for (const entry of this.queued.splice(0)) this.fold(entry);
  }

  /** Catches up: the events since this client's version, or a snapshot when the server has no such run. */
  sync(): Promise<void> {
    this.syncing ??= (async () => {
      this.syncs++;
      const followed = this.followed;
      if (followed === null) return this.watch();
      const ack = await this.client.call("match:sync", {
        matchId: this.matchId,
        sinceVersion: followed.model.version,
      });
      if (!ack.ok) throw new Error(ack.message);
      if (ack.kind === "snapshot") {
        const rebuilt = follow(ack.snapshot);
        if (!rebuilt.ok) throw new Error(rebuilt.message);
        this.followed = rebuilt.followed;
      } else {
        const caught = applyEvents(this.followed ?? followed, ack.events);
        this.followed = caught.followed;
        if (caught.gap) await this.watch();
      }
    })().finally(() => {
      this.syncing = null;
      this.drain();
    });
    return this.syncing;
  }
}

/** The model as the protocol shows it: the same for two models exactly when they hold the same match. */
function shown(model: MatchModel): unknown {
  return snapshotOf(model, { presence: () => NOBODY_CONNECTED, viewers: 0, now: 0 });
}

const COMMANDS = [
  "join",
  "leave",
  "set-ai",
  "kick-ai",
  "move",
  "move",
  "move",
  "draw-offer",
  "draw-accept",
  "draw-decline",
  "resign",
  "abort",
  "flag",
  "advance",
  "rematch",
  "cancel",
] as const;
type Kind = (typeof COMMANDS)[number];

interface Step {
  readonly actor: number;
  readonly kind: Kind;
  readonly arg: number;
  readonly invite: boolean;
}

const GAMES: readonly { readonly id: GameId; readonly options: unknown; readonly seats: number }[] = [
  { id: "othello", options: {}, seats: 2 },
  { id: "connect-k", options: { preset: "tiny" }, seats: 2 },
  { id: "dice-of-doom", options: { players: 3, size: 3 }, seats: 3 },
];

const scenario = fc.record({
  game: fc.nat(GAMES.length - 1),
  invites: fc.array(fc.boolean(), { minLength: 3, maxLength: 3 }),
  dropRate: fc.constantFrom(0, 0.1, 0.3),
  steps: fc.array(
    fc.record({
      actor: fc.nat(2),
      kind: fc.constantFrom(...COMMANDS),
      arg: fc.nat(1_000),
      invite: fc.boolean(),
    }),
    { minLength: 8, maxLength: 40 },
  ),
  seed: fc.integer(),
});

describe("one model of a match: a client folding the events holds exactly the server's model", () => {
  const arena = useServers({ closeAfter: "all" });
  let server: TestServer;
  let clock: FakeClock;
  let players: Client[] = [];
  let watcherClient: Client;

  beforeAll(async () => {
    clock = new FakeClock();
    server = await arena.start({ clock });
    players = await Promise.all([0, 1, 2].map(() => arena.connect()));
    watcherClient = await arena.connect();
  });

  /** The server's model (a finished room may have left memory: it is loaded again, as for any reader). */
  async function serverModel(matchId: MatchId): Promise<MatchModel> {
    const room = await server.app.rooms.get(matchId);
    if (room === null) throw new Error("no such room");
    return room.model;
  }

  /** Waits for the server's room (AI seats included) to stop changing for a moment. */
  async function settle(matchId: MatchId): Promise<void> {
    let last = -1;
    let quiet = 0;
    while (quiet < 4) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      const version = (await serverModel(matchId)).version;
      quiet = version === last ? quiet + 1 : 0;
      last = version;
    }
  }

  async function act(
    matchId: MatchId,
    inviteToken: string,
    step: Step,
  ): Promise<AckFor<ClientEventName> | null> {
    const model = await serverModel(matchId);
    const version = model.version;
    const seats = model.slots.length;
    const seat = step.arg % seats;
    const actor = players[step.actor];
    const host = players[0];
    if (actor === undefined || host === undefined) throw new Error("no such player");
    switch (step.kind) {
      case "join":
        return actor.call("room:join-seat", {
          matchId,
          version,
          seat,
          ...(step.invite ? { inviteToken } : {}),
        });
      case "leave":
        return actor.call("room:leave-seat", { matchId, version, seat });
      case "set-ai":
        return host.call("room:set-ai", { matchId, version, seat, level: 1 });
      case "kick-ai":
        return host.call("room:kick-ai", { matchId, version, seat });
      case "cancel":
        return host.call("room:cancel", { matchId, version });
      case "move": {
        if (model.status !== "live") return actor.call("match:move", { matchId, version, move: "a1" });
        const legal = model.game.legalMoves(model.state);
        const move = legal[step.arg % Math.max(1, legal.length)];
        const toMove = model.game.toMove(model.state)[0] ?? 0;
        const slot = model.slots[toMove];
        // Mostly the player to move, sometimes someone else (refused).
        const mover =
          slot?.kind === "human" && step.arg % 5 !== 0
            ? players.find((p) => p.session?.user.id === slot.user.id)
            : actor;
        if (mover === undefined || move === undefined) return null;
        return mover.call("match:move", { matchId, version, move: model.game.formatMove(model.state, move) });
      }
      case "draw-offer":
        return actor.call("match:draw-offer", { matchId, version });
      case "draw-accept":
        return actor.call("match:draw-accept", { matchId, version });
      case "draw-decline":
        return actor.call("match:draw-decline", { matchId, version });
      case "resign":
        return actor.call("match:resign", { matchId, version });
      case "abort":
        return actor.call("match:abort", { matchId, version });
      case "flag":
        clock.advance((step.arg % 90) * 1_000);
        return actor.call("match:flag", { matchId });
      case "advance":
        clock.advance((step.arg % 40) * 1_000);
        return null;
      case "rematch":
        return actor.call("match:rematch", { matchId });
    }
  }

  it(
    "through joins, leaves of open and invite seats, AI set and kick, moves, draws, resign, flag and rematch",
    { timeout: 600_000 },
    async () => {
      let refusals = 0;
      let accepted = 0;
      let syncs = 0;
      await fc.assert(
        fc.asyncProperty(scenario, async ({ game: gameIndex, invites, dropRate, steps, seed }) => {
          const game = GAMES[gameIndex];
          if (game === undefined) throw new Error("no game");
          const seats: SeatSpec[] = invites
            .slice(0, game.seats)
            .map((invite) => ({ kind: invite ? "invite" : "open" }));
          const host = players[0];
          if (host === undefined) throw new Error("no host");
          const created = await host.call("room:create", {
            gameId: game.id,
            options: game.options,
            timeControl: { baseMs: 60_000, incrementMs: 1_000 },
            seats,
          });
          if (!created.ok) throw new Error(created.message);
          const matchId = created.matchId;
          let state = seed;
          const drops = () => {
            state = (Math.imul(state, 1_103_515_245) + 12_345) | 0;
            return ((state >>> 8) & 0xffff) / 0x10000 < dropRate;
          };
          const watcher = new Watcher(watcherClient, matchId, drops);
          await watcher.watch();
          for (const step of steps) {
            if (process.env.PROP_DEBUG) console.log(game.id, step.kind, watcher.version);
            const ack = await act(matchId, created.inviteToken, step);
            if (ack !== null) {
              if (ack.ok) accepted++;
              else refusals++;
            }
            await settle(matchId);
            // A lost last event shows only as being behind: the client catches up as it would on reconnect.
            if (watcher.version !== (await serverModel(matchId)).version) await watcher.sync();
            const server = await serverModel(matchId);
            const client = watcher.followed?.model;
            if (client === undefined) throw new Error("the watcher follows nothing");
            expect(shown(client)).toEqual(shown(server));
            if (client.state !== null)
              expect(client.game.hash(client.state)).toBe(server.game.hash(server.state));
          }
          // The replay the client shows ends where the game stands.
          const final = watcher.followed?.model;
          if (final?.state != null) {
            const positions = positionsOf(final);
            expect(final.game.hash(positions[positions.length - 1])).toBe(final.game.hash(final.state));
            expect(positions).toHaveLength(final.moves.length + 1);
          }
          syncs += watcher.syncs;
          watcher.close();
        }),
        {
          numRuns: Number(process.env.PROP_RUNS ?? 24),
          // A fixed seed (PROP_SEED to try others): the totals below depend on the drawn drop rates, and a
          // random draw left too few gaps for them about once in five runs.
          seed: Number(process.env.PROP_SEED ?? 20_261_123),
          endOnFailure: process.env.PROP_DEBUG !== undefined,
        },
      );
      // The runs did exercise both answers and the repair path.
      expect(accepted).toBeGreaterThan(20);
      expect(refusals).toBeGreaterThan(10);
      expect(syncs).toBeGreaterThan(2);
    },
  );
});
