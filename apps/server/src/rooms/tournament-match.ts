import { getGame, isGameId } from "@arena/engine/registry";
import { commitmentOf, isOver, type MatchModel, openSeats } from "@arena/match";
import {
  asMillis,
  asVersion,
  type MatchEvent,
  type MatchId,
  type SeatSpec,
  type TimeControl,
  type TournamentTag,
  type UserRef,
} from "@arena/protocol";
import { newMatchSecret } from "../identity/tokens.js";
import { type RoomCreationDeps } from "./creation.js";

/** Who sits in a tournament board's seat: a seated user (a person or a bot account), or an AI at a level. */
export type BoardSeat =
  { readonly kind: "user"; readonly user: UserRef } | { readonly kind: "ai"; readonly level: number };

/** One board of a tournament's round as a match (docs/tournaments.md, "The server"). */
export interface BoardMatchPlan {
  /** Deterministic (tournaments/ids.ts): asking twice finds the same match. */
  readonly matchId: MatchId;
  readonly tournament: TournamentTag;
  readonly gameId: string;
  readonly timeControl: TimeControl;
  readonly rated: boolean;
  /** The tournament's creator. */
  readonly host: UserRef;
  readonly seats: readonly [BoardSeat, BoardSeat];
  /** Pairs from one opening: the moves the game starts after (the match's `created` keeps them). */
  readonly opening?: readonly string[];
}

/**
 * The board's match, created and started if it was not yet: its model (an ended one carries the result
 * to record). A director that crashed between appending a round and creating its boards creates them on
 * resume under the same ids; one whose secret was kept but whose log was not written reuses that secret.
 * Null when the game is unknown or the store cannot be read.
 */
export async function ensureBoardMatch(
  deps: RoomCreationDeps,
  plan: BoardMatchPlan,
): Promise<MatchModel | null> {
  let room = await deps.rooms.get(plan.matchId);
  if (room === null) {
    if (!isGameId(plan.gameId)) return null;
    const options = getGame(plan.gameId).parseOptions({});
    if (!options.ok) return null;
    const fresh = newMatchSecret();
    const secret = (await deps.store.keepSecret(plan.matchId, fresh))
      ? fresh
      : await deps.store.readSecret(plan.matchId);
    if (secret === null) return null;
    const seats = plan.seats.map((seat): SeatSpec => (seat.kind === "ai" ? seat : { kind: "open" }));
    const events: MatchEvent[] = [
      {
        type: "created",
        gameId: plan.gameId,
        options: options.value,
        timeControl: plan.timeControl,
        seats,
        rated: plan.rated && plan.seats.every((seat) => seat.kind === "user"),
        visibility: "public",
        host: plan.host,
        commitment: commitmentOf(secret),
        tournament: plan.tournament,
        ...(plan.opening === undefined || plan.opening.length === 0 ? {} : { opening: [...plan.opening] }),
      },
      ...plan.seats.flatMap((seat, i): MatchEvent[] =>
        seat.kind === "user" ? [{ type: "seat-joined", seat: i, user: seat.user }] : [],
      ),
    ];
    const now = asMillis(deps.clock.now());
    // A conflict means another attempt wrote it first: the same match either way.
    await deps.store.append(
      plan.matchId,
      0,
      events.map((event, i) => ({ version: asVersion(i + 1), at: now, event })),
    );
    room = await deps.rooms.get(plan.matchId);
    if (room === null) return null;
  }
  if (!isOver(room.model) && room.model.status === "waiting" && openSeats(room.model) === 0) {
    await room.submit({ kind: "system" }, { type: "start" }, null);
  }
  return room.model;
}
