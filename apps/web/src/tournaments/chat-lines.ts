import type { TournamentChatLine } from "@arena/protocol";

/**
 * The tournament chat's lines with more added: each once (a line may come with `tournament:watch`, as it
 * was said, and in the sender's ack), in the order said, the newest `keep` only.
 */
export function mergeTournamentLines(
  held: readonly TournamentChatLine[],
  more: readonly TournamentChatLine[],
  keep: number,
): readonly TournamentChatLine[] {
  const ids = new Set(held.map((line) => line.id));
  const added = more.filter((line) => !ids.has(line.id) && ids.add(line.id));
  if (added.length === 0) return held;
  return [...held, ...added].sort((a, b) => a.at - b.at).slice(-keep);
}
