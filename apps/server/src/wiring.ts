import { type MatchModel } from "@arena/match";
import { type Logger } from "pino";
import { type PlayerStore } from "./store/ports/players.js";
import { type SessionStore } from "./store/ports/sessions.js";
import { type BlockStore } from "./store/ports/blocks.js";
import { Blocks } from "./blocks/service.js";
import { Accounts } from "./accounts/service.js";
import { type AiPool } from "./ai/pool.js";
import { JobClaims } from "./analysis/claims.js";
import { AnalysisService, DEFAULT_ANALYSIS_BUDGETS } from "./analysis/service.js";
import { type AppConfig } from "./app.js";
import { ChatService } from "./chat/service.js";
import { type Clock } from "./clocks/scheduler.js";
import { Identity } from "./identity/tokens.js";
import { type ArenaServer, chatRoom, matchRoom, onlineUsers, userRoom } from "./protocol/sockets.js";
import { CHAT_CHANNELS } from "@arena/protocol";
import { type QuotaStore } from "./store/ports/quotas.js";
import { Quotas } from "./quotas/quotas.js";
import { GameRecorder } from "./ratings/recorder.js";
import { type Mining, PuzzleMiner } from "./puzzles/miner.js";
import { initialPuzzleGlicko } from "./puzzles/rating.js";
import { type PuzzleStore } from "./store/ports/puzzles.js";
import { MyGames } from "./rooms/my-games.js";
import { Inbox } from "./notifications/inbox.js";
import { type NotificationStore } from "./store/ports/notifications.js";
import { type Fanout } from "./rooms/room-ports.js";
import { Rooms } from "./rooms/rooms.js";
import { type SeekStore } from "./store/ports/seeks.js";
import { Playban } from "./seeks/playban.js";
import { type SeekNews, Seeks } from "./seeks/seeks.js";
import { Follows } from "./social/follows.js";
import { type MatchStore } from "./store/ports/matches.js";
import { type Cluster } from "./cluster/ports.js";
import { TOURNAMENTS_LIST_ROOM, tournamentRoom } from "./protocol/sockets.js";
import { TournamentChat } from "./tournaments/chat.js";
import { type TournamentStore } from "./store/ports/tournaments.js";
import { DEFAULT_ROUND_GAP_MS } from "./tournaments/director.js";
import { Tournaments } from "./tournaments/service.js";
import { type VacationStore } from "./store/ports/vacations.js";
import { Vacations } from "./vacation/service.js";
import { type ForecastStore } from "./store/ports/forecasts.js";
import { Forecasts } from "./forecast/service.js";
import { type ModerationStore } from "./store/ports/moderation.js";
import { type CloseAccount, Moderation } from "./moderation/service.js";
import { Standing } from "./moderation/standing.js";
import { GuestChain } from "./moderation/guest-chain.js";

/** The backends every service is built on (one process's memory, or the shared stores when scaled out). */
export interface Backends {
  readonly store: MatchStore;
  /** What only several processes need: leases in batches, match news (cluster/local.ts for one process). */
  readonly cluster: Cluster;
  readonly players: PlayerStore;
  readonly sessions: SessionStore;
  readonly blocks: BlockStore;
  readonly quotas: QuotaStore;
  readonly seeks: SeekStore;
  readonly tournaments: TournamentStore;
  readonly notifications: NotificationStore;
  readonly vacations: VacationStore;
  readonly forecasts: ForecastStore;
  readonly moderation: ModerationStore;
  readonly puzzles: PuzzleStore;
  /** Where finished games are mined for puzzles (puzzles/miner.ts). */
  readonly mining: Mining;
  /** What closing an account does (the moderation page's action; accounts/closing.ts). */
  readonly closeAccount?: CloseAccount;
  readonly ai: AiPool;
  readonly clock: Clock;
  readonly logger: Logger;
}

/** How the services' news leaves the process (protocol/fanout.ts). */
export interface Transports {
  readonly io: ArenaServer;
  readonly fanout: Fanout;
  readonly seekNews: SeekNews;
}

