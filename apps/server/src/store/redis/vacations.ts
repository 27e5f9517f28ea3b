import { asUserId, type UserId } from "@arena/protocol";
import {
  decodeVacation,
  encodeVacation,
  type VacationRecord,
  type VacationStore,
} from "../ports/vacations.js";
import { type RedisClient, timed } from "./connection.js";
import { LuaScript } from "./lua.js";

// Compare-and-set of one record: ARGV[1] the user, ARGV[2] the expected text ('' for none), ARGV[3] the
// new one, ARGV[4] '1' when the new one is away. KEYS: the records (HASH), the away set (SET).
const SWAP = new LuaScript(`
local held = redis.call('HGET', KEYS[1], ARGV[1])
if (held or '') ~= ARGV[2] then return 0 end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[3])
if ARGV[4] == '1' then redis.call('SADD', KEYS[2], ARGV[1]) else redis.call('SREM', KEYS[2], ARGV[1]) end
return 1
`);

/**
 * Redis layout (prefix `arena:` by default): `vacations` HASH user id → record (JSON), `vacations:away` SET
 * of the users away now.
 */
export class RedisVacationStore implements VacationStore {
  constructor(
    private readonly client: RedisClient,
    private readonly prefix: string,
  ) {}

  async get(userId: UserId): Promise<VacationRecord | null> {
    const text = await timed(this.client.hGet(`${this.prefix}vacations`, userId));
    return text === null || text === undefined ? null : decodeVacation(text);
  }

  async swap(userId: UserId, expected: VacationRecord | null, next: VacationRecord): Promise<boolean> {
    const written = await timed(
      SWAP.run(this.client, {
        keys: [`${this.prefix}vacations`, `${this.prefix}vacations:away`],
        arguments: [
          userId,
          expected === null ? "" : encodeVacation(expected),
          encodeVacation(next),
          next.since === null ? "0" : "1",
        ],
      }),
    );
    return written === 1;
  }

  async away(): Promise<{ userId: UserId; record: VacationRecord }[]> {
    const ids = await timed(this.client.sMembers(`${this.prefix}vacations:away`));
    const found: { userId: UserId; record: VacationRecord }[] = [];
    for (const id of ids) {
      const record = await this.get(asUserId(id));
      if (record !== null && record.since !== null) found.push({ userId: asUserId(id), record });
    }
    return found;
  }
}
