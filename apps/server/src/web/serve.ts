import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { type Logger } from "pino";
import { loadWebApp, type WebApp } from "./next-app.js";

/** The repository's web app, next to this server (apps/server/dist → apps/web). */
function defaultWebDir(): string {
  return resolve(dirname(fileURLToPath(import.meta.url)), "..", "..", "..", "web");
}

export type WebStart =
  { readonly ok: true; readonly web: WebApp | null } | { readonly ok: false; readonly reason: string };

/**
 * The web app to serve, per `SERVE_WEB`: `false` serves none; `auto` serves it when its build is there
 * and says so when it is not; `true` requires it.
 */
export async function startWeb(
  mode: "auto" | "true" | "false",
  dir: string | undefined,
  listen: { hostname: string; port: number },
  logger: Logger,
): Promise<WebStart> {
  if (mode === "false") return { ok: true, web: null };
  const loaded = await loadWebApp(dir === undefined ? defaultWebDir() : resolve(dir), listen);
  if (loaded.ok) return { ok: true, web: loaded.web };
  if (mode === "true") return { ok: false, reason: loaded.reason };
  logger.warn({ reason: loaded.reason }, "serving the API and sockets only (no web app)");
  return { ok: true, web: null };
}
