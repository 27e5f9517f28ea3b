import { type AnyGame } from "@arena/engine";
import { getGame, isGameId } from "@arena/engine/registry";
import { commitmentOf, type MatchModel, openSeats } from "@arena/match";
import {
  type Ack,
  asMatchId,
  asMillis,
  asVersion,
  type ClientPayload,
  failure,
  type Failure,
  isCorrespondence,
  type MatchEvent,
  type MatchId,
  type TimeControl,
  type SeatSpec,
  type UserRef,
  type Version,
} from "@arena/protocol";
import { type Logger } from "pino";
import { type Clock } from "../clocks/scheduler.js";
import { maxAiLevel } from "../games/catalogue.js";
import { refuseRatedStart } from "../ratings/eligibility.js";
import { newMatchSecret, randomId } from "../identity/tokens.js";
import { type MatchStore } from "../store/ports/matches.js";
import { refuseGuestCorrespondence } from "./decide/accounts-only.js";
import { type Room } from "./room.js";

export interface RoomCreationDeps {
  readonly store: MatchStore;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly rooms: { get(matchId: MatchId): Promise<Room | null> };
}

export function newMatchId(): MatchId {
  return asMatchId(`m_${randomId(9)}`);
}

/**
 * Draws a new match's secret and has the store keep it, before the match's first event (which publishes
 * only its commitment, returned here). Null when the id already has one (a collision: never in practice).
 */
async function keepNewSecret(store: MatchStore, matchId: MatchId): Promise<string | null> {
  const secret = newMatchSecret();
  if (!(await store.keepSecret(matchId, secret))) return null;
  return commitmentOf(secret);
}

/** A room as its host asked for it, with invitations by name resolved to accounts (`routes.ts`). */
export type RoomRequest = Omit<ClientPayload<"room:create">, "seats"> & {
  readonly seats: readonly SeatSpec[];
};

/**
 * What a new room will hold against its host's quotas: a waiting room (seats left open), an AI game, a
 * correspondence game.
 */
export function roomPlan(input: RoomRequest): { waiting: boolean; ai: boolean; correspondence: boolean } {
  const vacant = input.seats.filter((seat) => seat.kind !== "ai").length - (input.sit === undefined ? 0 : 1);
  return {
    waiting: vacant > 0,
    ai: input.seats.some((seat) => seat.kind === "ai"),
    correspondence: isCorrespondence(input.timeControl),
  };
}

/**
 * A start the host chose must leave something to play: a position already over (KRK: Black mated or
 * stalemated) would decide the game before anyone moved.
 */
function refuseFinishedStart(game: AnyGame, options: unknown): Failure | null {
  const chosen = game.chosenStart?.(options) ?? null;
  if (chosen === null) return null;
  const outcome = game.outcome(game.initial(options, 0));
  if (outcome.kind !== "finished") return null;
  return failure("start-finished", `the chosen start ${chosen} is already over: nobody could move`);
}

/** Validates what the host asked for against the game, and writes the room's first event. */
export async function createRoom(
  deps: RoomCreationDeps,
  host: UserRef,
  input: RoomRequest,
  matchId: MatchId = newMatchId(),
): Promise<Ack<{ matchId: MatchId; version: Version }>> {
  if (!isGameId(input.gameId)) return failure("not-found", `no game '${input.gameId}'`);
  const game = getGame(input.gameId);
  const options = game.parseOptions(input.options ?? {});
  if (!options.ok) return failure(options.error.code, options.error.message);
  const refused =
    refuseRatedStart(input.rated, game, options.value) ?? refuseFinishedStart(game, options.value);
  if (refused !== null) return refused;
  const seats = game.seatCount(options.value);
  if (input.seats.length !== seats) {
    return failure("invalid-payload", `${input.gameId} with these options has ${seats} seats`);
  }
  const maxLevel = maxAiLevel(input.gameId);
  if (input.seats.some((seat) => seat.kind === "ai" && seat.level > maxLevel)) {
    return failure("invalid-payload", `AI levels go up to ${maxLevel}`);
  }
  if (input.sit !== undefined && input.sit >= seats) return failure("not-found", "no such seat");
  const guestRefused = refuseGuestCorrespondence(input.timeControl, host);
  if (guestRefused !== null) return guestRefused;
  if (input.sit !== undefined && input.seats[input.sit]?.kind === "ai") {
    return failure("seat-taken", "that seat is an AI seat");
  }
  let commitment;
  try {
    commitment = await keepNewSecret(deps.store, matchId);
  } catch (error) {
    deps.logger.warn({ err: error, matchId }, "store write failed");
    return failure("store-unavailable", "the match store is unavailable");
  }
  if (commitment === null) return failure("internal", "match id collision");
  const event: MatchEvent = {
    type: "created",
    gameId: input.gameId,
    options: options.value,
    timeControl: input.timeControl,
    seats: [...input.seats],
    rated: input.rated,
    visibility: input.visibility,
    host,
    commitment,
  };
  let written;
  try {
    written = await deps.store.append(matchId, 0, [
      { version: asVersion(1), at: asMillis(deps.clock.now()), event },
    ]);
  } catch (error) {
    deps.logger.warn({ err: error, matchId }, "store append failed");
    return failure("store-unavailable", "the match store is unavailable");
  }
  if (!written.ok) return failure("internal", "match id collision");
  const room = await deps.rooms.get(matchId);
  if (room === null) return failure("store-unavailable", "the new match could not be read back");
  if (input.sit !== undefined) {
    const joined = await room.submit(
      { kind: "user", user: host, inviteOk: true },
      { type: "join", seat: input.sit },
      null,
    );
    if (!joined.ok) return joined;
  }
  if (openSeats(room.model) === 0) await room.submit({ kind: "system" }, { type: "start" }, null);
  return { ok: true, matchId, version: asVersion(room.model.version) };
}

