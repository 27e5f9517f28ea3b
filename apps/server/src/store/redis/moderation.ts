import { asUserId, type UserId } from "@arena/protocol";
import {
  type AuditRecord,
  DAY_MS,
  type FileReportResult,
  type ModerationStore,
  type ReportLimits,
  type ReportRecord,
  type SanctionRecord,
} from "../ports/moderation.js";
import { type RedisClient, timed } from "./connection.js";
import { LuaScript } from "./lua.js";

/** The audit entries kept in Redis (the newest; each user's own list keeps theirs too). */
const AUDIT_KEPT = 10_000;

// Files a report under its reporter's limits. KEYS: [1] the reporter's open SET, [2] the reporter's last-day
// ZSET, [3] the report STRING, [4] the open queue ZSET, [5] the target's ZSET. ARGV: [1] id, [2] record,
// [3] createdAt, [4] open limit, [5] day limit, [6] day ms. Answers {"ok"} or {"open"} or {"day", oldest}.
const FILE = new LuaScript(`
local now = tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now - tonumber(ARGV[6]))
if redis.call('SCARD', KEYS[1]) >= tonumber(ARGV[4]) then return {'open'} end
if redis.call('ZCARD', KEYS[2]) >= tonumber(ARGV[5]) then
  local oldest = redis.call('ZRANGE', KEYS[2], 0, 0, 'WITHSCORES')
  return {'day', oldest[2]}
end
redis.call('SET', KEYS[3], ARGV[2])
redis.call('SADD', KEYS[1], ARGV[1])
redis.call('ZADD', KEYS[2], now, ARGV[1])
redis.call('PEXPIRE', KEYS[2], ARGV[6])
redis.call('ZADD', KEYS[4], now, ARGV[1])
redis.call('ZADD', KEYS[5], now, ARGV[1])
return {'ok'}
`);

/**
 * Redis layout (prefix `arena:` by default): `mod:roles` SET of moderators; `mod:report:<id>` STRING (JSON);
 * `mod:open` ZSET of open reports by time, `mod:open:<reporter>` SET of a reporter's open ones,
 * `mod:day:<reporter>` ZSET of the last day's, `mod:about:<target>` ZSET; `mod:sanctions:<user>` LIST
 * (newest first); `mod:audit` LIST and `mod:audit:<user>` LIST (newest first); `mod:removed:<match>` SET;
 * `mod:guest:<guest>` STRING holding the account, `mod:guests:<account>` SET of its guests.
 */
export class RedisModerationStore implements ModerationStore {
  constructor(
    private readonly client: RedisClient,
    private readonly prefix: string,
  ) {}

  private key = (...parts: string[]) => `${this.prefix}mod:${parts.join(":")}`;

  async setModerator(userId: UserId, moderator: boolean): Promise<boolean> {
    const changed = moderator
      ? await timed(this.client.sAdd(this.key("roles"), userId))
      : await timed(this.client.sRem(this.key("roles"), userId));
    return changed === 1;
  }

  async isModerator(userId: UserId): Promise<boolean> {
    return (await timed(this.client.sIsMember(this.key("roles"), userId))) === 1;
  }

  async fileReport(report: ReportRecord, limits: ReportLimits): Promise<FileReportResult> {
    const reporter = report.reporter.id;
    const answer = (await timed(
      FILE.run(this.client, {
        keys: [
          this.key("open", reporter),
          this.key("day", reporter),
          this.key("report", report.id),
          this.key("open"),
          this.key("about", report.target.id),
        ],
        arguments: [
          report.id,
          JSON.stringify(report),
          String(report.createdAt),
          String(limits.open),
          String(limits.perDay),
          String(DAY_MS),
        ],
      }),
    )) as string[];
    if (answer[0] === "open") return { ok: false, limit: "open" };
    if (answer[0] === "day") {
      return { ok: false, limit: "day", retryAfterMs: Number(answer[1]) + DAY_MS - report.createdAt };
    }
    return { ok: true };
  }

  async report(id: string): Promise<ReportRecord | null> {
    const json = await timed(this.client.get(this.key("report", id)));
    return json === null ? null : (JSON.parse(json) as ReportRecord);
  }

  private async reports(ids: readonly string[]): Promise<ReportRecord[]> {
    if (ids.length === 0) return [];
    const found = await timed(this.client.mGet(ids.map((id) => this.key("report", id))));
    return found.flatMap((json) => (json === null ? [] : [JSON.parse(json) as ReportRecord]));
  }

  async openReports(limit: number): Promise<ReportRecord[]> {
    return this.reports(await timed(this.client.zRange(this.key("open"), 0, limit - 1)));
  }

  async reportsAbout(userId: UserId, limit: number): Promise<ReportRecord[]> {
    const ids = await timed(this.client.zRange(this.key("about", userId), 0, limit - 1, { REV: true }));
    return this.reports(ids);
  }

  async closeReport(
    id: string,
    status: "handled" | "dismissed",
    by: string,
    at: number,
  ): Promise<ReportRecord | null> {
    // Whoever takes it out of the open queue closes it: one moderator, however many try at once.
    if ((await timed(this.client.zRem(this.key("open"), id))) !== 1) return null;
    const report = await this.report(id);
    if (report === null) return null;
    const closed: ReportRecord = { ...report, status, closedBy: by, closedAt: at };
    await timed(
      this.client
        .multi()
        .set(this.key("report", id), JSON.stringify(closed))
        .sRem(this.key("open", report.reporter.id), id)
        .exec(),
    );
    return closed;
  }

  async addSanction(sanction: SanctionRecord): Promise<void> {
    await timed(this.client.lPush(this.key("sanctions", sanction.userId), JSON.stringify(sanction)));
  }

  async sanctionsOf(userId: UserId): Promise<SanctionRecord[]> {
    const all = await timed(this.client.lRange(this.key("sanctions", userId), 0, -1));
    return all.map((json) => JSON.parse(json) as SanctionRecord);
  }

  async appendAudit(entry: AuditRecord): Promise<void> {
    const json = JSON.stringify(entry);
    const multi = this.client
      .multi()
      .lPush(this.key("audit"), json)
      .lTrim(this.key("audit"), 0, AUDIT_KEPT - 1);
    if (entry.target !== null) multi.lPush(this.key("audit", entry.target.id), json);
    await timed(multi.exec());
  }

  async audit(limit: number, target?: UserId): Promise<AuditRecord[]> {
    const key = target === undefined ? this.key("audit") : this.key("audit", target);
    const all = await timed(this.client.lRange(key, 0, limit - 1));
    return all.map((json) => JSON.parse(json) as AuditRecord);
  }

  async removeLine(matchId: string, lineId: string): Promise<void> {
    await timed(this.client.sAdd(this.key("removed", matchId), lineId));
  }

  async removedLines(matchId: string): Promise<string[]> {
    return (await timed(this.client.sMembers(this.key("removed", matchId)))).sort();
  }

  async linkGuest(guestId: UserId, accountId: UserId): Promise<void> {
    await timed(
      this.client
        .multi()
        .set(this.key("guest", guestId), accountId)
        .sAdd(this.key("guests", accountId), guestId)
        .exec(),
    );
  }

  async guestsOf(accountId: UserId): Promise<UserId[]> {
    const linked = await timed(this.client.sMembers(this.key("guests", accountId)));
    return linked.sort().map(asUserId);
  }

  async guestOf(guestId: UserId): Promise<UserId | null> {
    const held = await timed(this.client.get(this.key("guest", guestId)));
    return held === null ? null : asUserId(held);
  }
}
