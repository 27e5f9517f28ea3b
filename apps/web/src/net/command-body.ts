import type { ClientEventName, ClientInput } from "@arena/protocol";
import { isVersionedClientEvent } from "@arena/protocol/values";

/** A command's payload as the page writes it: the match and the version are filled in for it. */
export type CommandPayload<E extends ClientEventName> = Omit<ClientInput<E>, "matchId" | "version">;

/** A match command's payload: commands name the version they were based on; flag and rematch carry none. */
export function commandBody<E extends ClientEventName>(
  event: E,
  matchId: string,
  version: number,
  payload: CommandPayload<E>,
): ClientInput<E> {
  const body = isVersionedClientEvent(event) ? { matchId, version, ...payload } : { matchId, ...payload };
  return body as unknown as ClientInput<E>;
}
