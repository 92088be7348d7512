/**
 * Measuring helpers shared by the benchmark suites: medians and
 * percentiles, a bounded timing loop, alternating baseline/ours rounds, and
 * a forced garbage collection for heap readings.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** The median of a non-empty list (the list is not changed). */
export function median(values: readonly number[]): number {
  return percentile(values, 50);
}

/** The p-th percentile (nearest rank) of a non-empty list (the list is not changed). */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) throw new Error('percentile of an empty list');
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1] as number;
}

/** Milliseconds since an arbitrary origin, sub-microsecond resolution. */
export function nowMs(): number {
  return Number(process.hrtime.bigint()) / 1e6;
}

/** What {@link timeLoop} measured. */
export interface LoopTiming {
  /** Operations done (fewer than asked if the time budget ran out). */
  ops: number;
  /** Wall time of the whole loop (ms). */
  totalMs: number;
  /** Mean wall time per operation (ms). */
  perOpMs: number;
  /** Wall time of each operation (ms), when asked for. */
  samples: number[];
}

/**
 * Runs `op(i)` up to `count` times, one after the other, stopping early once
 * `budgetMs` has passed (at least one operation always runs).
 */
export async function timeLoop(count: number, budgetMs: number, op: (i: number) => unknown, keepSamples = false): Promise<LoopTiming> {
  const samples: number[] = [];
  const start = nowMs();
  let ops = 0;
  while (ops < count) {
    const t0 = nowMs();
    await op(ops);
    if (keepSamples) samples.push(nowMs() - t0);
    ops++;
    if (nowMs() - start > budgetMs) break;
  }
  const totalMs = nowMs() - start;
  return { ops, totalMs, perOpMs: totalMs / ops, samples };
}

/** The results of {@link alternate}: one value per measured round of each side. */
export interface RoundResults<T> {
  baseline: T[];
  ours: T[];
}

/**
 * Runs discarded warm-up rounds (one of ours; `baselineWarmups` of the
 * baseline, more for a tiny baseline the JIT would otherwise not optimise
 * yet), then `rounds` rounds of each, alternating baseline and ours so that
 * drift (CPU clock, other processes) hits both sides alike.
 */
export async function alternate<T>(rounds: number, baseline: () => Promise<T>, ours: () => Promise<T>, baselineWarmups = 1): Promise<RoundResults<T>> {
  for (let w = 0; w < baselineWarmups; w++) await baseline();
  await ours();
  const out: RoundResults<T> = { baseline: [], ours: [] };
  // No forced GC between rounds: a full collection drops optimised code, and the
  // first calls after it would run unoptimised and make small baselines look slow.
  for (let r = 0; r < rounds; r++) {
    out.baseline.push(await baseline());
    out.ours.push(await ours());
  }
  return out;
}

let gcFn: (() => void) | undefined;

/** Runs a full garbage collection (uses `--expose-gc` when given, else turns it on at run time). */
export function forceGc(): void {
  if (!gcFn) {
    const exposed = (globalThis as { gc?: () => void }).gc;
    if (exposed) gcFn = exposed;
    else {
      setFlagsFromString('--expose-gc');
      gcFn = runInNewContext('gc') as () => void;
    }
  }
  gcFn();
  gcFn();
}

/** Heap in use after a full collection (bytes). */
export function settledHeap(): number {
  forceGc();
  return process.memoryUsage().heapUsed;
}
