import { RedisNotificationStore } from "../store/redis/notifications.js";
import { RedisSessionStore } from "../store/redis/sessions.js";
import { RedisBlockStore } from "../store/redis/blocks.js";
import { type BlockStore } from "../store/ports/blocks.js";
import { RedisModerationStore } from "../store/redis/moderation.js";
import { type PuzzleStore } from "../store/ports/puzzles.js";
import { type ModerationStore } from "../store/ports/moderation.js";
import { type VacationStore } from "../store/ports/vacations.js";
import { type NotificationStore } from "../store/ports/notifications.js";
import { type AddressInfo } from "node:net";
import {
  type AckFor,
  type AuthResponse,
  type ChatLine,
  type FollowedPlayer,
  type ClientEventName,
  type ClientInput,
  type ClientToServerEvents,
  type Invitation,
  type MatchId,
  applyMyGameChange,
  type MyGame,
  type PresenceUpdate,
  type RematchOffer,
  type ServerToClientEvents,
  type SessionReady,
  type Snapshot,
  type TournamentInvitation,
  type VersionedEvent,
} from "@arena/protocol";
import { type Logger, pino } from "pino";
import { randomId } from "../identity/tokens.js";
import { type PlayerStore } from "../store/ports/players.js";
import { type SessionStore } from "../store/ports/sessions.js";
import { io as connectClient, type Socket } from "socket.io-client";
import { type AiPool, InlinePool } from "../ai/pool.js";
import { type App, type AppConfig, createApp, DEFAULT_CONFIG } from "../app.js";
import { type Clock, FakeClock } from "../clocks/scheduler.js";
import { DEFAULT_QUOTAS } from "../quotas/limits.js";
import { MemoryStore } from "../store/memory/matches.js";
import { type MatchStore } from "../store/ports/matches.js";
import { LocalCluster } from "../cluster/local.js";
import { type Cluster } from "../cluster/ports.js";
import { type ArenaServer } from "../protocol/sockets.js";
import { type SeekStore } from "../store/ports/seeks.js";
import { type QuotaStore } from "../store/ports/quotas.js";
import { type ServerHeartbeat } from "../store/ports/heartbeat.js";
import { type RedisConnection } from "../store/redis/open.js";
import { RedisTournamentStore } from "../store/redis/tournaments.js";
import { type EmailService } from "../mail/email-service.js";
import { type TournamentStore } from "../store/ports/tournaments.js";

export interface TestServer {
  readonly app: App;
  readonly url: string;
  readonly clock: Clock;
  close(graceful?: boolean): Promise<void>;
}

/**
 * Where a test server's matches live: one process's store (memory by default) with the one-process
 * cluster over it (or a test double of one), or a Redis connection whole, its store, cluster and socket.io
 * adapter together, so that no server gets a shared store with a one-process cluster.
 */
export type TestBackend =
  | { store?: MatchStore & ServerHeartbeat; cluster?: Cluster; redis?: undefined }
  | { redis: RedisConnection; store?: undefined; cluster?: undefined };

