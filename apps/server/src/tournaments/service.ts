import { type MatchModel } from "@arena/match";
import {
  type Ack,
  type CreateTournamentRequest,
  failure,
  type TournamentId,
  type TournamentInvitation,
  type TournamentSummary,
  type TournamentView,
  type UserRef,
} from "@arena/protocol";
import {
  checkSettings,
  entrantId,
  foldTournament,
  join,
  setPaused,
  type TournamentEvent,
  type TournamentSettings,
  withdraw,
} from "@arena/tournament";
import { isGameId } from "@arena/engine/registry";
import { type Cluster } from "../cluster/ports.js";
import { maxAiLevel } from "../games/catalogue.js";
import { type TournamentMeta } from "../store/ports/tournaments.js";
import { type DirectorAnswer, type DirectorDeps, TournamentDirector } from "./director.js";
import { boardMatchId, newTournamentId } from "./ids.js";
import { TournamentLeadership } from "./leadership.js";
import { refusal } from "./refusals.js";
import { tournamentSummary, tournamentView } from "./view.js";

/** Unfinished tournaments one creator may have at once. */
export const MAX_UNFINISHED_PER_CREATOR = 3;
/** Finished tournaments the lobby lists. */
export const FINISHED_LISTED = 20;

/** Who asks: the user, whether an account (guests may not create), and their rating in the game's pool. */
export interface Asker {
  readonly user: UserRef;
  readonly account: boolean;
  /** A bot account: enters as a bot, and plays through `arena bot` like any invited seat. */
  readonly bot: boolean;
  /** Their rating for the tournament's game, 1500 when not rated there. */
  rating(gameId: string): Promise<number>;
}

export type TournamentAction =
  | { readonly type: "start" }
  | { readonly type: "join" }
  | { readonly type: "withdraw" }
  | { readonly type: "end" }
  | { readonly type: "pause"; readonly paused: boolean }
  | { readonly type: "remove"; readonly entrant: string };

/**
 * The process's tournaments (docs/tournaments.md, "The server"): one director per tournament, the HTTP
 * API's commands, and the results of their boards' matches.
 */
export interface TournamentsDeps extends DirectorDeps {
  readonly cluster: Cluster;
  /** This process's name in leases. */
  readonly owner: string;
  readonly leaseTtlMs: number;
  /** A tournament's row of the list changed (or it is new): for the list's followers. */
  listed(summary: TournamentSummary): void;
  /** Tells every socket of an invitee, on any process. */
  invite(invitee: UserRef, invitation: TournamentInvitation): void;
}

export class Tournaments {
  private readonly directors = new Map<TournamentId, Promise<TournamentDirector | null>>();
  private readonly leadership: TournamentLeadership;
  private readonly directorDeps: DirectorDeps;
  private readonly stopHearing: () => void;
  /** The row last told of each unfinished tournament: most appends (results) leave it as it was. */
  private readonly rows = new Map<TournamentId, string>();
  private unfinished: { readonly at: number; readonly metas: Promise<TournamentMeta[]> } | null = null;

  constructor(private readonly deps: TournamentsDeps) {
    this.directorDeps = {
      ...deps,
      changed: (view) => {
        deps.changed(view);
        this.announceRow(tournamentSummary(view));
        deps.cluster.publish({ type: "tournament:appended", tournamentId: view.id, version: view.version });
      },
    };
    this.leadership = new TournamentLeadership({
      ...deps,
      unfinished: async () => (await deps.store.unfinished()).map((meta) => meta.id),
      director: (id) => this.director(id),
    });
    const catchUp = (director: Promise<TournamentDirector | null> | undefined) =>
      void director?.then((d) => d?.catchUp());
    const stopMessages = deps.cluster.onMessage((message) => {
      if (message.type === "tournament:appended") catchUp(this.directors.get(message.tournamentId));
    });
    // News may have been missed while the channel reconnected: every copy reads its log again.
    const stopResyncs = deps.cluster.onResync(() => {
      for (const director of this.directors.values()) catchUp(director);
    });
    this.stopHearing = () => {
      stopMessages();
      stopResyncs();
    };
  }

