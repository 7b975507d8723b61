/**
 * The mask models' fit, for fit-separator-model.ts (bench only): sample tables of bins, one row per bin,
 * and a softmax regression per band on them by damped Newton steps with a small ridge.
 */
import type { FeatureFrame } from '../../../lambdas/_lib/stems/full-band-stage';
import type { ContextModel } from '../../../lambdas/_lib/stems/context-model';
import { contextInputs } from '../../../lambdas/_lib/stems/context-model';
import {
  BAND_EDGES,
  COLUMN_COUNT,
  FEATURE_COUNT,
  PRODUCT_FACTORS,
} from '../../../lambdas/_lib/stems/mask-model';

/**
 * Row layout of a sample table: band, weight, `inputs` values, four targets. The first pass's inputs are
 * the cues (its products are computed from them); the second pass's are context-model.ts's.
 */
export interface Layout {
  inputs: number;
  /** Pushes bin k's inputs from the stage's tap. */
  read: (f: FeatureFrame, k: number, rows: number[]) => void;
}
export const CUES: Layout = {
  inputs: FEATURE_COUNT,
  read: (f, k, rows) => {
    for (let i = 0; i < FEATURE_COUNT; i++) rows.push(f.features[k * COLUMN_COUNT + i]!);
  },
};
export const contextLayout = (
  pass: Pick<ContextModel, 'halfWidths' | 'pastFrames' | 'futureFrames'>,
): Layout => {
  const inputs = contextInputs(pass);
  return {
    inputs,
    read: (f, k, rows) => {
      for (let i = 0; i < inputs; i++) rows.push(f.context![k * inputs + i]!);
    },
  };
};
export const rowOf = (layout: Pick<Layout, 'inputs'>) => 2 + layout.inputs + 4;

/** Solves A·x = b (A symmetric positive definite, n×n row-major) by Cholesky; A and b are overwritten. */
function solve(A: Float64Array, b: Float64Array, n: number): Float64Array {
  for (let j = 0; j < n; j++) {
    let d = A[j * n + j]!;
    for (let k = 0; k < j; k++) d -= A[j * n + k]! ** 2;
    d = Math.sqrt(Math.max(d, 1e-12));
    A[j * n + j] = d;
    for (let i = j + 1; i < n; i++) {
      let s = A[i * n + j]!;
      for (let k = 0; k < j; k++) s -= A[i * n + k]! * A[j * n + k]!;
      A[i * n + j] = s / d;
    }
  }
  const x = Float64Array.from(b);
  for (let i = 0; i < n; i++) {
    for (let k = 0; k < i; k++) x[i]! -= A[i * n + k]! * x[k]!;
    x[i]! /= A[i * n + i]!;
  }
  for (let i = n - 1; i >= 0; i--) {
    for (let k = i + 1; k < n; k++) x[i]! -= A[k * n + i]! * x[k]!;
    x[i]! /= A[i * n + i]!;
  }
  return x;
}

/** Softmax regression of one band: θ[f·4 + s] for the features in `columns`, then four biases. */
export function fitBand(
  table: Float32Array,
  band: number,
  columns: number[],
  ridge: number,
  layout: Pick<Layout, 'inputs'> = CUES,
  /** Lower edges (Hz) of the bands, for the log. */
  edges: readonly number[] = BAND_EDGES,
): number[] {
  const ROW = rowOf(layout);
  const TARGETS = 2 + layout.inputs;
  const F = columns.length + 1;
  const P = F * 4;
  const rows: number[] = [];
  for (let r = 0; r < table.length; r += ROW) if (table[r] === band) rows.push(r);
  const theta = new Float64Array(P);
  const x = new Float64Array(F);
  const p = new Float64Array(4);
  const feats = (r: number) => {
    for (let f = 0; f < F - 1; f++) {
      const c = columns[f]!;
      if (c < layout.inputs) x[f] = table[r + 2 + c]!;
      else {
        const [a, b] = PRODUCT_FACTORS[c - FEATURE_COUNT]!;
        x[f] = table[r + 2 + a]! * table[r + 2 + b]!; // the stage's tap reports the cues clamped
      }
    }
    x[F - 1] = 1;
  };
  const probs = (th: Float64Array) => {
    const z = [0, 0, 0, 0].map((_, s) => x.reduce((a, v, f) => a + v * th[f * 4 + s]!, 0));
    const m = Math.max(...z);
    const e = z.map((v) => Math.exp(v - m));
    const sum = e.reduce((a, b) => a + b, 0);
    for (let s = 0; s < 4; s++) p[s] = e[s]! / sum;
  };
  const loss = (th: Float64Array) => {
    let l = 0;
    for (const r of rows) {
      feats(r);
      probs(th);
      const w = table[r + 1]!;
      for (let s = 0; s < 4; s++) l -= w * table[r + TARGETS + s]! * Math.log(p[s]! + 1e-12);
    }
    return l + 0.5 * ridge * th.reduce((a, v) => a + v * v, 0);
  };
  let current = loss(theta);
  for (let iter = 0; iter < 25; iter++) {
    const g = new Float64Array(P);
    const H = new Float64Array(P * P);
    for (const r of rows) {
      feats(r);
      probs(theta);
      const w = table[r + 1]!;
      for (let s = 0; s < 4; s++) {
        const err = w * (p[s]! - table[r + TARGETS + s]!);
        for (let f = 0; f < F; f++) g[f * 4 + s]! += err * x[f]!;
      }
      for (let s = 0; s < 4; s++)
        for (let t = 0; t < 4; t++) {
          const a = w * ((s === t ? p[s]! : 0) - p[s]! * p[t]!);
          if (a === 0) continue;
          for (let f = 0; f < F; f++) {
            const row = (f * 4 + s) * P;
            const af = a * x[f]!;
            for (let h = 0; h < F; h++) H[row + h * 4 + t]! += af * x[h]!;
          }
        }
    }
    for (let i = 0; i < P; i++) {
      g[i]! += ridge * theta[i]!;
      H[i * P + i]! += ridge;
    }
    const step = solve(H, g, P);
    let scale = 1;
    let next = current;
    let candidate = theta;
    while (scale > 1e-3) {
      candidate = theta.map((v, i) => v - scale * step[i]!);
      next = loss(candidate);
      if (next < current) break;
      scale /= 2;
    }
    if (!(next < current)) break;
    theta.set(candidate);
    const gain = current - next;
    current = next;
    if (gain < 1e-7 * Math.abs(current)) break;
  }
  console.error(`  band ${edges[band]} Hz: ${rows.length} bins, loss ${current.toFixed(5)}`);
  return Array.from(theta, (v) => Math.round(v * 1e5) / 1e5);
}
