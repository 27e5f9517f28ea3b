import { existsSync } from "node:fs";
import { type IncomingMessage, type ServerResponse } from "node:http";
import { createRequire } from "node:module";
import { join } from "node:path";

/** The web app's request handler, served from the same HTTP server as the API and socket.io. */
export interface WebApp {
  handle(req: IncomingMessage, res: ServerResponse): Promise<void>;
  close(): Promise<void>;
}

interface NextServer {
  prepare(): Promise<void>;
  getRequestHandler(): (req: IncomingMessage, res: ServerResponse) => Promise<void>;
  close(): Promise<void>;
}
type CreateNextServer = (options: {
  dev: boolean;
  dir: string;
  quiet?: boolean;
  hostname?: string;
  port?: number;
}) => NextServer;

export type WebAppLoad =
  { readonly ok: true; readonly web: WebApp } | { readonly ok: false; readonly reason: string };

/**
 * Loads the built Next.js app in `dir` (`apps/web` after `next build`) with Next's own production server,
 * resolved from the web app's dependencies: the API server does not depend on Next, so an API-only
 * deployment ships without it.
 */
export async function loadWebApp(
  dir: string,
  listen: { hostname: string; port: number },
): Promise<WebAppLoad> {
  const manifest = join(dir, "package.json");
  if (!existsSync(manifest)) return { ok: false, reason: `no web app at ${dir}` };
  if (!existsSync(join(dir, ".next", "BUILD_ID"))) {
    return {
      ok: false,
      reason: `the web app in ${dir} is not built (run: npx turbo run build --filter=@arena/web...)`,
    };
  }
  let createNext: CreateNextServer;
  try {
    const loaded = createRequire(manifest)("next") as CreateNextServer | { default: CreateNextServer };
    createNext = typeof loaded === "function" ? loaded : loaded.default;
  } catch (error) {
    return {
      ok: false,
      reason: `cannot load Next.js for ${dir}: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
  const next = createNext({ dev: false, dir, quiet: true, ...listen });
  await next.prepare();
  const handle = next.getRequestHandler();
  return { ok: true, web: { handle: (req, res) => handle(req, res), close: () => next.close() } };
}