  /**
   * A new tournament; `bots`: the bot accounts its request names, resolved at the edge, entered at once;
   * `invitees`: the accounts its request invites by name, resolved at the edge, each told of it.
   */
  async create(
    asker: Asker,
    request: CreateTournamentRequest,
    bots: readonly UserRef[] = [],
    invitees: readonly UserRef[] = [],
  ): Promise<Ack<{ id: TournamentId }>> {
    if (!asker.account)
      return failure("forbidden", "only an account may create a tournament: register first");
    const settings: TournamentSettings = {
      gameId: request.gameId as TournamentSettings["gameId"],
      format: request.format,
      timeControl: request.timeControl,
      ...(request.rounds === undefined ? {} : { rounds: request.rounds }),
      ...(request.durationMs === undefined ? {} : { durationMs: request.durationMs }),
      ...(request.double === undefined ? {} : { double: request.double }),
      ...(request.berserk === undefined ? {} : { berserk: request.berserk }),
      ...(request.pairsFromOneOpening === true ? { pairsFromOneOpening: true } : {}),
    };
    const checked = checkSettings(settings);
    if (!checked.ok) return failure("bad-settings", `settings: ${checked.code}`);
    if (!isGameId(request.gameId)) return failure("bad-settings", "settings: unknown-game");
    const maxLevel = maxAiLevel(request.gameId);
    const levels = request.entrants.flatMap((e) => (e.kind === "ai" ? [e.level] : []));
    if (levels.some((level) => level > maxLevel)) {
      return failure("bad-settings", `AI levels of ${request.gameId} go up to ${maxLevel}`);
    }
    if (levels.length + bots.length > request.maxPlayers)
      return failure("tournament-full", "more AI and bot entrants than places");
    const mine = (await this.deps.store.unfinished()).filter((m) => m.createdBy.id === asker.user.id);
    if (mine.length >= MAX_UNFINISHED_PER_CREATOR) {
      return failure(
        "quota",
        `you have ${mine.length} tournaments not finished (${mine.map((m) => m.id).join(", ")}): end one first`,
      );
    }
    const id = newTournamentId();
    const at = this.deps.clock.now();
    this.unfinished = null;
    const aiEntrants = levels.map((level, i) => ({ id: `ai-${i + 1}`, level }));
    const meta: TournamentMeta = {
      id,
      name: request.name ?? `${asker.user.name}'s ${request.format}`,
      createdBy: asker.user,
      rated: request.rated,
      maxPlayers: request.maxPlayers,
      startsAt: request.startsAt ?? null,
      aiEntrants,
      invitationOnly: request.invitationOnly,
      invited: uniqueById(invitees).filter((user) => user.id !== asker.user.id),
    };
    const events: TournamentEvent[] = [
      { type: "created", at, settings },
      ...aiEntrants.map((e, i): TournamentEvent => ({
        type: "joined",
        at,
        entrant: entrantId(e.id),
        name: aiEntrantName(aiEntrants, i),
        kind: "ai",
        rating: 1500,
      })),
      ...uniqueById(bots).map((bot): TournamentEvent => ({
        type: "joined",
        at,
        entrant: entrantId(bot.id),
        name: bot.name,
        kind: "bot",
        rating: 1500,
      })),
    ];
    const view = tournamentView(
      foldTournament(events),
      meta,
      events.length,
      (r, b) => boardMatchId(id, r, b),
      null,
    );
    const created = await this.deps.store.create(meta, events, tournamentSummary(view));
    if (!created.ok) return failure("internal", "tournament id collision");
    const director = this.open(meta, events);
    this.directors.set(id, Promise.resolve(director));
    await this.leadership.claim(director);
    this.announceRow(tournamentSummary(view));
    for (const invitee of meta.invited ?? []) this.deps.invite(invitee, invitationOf(view));
    return { ok: true, id };
  }

  /**
   * The tournaments `userId` was invited to that are unfinished and that they have not entered: sent again
   * on each connect. Reads the unfinished list at most once per INVITATIONS_CACHE_MS for all askers.
   */
  async invitationsFor(userId: string): Promise<TournamentInvitation[]> {
    const now = this.deps.clock.now();
    if (this.unfinished === null || now - this.unfinished.at > INVITATIONS_CACHE_MS) {
      const metas = this.deps.store.unfinished();
      this.unfinished = { at: now, metas };
      metas.catch(() => (this.unfinished = null));
    }
    const metas = await this.unfinished.metas;
    const mine = metas.filter((meta) => (meta.invited ?? []).some((user) => user.id === userId));
    const views = await Promise.all(mine.map((meta) => this.view(meta.id)));
    return views.flatMap((view) =>
      view === null ||
      view.status === "finished" ||
      view.standings.some((s) => s.userId === userId && !s.withdrawn)
        ? []
        : [invitationOf(view)],
    );
  }

  async view(id: TournamentId): Promise<TournamentView | null> {
    return (await this.director(id))?.view ?? null;
  }

  list(): Promise<TournamentSummary[]> {
    return this.deps.store.list(FINISHED_LISTED);
  }

  private announceRow(summary: TournamentSummary): void {
    const row = JSON.stringify(summary);
    if (this.rows.get(summary.id) === row) return;
    if (summary.status === "finished") this.rows.delete(summary.id);
    else this.rows.set(summary.id, row);
    this.deps.listed(summary);
  }