export async function startServer(
  options: TestBackend & {
    clock?: Clock;
    ai?: AiPool;
    config?: Partial<AppConfig>;
    players?: PlayerStore;
    /** Accounts' sessions (default: memory); servers that share accounts share these too. */
    sessions?: SessionStore;
    /** Accounts' blocks (default: memory, or the Redis backend's); servers that share accounts share these too. */
    blocks?: BlockStore;
    /** Where quick-pairing seeks wait (default: memory). */
    seeks?: SeekStore;
    /** Where quotas are counted (default: memory); processes sharing one share their counts and bans. */
    quotas?: QuotaStore;
    /** Where the server logs; default: silent (TEST_LOG_LEVEL raises it). */
    logger?: Logger;
    /** Where notifications are kept (default: the backend's); a restarted server given the same reads them. */
    notifications?: NotificationStore;
    /** Where vacations are kept (default: memory), likewise. */
    vacations?: VacationStore;
    /** Accounts' e-mail (default: none, and no e-mail routes). */
    email?: EmailService;
    /** Moderation (default: the backend's: Redis for a Redis backend, else memory). */
    moderation?: ModerationStore;
    /** Puzzles (default: memory; the seed set loads on start either way). */
    puzzles?: PuzzleStore;
  } = {},
): Promise<TestServer> {
  const clock = options.clock ?? new FakeClock();
  const { store, cluster, adapter, tournaments, ...backend } = await openTestBackend(options);
  const notifications = options.notifications ?? backend.notifications;
  const sessions = options.sessions ?? backend.sessions;
  const blocks = options.blocks ?? backend.blocks;
  const moderation = options.moderation ?? backend.moderation;
  const app = createApp({
    store,
    cluster,
    ai: options.ai ?? new InlinePool(),
    clock,
    logger: options.logger ?? pino({ level: process.env.TEST_LOG_LEVEL ?? "silent" }),
    config: {
      ...DEFAULT_CONFIG,
      // Scripted games send events much faster than people; the limiter has its own test.
      rateLimit: { burst: 10_000, perSecond: 10_000, maxRefusals: 10 },
      // And one scripted user opens many rooms; the room quotas have their own test (quotas.test.ts).
      quotas: {
        ...DEFAULT_QUOTAS,
        roomsPerMinutePerUser: 1_000_000,
        roomsPerMinutePerAddress: 1_000_000,
        waitingRoomsPerUser: 1_000_000,
        aiGamesPerUser: 1_000_000,
        correspondenceGamesPerUser: 1_000_000,
        guestsPerMinutePerAddress: 1_000_000,
      },
      secret: "test-secret",
      instanceId: `test-${Math.random()}`,
      ...options.config,
    },
    ...(adapter === undefined ? {} : { adapter }),
    ...(tournaments === undefined ? {} : { tournaments }),
    ...(notifications === undefined ? {} : { notifications }),
    ...(options.players === undefined ? {} : { players: options.players }),
    ...(sessions === undefined ? {} : { sessions }),
    ...(blocks === undefined ? {} : { blocks }),
    ...(moderation === undefined ? {} : { moderation }),
    ...(options.seeks === undefined ? {} : { seeks: options.seeks }),
    ...(options.quotas === undefined ? {} : { quotas: options.quotas }),
    ...(options.vacations === undefined ? {} : { vacations: options.vacations }),
    ...(options.email === undefined ? {} : { email: options.email }),
    ...(options.puzzles === undefined ? {} : { puzzles: options.puzzles }),
  });
  await app.start();
  // The server never ends an idle keep-alive connection, the test's fetch does: with both timing it out, a
  // request sent as the server's timer fires (late, after a busy stretch in this one process) fails.
  app.http.keepAliveTimeout = 0;
  await new Promise<void>((resolve) => app.http.listen(0, "127.0.0.1", resolve));
  const port = (app.http.address() as AddressInfo).port;
  return {
    app,
    url: `http://127.0.0.1:${port}`,
    clock,
    close: (graceful = true) => app.close(graceful),
  };
}

async function openTestBackend(backend: TestBackend): Promise<{
  store: MatchStore;
  cluster: Cluster;
  adapter?: (io: ArenaServer) => void;
  tournaments?: TournamentStore;
  notifications?: NotificationStore;
  sessions?: SessionStore;
  blocks?: BlockStore;
  moderation?: ModerationStore;
}> {
  const { redis } = backend;
  if (redis !== undefined)
    return {
      store: redis.store,
      cluster: redis.cluster,
      adapter: (io) => redis.adapter(io),
      tournaments: new RedisTournamentStore(redis.commands, redis.prefix),
      notifications: new RedisNotificationStore(redis.commands, redis.prefix),
      sessions: new RedisSessionStore(redis.commands, redis.prefix),
      blocks: new RedisBlockStore(redis.commands, redis.prefix),
      moderation: new RedisModerationStore(redis.commands, redis.prefix),
    };
  const store = backend.store ?? new MemoryStore();
  return { store, cluster: backend.cluster ?? (await LocalCluster.open(store, store)) };
}

/**
 * A fresh account name: `stem`, '_' and four random letters or digits. The '_' keeps a random tail from
 * turning a short stem into a reserved prefix ("Bo" + "T…" would read "Bot…", accounts/names.ts).
 */
export const uniqueName = (stem: string): string => `${stem}_${randomId(4).replace(/[^A-Za-z0-9]/g, "x")}`;

/** The password every test account registers with. */
export const ACCOUNT_PASSWORD = "correct horse battery staple";

/** A new account on `server`, through its HTTP API (`POST /api/accounts`), with its session. */
export async function registerAccount(
  server: TestServer,
  name: string,
  bot = false,
  guestToken?: string,
): Promise<AuthResponse> {
  const response = await fetch(`${server.url}/api/accounts`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      // With a guest's token the account keeps the guest's id (docs/protocol.md, "Accounts").
      ...(guestToken === undefined ? {} : { authorization: `Bearer ${guestToken}` }),
    },
    body: JSON.stringify({ name, password: ACCOUNT_PASSWORD, bot }),
  });
  if (response.status !== 201) throw new Error(`register ${name}: ${response.status}`);
  return (await response.json()) as AuthResponse;
}

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** A test client: typed calls with acks, and every match event it has received. */
export class Client {
  readonly events: ({ matchId: MatchId } & VersionedEvent)[] = [];
  readonly errors: unknown[] = [];
  /** Every invitation by name it has heard (`invite:received`). */
  readonly invitations: Invitation[] = [];
  /** The latest presence update of each match. */
  readonly presence = new Map<MatchId, PresenceUpdate>();
  /** The latest `session:ready` (again after each reconnect). */
  session: SessionReady | null = null;
  /** Why the socket last dropped: "transport close" lets socket.io reconnect, "io server disconnect" not. */
  disconnectReason: string | null = null;
  /** Every chat line it has received (docs/protocol.md, "Chat"). */
  readonly chat: ({ matchId: MatchId } & ChatLine)[] = [];
  /** Its user's live games: the `games:list` on connecting, with every `games:game` applied since. */
  games: MyGame[] = [];
  /** Whether `games:list` arrived. */
  gamesListed = false;
  /** Every tournament invitation it has heard on its user's channel (`tournament:invited`). */
  readonly tournamentInvitations: TournamentInvitation[] = [];
  /** Every rematch offer it has heard on its user's channel (`rematch:offered`). */
  readonly rematchOffers: RematchOffer[] = [];
  /** Every status of a followed player it has heard (`follow:presence`). */
  readonly follows: FollowedPlayer[] = [];
  private waiters: (() => void)[] = [];

