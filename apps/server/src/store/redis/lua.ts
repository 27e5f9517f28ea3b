import { createHash } from "node:crypto";
import { type RedisClient } from "./connection.js";

type ScriptOptions = { keys: string[]; arguments: string[] };

/**
 * A Lua script run by its SHA1 (`EVALSHA`): the body crosses the connection, and Redis hashes it, only
 * when Redis does not know it yet (its first run, or after a restart or `SCRIPT FLUSH`). `EVAL` sent the
 * whole body with every move's append and had Redis hash it each time.
 */
export class LuaScript {
  private readonly sha: string;

  constructor(private readonly source: string) {
    this.sha = createHash("sha1").update(source).digest("hex");
  }

  async run(client: RedisClient, options: ScriptOptions): Promise<unknown> {
    try {
      return await client.evalSha(this.sha, options);
    } catch (error) {
      if (!(error instanceof Error) || !error.message.startsWith("NOSCRIPT")) throw error;
      return client.eval(this.source, options);
    }
  }
}
