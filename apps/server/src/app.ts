import { createServer, type Server as HttpServer } from "node:http";
import { type Socket } from "node:net";
import { SECURITY_HEADERS, type UserId } from "@arena/protocol";
import express from "express";
import { type Logger } from "pino";
import { Server } from "socket.io";
import { type AiPool } from "./ai/pool.js";
import { type LaneLimits } from "./analysis/lane.js";
import { type Clock } from "./clocks/scheduler.js";
import { type AccountClosing } from "./accounts/closing.js";
import { mountAccountRoutes } from "./accounts/routes.js";
import { botsRouter } from "./http/bots-api.js";
import { MemoryPlayerStore } from "./store/memory/players.js";
import { MemorySessionStore } from "./store/memory/sessions.js";
import { type SessionStore } from "./store/ports/sessions.js";
import { type BlockStore } from "./store/ports/blocks.js";
import { MemoryBlockStore } from "./store/memory/blocks.js";
import { blocksRouter } from "./blocks/http.js";
import { type PlayerStore } from "./store/ports/players.js";
import { type Accounts } from "./accounts/service.js";
import { apiRouter } from "./http/api.js";
import { checkRequestHost, hostPolicy } from "./http/hosts.js";
import { checkRequestOrigin } from "./http/origins.js";
import { type Identity, randomId } from "./identity/tokens.js";
import { createMetrics } from "./metrics.js";
import { hearOtherProcesses, seekNews, socketFanout } from "./protocol/fanout.js";
import { healthRouter, Readiness } from "./http/health.js";
import {
  bodyDepthLimit,
  crossOrigin,
  jsonErrors,
  knownHostsOnly,
  lockedDown,
  notFound,
} from "./http/middleware.js";
import { buildServices } from "./wiring.js";
import { makeSocketEndOnce, makeWebSocketParsersEndOnce } from "./protocol/end-once.js";
import { Following } from "./protocol/following.js";
import { attachGateway } from "./protocol/gateway.js";
import { type ArenaServer, type ArenaSocket, botsOnline } from "./protocol/sockets.js";
import { DEFAULT_QUOTAS, type QuotaLimits } from "./quotas/limits.js";
import { MemoryQuotaStore } from "./store/memory/quotas.js";
import { type QuotaStore } from "./store/ports/quotas.js";
import { type GameRecorder } from "./ratings/recorder.js";
import { FINISHED_ROOMS_KEPT } from "./rooms/cache.js";
import { type Rooms } from "./rooms/rooms.js";
import { MemorySeekStore } from "./store/memory/seeks.js";
import { type SeekStore } from "./store/ports/seeks.js";
import { type Seeks } from "./seeks/seeks.js";
import { BROADCAST_SLICE } from "./protocol/sliced-broadcast.js";
import { HANDSHAKES_PER_TURN, TurnGate } from "./protocol/turn-gate.js";
import { type MatchStore } from "./store/ports/matches.js";
import { type Cluster } from "./cluster/ports.js";
import { compressed } from "./web/compress.js";
import { markMissingMatch } from "./web/missing-match.js";
import { type WebApp } from "./web/next-app.js";
import { tournamentsRouter } from "./http/tournaments-api.js";
import { type EmailService } from "./mail/email-service.js";
import { tournamentExportsRouter } from "./http/tournament-exports-api.js";
import { MemoryTournamentStore } from "./store/memory/tournaments.js";
import { type TournamentStore } from "./store/ports/tournaments.js";
import { MemoryNotificationStore } from "./store/memory/notifications.js";
import { type NotificationStore } from "./store/ports/notifications.js";
import { notificationsRouter } from "./http/notifications-api.js";
import { MemoryVacationStore } from "./store/memory/vacations.js";
import { type VacationStore } from "./store/ports/vacations.js";
import { vacationRouter } from "./http/vacation-api.js";
import { MemoryPuzzleStore } from "./store/memory/puzzles.js";
import { type PuzzleStore } from "./store/ports/puzzles.js";
import { PiscinaRefuter, type Refuter } from "./puzzles/refuter.js";
import { puzzlesRouter } from "./puzzles/routes.js";
import { PuzzleTrainer } from "./puzzles/trainer.js";
import { MemoryForecastStore } from "./store/memory/forecasts.js";
import { type ForecastStore } from "./store/ports/forecasts.js";
import { MemoryModerationStore } from "./store/memory/moderation.js";
import { type ModerationStore } from "./store/ports/moderation.js";
import { moderationRouter } from "./moderation/http.js";

