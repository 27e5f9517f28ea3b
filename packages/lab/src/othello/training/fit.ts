/**
 * Least squares for one stage: weights w minimising Σ (label − Σ w[feature])² + λ Σ w² over the
 * training samples (the constant is not penalised), by conjugate gradients on the normal equations
 * without ever forming them. A sample's features are the `FEATURES_PER_POSITION` canonical slots
 * `positionFeatures` wrote, so A·w is a sum of look-ups and Aᵀ·r a scatter.
 */
import { FEATURES_PER_POSITION, STAGE_SIZE } from "@arena/engine/games/othello/ai/patterns";

export interface StageSamples {
  readonly count: number;
  /** FEATURES_PER_POSITION slots per sample. */
  readonly features: Int32Array;
  /** Labels in discs. */
  readonly labels: Float32Array;
  /** 1 for samples held out to measure the error. */
  readonly validation: Uint8Array;
}

export interface FitOptions {
  /** Ridge penalty per weight. */
  readonly lambda: number;
  readonly iterations: number;
  /** The slot of the constant, which is not penalised. */
  readonly constantSlot: number;
  /** Weights the penalty pulls towards (the neighbouring stage's); zeros by default. */
  readonly initial?: Float64Array;
}

export interface FitResult {
  readonly weights: Float64Array;
  /** Root-mean-square error in discs on the training and the held-out samples, before and after. */
  readonly trainRmse: number;
  readonly validationRmse: number;
  readonly initialTrainRmse: number;
  readonly initialValidationRmse: number;
  readonly trainCount: number;
  readonly validationCount: number;
}

const F = FEATURES_PER_POSITION;

function predict(features: Int32Array, sample: number, w: Float64Array): number {
  let sum = 0;
  const base = sample * F;
  for (let k = 0; k < F; k++) sum += w[features[base + k] as number] as number;
  return sum;
}

/** RMSE over the samples whose validation flag is `held`. */
export function rmse(samples: StageSamples, w: Float64Array, held: 0 | 1): number {
  let sum = 0;
  let n = 0;
  for (let i = 0; i < samples.count; i++) {
    if (samples.validation[i] !== held) continue;
    const e = predict(samples.features, i, w) - (samples.labels[i] as number);
    sum += e * e;
    n++;
  }
  return n === 0 ? 0 : Math.sqrt(sum / n);
}

/** (AᵀA + λI′)·p into `q`, using `ap` as scratch for A·p (training samples only). */
function normalProduct(
  samples: StageSamples,
  p: Float64Array,
  q: Float64Array,
  ap: Float64Array,
  options: FitOptions,
): void {
  const { features, validation } = samples;
  for (let i = 0; i < samples.count; i++) ap[i] = validation[i] === 1 ? 0 : predict(features, i, p);
  q.fill(0);
  for (let i = 0; i < samples.count; i++) {
    const v = ap[i] as number;
    if (v === 0) continue;
    const base = i * F;
    for (let k = 0; k < F; k++) {
      const slot = features[base + k] as number;
      q[slot] = (q[slot] as number) + v;
    }
  }
  for (let j = 0; j < STAGE_SIZE; j++) {
    if (j !== options.constantSlot) q[j] = (q[j] as number) + options.lambda * (p[j] as number);
  }
}

function dot(a: Float64Array, b: Float64Array): number {
  let s = 0;
  for (let j = 0; j < a.length; j++) s += (a[j] as number) * (b[j] as number);
  return s;
}

/**
 * Fits one stage; deterministic for given samples and options. With `initial` (the neighbouring
 * stage's weights) the penalty pulls towards those rather than towards zero, and configurations no
 * training sample shows keep them.
 */
export function fitStage(samples: StageSamples, options: FitOptions): FitResult {
  const prior = options.initial ?? new Float64Array(STAGE_SIZE);
  const initialTrainRmse = rmse(samples, prior, 0);
  const initialValidationRmse = rmse(samples, prior, 1);
  // The correction d = w − prior solves (AᵀA + λI′)·d = Aᵀ(y − A·prior), from d = 0.
  const r = new Float64Array(STAGE_SIZE);
  let trainCount = 0;
  for (let i = 0; i < samples.count; i++) {
    if (samples.validation[i] === 1) continue;
    trainCount++;
    const residual = (samples.labels[i] as number) - predict(samples.features, i, prior);
    const base = i * F;
    for (let k = 0; k < F; k++) {
      const slot = samples.features[base + k] as number;
      r[slot] = (r[slot] as number) + residual;
    }
  }
  const d = new Float64Array(STAGE_SIZE);
  const ap = new Float64Array(samples.count);
  const q = new Float64Array(STAGE_SIZE);
  const p = Float64Array.from(r);
  let rr = dot(r, r);
  for (let iteration = 0; iteration < options.iterations && rr > 1e-12; iteration++) {
    normalProduct(samples, p, q, ap, options);
    const alpha = rr / dot(p, q);
    for (let j = 0; j < STAGE_SIZE; j++) {
      d[j] = (d[j] as number) + alpha * (p[j] as number);
      r[j] = (r[j] as number) - alpha * (q[j] as number);
    }
    const next = dot(r, r);
    const beta = next / rr;
    rr = next;
    for (let j = 0; j < STAGE_SIZE; j++) p[j] = (r[j] as number) + beta * (p[j] as number);
  }
  const w = new Float64Array(STAGE_SIZE);
  for (let j = 0; j < STAGE_SIZE; j++) w[j] = (prior[j] as number) + (d[j] as number);
  return {
    weights: w,
    trainRmse: rmse(samples, w, 0),
    validationRmse: rmse(samples, w, 1),
    initialTrainRmse,
    initialValidationRmse,
    trainCount,
    validationCount: samples.count - trainCount,
  };
}