  private constructor(readonly socket: ClientSocket) {
    socket.on("games:list", ({ games }) => {
      this.games = [...games];
      this.gamesListed = true;
      this.wake();
    });
    socket.on("games:game", (change) => {
      this.games = applyMyGameChange(this.games, change);
      this.wake();
    });
    socket.on("rematch:offered", (offer) => {
      this.rematchOffers.push(offer);
      this.wake();
    });
    socket.on("chat:line", (line) => {
      this.chat.push(line);
      this.wake();
    });
    socket.on("match:event", (event) => {
      this.events.push(event);
      this.wake();
    });
    socket.on("presence:update", (update) => {
      this.presence.set(update.matchId, update);
      this.wake();
    });
    socket.on("session:ready", (session) => {
      this.session = session;
      this.wake();
    });
    socket.on("disconnect", (reason) => {
      this.disconnectReason = reason;
      this.wake();
    });
    socket.on("follow:presence", (player) => {
      this.follows.push(player);
      this.wake();
    });
    socket.on("invite:received", (invitation) => {
      this.invitations.push(invitation);
      this.wake();
    });
    socket.on("tournament:invited", (invitation) => {
      this.tournamentInvitations.push(invitation);
      this.wake();
    });
    socket.on("error", (error) => {
      this.errors.push(error);
      this.wake();
    });
  }

  /**
   * A WebSocket-only client, as the web app is; `options.transports` starts another way (long-polling first,
   * then the upgrade), `options.origin` sends a browser's Origin header, and `options.reconnect` reconnects
   * by itself after a drop as the web app does (apps/web/src/net/client.ts), with the identity it was given.
   */
  static async connect(
    url: string,
    token?: string,
    options: {
      readonly transports?: ("polling" | "websocket")[];
      readonly origin?: string;
      /** Other headers of the handshake, e.g. the `x-forwarded-for` a trusted proxy would add. */
      readonly headers?: Record<string, string>;
      readonly reconnect?: boolean;
      /** The handshake's query: a room page names its match (`match`), as the web client does. */
      readonly query?: Record<string, string>;
    } = {},
  ): Promise<Client> {
    let identity = token;
    const socket: ClientSocket = connectClient(url, {
      transports: options.transports ?? ["websocket"],
      forceNew: true,
      reconnection: options.reconnect === true,
      reconnectionDelay: 300,
      auth: (send) => send(identity === undefined ? {} : { token: identity }),
      extraHeaders: {
        ...options.headers,
        ...(options.origin === undefined ? {} : { origin: options.origin }),
      },
      ...(options.query === undefined ? {} : { query: options.query }),
    });
    const client = new Client(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once("session:ready", (session) => {
        identity = session.token;
        resolve();
      });
      socket.once("connect_error", reject);
    });
    return client;
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }

  call<E extends ClientEventName>(event: E, payload: ClientInput<E>): Promise<AckFor<E>> {
    // socket.io's typed emit cannot see through the mapped event type; the shapes are the protocol's.
    const socket = this.socket as unknown as {
      timeout(ms: number): { emitWithAck(event: string, payload: unknown): Promise<unknown> };
    };
    return socket.timeout(10_000).emitWithAck(event, payload) as Promise<AckFor<E>>;
  }

  /** Resolves once `predicate` holds over the received events (or times out). */
  async until(predicate: (client: Client) => boolean, what = "condition", timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!predicate(this)) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out waiting for ${what}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(left, 200));
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  lastVersion(matchId: MatchId): number {
    return this.events.filter((e) => e.matchId === matchId).reduce((v, e) => Math.max(v, e.version), 0);
  }

  ended(matchId: MatchId): boolean {
    return this.events.some((e) => e.matchId === matchId && e.event.type === "ended");
  }

  async snapshot(matchId: MatchId): Promise<Snapshot> {
    const ack = await this.call("match:watch", { matchId });
    if (!ack.ok) throw new Error(`watch failed: ${ack.code}`);
    return ack.snapshot;
  }

  close(): void {
    this.socket.disconnect();
  }
}