export interface AppConfig {
  readonly secret: string;
  /** The pause between a swiss's or round-robin's rounds (docs/tournaments.md); 5 s unless set. */
  readonly roundGapMs?: number;
  /**
   * Origins besides the server's own from which browsers may open sockets and call the API (the page's
   * own origin always may).
   */
  readonly allowedOrigins: readonly string[];
  /**
   * Host names, besides loopback names, IP literals and the hosts of `allowedOrigins`, that requests may be
   * addressed to (`ALLOWED_HOSTS`; `*`: any). Others are refused (http/hosts.ts).
   */
  readonly allowedHosts: readonly string[];
  /** Socket.io's per-message limit (bytes). */
  readonly maxPayloadBytes: number;
  readonly rateLimit: { readonly burst: number; readonly perSecond: number; readonly maxRefusals: number };
  readonly leaseTtlMs: number;
  /** 1 in production; tests shrink the §6 disconnect timeouts. */
  readonly goneScale: number;
  readonly creditToMoveMs: number;
  readonly creditOthersMs: number;
  /** Finished rooms kept in memory at most; older ones are read from the store when asked for. */
  readonly finishedRoomsKept: number;
  /** This process's name in leases. */
  readonly instanceId: string;
  /**
   * The bearer token that opens `/metrics` to other machines (`METRICS_TOKEN`); null: loopback only
   * (http/metrics-access.ts).
   */
  readonly metricsToken: string | null;
  /** What one user or address may hold or do (docs/protocol.md, "Quotas"). */
  readonly quotas: QuotaLimits;
  /** Proxies in front whose `X-Forwarded-For` entries are believed (`TRUST_PROXY`). */
  readonly trustedProxies: number;
  /**
   * engine.io's heartbeat (docs/reliability.md, "Connection loss seen in 5 s"): a ping every interval, and
   * a socket whose pong is later than the timeout is dropped; the browser drops it after interval + timeout
   * without a ping.
   */
  readonly pingIntervalMs: number;
  readonly pingTimeoutMs: number;
  /** How many of a room's sockets one slice of a match broadcast writes to (protocol/sliced-broadcast.ts). */
  readonly broadcastSlice: number;
  /** How many new connections one turn of the event loop accepts (protocol/turn-gate.ts). */
  readonly handshakesPerTurn: number;
  /** Post-game analysis budgets (docs/analysis.md, "Budgets"); tests shrink them. */
  readonly analysis?: {
    readonly positionBudgetMs: number;
    readonly boardBudgetMs: number;
    readonly boardRate: { readonly burst: number; readonly perSecond: number };
    /** The analysis lane's caps (docs/analysis.md, "Where it runs"); defaults when absent. */
    readonly boardLane?: LaneLimits;
    readonly jobLane?: LaneLimits;
  };
}

export const DEFAULT_CONFIG: Omit<AppConfig, "secret" | "instanceId"> = {
  metricsToken: null,
  allowedOrigins: [],
  allowedHosts: [],
  maxPayloadBytes: 16 * 1024,
  rateLimit: { burst: 40, perSecond: 20, maxRefusals: 40 },
  leaseTtlMs: 10_000,
  goneScale: 1,
  creditToMoveMs: 20_000,
  creditOthersMs: 10_000,
  finishedRoomsKept: FINISHED_ROOMS_KEPT,
  quotas: DEFAULT_QUOTAS,
  trustedProxies: 0,
  pingIntervalMs: 2_000,
  pingTimeoutMs: 2_500,
  broadcastSlice: BROADCAST_SLICE,
  handshakesPerTurn: HANDSHAKES_PER_TURN,
};

