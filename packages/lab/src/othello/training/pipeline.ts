/**
 * The training pipeline of the trained evaluation (docs/strength.md, "The trained evaluation"):
 * self-play positions → labels → least squares per stage, from the last stage of the game to the
 * first, each stage's search labels scored by the stages already fitted below it. Pure and
 * seeded: the work comes as jobs a runner may spread over worker threads (`runTrainJob` is what a
 * worker executes), and the result does not depend on how many threads ran them.
 */
import { popcount32 } from "@arena/engine/games/othello/bitboard";
import { EndgameSolver } from "@arena/engine/games/othello/ai/solver";
import {
  FEATURES_PER_POSITION,
  FEATURE_KINDS,
  MOBILITY_KIND,
  STAGE_SIZE,
} from "@arena/engine/games/othello/ai/patterns";
import { type TrainedWeights, spreadCanonical } from "@arena/engine/games/othello/ai/weights-codec";
import { positionFeatures } from "./features.js";
import { moves, out } from "@arena/engine/games/othello/bitboard";
import { type FitResult, type StageSamples, fitStage } from "./fit.js";
import { exactLabels, searchLabels } from "./label.js";
import { type PositionSet, type SelfPlayConfig, selfPlayPositions, uniquePositions } from "./self-play.js";

export interface TrainConfig extends SelfPlayConfig {
  /** Self-play games. */
  readonly games: number;
  /** Empties per stage. */
  readonly stageWidth: number;
  /** Positions with at most this many empties are labelled by the exact solver. */
  readonly exactEmpties: number;
  /** Plies the search labels look ahead at least. */
  readonly searchDepth: number;
  /** Ridge penalty. */
  readonly lambda: number;
  /** Conjugate-gradient iterations per stage. */
  readonly iterations: number;
  /** Weight units per disc in the shipped tables. */
  readonly scale: number;
  /** Every n-th game is held out to measure the error. */
  readonly validationEvery: number;
}

/** The configuration `npm run train` uses (docs/strength.md gives its run time and errors). */
export const DEFAULT_TRAIN_CONFIG: TrainConfig = {
  seed: 1,
  games: 20_000,
  randomPlies: { min: 2, max: 20 },
  epsilon: 0.1,
  stageWidth: 4,
  exactEmpties: 16,
  searchDepth: 4,
  lambda: 16,
  iterations: 60,
  scale: 16,
  validationEvery: 10,
};

/** Work for a runner; every job is a pure function of its fields. */
export type TrainJob =
  | {
      readonly kind: "self-play";
      readonly config: SelfPlayConfig;
      readonly from: number;
      readonly to: number;
    }
  | { readonly kind: "exact"; readonly boards: Int32Array }
  | {
      readonly kind: "search";
      readonly weights: TrainedWeights;
      readonly boards: Int32Array;
      readonly depth: number;
      readonly horizon: number;
    };

export type TrainJobResult = PositionSet | Float32Array;

/** Runs jobs, possibly in parallel, returning their results in job order. */
export type TrainRunner = (jobs: readonly TrainJob[]) => Promise<readonly TrainJobResult[]>;

/** What a thread keeps between jobs: its exact solver (labels do not depend on it, only the time). */
export interface TrainThread {
  readonly solver: EndgameSolver;
}

/** A thread's state for `runTrainJob`. */
export function createTrainThread(): TrainThread {
  return { solver: new EndgameSolver({ ordering: "iago" }) };
}

/** Executes one job (what a worker thread runs). */
export function runTrainJob(job: TrainJob, thread: TrainThread): TrainJobResult {
  switch (job.kind) {
    case "self-play":
      return selfPlayPositions(job.config, job.from, job.to);
    case "exact":
      return exactLabels(thread.solver, job.boards, 0, job.boards.length / 4);
    case "search":
      return searchLabels(job.weights, job.boards, 0, job.boards.length / 4, job.depth, job.horizon);
  }
}

/** A runner that runs the jobs one after another in this thread. */
export function inlineRunner(): TrainRunner {
  const thread = createTrainThread();
  return (jobs) => Promise.resolve(jobs.map((job) => runTrainJob(job, thread)));
}

