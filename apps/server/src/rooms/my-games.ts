import { isOver, type MatchModel, remainingAt, seatsOf, seatToMove } from "@arena/match";
import {
  type MatchId,
  type MyGame,
  type MyGameChange,
  myGamesOrder,
  type RematchOffer,
  type UserId,
} from "@arena/protocol";
import { type Logger } from "pino";
import { type QuotaStore } from "../store/ports/quotas.js";

/** The most live games one user's list tracks (a guard on the shared set; quotas keep real lists far below). */
export const MY_GAMES_TRACKED = 100;

const key = (userId: string): string => `playing:u:${userId}`;

/** The human players of a match, each once. */
function playersOf(model: MatchModel): UserId[] {
  const ids = new Set<UserId>();
  for (const slot of model.slots) if (slot.kind === "human") ids.add(slot.user.id);
  return [...ids];
}

/** `userId`'s entry for a live game they sit in, as of `now`; null when they do not, or it is not live. */
export function myGameOf(model: MatchModel, userId: string, now: number): MyGame | null {
  const mine = seatsOf(model, userId);
  const first = mine[0];
  if (model.status !== "live" || first === undefined) return null;
  const toMove = seatToMove(model);
  const seat = toMove !== null && mine.includes(toMove) ? toMove : first;
  const clock = model.clock;
  return {
    matchId: model.matchId,
    gameId: model.gameId,
    timeControl: model.timeControl,
    rated: model.rated,
    seat,
    opponents: model.slots.flatMap((slot, at): MyGame["opponents"] => {
      if (mine.includes(at)) return [];
      if (slot.kind === "human") return [{ kind: "human" as const, user: slot.user }];
      if (slot.kind === "ai") return [{ kind: "ai" as const, level: slot.level }];
      return [];
    }),
    myTurn: toMove !== null && mine.includes(toMove),
    clock:
      clock === null
        ? null
        : {
            remainingMs: remainingAt(clock, now)[seat] ?? 0,
            running: clock.running === seat && clock.started[seat] === true,
          },
    lastEventAt: model.lastEventAt,
  };
}

/** How a user's game news leaves the process (to their channel, on whichever process their sockets are). */
export interface MyGamesNews {
  game(userId: UserId, change: MyGameChange): void;
  rematch(userId: UserId, offer: RematchOffer): void;
}

export interface MyGamesOptions {
  readonly store: QuotaStore;
  readonly load: (matchId: MatchId) => Promise<MatchModel | null>;
  readonly now: () => number;
  readonly logger: Logger;
  readonly news: MyGamesNews;
}

/**
 * Every user's live games (docs/protocol.md, "My games"): a shared set per user (in the quota store, so every
 * process sees it) kept by the process that appends each game's start and end, and the news of each change
 * pushed to the user's channel. A list is read on connecting; entries that are no longer live (their process
 * died before the end was kept) are dropped as they are read.
 */
export class MyGames {
  constructor(private readonly options: MyGamesOptions) {}

  /** A room's model changed on the process that appended the change: tell its players what concerns them. */
  changed(before: MatchModel, model: MatchModel): void {
    const { news, now } = this.options;
    if (model.status === "live") {
      const started = before.status !== "live";
      // A move, a pass, a seat's elimination or a clock credit: whose turn it is or the clock changed.
      if (!started && before.moves === model.moves && before.clock === model.clock) return;
      const at = now();
      for (const userId of playersOf(model)) {
        if (started) this.keep(this.options.store.hold(key(userId), model.matchId, MY_GAMES_TRACKED));
        news.game(userId, { matchId: model.matchId, game: myGameOf(model, userId, at) });
      }
      return;
    }
    if (before.status === "live" && isOver(model)) {
      for (const userId of playersOf(before)) {
        this.keep(this.options.store.release(key(userId), model.matchId));
        news.game(userId, { matchId: model.matchId, game: null });
      }
    }
    const asked = model.rematchOffers.filter((seat) => !before.rematchOffers.includes(seat));
    for (const seat of asked) {
      const from = model.slots[seat];
      if (from?.kind !== "human") continue;
      for (const userId of playersOf(model)) {
        if (userId === from.user.id) continue;
        if (seatsOf(model, userId).every((own) => model.rematchOffers.includes(own))) continue;
        news.rematch(userId, { matchId: model.matchId, gameId: model.gameId, from: from.user });
      }
    }
  }

  /**
   * A live game this process took over: its players' lists hold it again. They may not (a process that
   * keeps them in its own memory restarted), and holding it twice is holding it once.
   */
  adopted(model: MatchModel): void {
    if (model.status !== "live") return;
    const at = this.options.now();
    for (const userId of playersOf(model)) {
      this.keep(this.options.store.hold(key(userId), model.matchId, MY_GAMES_TRACKED));
      this.options.news.game(userId, { matchId: model.matchId, game: myGameOf(model, userId, at) });
    }
  }

  /** The user's live games now, in strip order. Rejects when the store cannot be read. */
  async list(userId: UserId): Promise<MyGame[]> {
    const { store, load, now } = this.options;
    const games: MyGame[] = [];
    for (const matchId of await store.members(key(userId))) {
      const model = await load(matchId as MatchId);
      const game = model === null ? null : myGameOf(model, userId, now());
      if (game === null) this.keep(store.release(key(userId), matchId));
      else games.push(game);
    }
    return games.sort(myGamesOrder);
  }

  private keep(write: Promise<unknown>): void {
    write.catch((error: unknown) => this.options.logger.warn({ err: error }, "my games could not be kept"));
  }
}