/** Every service of the process, each built once. */
export interface Services {
  readonly identity: Identity;
  readonly accounts: Accounts;
  /** Records finished games and rates the rated ones. */
  readonly recorder: GameRecorder;
  readonly quotas: Quotas;
  readonly chat: ChatService;
  readonly myGames: MyGames;
  readonly rooms: Rooms;
  readonly follows: Follows;
  /** Accounts blocking accounts (docs/protocol.md, "Blocks"). */
  readonly blocks: Blocks;
  readonly seeks: Seeks;
  readonly analysis: AnalysisService;
  readonly tournaments: Tournaments;
  readonly tournamentChat: TournamentChat;
  /** Every user's notification inbox; `onNotification` is the e-mail queue's seam. */
  readonly notifications: Inbox;
  readonly vacations: Vacations;
  readonly forecasts: Forecasts;
  readonly moderation: Moderation;
  readonly guestChain: GuestChain;
  /** Finds puzzles in finished games (docs/puzzles.md, "Mining"). */
  readonly miner: PuzzleMiner;
}

/** Backends → services: each service built once and handed what it needs. */
export function buildServices(backends: Backends, transports: Transports, config: AppConfig): Services {
  const { store, players, clock, logger, ai } = backends;
  const { io, fanout } = transports;
  const now = () => clock.now();
  const identity = new Identity(config.secret);
  // Moderation's word on accounts and chat (docs/protocol.md, "Moderation"), read from its store.
  const standing = new Standing(backends.moderation, now);
  const accounts = new Accounts(
    players,
    backends.sessions,
    identity,
    clock,
    logger,
    undefined,
    undefined,
    // A user's own ban, or for a guest its account's (moderation/guest-chain.ts).
    { banOf: (userId) => standing.banBehind(userId) },
  );
  const recorder = new GameRecorder(players, logger);
  const playban = new Playban(backends.quotas, clock, logger);
  // A quota prunes the rooms that no longer count by asking the rooms, which admit rooms by the quotas.
  let rooms: Rooms | null = null;
  const quotas = new Quotas({
    store: backends.quotas,
    limits: config.quotas,
    clock,
    logger,
    stillHeld: (kind, matchId) => (rooms === null ? Promise.resolve(true) : rooms.stillHeld(kind, matchId)),
  });
  const myGames = new MyGames({
    store: backends.quotas,
    load: async (matchId) => {
      const room = await rooms?.get(matchId);
      return room === null || room === undefined ? null : room.model;
    },
    now,
    logger,
    news: fanout.myGames,
  });
  const notifications = new Inbox({
    store: backends.notifications,
    now,
    logger,
    // Through the adapter: the user's sockets may be on any process.
    push: (userId, notification) => io.to(userRoom(userId)).emit("notification", notification),
  });
  let follows: Follows | null = null;
  const blocks = new Blocks({
    store: backends.blocks,
    players,
    now,
    separated: (blocker, blocked) => follows?.separate(blocker, blocked) ?? Promise.resolve(),
  });
  const chat = new ChatService({
    store,
    quotas,
    clock,
    deliver: fanout.chatLine,
    related: (user) => blocks.related(user),
    moderation: {
      muteOf: (userId) => standing.muteOf(userId),
      removedLines: (matchId) => backends.moderation.removedLines(matchId),
    },
  });
  const moderation = new Moderation({
    store: backends.moderation,
    players,
    accounts,
    inbox: notifications,
    chatOf: (matchId) => store.readChat(matchId),
    now,
    logger,
    // Through the adapter: the user's sockets, and the match's, may be on any process.
    disconnectUser: (userId) => io.in(userRoom(userId)).disconnectSockets(true),
    lineRemoved: (matchId, lineId) =>
      io
        .to([matchRoom(matchId), ...CHAT_CHANNELS.map((channel) => chatRoom(matchId, channel))])
        .emit("chat:removed", { matchId, lineId }),
    ...(backends.closeAccount === undefined ? {} : { closeAccount: backends.closeAccount }),
  });
  let tournaments: Tournaments | null = null;
  const miner = new PuzzleMiner({
    store: backends.puzzles,
    mining: backends.mining,
    initial: initialPuzzleGlicko,
    logger,
  });
  let vacations: Vacations | null = null;
  let forecasts: Forecasts | null = null;
  const alignVacations = (model: MatchModel) => {
    vacations?.align(model).catch((error: unknown) => {
      logger.warn({ err: error, matchId: model.matchId }, "a game's clock could not follow a vacation");
    });
  };
  rooms = new Rooms({
    store,
    cluster: backends.cluster,
    clock,
    ai,
    logger,
    fanout,
    owner: config.instanceId,
    leaseTtlMs: config.leaseTtlMs,
    goneScale: config.goneScale,
    creditToMoveMs: config.creditToMoveMs,
    creditOthersMs: config.creditOthersMs,
    finishedRoomsKept: config.finishedRoomsKept,
    quotas,
    myGames,
    online: (matchId) => onlineUsers(io, matchId),
    onEnded: (model) => {
      recorder.recordInBackground(model);
      tournaments?.matchEnded(model);
      miner.matchEnded(model);
    },
    onNoShow: (matchId, user) => void playban.noShow(matchId, user),
    onStatusChanged: (model) => {
      for (const slot of model.slots) if (slot.kind === "human") follows?.announce(slot.user);
    },
    onChangedHere: (before, model) => notifications.matchChanged(before, model),
    onTimeRunningOut: (model) => notifications.alarmRang(model),
    onMoved: (before, model) => {
      forecasts?.moved(before, model).catch((error: unknown) => {
        logger.warn({ err: error, matchId: model.matchId }, "forecasts could not follow a move");
      });
    },
    onStarted: (model) => alignVacations(model),
    onAdopted: (model) => alignVacations(model),
  });
  const live = rooms;
  vacations = new Vacations({
    store: backends.vacations,
    clock,
    logger,
    liveGames: async (userId) => (await myGames.list(userId)).map((game) => game.matchId),
    room: (matchId) => live.get(matchId),
  });
  forecasts = new Forecasts({ store: backends.forecasts, logger, room: (matchId) => live.get(matchId) });
  follows = new Follows({ store: players, accounts, blocks, io, rooms: live, logger, now });
  const seeks = new Seeks({
    store: backends.seeks,
    clock,
    logger,
    instance: config.instanceId,
    players,
    quotas,
    playban,
    apart: (a, b) => blocks.eitherBlocks(a, b),
    createRoom: (pool, seated, rated) =>
      live.createPaired({ gameId: pool.gameId, timeControl: pool.timeControl, rated, players: seated }),
    news: transports.seekNews,
  });
  const analysis = new AnalysisService({
    store,
    ai,
    claims: new JobClaims(backends.quotas, config.instanceId, now),
    // Through the adapter: the job runs on one process, the match's sockets may be on any.
    push: (matchId, status, askers) =>
      io.to([matchRoom(matchId), ...askers.map(userRoom)]).emit("analysis:progress", { matchId, ...status }),
    loadMatch: async (matchId) => {
      const room = await live.get(matchId);
      return room === null ? null : room.read(() => room.model);
    },
    now,
    ...(config.analysis ?? DEFAULT_ANALYSIS_BUDGETS),
  });
  tournaments = new Tournaments({
    store: backends.tournaments,
    cluster: backends.cluster,
    owner: config.instanceId,
    leaseTtlMs: config.leaseTtlMs,
    clock,
    logger,
    roundGapMs: config.roundGapMs ?? DEFAULT_ROUND_GAP_MS,
    ensureMatch: (plan) => live.ensureBoardMatch(plan),
    // Through the adapter: the director runs on one process, the tournament's watchers may be on any.
    changed: (view) => io.to(tournamentRoom(view.id)).emit("tournament:update", { tournament: view }),
    listed: (summary) => io.to(TOURNAMENTS_LIST_ROOM).emit("tournaments:changed", { tournament: summary }),
    invite: (invitee, invitation) => {
      io.to(userRoom(invitee.id)).emit("tournament:invited", invitation);
      notifications.tournamentInvited(invitee, invitation);
    },
  });
  const tournamentChat = new TournamentChat({
    store: backends.tournaments,
    quotas,
    clock,
    deliver: (tournamentId, line, except) =>
      io
        .to(tournamentRoom(tournamentId))
        .except(except.map(userRoom))
        .emit("tournament:chat-line", { tournamentId, line }),
    related: (user) => blocks.related(user),
    muteOf: (userId) => standing.muteOf(userId),
  });
  return {
    identity,
    accounts,
    recorder,
    quotas,
    chat,
    myGames,
    rooms,
    follows,
    blocks,
    seeks,
    analysis,
    tournaments,
    tournamentChat,
    notifications,
    vacations,
    forecasts,
    moderation,
    guestChain: new GuestChain(identity, backends.moderation, standing),
    miner,
  };
}