export interface StageReport extends Omit<FitResult, "weights"> {
  readonly stage: number;
  readonly minEmpties: number;
  readonly maxEmpties: number;
  readonly exactLabels: number;
  readonly searchLabels: number;
}

export interface TrainOutcome {
  readonly weights: TrainedWeights;
  readonly positions: number;
  readonly stages: readonly StageReport[];
}

/** Splits positions into about `parts` jobs' worth of boards. */
function chunks(boards: Int32Array, parts: number): Int32Array[] {
  const count = boards.length / 4;
  const size = Math.max(1, Math.ceil(count / parts));
  const result: Int32Array[] = [];
  for (let from = 0; from < count; from += size) {
    result.push(boards.slice(4 * from, 4 * Math.min(count, from + size)));
  }
  return result;
}

function labelsOf(results: readonly TrainJobResult[]): Float32Array {
  const arrays = results.map((r) => {
    if (!(r instanceof Float32Array)) throw new Error("a labelling job must return labels");
    return r;
  });
  const all = new Float32Array(arrays.reduce((n, a) => n + a.length, 0));
  let at = 0;
  for (const a of arrays) {
    all.set(a, at);
    at += a.length;
  }
  return all;
}

function emptiesOf(boards: Int32Array, i: number): number {
  return (
    64 -
    popcount32((boards[4 * i] as number) | (boards[4 * i + 2] as number)) -
    popcount32((boards[4 * i + 1] as number) | (boards[4 * i + 3] as number))
  );
}

function select(set: PositionSet, keep: (i: number) => boolean): { boards: Int32Array; games: Int32Array } {
  const indices: number[] = [];
  for (let i = 0; i < set.count; i++) if (keep(i)) indices.push(i);
  const boards = new Int32Array(indices.length * 4);
  const games = new Int32Array(indices.length);
  indices.forEach((index, j) => {
    boards.set(set.boards.subarray(4 * index, 4 * index + 4), 4 * j);
    games[j] = set.games[index] as number;
  });
  return { boards, games };
}

function samplesOf(
  boards: Int32Array,
  games: Int32Array,
  labels: Float32Array,
  validationEvery: number,
): StageSamples {
  const count = games.length;
  const features = new Int32Array(count * FEATURES_PER_POSITION);
  const validation = new Uint8Array(count);
  for (let i = 0; i < count; i++) {
    const pl = boards[4 * i] as number;
    const ph = boards[4 * i + 1] as number;
    const ol = boards[4 * i + 2] as number;
    const oh = boards[4 * i + 3] as number;
    moves(pl, ph, ol, oh);
    const own = popcount32(out.lo) + popcount32(out.hi);
    moves(ol, oh, pl, ph);
    const other = popcount32(out.lo) + popcount32(out.hi);
    positionFeatures(pl, ph, ol, oh, own, other, features, i * FEATURES_PER_POSITION);
    validation[i] = (games[i] as number) % validationEvery === 0 ? 1 : 0;
  }
  return { count, features, labels, validation };
}

/**
 * Trains the evaluation. `parallelism` only sets how many jobs each phase is cut into (more than
 * the runner's threads, so that uneven jobs balance); the result is the same for any value.
 */
