import { type MatchModel, recordText } from "@arena/match";

/**
 * GGF and transcript of an Othello match with the room's names for the seats: the writers the server's
 * downloads use (the engine's registry, `RECORDS`).
 */
export function othelloExports(
  model: MatchModel,
  players: readonly string[],
): { readonly transcript: string; readonly ggf: string } {
  return {
    transcript: recordText(model, "txt", players) ?? "",
    ggf: recordText(model, "ggf", players) ?? "",
  };
}