export interface AppDeps {
  readonly store: MatchStore;
  /** What only several processes need: leases, match news, messages between them (cluster/local.ts for one). */
  readonly cluster: Cluster;
  readonly ai: AiPool;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly config: AppConfig;
  /** Installs a cross-process socket.io adapter (Redis) before anything is emitted. */
  readonly adapter?: (io: ArenaServer) => void;
  /** The web app, served on the same origin as the API and the sockets; absent for an API-only server. */
  readonly web?: WebApp;
  /** Where quotas are counted: shared by every process when scaled out; in memory by default. */
  readonly quotas?: QuotaStore;
  /** Accounts' e-mail settings and links (docs/protocol.md, "E-mail"); absent: no e-mail routes. */
  readonly email?: EmailService;
  /** Accounts, ratings and game histories: the store's own (SQLite, Redis); in memory by default. */
  readonly players?: PlayerStore;
  /** Accounts' sessions (default: this process's memory); shared by processes that share `players`. */
  readonly sessions?: SessionStore;
  /** Accounts' blocks (default: this process's memory); shared by processes that share `players`. */
  readonly blocks?: BlockStore;
  /** Where quick-pairing seeks wait: shared by every process when scaled out; in memory by default. */
  readonly seeks?: SeekStore;
  /** Tournaments: the store's own (SQLite, Redis); in memory by default. */
  readonly tournaments?: TournamentStore;
  /** Notification inboxes: the store's own (SQLite, Redis); in memory by default. */
  readonly notifications?: NotificationStore;
  /** Vacation allowances: the store's own (SQLite, Redis); in memory by default. */
  readonly vacations?: VacationStore;
  /** Forecasts: the store's own (SQLite, Redis); in memory by default. */
  readonly forecasts?: ForecastStore;
  /** Moderation (docs/protocol.md, "Moderation"): the store's own (SQLite, Redis); in memory by default. */
  readonly moderation?: ModerationStore;
  /** Puzzles (docs/puzzles.md, "Serving and rating"): the store's own (SQLite, Redis); in memory by default. */
  readonly puzzles?: PuzzleStore;
  /** Where wrong moves are refuted: a worker thread by default. */
  readonly refuter?: Refuter;
}

export interface App {
  readonly http: HttpServer;
  readonly io: ArenaServer;
  readonly rooms: Rooms;
  readonly identity: Identity;
  readonly accounts: Accounts;
  /** Records finished games and rates the rated ones (also called by tests racing two processes). */
  readonly recorder: GameRecorder;
  /** Quick pairing (docs/protocol.md, "Quick pairing"). */
  readonly seeks: Seeks;
  /** Closes accounts: by their owners, and `closeAccount(userId, reason)` for moderation. */
  readonly closing: AccountClosing;
  /** Loads live games and starts lease upkeep; call before listening. */
  start(): Promise<void>;
  /**
   * Out of rotation: `/readyz` answers 503 from now on, so that a load balancer sends nobody new here, while
   * everything else goes on serving until `close` (docs/deployment.md).
   */
  drain(): void;
  /** Graceful: leases are handed back. Not graceful: as if the process died. */
  close(graceful?: boolean): Promise<void>;
}

