import compression from "compression";
import { type RequestHandler } from "express";

/**
 * gzip or Brotli, as the client asks, for what Express answers itself: the API's JSON, health and metrics
 * (docs/architecture.md, "Security" headers are set before this and kept). The web app's pages and static
 * files arrive already compressed by Next.js's own handler and pass through untouched; socket.io's
 * transports never reach Express.
 */
export function compressed(): RequestHandler {
  return compression();
}
