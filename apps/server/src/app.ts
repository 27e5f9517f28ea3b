import { createServer, type Server as HttpServer } from "node:http";
import { type Socket } from "node:net";
import { SECURITY_HEADERS } from "@arena/protocol";
import express, { type NextFunction, type Request, type Response } from "express";
import { type Logger } from "pino";
import { Server } from "socket.io";
import { type AiPool } from "./ai/pool.js";
import { JobClaims } from "./analysis/claims.js";
import { type LaneLimits } from "./analysis/lane.js";
import { AnalysisService, DEFAULT_ANALYSIS_BUDGETS } from "./analysis/service.js";
import { type Clock } from "./clocks/scheduler.js";
import { accountsRouter } from "./accounts/http.js";
import { botsRouter } from "./http/bots-api.js";
import { MemoryPlayerStore } from "./store/memory/players.js";
import { type PlayerStore } from "./store/ports/players.js";
import { Accounts } from "./accounts/service.js";
import { apiRouter } from "./http/api.js";
import { mayReadMetrics } from "./http/metrics-access.js";
import { checkRequestHost, hostPolicy } from "./http/hosts.js";
import { checkRequestOrigin } from "./http/origins.js";
import { Identity, randomId } from "./identity/tokens.js";
import { createMetrics } from "./metrics.js";
import { makeSocketEndOnce, makeWebSocketParsersEndOnce } from "./protocol/end-once.js";
import { MAX_PAYLOAD_DEPTH, nestsDeeperThan } from "./protocol/payload-depth.js";
import { Following } from "./protocol/following.js";
import { attachGateway } from "./protocol/gateway.js";
import { Follows } from "./social/follows.js";
import {
  type ArenaServer,
  type ArenaSocket,
  botsOnline,
  chatRoom,
  chatUserRoom,
  matchRoom,
  onlineUsers,
  SEEK_COUNTS_ROOM,
  guestRoom,
  sessionRoom,
  userRoom,
} from "./protocol/sockets.js";
import { DEFAULT_QUOTAS, type QuotaLimits } from "./quotas/limits.js";
import { MemoryQuotaStore } from "./store/memory/quotas.js";
import { type QuotaStore } from "./store/ports/quotas.js";
import { GameRecorder } from "./ratings/recorder.js";
import { FINISHED_ROOMS_KEPT } from "./rooms/cache.js";
import { type Fanout, Rooms } from "./rooms/rooms.js";
import { MemorySeekStore } from "./store/memory/seeks.js";
import { type SeekStore } from "./store/ports/seeks.js";
import { Playban } from "./seeks/playban.js";
import { Seeks } from "./seeks/seeks.js";
import { BROADCAST_SLICE, SlicedBroadcasts } from "./protocol/sliced-broadcast.js";
import { HANDSHAKES_PER_TURN, TurnGate } from "./protocol/turn-gate.js";
import { type MatchStore } from "./store/ports/matches.js";
import { type Cluster } from "./cluster/ports.js";
import { markMissingMatch } from "./web/missing-match.js";
import { type WebApp } from "./web/next-app.js";

export interface AppConfig {
  readonly secret: string;
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
  /** What only several processes need: leases in batches, match news (cluster/local.ts for one process). */
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
  /** Accounts, ratings and game histories: the store's own (SQLite, Redis); in memory by default. */
  readonly players?: PlayerStore;
  /** Where quick-pairing seeks wait: shared by every process when scaled out; in memory by default. */
  readonly seeks?: SeekStore;
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
  /** Loads live games and starts lease upkeep; call before listening. */
  start(): Promise<void>;
  /**
   * Out of rotation: `/readyz` answers 503 from now on, so that a load balancer sends nobody new here, while
   * everything else goes on serving until `close` (docs/architecture.md, "Deployment").
   */
  drain(): void;
  /** Graceful: leases are handed back. Not graceful: as if the process died. */
  close(graceful?: boolean): Promise<void>;
}

