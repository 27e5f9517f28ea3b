import { failure, type Failure, isCorrespondence, type TimeControl, type UserRef } from "@arena/protocol";

/**
 * A correspondence game lasts weeks: only an account, which keeps its identity and can be told when it is
 * its turn, may host or join one. It also keeps free guest identities from holding weeks-long rooms open.
 */
export function refuseGuestCorrespondence(timeControl: TimeControl, user: UserRef): Failure | null {
  if (!isCorrespondence(timeControl) || user.account === true) return null;
  return failure("account-required", "correspondence games are for accounts: sign in to play over days");
}
