import { type UserId } from "@arena/protocol";
import {
  decodeVacation,
  encodeVacation,
  type VacationRecord,
  type VacationStore,
} from "../ports/vacations.js";

/** Vacation records in this process's memory (STORE=memory: nothing survives a restart). */
export class MemoryVacationStore implements VacationStore {
  private readonly records = new Map<UserId, string>();

  get(userId: UserId): Promise<VacationRecord | null> {
    const text = this.records.get(userId);
    return Promise.resolve(text === undefined ? null : decodeVacation(text));
  }

  swap(userId: UserId, expected: VacationRecord | null, next: VacationRecord): Promise<boolean> {
    const held = this.records.get(userId) ?? null;
    if (held !== (expected === null ? null : encodeVacation(expected))) return Promise.resolve(false);
    this.records.set(userId, encodeVacation(next));
    return Promise.resolve(true);
  }

  away(): Promise<{ userId: UserId; record: VacationRecord }[]> {
    const all = [...this.records].map(([userId, text]) => ({ userId, record: decodeVacation(text) }));
    return Promise.resolve(all.filter(({ record }) => record.since !== null));
  }
}