/** Builds the HTTP and socket.io servers without listening (tests listen on port 0). */
export function createApp(deps: AppDeps): App {
  const { store, clock, logger, config } = deps;
  const identity = new Identity(config.secret);
  const players = deps.players ?? new MemoryPlayerStore();
  const accounts = new Accounts(players, identity, clock, logger);
  const recorder = new GameRecorder(players, logger);
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
  // Only a cross-process adapter carries news between processes (the in-memory one warns on each try).
  const clustered = deps.adapter !== undefined;
  // Follows are made once the rooms are: until then no socket holds a seat.
  let seatsChanged: (socket: ArenaSocket) => void = () => undefined;
  const following = new Following(config.quotas, (socket) => seatsChanged(socket));
  const broadcasts = new SlicedBroadcasts(io.of("/").adapter.rooms, config.broadcastSlice);

  const fanout: Fanout = {
    // Each process tells its own sockets the events its copy of the room applies (its own appends and the
    // ones it hears of), so a move crosses Redis once, in the append's notification, not again through the
    // adapter (docs/architecture.md, "Several processes").
    // A crowd gets it a slice of sockets at a time, so that other games do not wait behind it.
    matchEvent: (matchId, entry) => {
      const message = { matchId, ...entry };
      broadcasts.send(matchRoom(matchId), (to) => io.local.to(to).emit("match:event", message));
    },
    // Each process tells its own sockets the presence it has merged from every process's reports (in order
    // with the match's events).
    presence: (update) =>
      broadcasts.send(matchRoom(update.matchId), (to) => io.local.to(to).emit("presence:update", update)),
    presenceReports: (reports) => {
      if (clustered) io.serverSideEmit("presence:reports", config.instanceId, reports);
    },
    presenceWanted: (matchId) => {
      if (clustered) io.serverSideEmit("presence:wanted", matchId);
    },
    leaseOffered: (matchId, to) => {
      if (clustered) io.serverSideEmit("lease:offered", matchId, to);
    },
    lobbyEntry: (matchId, summary) => {
      if (clustered) io.serverSideEmit("lobby:entry", matchId, summary);
    },
    evicted: (matchId) => {
      // Without this a long-lived socket (a lobby tab that plays all day) kept every match it ever followed,
      // in its own map and in the adapter's rooms. Local only: each process evicts on its own schedule, and
      // a client that asks about the match again is attached again.
      for (const id of [...(io.of("/").adapter.rooms.get(matchRoom(matchId)) ?? [])]) {
        const socket = io.of("/").sockets.get(id);
        if (socket !== undefined) following.forget(socket, matchId);
      }
    },
    reseated: (room) => {
      // Each local socket's seats are read again from the model, so that presence follows the players.
      for (const id of [...(io.of("/").adapter.rooms.get(matchRoom(room.matchId)) ?? [])]) {
        const socket = io.of("/").sockets.get(id);
        if (socket !== undefined) following.follow(socket, room);
      }
    },
    // A socket.io room per channel, and one per user of the match for their mutes: through the adapter,
    // every process leaves out its own muting sockets (docs/architecture.md, "Chat").
    chatLine: (matchId, line, audience, except) =>
      io
        .to(audience === "everyone" ? matchRoom(matchId) : chatRoom(matchId, audience))
        .except(except.map((user) => chatUserRoom(matchId, user)))
        .emit("chat:line", { matchId, ...line }),
    // A user's own channel: the adapter reaches their sockets on every process (docs/protocol.md, "My games").
    myGames: {
      game: (userId, change) => io.to(userRoom(userId)).emit("games:game", change),
      rematch: (userId, offer) => io.to(userRoom(userId)).emit("rematch:offered", offer),
    },
  };
  let onMove: () => void = () => undefined;
  const quotaStore = deps.quotas ?? new MemoryQuotaStore();
  const playban = new Playban(quotaStore, clock, logger);
  const rooms = new Rooms({
    store,
    cluster: deps.cluster,
    clock,
    ai: deps.ai,
    logger,
    fanout,
    owner: config.instanceId,
    leaseTtlMs: config.leaseTtlMs,
    goneScale: config.goneScale,
    creditToMoveMs: config.creditToMoveMs,
    creditOthersMs: config.creditOthersMs,
    finishedRoomsKept: config.finishedRoomsKept,
    quotaStore,
    quotaLimits: config.quotas,
    online: (matchId) => onlineUsers(io, matchId),
    onMove: () => onMove(),
    onEnded: (model) => recorder.recordInBackground(model),
    onNoShow: (matchId, user) => void playban.noShow(matchId, user),
    onStatusChanged: (model) => {
      for (const slot of model.slots) if (slot.kind === "human") follows.announce(slot.user);
    },
  });
  const follows = new Follows({ store: players, accounts, io, rooms, logger, now: () => clock.now() });
  seatsChanged = (socket) => {
    if (socket.data.account !== null) follows.announce(socket.data.user);
  };
  const seeks = new Seeks({
    store: deps.seeks ?? new MemorySeekStore(),
    clock,
    logger,
    instance: config.instanceId,
    players,
    quotas: rooms.quotas,
    playban,
    createRoom: (pool, seated, rated) =>
      rooms.createPaired({ gameId: pool.gameId, timeControl: pool.timeControl, rated, players: seated }),
    news: {
      // A socket's own room: the adapter reaches it on whichever process holds it.
      paired: (seek, matchId) => io.to(seek.socketId).emit("seek:paired", { poolId: seek.poolId, matchId }),
      ended: (seek, reason) => io.to(seek.socketId).emit("seek:ended", { poolId: seek.poolId, reason }),
      changed: () => {
        if (clustered) io.serverSideEmit("seek:changed");
      },
      counts: (counts) => io.local.to(SEEK_COUNTS_ROOM).emit("seek:counts", { counts }),
    },
  });
  io.on("seek:changed", () => seeks.heard());
  io.on("lobby:entry", (matchId, summary) => rooms.lobbyHeard(matchId, summary));
  io.on("presence:reports", (instance, reports) => rooms.presenceHeard(instance, reports));
  io.on("presence:wanted", (matchId) => rooms.presenceAsked(matchId));
  io.on("lease:offered", (matchId, to) => rooms.leaseOffered(matchId, to));
  const metrics = createMetrics({
    liveGames: () => rooms.liveCount(),
    aiQueue: () => deps.ai.queueDepth(),
  });
  onMove = () => metrics.moves.inc();
  let ready = false;
  let draining = false;

  app.disable("x-powered-by");
  // A name this server does not go by (DNS rebinding's shape) gets nothing: no page, API or metrics.
  app.use((req, res, next) => {
    const check = checkRequestHost(req, hosts);
    if (check.ok) {
      next();
      return;
    }
    res.status(421).json({ ok: false, code: "forbidden", message: check.reason });
  });
  // The web app's proxy adds the pages' Content-Security-Policy; the server's own answers (JSON, metrics)
  // get one that allows nothing (the other security headers are set on every answer above).
  const lockedDown = (_req: Request, res: Response, next: NextFunction) => {
    res.setHeader("Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'");
    next();
  };
  app.use(["/api", "/healthz", "/readyz", "/metrics"], lockedDown);
  app.use(express.json({ limit: "16kb" }));
  // The same depth limit as the sockets' (protocol/payload-depth.ts), before any handler walks the body.
  app.use((req: Request, res: Response, next: NextFunction) => {
    if (!nestsDeeperThan(req.body, MAX_PAYLOAD_DEPTH)) {
      next();
      return;
    }
    res.status(400).json({
      ok: false,
      code: "invalid-payload",
      message: `the body nests deeper than ${MAX_PAYLOAD_DEPTH} levels`,
    });
  });
  app.use((req, res, next) => {
    const origin = req.headers.origin;
    if (origin !== undefined && config.allowedOrigins.includes(origin)) {
      res.setHeader("Access-Control-Allow-Origin", origin);
      res.setHeader("Access-Control-Allow-Headers", "content-type, authorization");
      res.setHeader("Access-Control-Allow-Credentials", "true");
      res.setHeader("Vary", "Origin");
    }
    if (req.method === "OPTIONS") {
      res.sendStatus(204);
      return;
    }
    // A page on another site must not act for the user: a request that changes something comes from here.
    if (req.method !== "GET" && req.method !== "HEAD") {
      const check = checkRequestOrigin(req, config.allowedOrigins);
      if (!check.ok) {
        res.status(403).json({ ok: false, code: "forbidden", message: check.reason });
        return;
      }
    }
    next();
  });

  app.get("/healthz", (_req, res) => {
    res.json({ ok: true });
  });
  app.get("/readyz", (_req, res) => {
    // Not ready while draining, or while the store is unreachable (Redis down): load balancers stop sending
    // players here.
    const reason = !ready ? "starting" : draining ? "draining" : store.isReady() ? null : "store-unavailable";
    res.status(reason === null ? 200 : 503).json(reason === null ? { ok: true } : { ok: false, reason });
  });
  app.get("/metrics", async (req, res) => {
    if (!mayReadMetrics(req, config.metricsToken)) {
      res.status(403).json({
        ok: false,
        code: "forbidden",
        message: "metrics are served to this machine, or with the METRICS_TOKEN bearer token",
      });
      return;
    }
    res.setHeader("Content-Type", metrics.registry.contentType);
    res.send(await metrics.registry.metrics());
  });
  const analysis = new AnalysisService({
    store,
    ai: deps.ai,
    claims: new JobClaims(quotaStore, config.instanceId, () => clock.now()),
    // Through the adapter: the job runs on one process, the match's sockets may be on any.
    push: (matchId, status, askers) =>
      io.to([matchRoom(matchId), ...askers.map(userRoom)]).emit("analysis:progress", { matchId, ...status }),
    loadMatch: async (matchId) => {
      const room = await rooms.get(matchId);
      return room === null ? null : room.read(() => room.model);
    },
    now: () => clock.now(),
    ...(config.analysis ?? DEFAULT_ANALYSIS_BUDGETS),
  });
  app.use(
    "/api",
    accountsRouter({
      accounts,
      store: players,
      trustedProxies: config.trustedProxies,
      // Every socket of the session, on every process (through the adapter), is closed: logout is final.
      sessionEnded: (sessionId) => io.in(sessionRoom(sessionId)).disconnectSockets(true),
      guestClaimed: (userId) => io.in(guestRoom(userId)).disconnectSockets(true),
      now: () => clock.now(),
    }),
  );
  app.use("/api", apiRouter({ rooms, identity, accounts, analysis, trustedProxies: config.trustedProxies }));
  app.use(
    "/api",
    botsRouter(() => botsOnline(io)),
  );
  app.use("/api", (_req, res) => {
    res.status(404).json({ ok: false, code: "not-found", message: "no such route" });
  });
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
    app.use(lockedDown, (_req: Request, res: Response) => {
      res.status(404).json({ ok: false, code: "not-found", message: "no such route" });
    });
  }
  app.use((error: unknown, _req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) {
      next(error);
      return;
    }
    const status =
      typeof error === "object" && error !== null && "status" in error && typeof error.status === "number"
        ? error.status
        : 500;
    if (status >= 500) logger.error({ err: error }, "http handler failed");
    res.status(status).json({
      ok: false,
      code: status === 413 ? "payload-too-large" : status < 500 ? "invalid-payload" : "internal",
      message: status < 500 ? "bad request" : "internal error",
    });
  });

  attachGateway(io, {
    rooms,
    identity,
    accounts,
    following,
    follows,
    seeks,
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
    async start() {
      await rooms.start();
      ready = true;
    },
    drain() {
      draining = true;
    },
    async close(graceful = true) {
      ready = false;
      analysis.close();
      seeks.stop();
      follows.stop();
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
