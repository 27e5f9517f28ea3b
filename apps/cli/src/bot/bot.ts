import {
  applyEvent,
  applyEvents,
  firstMoveDeadline,
  follow,
  type Followed,
  isOver,
  remainingAt,
  seatToMove,
  seatsOf,
} from "@arena/match";
import {
  type AckFor,
  type ClientEventName,
  type ClientInput,
  type ClientToServerEvents,
  type Invitation,
  type MatchId,
  type ServerToClientEvents,
  type SessionReady,
  type Snapshot,
  type VersionedEvent,
} from "@arena/protocol";
import { io as connect, type Socket } from "socket.io-client";
import { type BotCredentials, login, loginOrRegister } from "./account.js";
import { BOT_GAME_ID, gameRecord } from "./ggf.js";
import { NboardEngine } from "./nboard-engine.js";

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export interface BotOptions {
  /** The server's address, e.g. `http://localhost:3000`. */
  readonly server: string;
  readonly credentials: BotCredentials;
  /** Create the bot account if its name is free. */
  readonly register: boolean;
  /** The engine's command line, run through the shell. */
  readonly engine: string;
  /** Sent as `set depth <n>` when given. */
  readonly depth?: number;
  readonly log: (line: string) => void;
}

/**
 * What the bot keeps of the flag: it answers at the latest this long before its clock (or first-move
 * window) runs out, so that a move never reaches the server after the flag (docs/cli.md, "arena bot").
 */
export const FLAG_MARGIN_MS = 300;
/** How long one command's acknowledgement may take. */
const ACK_TIMEOUT_MS = 10_000;

interface Game {
  followed: Followed;
  /** The version the engine was last asked about, so that one position is asked once. */
  asked: number;
}

/**
 * A bot seat driven by an NBoard engine (docs/cli.md, "arena bot"): logs in as a bot account, takes the
 * Othello seats it is invited to by name, plays them and the games it is seated in (a tournament's) on
 * the clock. It follows each match with the
 * server's own fold (`@arena/match`), asks the engine when its seat is to move, and resigns a game
 * cleanly when the engine fails (exits, does not answer in time, answers nonsense); the engine is
 * started again for the next question. socket.io reconnects after a drop; the bot logs in again if its
 * token is refused, and catches up on its matches with `match:sync`.
 */
export class Bot {
  private socket: ClientSocket | null = null;
  private token: string | null = null;
  private userId: string | null = null;
  private engine: NboardEngine | null = null;
  private readonly games = new Map<MatchId, Game>();
  /** The engine answers one question at a time: games take turns. */
  private engineTurn: Promise<unknown> = Promise.resolve();
  /** Server time minus local time, from the last event heard. */
  private offsetMs = 0;
  private stopped = false;
  private relogging = false;

  constructor(private readonly options: BotOptions) {}

  /** Logs in, starts the engine and connects; a message saying why not otherwise. */
  async start(): Promise<string | null> {
    const { server, credentials } = this.options;
    const logged = this.options.register
      ? await loginOrRegister(server, credentials)
      : await login(server, credentials);
    if (!logged.ok) return `could not log in as ${credentials.name}: ${logged.code}: ${logged.message}`;
    if (!logged.bot) return `${credentials.name} is not a bot account (register one with --register)`;
    this.token = logged.token;
    this.engine = await this.startEngine();
    if (this.engine === null) return "the engine did not start";
    this.connect();
    return null;
  }

  /** Disconnects and stops the engine; resigns nothing (the server's clocks decide). */
  stop(): void {
    this.stopped = true;
    this.socket?.disconnect();
    this.engine?.stop();
  }

  /** The matches the bot follows now (for tests and logs). */
  get matches(): MatchId[] {
    return [...this.games.keys()];
  }

  private log(line: string): void {
    this.options.log(line);
  }

  private startEngine(): Promise<NboardEngine | null> {
    return NboardEngine.start(this.options.engine, {
      ...(this.options.depth === undefined ? {} : { depth: this.options.depth }),
      log: (line) => this.log(line),
    });
  }

  private connect(): void {
    const socket: ClientSocket = connect(this.options.server, {
      transports: ["websocket"],
      reconnectionDelay: 500,
      reconnectionDelayMax: 5_000,
      auth: (send) => send(this.token === null ? {} : { token: this.token }),
    });
    this.socket = socket;
    socket.on("session:ready", (session) => void this.ready(session));
    socket.on("invite:received", (invitation) => void this.invited(invitation));
    // Games it was seated in without an invitation (a tournament's boards), live or started later.
    socket.on("games:list", ({ games }) => {
      for (const game of games) void this.seated(game.matchId, game.gameId);
    });
    socket.on("games:game", ({ matchId, game }) => {
      if (game !== null) void this.seated(matchId, game.gameId);
    });
    socket.on("match:event", (entry) => this.heard(entry.matchId, entry));
    socket.on("disconnect", (reason) => {
      if (this.stopped) return;
      this.log(`disconnected (${reason}); reconnecting`);
      // The server closed this socket on purpose (a logout): socket.io does not come back by itself.
      if (reason === "io server disconnect") void this.relogin();
    });
    socket.on("connect_error", (error) => {
      if (!this.stopped) this.log(`cannot connect: ${error.message}`);
    });
  }

