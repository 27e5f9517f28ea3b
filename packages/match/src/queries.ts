import type { MatchModel } from "./model.js";

/** The seat whose turn it is (first of the engine's `toMove`), or null when nobody is to move. */
export function seatToMove(model: MatchModel): number | null {
  if (model.status !== "live") return null;
  return model.game.toMove(model.state)[0] ?? null;
}

/** The seats a user holds, ascending. */
export function seatsOf(model: MatchModel, userId: string): number[] {
  const seats: number[] = [];
  model.slots.forEach((slot, seat) => {
    if (slot.kind === "human" && slot.user.id === userId) seats.push(seat);
  });
  return seats;
}

/** Seats still waiting for a player (open or invite-only). */
export function openSeats(model: MatchModel): number {
  return model.slots.filter((slot) => slot.kind === "open" || slot.kind === "invite").length;
}

export function isEliminated(model: MatchModel, seat: number): boolean {
  return (model.eliminatedAt[seat] ?? null) !== null;
}

/** Seats still in the game. */
export function activeSeats(model: MatchModel): number[] {
  return model.slots.map((_, seat) => seat).filter((seat) => !isEliminated(model, seat));
}

/** Ended, aborted or cancelled: nothing more happens but rematch offers. */
export function isOver(model: MatchModel): boolean {
  return model.status !== "live" && model.status !== "waiting";
}

/** Plies played by choice (forced moves, such as Othello's passes, are not). */
export function choicePlies(model: MatchModel): number {
  let plies = 0;
  for (const move of model.moves) if (!move.forced) plies++;
  return plies;
}

/**
 * Whether a command based on `version` is judged against the match as it is: nothing that changes the
 * position (`CHANGES_POSITION`) was appended after it. Offers, invitations and the like in between do
 * not make it stale, so nobody can refuse another's moves by appending them (docs/protocol.md, "Versions").
 */
export function isCurrent(model: MatchModel, version: number): boolean {
  return version >= model.positionVersion && version <= model.version;
}

/** After offering a draw a seat may offer again once this many plies were played (lichess's 20). */
export const DRAW_OFFER_GAP_PLIES = 20;

/**
 * How many plies must still be played before `seat` may offer a draw again (0: it may now): one offer per
 * `DRAW_OFFER_GAP_PLIES` per seat, declined or not, forced passes counted (docs/protocol.md, "Draws").
 */
export function pliesUntilDrawOffer(model: MatchModel, seat: number): number {
  const last = model.drawOfferPlies[seat] ?? null;
  return last === null ? 0 : Math.max(0, last + DRAW_OFFER_GAP_PLIES - model.moves.length);
}

/**
 * Takebacks (docs/protocol.md, "Takebacks"): casual two-seat games without chance (a ply's dice are drawn
 * from the match's secret, so a move taken back would be replayed knowing them).
 */
export function takebacksAllowed(model: MatchModel): boolean {
  return !model.rated && model.slots.length === 2 && model.game.diceFor === undefined;
}

/** Plies a seat must wait between two takeback requests, answered or not. */
export const TAKEBACK_GAP_PLIES = 2;

/** How many plies must still be played before `seat` may ask for a takeback again (0: it may now). */
export function pliesUntilTakeback(model: MatchModel, seat: number): number {
  const last = model.takebackAskPlies[seat] ?? null;
  return last === null ? 0 : Math.max(0, last + TAKEBACK_GAP_PLIES - model.moves.length);
}

/**
 * How many plies a takeback asked by `seat` undoes, as lichess does: back to the position before the
 * seat's last move of its own choice (its last move if the opponent is to move, the opponent's reply
 * too if the seat is), forced passes included. 0: the seat has no move to take back.
 */
export function takebackPlies(model: MatchModel, seat: number): number {
  for (let i = model.moves.length - 1; i >= 0; i--) {
    const move = model.moves.at(i);
    if (move !== undefined && move.seat === seat && !move.forced) return model.moves.length - i;
  }
  return 0;
}