/** The rematch of a finished match: seats rotate by one (colours swap), everyone keeps their kind and level. */
export async function createRematch(
  deps: RoomCreationDeps,
  model: MatchModel,
  matchId: MatchId = newMatchId(),
): Promise<MatchId> {
  const n = model.slots.length;
  const rotated = model.slots.map((_, seat) => model.slots[(seat + n - 1) % n] ?? { kind: "open" as const });
  const commitment = await keepNewSecret(deps.store, matchId);
  if (commitment === null) throw new Error("match id collision");
  const now = asMillis(deps.clock.now());
  const events: MatchEvent[] = [
    {
      type: "created",
      gameId: model.gameId,
      options: model.options,
      timeControl: model.timeControl,
      seats: rotated.map((slot) => (slot.kind === "ai" ? slot : { kind: "open" as const })),
      rated: model.rated,
      visibility: model.visibility,
      host: model.host,
      commitment,
    },
    ...rotated.flatMap((slot, seat): MatchEvent[] =>
      slot.kind === "human" ? [{ type: "seat-joined", seat, user: slot.user }] : [],
    ),
  ];
  await deps.store.append(
    matchId,
    0,
    events.map((event, i) => ({ version: asVersion(i + 1), at: now, event })),
  );
  const room = await deps.rooms.get(matchId);
  if (room !== null) await room.submit({ kind: "system" }, { type: "start" }, null);
  return matchId;
}

/** A quick-pairing room (docs/protocol.md, "Quick pairing"): what the pool plays, both players seated. */
export interface PairedRoomPlan {
  readonly gameId: string;
  readonly timeControl: TimeControl;
  readonly rated: boolean;
  /** Seat 0, then seat 1; the first is the room's host. */
  readonly players: readonly [UserRef, UserRef];
}

/** Creates a paired room with both players seated in one append, and starts it. */
export async function createPairedRoom(
  deps: RoomCreationDeps,
  plan: PairedRoomPlan,
): Promise<Ack<{ matchId: MatchId; version: Version }>> {
  if (!isGameId(plan.gameId)) return failure("not-found", `no game '${plan.gameId}'`);
  const options = getGame(plan.gameId).parseOptions({});
  if (!options.ok) return failure(options.error.code, options.error.message);
  const matchId = newMatchId();
  const now = asMillis(deps.clock.now());
  let written;
  try {
    const commitment = await keepNewSecret(deps.store, matchId);
    if (commitment === null) return failure("internal", "match id collision");
    const events: MatchEvent[] = [
      {
        type: "created",
        gameId: plan.gameId,
        options: options.value,
        timeControl: plan.timeControl,
        seats: plan.players.map(() => ({ kind: "open" as const })),
        rated: plan.rated,
        visibility: "public",
        host: plan.players[0],
        commitment,
      },
      ...plan.players.map((user, seat): MatchEvent => ({ type: "seat-joined", seat, user })),
    ];
    written = await deps.store.append(
      matchId,
      0,
      events.map((event, i) => ({ version: asVersion(i + 1), at: now, event })),
    );
  } catch (error) {
    deps.logger.warn({ err: error, matchId }, "store write failed");
    return failure("store-unavailable", "the match store is unavailable");
  }
  if (!written.ok) return failure("internal", "match id collision");
  const room = await deps.rooms.get(matchId);
  if (room === null) return failure("store-unavailable", "the new match could not be read back");
  const started = await room.submit({ kind: "system" }, { type: "start" }, null);
  if (!started.ok) return started;
  return { ok: true, matchId, version: asVersion(room.model.version) };
}