  /** A command over HTTP: the view after it, or a failure with the protocol's code. */
  async command(
    id: TournamentId,
    asker: Asker,
    action: TournamentAction,
  ): Promise<Ack<{ tournament: TournamentView }>> {
    const director = await this.director(id);
    if (director === null) return failure("not-found", "no such tournament");
    const creator = director.meta.createdBy.id === asker.user.id;
    const me = entrantId(asker.user.id);
    let answer: DirectorAnswer;
    switch (action.type) {
      case "start":
        if (!creator) return failure("forbidden", "only its creator starts a tournament");
        answer = await director.start();
        break;
      case "end":
        if (!creator) return failure("forbidden", "only its creator ends a tournament");
        answer = await director.command((state, at) =>
          state.status === "finished"
            ? { ok: false, code: "finished" }
            : { ok: true, events: [{ type: "finished", at }] },
        );
        break;
      case "join": {
        const { invitationOnly = false, invited = [] } = director.meta;
        if (invitationOnly && !creator && !invited.some((user) => user.id === asker.user.id)) {
          return failure(
            "not-invited",
            `${director.meta.name} is by invitation: ask ${director.meta.createdBy.name} to invite you`,
          );
        }
        const rating = await asker.rating(director.view.gameId);
        const entrant = {
          id: me,
          name: asker.user.name,
          kind: asker.bot ? ("bot" as const) : ("human" as const),
          rating,
        };
        answer = await director.command((state, at) => join(state, entrant, at, director.meta.maxPlayers));
        break;
      }
      case "withdraw":
        answer = await director.command((state, at) => withdraw(state, me, at));
        break;
      case "pause":
        answer = await director.command((state, at) => setPaused(state, me, action.paused, at));
        break;
      case "remove":
        if (!creator) return failure("forbidden", "only its creator removes a player");
        answer = await director.command((state, at) => withdraw(state, entrantId(action.entrant), at));
        break;
    }
    return answer.ok ? { ok: true, tournament: answer.view } : refusal(answer.code);
  }

  /** A match ended (on this process, or read back finished): a tournament's board has its result. */
  matchEnded(model: MatchModel): void {
    const tag = model.tournament;
    if (tag === null) return;
    void this.director(tag.id as TournamentId).then((director) => director?.matchEnded(model));
  }

  /**
   * At boot: every unfinished tournament's director, leading those whose lease is free (their boards'
   * matches found or created), then the lease upkeep every ttl/3.
   */
  async resume(): Promise<number> {
    const metas = await this.deps.store.unfinished();
    const directors = await Promise.all(metas.map((meta) => this.director(meta.id)));
    await this.leadership.maintain();
    return directors.filter((d) => d !== null).length;
  }

  /** Stops every director's timers; a graceful close also hands their leases back for another process. */
  async close(graceful = true): Promise<void> {
    this.stopHearing();
    for (const director of this.directors.values()) void director.then((d) => d?.close());
    await this.leadership.stop(graceful);
  }

  private director(id: TournamentId): Promise<TournamentDirector | null> {
    let director = this.directors.get(id);
    if (director === undefined) {
      director = this.deps.store.load(id).then(async (stored) => {
        if (stored === null) return null;
        const opened = this.open(stored.meta, stored.events);
        await this.leadership.claim(opened);
        return opened;
      });
      director.catch(() => this.directors.delete(id));
      this.directors.set(id, director);
    }
    return director;
  }

  private open(meta: TournamentMeta, events: readonly TournamentEvent[]): TournamentDirector {
    return new TournamentDirector(this.directorDeps, meta, { meta, events });
  }
}

/** How long the unfinished tournaments read for invitations on connecting serve every asker. */
const INVITATIONS_CACHE_MS = 2_000;

function invitationOf(view: TournamentView): TournamentInvitation {
  const { id, name, gameId, format, timeControl, status, invitationOnly, startsAt, createdBy } = view;
  return { id, name, gameId, format, timeControl, status, invitationOnly, startsAt, createdBy };
}

/** "AI level 3"; two or more of one level are told apart in the standings as "AI level 3 #1", "#2", …. */
function aiEntrantName(entrants: readonly { readonly level: number }[], index: number): string {
  const level = entrants[index]?.level ?? 0;
  const sameLevel = entrants.filter((e) => e.level === level).length;
  if (sameLevel < 2) return `AI level ${level}`;
  const nth = entrants.slice(0, index + 1).filter((e) => e.level === level).length;
  return `AI level ${level} #${nth}`;
}

function uniqueById(users: readonly UserRef[]): UserRef[] {
  return [...new Map(users.map((user) => [user.id, user])).values()];
}