  private async ready(session: SessionReady): Promise<void> {
    if (session.account === undefined) {
      // The token was refused (the session ended): the server made us a guest. Log in again.
      this.log("the server did not take the token; logging in again");
      await this.relogin();
      return;
    }
    this.userId = session.user.id;
    this.log(`connected as ${session.user.name} (${session.instance})`);
    // After a reconnect (a server restart), follow every match again and catch up.
    for (const matchId of this.games.keys()) void this.resync(matchId);
  }

  private async relogin(): Promise<void> {
    if (this.relogging || this.stopped) return;
    this.relogging = true;
    try {
      const logged = await login(this.options.server, this.options.credentials);
      if (!logged.ok) {
        this.log(`login failed: ${logged.code}: ${logged.message}; trying again in 5 s`);
        setTimeout(() => void this.relogin(), 5_000).unref();
        return;
      }
      this.token = logged.token;
      this.socket?.disconnect().connect();
    } finally {
      this.relogging = false;
    }
  }

  private call<E extends ClientEventName>(event: E, payload: ClientInput<E>): Promise<AckFor<E>> {
    const socket = this.socket as unknown as {
      timeout(ms: number): { emitWithAck(event: string, payload: unknown): Promise<unknown> };
    };
    return (socket.timeout(ACK_TIMEOUT_MS).emitWithAck(event, payload) as Promise<AckFor<E>>).catch(() => ({
      ok: false as const,
      code: "unavailable" as const,
      message: "no answer from the server",
    }));
  }

  /** An invitation by name: an Othello seat is taken; any other game is declined (never taken). */
  private async invited(invitation: Invitation): Promise<void> {
    const { matchId, seat, gameId, host } = invitation;
    if (this.games.has(matchId)) return;
    if (gameId !== BOT_GAME_ID) {
      this.log(`declined ${matchId} (${gameId}) from ${host.name}: NBoard engines play Othello only`);
      return;
    }
    const watched = await this.call("match:watch", { matchId });
    if (!watched.ok) {
      this.log(`cannot open ${matchId}: ${watched.code}: ${watched.message}`);
      return;
    }
    if (!this.track(matchId, watched.snapshot)) return;
    const version = this.games.get(matchId)?.followed.model.version ?? watched.snapshot.version;
    const joined = await this.call("room:join-seat", { matchId, version, seat });
    if (!joined.ok) {
      // Someone else's change first (stale-version) is caught up by the events; anything else is final.
      this.log(`could not take seat ${seat} of ${matchId}: ${joined.code}: ${joined.message}`);
      if (joined.code !== "stale-version") this.forget(matchId);
      else await this.retryJoin(matchId, seat);
      return;
    }
    this.log(`took seat ${seat} of ${matchId} (invited by ${host.name})`);
    this.consider(matchId);
  }

  /** A live game with a seat of the bot's already (a tournament seats its entrants): played like the rest. */
  private async seated(matchId: MatchId, gameId: string): Promise<void> {
    if (this.games.has(matchId) || gameId !== BOT_GAME_ID) return;
    const watched = await this.call("match:watch", { matchId });
    if (!watched.ok) {
      this.log(`cannot open ${matchId}: ${watched.code}: ${watched.message}`);
      return;
    }
    if (this.games.has(matchId) || !this.track(matchId, watched.snapshot)) return;
    this.log(`playing ${matchId}, a game it was seated in`);
    this.consider(matchId);
  }

  private async retryJoin(matchId: MatchId, seat: number): Promise<void> {
    await this.resync(matchId);
    const version = this.games.get(matchId)?.followed.model.version;
    if (version === undefined) return;
    const joined = await this.call("room:join-seat", { matchId, version, seat });
    if (joined.ok) this.consider(matchId);
    else {
      this.log(`could not take seat ${seat} of ${matchId}: ${joined.code}: ${joined.message}`);
      this.forget(matchId);
    }
  }

  private track(matchId: MatchId, snapshot: Snapshot): boolean {
    const followed = follow(snapshot);
    if (!followed.ok) {
      this.log(`cannot read ${matchId}: ${followed.message}`);
      return false;
    }
    const game = this.games.get(matchId);
    if (game === undefined) this.games.set(matchId, { followed: followed.followed, asked: 0 });
    else game.followed = followed.followed;
    this.offsetMs = snapshot.now - Date.now();
    return true;
  }

