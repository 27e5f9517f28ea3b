import { createHash, randomBytes } from "node:crypto";
import { asMatchId, type MatchId, TournamentId } from "@arena/protocol";

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

function letters(bytes: Uint8Array, n: number): string {
  return Array.from(bytes.subarray(0, n), (b) => ALPHABET[b % ALPHABET.length]).join("");
}

export function newTournamentId(): TournamentId {
  return TournamentId.parse(`t_${letters(randomBytes(9), 9)}`);
}

/**
 * A board's match id, the same every time it is asked for: a director that crashed between appending a
 * round and creating its matches finds (or creates) the very same matches when it resumes.
 */
export function boardMatchId(tournament: TournamentId, round: number, board: number): MatchId {
  const digest = createHash("sha256").update(`${tournament}/${round}/${board}`).digest();
  return asMatchId(`m_${letters(digest, 12)}`);
}
