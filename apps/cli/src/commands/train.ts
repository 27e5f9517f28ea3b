/**
 * `arena train [--games N] [--seed S] [--threads 2] [--out F] ...` (and `npm run train`): trains
 * the Othello evaluation with the engine's seeded pipeline, spreading its jobs over worker threads,
 * prints the fit error per stage and writes the weights module (normally
 * packages/engine/src/games/othello/ai/weights-data.ts).
 */
import { writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { Worker } from "node:worker_threads";
import {
  DEFAULT_TRAIN_CONFIG,
  type TrainConfig,
  type TrainJob,
  type TrainJobResult,
  type TrainRunner,
  inlineRunner,
  trainEvaluation,
} from "@arena/lab/othello/training/pipeline";
import { encodeWeights, weightsModule } from "@arena/lab/othello/training/weights-encoder";
import type { Output } from "../io.js";
import { UsageError, wholeNumber } from "./common.js";

export const TRAIN_USAGE = `train [--games 20000] [--seed 1] [--exact-empties 16] [--depth 4] [--threads 2] [--out <file>]
        train the Othello evaluation (self-play, exact and search labels, least squares per stage)`;

const OPTIONS = {
  games: { type: "string" },
  seed: { type: "string" },
  "exact-empties": { type: "string" },
  depth: { type: "string" },
  "stage-width": { type: "string" },
  lambda: { type: "string" },
  iterations: { type: "string" },
  epsilon: { type: "string" },
  threads: { type: "string" },
  out: { type: "string" },
} as const;

interface Pending {
  readonly resolve: (result: TrainJobResult) => void;
  readonly reject: (error: unknown) => void;
}

/** A pool of worker threads running pipeline jobs; results come back in job order. */
function workerRunner(threads: number): { runner: TrainRunner; close: () => Promise<void> } {
  const url = new URL("../train-worker.js", import.meta.url);
  const workers = Array.from({ length: threads }, () => new Worker(url));
  const pending = new Map<number, Pending>();
  let nextId = 0;
  for (const worker of workers) {
    worker.on("message", (message: { id: number; result: TrainJobResult }) => {
      const entry = pending.get(message.id);
      pending.delete(message.id);
      entry?.resolve(message.result);
    });
    worker.on("error", (error) => {
      for (const entry of pending.values()) entry.reject(error);
      pending.clear();
    });
  }
  const runOn = (worker: Worker, job: TrainJob): Promise<TrainJobResult> =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve, reject });
      worker.postMessage({ id, job });
    });
  const runner: TrainRunner = async (jobs) => {
    const results: TrainJobResult[] = new Array<TrainJobResult>(jobs.length);
    let next = 0;
    await Promise.all(
      workers.map(async (worker) => {
        while (next < jobs.length) {
          const index = next++;
          const job = jobs[index];
          if (job !== undefined) results[index] = await runOn(worker, job);
        }
      }),
    );
    return results;
  };
  return { runner, close: async () => void (await Promise.all(workers.map((w) => w.terminate()))) };
}

function number(text: string | undefined, flag: string, fallback: number): number {
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!Number.isFinite(value) || value < 0) throw new UsageError(`${flag} must be a non-negative number`);
  return value;
}

export async function trainCommand(
  args: string[],
  io: Output,
  now: () => number,
  today: () => string = () => new Date().toISOString().slice(0, 10),
): Promise<number> {
  const { values } = parseArgs({ args, options: OPTIONS });
  const d = DEFAULT_TRAIN_CONFIG;
  const config: TrainConfig = {
    ...d,
    games: wholeNumber(values.games, "--games", d.games),
    seed: wholeNumber(values.seed, "--seed", d.seed, 0xffffffff),
    exactEmpties: wholeNumber(values["exact-empties"], "--exact-empties", d.exactEmpties, 24),
    searchDepth: wholeNumber(values.depth, "--depth", d.searchDepth, 10),
    stageWidth: Math.max(1, wholeNumber(values["stage-width"], "--stage-width", d.stageWidth, 60)),
    lambda: number(values.lambda, "--lambda", d.lambda),
    iterations: wholeNumber(values.iterations, "--iterations", d.iterations, 10_000),
    epsilon: number(values.epsilon, "--epsilon", d.epsilon),
  };
  const threads = wholeNumber(values.threads, "--threads", 2, 64);
  const started = now();
  const log = (line: string): void =>
    io.stdout(`[${((now() - started) / 1000).toFixed(0).padStart(5)} s] ${line}\n`);
  log(`config ${JSON.stringify(config)}, ${threads} threads`);
  const pool = threads > 0 ? workerRunner(threads) : null;
  let outcome;
  try {
    outcome = await trainEvaluation(config, pool?.runner ?? inlineRunner(), log);
  } finally {
    await pool?.close();
  }
  const seconds = (now() - started) / 1000;
  const size = encodeWeights(outcome.weights).length;
  log(`done: ${outcome.positions} positions, ${seconds.toFixed(0)} s, weights ${size} base64 characters`);
  if (values.out !== undefined) {
    const held = outcome.stages.map((s) => `${s.minEmpties}-${s.maxEmpties}: ${s.validationRmse.toFixed(2)}`);
    writeFileSync(
      values.out,
      weightsModule(outcome.weights, {
        command: ["npx arena train", ...args].join(" "),
        date: today(),
        notes: [
          `Configuration: ${JSON.stringify(config)}.`,
          `${outcome.positions} distinct self-play positions; trained in ${seconds.toFixed(0)} s on ${threads} threads.`,
          `Held-out RMSE in discs by empties: ${held.join(", ")}.`,
        ],
      }),
    );
    io.stderr(`wrote ${values.out}\n`);
  }
  return 0;
}
