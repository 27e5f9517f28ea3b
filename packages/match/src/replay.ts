import { eliminate, type MatchModel, playLogged } from "./model.js";

/**
 * Every position of a match: index 0 is the start, index i the position after the i-th move, with seats
 * taken out of the game where the log took them out. Empty before the start. The last entry is the
 * model's own state.
 */
export function positionsOf(model: MatchModel): unknown[] {
  if (model.start === null) return [];
  const positions: unknown[] = [];
  let state: unknown = model.start;
  const eliminateAfter = (plies: number): void => {
    model.eliminatedAt.forEach((at, seat) => {
      if (at === plies) state = eliminate(model.game, state, seat);
    });
  };
  positions.push(state);
  let plies = 0;
  for (const move of model.moves) {
    eliminateAfter(plies);
    state = playLogged(model.game, state, move.seat, move.move, move.rolls);
    plies++;
    positions.push(state);
  }
  eliminateAfter(plies);
  positions[positions.length - 1] = state;
  return positions;
}
