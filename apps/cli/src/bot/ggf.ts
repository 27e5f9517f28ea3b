import { Othello } from "@arena/engine";
import { type MatchModel } from "@arena/match";
import { clockTerms } from "@arena/protocol";

/** NBoard speaks Othello only: the one game `arena bot` takes seats in (docs/cli.md, "arena bot"). */
export const BOT_GAME_ID: string = Othello.othello.id;

/**
 * The match so far as a GGF game for `set game`: the start position, every move (forced passes written
 * `PA`), the players' names, and the time the engine has left as `TI[<remaining>/<increment>/00:00]`, so
 * that an engine that manages its clock from the GGF (Edax) does; null when the model is not an Othello
 * game under way, or its moves do not replay (a bug: the server checked them).
 */
export function gameRecord(model: MatchModel, remainingMs: number): string | null {
  if (model.gameId !== BOT_GAME_ID || model.start === null) return null;
  const start = model.start as Othello.OthelloState;
  const moves: number[] = [];
  let state = start;
  for (const { move } of model.moves) {
    const parsed = Othello.othello.parseMove(state, move);
    if (!parsed.ok) return null;
    moves.push(parsed.value);
    state = Othello.othello.apply(state, parsed.value);
  }
  const name = (seat: number): string | undefined => {
    const slot = model.slots[seat];
    return slot?.kind === "human" ? slot.user.name : undefined;
  };
  const black = name(Othello.BLACK);
  const white = name(Othello.WHITE);
  return Othello.formatGgf({
    start,
    moves,
    ...(black === undefined ? {} : { black }),
    ...(white === undefined ? {} : { white }),
    time: { baseMs: Math.max(0, remainingMs), incrementMs: clockTerms(model.timeControl).incrementMs },
  });
}
