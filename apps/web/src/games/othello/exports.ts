import { type MatchModel, othelloGgf, othelloTranscript } from "@arena/match";

/**
 * GGF and transcript of an Othello match with the room's names for the seats: the same writers the
 * server's downloads use (`@arena/match` exports.ts).
 */
export function othelloExports(
  model: MatchModel,
  players: readonly string[],
): { readonly transcript: string; readonly ggf: string } {
  return { transcript: othelloTranscript(model), ggf: othelloGgf(model, players) };
}
