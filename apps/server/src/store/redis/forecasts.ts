import { type MatchId, type UserId } from "@arena/protocol";
import { type ForecastStore, type StoredLines } from "../ports/forecasts.js";
import { type RedisClient, timed } from "./connection.js";

/** Redis layout (prefix `arena:` by default): `m:<matchId>:forecasts` HASH user id → lines (JSON). */
export class RedisForecastStore implements ForecastStore {
  constructor(
    private readonly client: RedisClient,
    private readonly prefix: string,
  ) {}

  async get(matchId: MatchId, userId: UserId): Promise<StoredLines> {
    const text = await timed(this.client.hGet(`${this.prefix}m:${matchId}:forecasts`, userId));
    return text === null || text === undefined ? [] : (JSON.parse(text) as StoredLines);
  }

  async put(matchId: MatchId, userId: UserId, lines: StoredLines): Promise<void> {
    const key = `${this.prefix}m:${matchId}:forecasts`;
    if (lines.length === 0) await timed(this.client.hDel(key, userId));
    else await timed(this.client.hSet(key, userId, JSON.stringify(lines)));
  }
}