export async function trainEvaluation(
  config: TrainConfig,
  runner: TrainRunner,
  log: (line: string) => void,
  parallelism = 16,
): Promise<TrainOutcome> {
  const gameChunk = Math.max(1, Math.ceil(config.games / parallelism));
  const playJobs: TrainJob[] = [];
  for (let from = 0; from < config.games; from += gameChunk) {
    playJobs.push({ kind: "self-play", config, from, to: Math.min(config.games, from + gameChunk) });
  }
  const played = await runner(playJobs);
  const merged = mergePositions(played);
  const positions = uniquePositions(merged);
  log(`self-play: ${config.games} games, ${merged.count} positions, ${positions.count} distinct`);

  const exactSet = select(positions, (i) => emptiesOf(positions.boards, i) <= config.exactEmpties);
  const exact = labelsOf(
    await runner(chunks(exactSet.boards, parallelism * 4).map((boards) => ({ kind: "exact", boards }))),
  );
  log(`exact labels: ${exact.length} positions with at most ${config.exactEmpties} empties`);
  const exactByKey = new Map<string, number>();
  for (let i = 0; i < exact.length; i++) exactByKey.set(boardKey(exactSet.boards, i), exact[i] as number);

  const stageCount = Math.floor(60 / config.stageWidth) + 1;
  const tables = new Int16Array(stageCount * STAGE_SIZE);
  const weights: TrainedWeights = { stageCount, stageWidth: config.stageWidth, scale: config.scale, tables };
  const constantSlot = FEATURE_KINDS[MOBILITY_KIND + 2]?.offset ?? 0;
  const reports: StageReport[] = [];
  let prior: Float64Array | undefined;
  for (let stage = 0; stage < stageCount; stage++) {
    const minEmpties = stage * config.stageWidth;
    const maxEmpties = minEmpties + config.stageWidth - 1;
    const inStage = select(positions, (i) => {
      const e = emptiesOf(positions.boards, i);
      return e >= minEmpties && e <= maxEmpties;
    });
    const count = inStage.games.length;
    const labels = new Float32Array(count);
    const searched: number[] = [];
    for (let i = 0; i < count; i++) {
      const known = exactByKey.get(boardKey(inStage.boards, i));
      if (known === undefined) searched.push(i);
      else labels[i] = known;
    }
    if (searched.length > 0) {
      const boards = new Int32Array(searched.length * 4);
      searched.forEach((index, j) => boards.set(inStage.boards.subarray(4 * index, 4 * index + 4), 4 * j));
      const jobs: TrainJob[] = chunks(boards, parallelism).map((part) => ({
        kind: "search",
        weights,
        boards: part,
        depth: config.searchDepth,
        horizon: minEmpties - 1,
      }));
      const found = labelsOf(await runner(jobs));
      searched.forEach((index, j) => (labels[index] = found[j] as number));
    }
    const samples = samplesOf(inStage.boards, inStage.games, labels, config.validationEvery);
    const fit = fitStage(samples, {
      lambda: config.lambda,
      iterations: config.iterations,
      constantSlot,
      ...(prior === undefined ? {} : { initial: prior }),
    });
    prior = fit.weights;
    const base = stage * STAGE_SIZE;
    for (let j = 0; j < STAGE_SIZE; j++) {
      tables[base + j] = Math.max(
        -32767,
        Math.min(32767, Math.round((fit.weights[j] as number) * config.scale)),
      );
    }
    spreadCanonical(tables.subarray(base, base + STAGE_SIZE), 1);
    const { weights: _fitted, ...errors } = fit;
    const report: StageReport = {
      stage,
      minEmpties,
      maxEmpties,
      exactLabels: count - searched.length,
      searchLabels: searched.length,
      ...errors,
    };
    reports.push(report);
    log(
      `stage ${String(stage).padStart(2)} (empties ${String(minEmpties).padStart(2)}-${String(maxEmpties).padStart(2)}): ` +
        `${count} positions (${report.exactLabels} exact, ${report.searchLabels} searched); ` +
        `RMSE train ${fit.initialTrainRmse.toFixed(2)} -> ${fit.trainRmse.toFixed(2)}, ` +
        `held out ${fit.initialValidationRmse.toFixed(2)} -> ${fit.validationRmse.toFixed(2)} discs`,
    );
  }
  return { weights, positions: positions.count, stages: reports };
}

function boardKey(boards: Int32Array, i: number): string {
  return `${boards[4 * i]},${boards[4 * i + 1]},${boards[4 * i + 2]},${boards[4 * i + 3]}`;
}

function mergePositions(results: readonly TrainJobResult[]): PositionSet {
  const sets = results.map((r) => {
    if (r instanceof Float32Array) throw new Error("a self-play job must return positions");
    return r;
  });
  const count = sets.reduce((n, s) => n + s.count, 0);
  const boards = new Int32Array(count * 4);
  const games = new Int32Array(count);
  let at = 0;
  for (const s of sets) {
    boards.set(s.boards, at * 4);
    games.set(s.games, at);
    at += s.count;
  }
  return { count, boards, games };
}
