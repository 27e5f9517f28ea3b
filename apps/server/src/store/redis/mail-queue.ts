import { type RedisClient, timed } from "./connection.js";
import { LuaScript } from "./lua.js";
import {
  MAIL_STATUSES,
  MAX_MAIL_ATTEMPTS,
  newMailId,
  type MailQueue,
  type MailRecord,
  type MailStatus,
  type OutgoingMail,
  type QueuedMail,
} from "../ports/mail-queue.js";
import { FIRST_RETRY_MS, MAX_RETRY_MS } from "../ports/mail-queue.js";

// KEYS[1] the ready set (score: when a queued mail may next be claimed).
// ARGV: now, lease end, limit, owner, hash key prefix. Returns id, mail, attempts for each one claimed.
const CLAIM = `
local ids = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'LIMIT', 0, tonumber(ARGV[3]))
local out = {}
for _, id in ipairs(ids) do
  redis.call('ZADD', KEYS[1], ARGV[2], id)
  redis.call('HSET', ARGV[5] .. id, 'owner', ARGV[4], 'readyAt', ARGV[2])
  local h = redis.call('HMGET', ARGV[5] .. id, 'mail', 'attempts')
  table.insert(out, id)
  table.insert(out, h[1])
  table.insert(out, h[2])
end
return out
`;

// KEYS[1] the hash, KEYS[2] the ready set; ARGV: id, owner, outcome ('sent' | 'failed'), now,
// max attempts, first retry ms, max retry ms. Returns the status, or false when the lease was lost.
const SETTLE = `
local h = redis.call('HMGET', KEYS[1], 'owner', 'status', 'attempts')
if h[1] ~= ARGV[2] or h[2] ~= 'queued' then return false end
if ARGV[3] == 'sent' then
  redis.call('HSET', KEYS[1], 'status', 'sent', 'owner', '', 'readyAt', '')
  redis.call('ZREM', KEYS[2], ARGV[1])
  return 'sent'
end
local attempts = tonumber(h[3]) + 1
if attempts >= tonumber(ARGV[5]) then
  redis.call('HSET', KEYS[1], 'status', 'failed', 'owner', '', 'attempts', attempts, 'readyAt', '')
  redis.call('ZREM', KEYS[2], ARGV[1])
  return 'failed'
end
local delay = math.min(tonumber(ARGV[6]) * (2 ^ (attempts - 1)), tonumber(ARGV[7]))
local ready = tonumber(ARGV[4]) + delay
redis.call('HSET', KEYS[1], 'owner', '', 'attempts', attempts, 'readyAt', string.format('%d', ready))
redis.call('ZADD', KEYS[2], ready, ARGV[1])
return 'queued'
`;

const claimScript = new LuaScript(CLAIM);
const settleScript = new LuaScript(SETTLE);

/** The mail queue in Redis, shared by every process: a hash per mail and one set scored by readiness. */
export class RedisMailQueue implements MailQueue {
  constructor(
    private readonly client: RedisClient,
    private readonly prefix: string,
  ) {}

  private get ready() {
    return `${this.prefix}mail:ready`;
  }
  private hash(id: string) {
    return `${this.prefix}mail:m:${id}`;
  }

  async enqueue(mail: OutgoingMail, now: number): Promise<string> {
    const seq = await timed(this.client.incr(`${this.prefix}mail:seq`));
    // A sequence prefix keeps mails due at the same moment in enqueue order (same scores sort by member).
    const id = `${String(seq).padStart(12, "0")}-${newMailId()}`;
    await timed(
      this.client
        .multi()
        .hSet(this.hash(id), {
          mail: JSON.stringify(mail),
          attempts: "0",
          status: "queued",
          owner: "",
          readyAt: String(now),
        })
        .zAdd(this.ready, { score: now, value: id })
        .exec(),
    );
    return id;
  }

  async claim(owner: string, now: number, leaseMs: number, limit: number): Promise<QueuedMail[]> {
    const flat = (await timed(
      claimScript.run(this.client, {
        keys: [this.ready],
        arguments: [String(now), String(now + leaseMs), String(limit), owner, `${this.prefix}mail:m:`],
      }),
    )) as string[];
    const out: QueuedMail[] = [];
    for (let i = 0; i + 2 < flat.length; i += 3) {
      out.push({
        id: flat[i] as string,
        mail: JSON.parse(flat[i + 1] as string) as OutgoingMail,
        attempts: Number(flat[i + 2]),
      });
    }
    return out;
  }

  async sent(id: string, owner: string): Promise<boolean> {
    return (await this.settle(id, owner, "sent", 0)) === "sent";
  }

  failed(id: string, owner: string, now: number): Promise<MailStatus | null> {
    return this.settle(id, owner, "failed", now);
  }

  async get(id: string): Promise<MailRecord | null> {
    const h = await timed(this.client.hGetAll(this.hash(id)));
    if (h.mail === undefined) return null;
    const status = MAIL_STATUSES.find((s) => s === h.status) ?? "failed";
    return {
      id,
      mail: JSON.parse(h.mail) as OutgoingMail,
      attempts: Number(h.attempts),
      status,
      readyAt: h.readyAt === undefined || h.readyAt === "" ? null : Number(h.readyAt),
    };
  }

  close(): Promise<void> {
    return Promise.resolve();
  }

  private async settle(id: string, owner: string, outcome: "sent" | "failed", now: number) {
    const result = await timed(
      settleScript.run(this.client, {
        keys: [this.hash(id), this.ready],
        arguments: [
          id,
          owner,
          outcome,
          String(now),
          String(MAX_MAIL_ATTEMPTS),
          String(FIRST_RETRY_MS),
          String(MAX_RETRY_MS),
        ],
      }),
    );
    return MAIL_STATUSES.find((s) => s === result) ?? null;
  }
}
