import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";

/** One registry per app instance, so two servers in one test process don't collide. */
export function createMetrics(sources: { liveGames: () => number; aiQueue: () => number }) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const moves = new Counter({ name: "arena_moves_total", help: "Moves applied", registers: [registry] });
  const acks = new Histogram({
    name: "arena_ack_seconds",
    help: "Time from receiving an event to acknowledging it",
    labelNames: ["event", "ok"],
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  new Gauge({
    name: "arena_games_live",
    help: "Live games owned by this process",
    registers: [registry],
    collect() {
      this.set(sources.liveGames());
    },
  });
  new Gauge({
    name: "arena_ai_queue_depth",
    help: "AI requests waiting for a worker thread",
    registers: [registry],
    collect() {
      this.set(sources.aiQueue());
    },
  });
  return { registry, moves, acks };
}
