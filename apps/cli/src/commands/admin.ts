import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Output } from "../io.js";

export const ADMIN_USAGE =
  "admin grant|revoke <name>   give or take an account's moderator role (the server's DATA_DIR, STORE, REDIS_URL)";

/**
 * The server's own admin entry (apps/server/src/admin/main.ts), run with this process's environment so it
 * opens the store the server uses. The CLI does not link the server's code: it runs its built entry.
 */
export function adminEntry(): string {
  return fileURLToPath(new URL("../../../server/dist/admin/main.js", import.meta.url));
}

export async function adminCommand(args: readonly string[], io: Output): Promise<number> {
  const entry = adminEntry();
  if (!existsSync(entry)) {
    io.stderr(`arena admin: the server is not built (${entry}): run npm run build first\n`);
    return 1;
  }
  const child = spawn(process.execPath, [entry, ...args], { stdio: ["ignore", "pipe", "pipe"] });
  child.stdout.on("data", (chunk: Buffer) => io.stdout(chunk.toString("utf8")));
  child.stderr.on("data", (chunk: Buffer) => io.stderr(chunk.toString("utf8")));
  return await new Promise<number>((resolve) => {
    child.on("close", (code) => resolve(code ?? 1));
  });
}