/** Builds the HTTP and socket.io servers without listening (tests listen on port 0). */
export function createApp(deps: AppDeps): App {
  const { store, clock, logger, config } = deps;
  const players = deps.players ?? new MemoryPlayerStore();
  // Express first, then socket.io on the same server: engine.io takes its own paths and hands the other
  // requests to the app (routes are added to the app below).
  const app = express();
  const http = createServer(app);
  // Before engine.io's own listener: a WebSocket's streams then end once as it closes (protocol/end-once.ts).
  makeWebSocketParsersEndOnce();
  http.prependListener("upgrade", (_request, socket) => makeSocketEndOnce(socket as Socket));
  const handshakes = new TurnGate(config.handshakesPerTurn);
  const hosts = hostPolicy(config.allowedHosts, config.allowedOrigins);
  const io: ArenaServer = new Server(http, {
    maxHttpBufferSize: config.maxPayloadBytes,
    // Polling and WebSocket handshakes alike: the page's own origin, a listed one, or no browser at all.
    // A few handshakes per turn of the event loop, so that a crowd connecting at once does not stall others.
    allowRequest: (req, callback) => {
      const entered = handshakes.enter(() => {
        const host = checkRequestHost(req, hosts);
        const check = host.ok ? checkRequestOrigin(req, config.allowedOrigins) : host;
        callback(check.ok ? null : check.reason, check.ok);
      });
      if (!entered) callback("the server is busy accepting connections; try again shortly", false);
    },
    cors: { origin: [...config.allowedOrigins], credentials: true },
    serveClient: false,
    pingInterval: config.pingIntervalMs,
    pingTimeout: config.pingTimeoutMs,
    // The engine.io session id as a cookie on the handshake: a load balancer pins a long-polling session to
    // this process by it (deploy/haproxy.cfg). Clients that poll need not keep cookies: their requests carry
    // the id in the URL.
    cookie: { name: "io", path: "/socket.io", httpOnly: true, sameSite: "lax" },
  });
  // Every HTTP answer, engine.io's polling ones included (docs/architecture.md, "Security"): engine.io took
  // over the server's request listeners when it attached, so this one, put first, runs before both.
  http.prependListener("request", (_req, res) => {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
  });
  deps.adapter?.(io);
  // Follows are made once the rooms are: until then no socket holds a seat.
  let seatsChanged: (socket: ArenaSocket) => void = () => undefined;
  const following = new Following(config.quotas, (socket) => seatsChanged(socket));
  const metrics = createMetrics({
    liveGames: () => services.rooms.liveCount(),
    aiQueue: () => deps.ai.queueDepth(),
  });
  const fanout = socketFanout(io, {
    instanceId: config.instanceId,
    cluster: deps.cluster,
    following,
    broadcastSlice: config.broadcastSlice,
    moved: () => metrics.moves.inc(),
  });
  // Built below with the rooms; moderation, built with the services, reaches it through this.
  const late: { closing?: AccountClosing } = {};
  const backends = {
    store,
    cluster: deps.cluster,
    players,
    sessions: deps.sessions ?? new MemorySessionStore(),
    blocks: deps.blocks ?? new MemoryBlockStore(),
    quotas: deps.quotas ?? new MemoryQuotaStore(),
    seeks: deps.seeks ?? new MemorySeekStore(),
    tournaments: deps.tournaments ?? new MemoryTournamentStore(),
    notifications: deps.notifications ?? new MemoryNotificationStore(),
    vacations: deps.vacations ?? new MemoryVacationStore(),
    forecasts: deps.forecasts ?? new MemoryForecastStore(),
    moderation: deps.moderation ?? new MemoryModerationStore(),
    // A moderator closes an account as its owner would (accounts/closing.ts).
    closeAccount: async (userId: UserId, by: string, why: string) => {
      const closed = await late.closing?.closeAccount(userId, `by ${by}: ${why}`);
      if (closed?.ok === false) logger.warn({ userId, code: closed.code }, "an account was not closed");
    },
    ai: deps.ai,
    clock,
    logger,
  };
  const services = buildServices(backends, { io, fanout, seekNews: seekNews(io, deps.cluster) }, config);
  const { identity, accounts, recorder, quotas, rooms, follows, seeks, analysis } = services;
  seatsChanged = (socket) => {
    if (socket.data.account !== null) follows.announce(socket.data.user);
  };
  hearOtherProcesses(deps.cluster, { rooms, seeks });
  const readiness = new Readiness(() => store.isReady());

  app.disable("x-powered-by");
  app.use(compressed());
  app.use(knownHostsOnly(hosts));
  app.use(["/api", "/healthz", "/readyz", "/metrics"], lockedDown);
  app.use(express.json({ limit: "16kb" }));
  app.use(bodyDepthLimit);
  app.use(crossOrigin(config.allowedOrigins));
  app.use(healthRouter(readiness, metrics, config.metricsToken));
  const api = express.Router();
  app.use("/api", api);
  const closing = mountAccountRoutes(api, {
    io,
    store,
    players,
    quotas: backends.quotas,
    forecasts: backends.forecasts,
    services,
    email: deps.email,
    trustedProxies: config.trustedProxies,
    clock,
    logger,
  });
  late.closing = closing;
  app.use(
    "/api",
    apiRouter({ rooms, quotas, identity, accounts, analysis, trustedProxies: config.trustedProxies }),
  );
  app.use(
    "/api",
    botsRouter(() => botsOnline(io)),
  );
  app.use("/api", notificationsRouter({ inbox: services.notifications, accounts, quotas }));
  app.use("/api", vacationRouter(accounts, services.vacations));
  const puzzles = new PuzzleTrainer({
    store: deps.puzzles ?? new MemoryPuzzleStore(),
    refuter: deps.refuter ?? new PiscinaRefuter(),
    clock,
    logger,
  });
  app.use("/api", puzzlesRouter({ trainer: puzzles, accounts, quotas }));
  app.use("/api", blocksRouter(accounts, services.blocks));
  app.use("/api", moderationRouter(accounts, services.moderation));
  app.use(
    "/api",
    tournamentsRouter({
      tournaments: services.tournaments,
      accounts,
      players,
      quotas,
      blocks: services.blocks,
    }),
  );
  app.use(
    "/api",
    tournamentExportsRouter({
      tournaments: services.tournaments,
      matchLog: (matchId) => store.read(matchId, 0),
      quotas,
      trustedProxies: config.trustedProxies,
    }),
  );
  app.use("/api", notFound);
  const web = deps.web;
  if (web !== undefined) {
    // Whether the match's log exists, read past its end: no room is loaded onto this process for a page view.
    app.get(
      "/play/:id",
      markMissingMatch(async (matchId) => (await store.read(matchId, Number.MAX_SAFE_INTEGER)) !== null),
    );
    // Everything else is the web app's: pages, its static files and its own 404 page.
    app.use((req, res, next) => {
      web.handle(req, res).catch(next);
    });
  } else {
    app.use(lockedDown, notFound);
  }
  app.use(jsonErrors(logger));

  attachGateway(io, {
    rooms,
    identity,
    accounts,
    following,
    follows,
    blocks: services.blocks,
    seeks,
    quotas,
    chat: services.chat,
    tournaments: services.tournaments,
    tournamentChat: services.tournamentChat,
    notifications: services.notifications,
    forecasts: services.forecasts,
    myGames: services.myGames,
    guestChain: services.guestChain,
    trustedProxies: config.trustedProxies,
    logger,
    instance: config.instanceId,
    rateLimit: config.rateLimit,
    // Half the transport limit: payloads in between get a `payload-too-large` ack instead of a dropped socket.
    maxPayloadChars: Math.floor(config.maxPayloadBytes / 2),
    observeAck: (event, ok, seconds) => metrics.acks.observe({ event, ok: String(ok) }, seconds),
  });

  return {
    http,
    io,
    rooms,
    identity,
    accounts,
    recorder,
    seeks,
    closing,
    async start() {
      await rooms.start();
      // After the rooms: resuming a tournament finds or creates its boards' matches.
      await services.tournaments.resume();
      await services.vacations.start();
      // The seed set's new puzzles, before anyone is served (docs/puzzles.md, "Seed loading").
      await puzzles.start();
      readiness.start();
    },
    drain() {
      readiness.drain();
    },
    async close(graceful = true) {
      readiness.stop();
      analysis.close();
      seeks.stop();
      follows.stop();
      services.vacations.stop();
      await puzzles.close();
      await services.tournaments.close(graceful);
      await rooms.stop(graceful);
      // Closing the server closes this process's transports, and nothing more: clients see "transport close"
      // and socket.io reconnects them (through a balancer, to another process). `io.disconnectSockets` sent
      // them a disconnect, after which socket.io does not reconnect, and through the Redis adapter it reached
      // every process's sockets: one process's restart disconnected every player of the cluster for good.
      await new Promise<void>((resolve) => {
        void io.close(() => resolve());
      });
      if (http.listening) await new Promise<void>((resolve) => http.close(() => resolve()));
      await deps.web?.close();
    },
  };
}

export function instanceName(): string {
  return `${process.pid}-${randomId(6)}`;
}