  private forget(matchId: MatchId): void {
    if (!this.games.delete(matchId)) return;
    void this.call("match:unwatch", { matchId });
  }

  private heard(matchId: MatchId, entry: VersionedEvent): void {
    const game = this.games.get(matchId);
    if (game === undefined) return;
    const step = applyEvent(game.followed, entry);
    if (step.kind === "gap") {
      void this.resync(matchId);
      return;
    }
    if (step.kind === "stale") return;
    game.followed = step.followed;
    this.offsetMs = entry.at - Date.now();
    this.consider(matchId);
  }

  /** `match:sync`: follows the match again (after a reconnect) and folds what was missed. */
  private async resync(matchId: MatchId): Promise<void> {
    const game = this.games.get(matchId);
    if (game === undefined) return;
    const synced = await this.call("match:sync", { matchId, sinceVersion: game.followed.model.version });
    if (!synced.ok) {
      this.log(`cannot catch up on ${matchId}: ${synced.code}: ${synced.message}`);
      if (synced.code === "not-found") this.forget(matchId);
      return;
    }
    if (synced.kind === "snapshot") {
      if (!this.track(matchId, synced.snapshot)) return;
    } else {
      const folded = applyEvents(game.followed, synced.events);
      game.followed = folded.followed;
      if (folded.gap) {
        void this.resync(matchId);
        return;
      }
    }
    this.consider(matchId);
  }

  /** After every change: the game's end, or the engine's turn to think. */
  private consider(matchId: MatchId): void {
    const game = this.games.get(matchId);
    if (game === undefined || this.userId === null) return;
    const model = game.followed.model;
    if (isOver(model)) {
      const result = model.result;
      this.log(
        `${matchId} is over: ${model.status}` +
          (result === null ? "" : ` (${result.reason}, scores ${result.scores.join("–")})`),
      );
      this.forget(matchId);
      return;
    }
    const seat = seatsOf(model, this.userId)[0];
    if (seat === undefined || seatToMove(model) !== seat || game.asked === model.version) return;
    game.asked = model.version;
    this.engineTurn = this.engineTurn
      .then(() => this.play(matchId, model.version, seat))
      // A bug in one turn must not stop the turns after it.
      .catch((error: unknown) =>
        this.log(`${matchId}: ${error instanceof Error ? error.message : String(error)}`),
      );
  }

  private async play(matchId: MatchId, version: number, seat: number): Promise<void> {
    const game = this.games.get(matchId);
    if (game === undefined || game.followed.model.version !== version) return;
    const model = game.followed.model;
    const clock = model.clock;
    if (clock === null) return;
    const now = Date.now() + this.offsetMs;
    const deadline = firstMoveDeadline(clock) ?? (clock.runningSince ?? now) + (clock.remainingMs[seat] ?? 0);
    const budgetMs = deadline - now - FLAG_MARGIN_MS;
    if (budgetMs <= 0) {
      this.log(`${matchId}: no time left to think; the flag decides`);
      return;
    }
    const record = gameRecord(model, remainingAt(clock, now)[seat] ?? 0);
    if (record === null) {
      await this.resign(matchId, "its moves could not be written as GGF");
      return;
    }
    if (this.engine === null || !this.engine.alive) this.engine = await this.startEngine();
    const engine = this.engine;
    if (engine === null) {
      await this.resign(matchId, "the engine could not be started");
      return;
    }
    const started = performance.now();
    const answer = await engine.bestMove(record, budgetMs);
    const current = this.games.get(matchId);
    // Something happened meanwhile (the opponent resigned, the flag fell): the answer is for nothing.
    if (current === undefined || current.followed.model.version !== version) return;
    if (!answer.ok) {
      engine.stop();
      this.engine = null;
      await this.resign(matchId, `the engine failed (${answer.reason}: ${answer.detail})`);
      return;
    }
    const clientMs = Math.round(performance.now() - started);
    const moved = await this.call("match:move", { matchId, version, move: answer.move, clientMs });
    if (moved.ok) return;
    if (
      moved.code === "stale-version" ||
      moved.code === "unavailable" ||
      moved.code === "store-unavailable"
    ) {
      // An event crossed the move (an offer, a credit), or the server went away with the move in flight
      // (it reconnects and resyncs): catch up, and think again if still to move. Never resign for those.
      current.asked = 0;
      await this.resync(matchId);
      return;
    }
    await this.resign(matchId, `the server refused ${answer.move}: ${moved.code}: ${moved.message}`);
  }

  private async resign(matchId: MatchId, why: string): Promise<void> {
    const version = this.games.get(matchId)?.followed.model.version;
    if (version === undefined) return;
    this.log(`resigning ${matchId}: ${why}`);
    const resigned = await this.call("match:resign", { matchId, version });
    if (!resigned.ok) this.log(`could not resign ${matchId}: ${resigned.code}: ${resigned.message}`);
  }
}
