import { type MatchId, type UserId } from "@arena/protocol";
import { type ForecastStore, type StoredLines } from "../ports/forecasts.js";

/** Forecasts in this process's memory (STORE=memory: nothing survives a restart). */
export class MemoryForecastStore implements ForecastStore {
  private readonly lines = new Map<string, StoredLines>();

  get(matchId: MatchId, userId: UserId): Promise<StoredLines> {
    return Promise.resolve(this.lines.get(`${matchId} ${userId}`) ?? []);
  }

  put(matchId: MatchId, userId: UserId, lines: StoredLines): Promise<void> {
    if (lines.length === 0) this.lines.delete(`${matchId} ${userId}`);
    else this.lines.set(`${matchId} ${userId}`, lines);
    return Promise.resolve();
  }
}
