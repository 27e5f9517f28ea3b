import { type ErrorCode, failure, type Failure } from "@arena/protocol";
import { type TournamentRefusal } from "@arena/tournament";

/** Each director refusal as the protocol's code and a sentence (docs/protocol.md, "Tournaments"). */
const REFUSALS: { readonly [R in TournamentRefusal | "store-unavailable"]: readonly [ErrorCode, string] } = {
  finished: ["tournament-finished", "the tournament is over"],
  "already-entered": ["already-entered", "already entered"],
  full: ["tournament-full", "every place is taken"],
  "not-entered": ["not-entered", "not entered in this tournament"],
  withdrawn: ["not-entered", "already withdrawn"],
  "entries-closed": ["tournament-started", "a round-robin takes no entries once its table is drawn"],
  "not-an-arena": ["invalid-payload", "only an arena's players pause"],
  "already-paused": ["invalid-payload", "already paused"],
  "not-paused": ["invalid-payload", "not paused"],
  "too-few-entrants": ["too-few-entrants", "a tournament needs two entrants to start"],
  "round-in-play": ["tournament-started", "the tournament has started"],
  "nobody-to-pair": ["too-few-entrants", "nobody is waiting to be paired"],
  "store-unavailable": ["store-unavailable", "the tournament store is unavailable"],
};

export function refusal(code: TournamentRefusal | "store-unavailable"): Failure {
  const [protocolCode, message] = REFUSALS[code];
  return failure(protocolCode, message);
}
