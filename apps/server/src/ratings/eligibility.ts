import { type AnyGame } from "@arena/engine";
import { type MatchModel } from "@arena/match";
import { type ClientPayload, failure, type Failure } from "@arena/protocol";

/** What the gateway knows of a socket's account (null: a guest). */
export interface AccountClaim {
  readonly bot: boolean;
}

/** Bots never play rated games against people: the one refusal wherever a bot meets a rated game. */
export const botNotRated = (): Failure =>
  failure("not-rated-eligible", "bots do not play rated games against people");

/**
 * Who may create a rated room (docs/protocol.md, "Ratings"): a logged-in human, for a two-seat game whose
 * seats can all be people (no AI seat). Multi-seat games (Dice of Doom with 3–4) are not rated.
 */
export function refuseRatedCreate(
  input: ClientPayload<"room:create">,
  account: AccountClaim | null,
): Failure | null {
  if (!input.rated) return null;
  if (account === null) return failure("not-rated-eligible", "log in to create a rated game");
  if (account.bot) return botNotRated();
  if (input.seats.length !== 2) return failure("not-rated-eligible", "only two-player games are rated");
  if (input.seats.some((seat) => seat.kind === "ai")) {
    return failure("not-rated-eligible", "a rated game is between two people: no AI seat");
  }
  return null;
}

/**
 * A rated game starts from the game's own start (KRK: a random won position, the seats drawn at the start),
 * never from one the host chose: a chosen start could be lost before the joiner's first move.
 */
export function refuseRatedStart(rated: boolean, game: AnyGame, options: unknown): Failure | null {
  if (!rated || (game.chosenStart?.(options) ?? null) === null) return null;
  return failure("not-rated-eligible", "a rated game starts from the game's own start, not a chosen one");
}

/** Who may take a seat in a rated room: a logged-in human (never a guest, never a bot). */
export function refuseRatedJoin(model: MatchModel, account: AccountClaim | null): Failure | null {
  if (!model.rated) return null;
  if (account === null) return failure("not-rated-eligible", "log in to play a rated game");
  if (account.bot) return botNotRated();
  return null;
}

/**
 * Whether every seat has made a move by choice (lichess rates a game only once both sides have moved): a game
 * resigned, drawn or claimed before that is recorded but never rated, so nobody farms rating at ply 0.
 */
export function everySeatMoved(model: MatchModel): boolean {
  const moved = new Set<number>();
  for (const move of model.moves) if (!move.forced) moved.add(move.seat);
  return model.slots.every((_, seat) => moved.has(seat));
}

/** A rated room never gets an AI seat. */
export function refuseRatedAi(model: MatchModel): Failure | null {
  return model.rated ? failure("not-rated-eligible", "a rated game is between two people: no AI seat") : null;
}
