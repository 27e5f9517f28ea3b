import { Router } from "express";
import { type createMetrics } from "../metrics.js";
import { mayReadMetrics } from "./metrics-access.js";

/** Whether this process takes new players: not while starting or draining, nor while its store is down. */
export class Readiness {
  private started = false;
  private draining = false;

  constructor(private readonly storeReady: () => boolean) {}

  /** Live games are loaded and leases kept: ready. */
  start(): void {
    this.started = true;
  }

  /** Out of rotation (docs/deployment.md), or closing. */
  drain(): void {
    this.draining = true;
  }

  stop(): void {
    this.started = false;
  }

  /** Why this process is not ready, or null when it is. */
  get reason(): string | null {
    if (!this.started) return "starting";
    if (this.draining) return "draining";
    return this.storeReady() ? null : "store-unavailable";
  }
}

/** `/healthz` (the process answers), `/readyz` (a load balancer may send players here) and `/metrics`. */
export function healthRouter(
  readiness: Readiness,
  metrics: ReturnType<typeof createMetrics>,
  metricsToken: string | null,
): Router {
  const router = Router();
  router.get("/healthz", (_req, res) => {
    res.json({ ok: true });
  });
  router.get("/readyz", (_req, res) => {
    const reason = readiness.reason;
    res.status(reason === null ? 200 : 503).json(reason === null ? { ok: true } : { ok: false, reason });
  });
  router.get("/metrics", async (req, res) => {
    if (!mayReadMetrics(req, metricsToken)) {
      res.status(403).json({
        ok: false,
        code: "forbidden",
        message: "metrics are served to this machine, or with the METRICS_TOKEN bearer token",
      });
      return;
    }
    res.setHeader("Content-Type", metrics.registry.contentType);
    res.send(await metrics.registry.metrics());
  });
  return router;
}
