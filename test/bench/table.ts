/**
 * One row of the results table and the markdown rendering of the table.
 * Every ratio is a cost ratio, ours / baseline of time or bytes, so above 1
 * always means slower or bigger than the baseline.
 */

/** One benchmark's line in the table. */
export interface Row {
  /** What was measured, in a few words. */
  benchmark: string;
  /** The baseline's value, formatted with its unit. */
  baseline: string;
  /** Our value, formatted with its unit. */
  ours: string;
  /** ours / baseline as a cost; null when a ratio means nothing (a baseline of about zero). */
  ratio: number | null;
  /** The target, as a person reads it. */
  target: string;
  /** Whether the target is met; null when the suite could not run. */
  ok: boolean | null;
}

/** A row for a suite that did not run, with the reason in the "ours" column. */
export function skippedRow(benchmark: string, reason: string): Row {
  return { benchmark, baseline: '—', ours: `skipped: ${reason}`, ratio: null, target: '—', ok: null };
}

/** Milliseconds with a sensible number of digits. */
export function ms(value: number): string {
  if (value >= 100) return `${value.toFixed(0)} ms`;
  if (value >= 1) return `${value.toFixed(2)} ms`;
  if (value >= 0.01) return `${(value * 1000).toFixed(1)} µs`;
  return `${(value * 1000).toFixed(2)} µs`;
}

/** Bytes as KB or MB, signed when asked. */
export function bytes(value: number, signed = false): string {
  const sign = signed && value >= 0 ? '+' : '';
  if (Math.abs(value) >= 1024 * 1024) return `${sign}${(value / 1024 / 1024).toFixed(2)} MB`;
  return `${sign}${(value / 1024).toFixed(0)} KB`;
}

/** A rate per second, rounded. */
export function perSecond(value: number, unit = 'req/s'): string {
  return `${Math.round(value).toLocaleString('en-US')} ${unit}`;
}

/** The ratio cell: two significant digits and a ×. */
function ratioCell(ratio: number | null): string {
  if (ratio === null) return 'n/a';
  return `${ratio >= 10 ? ratio.toFixed(0) : ratio.toFixed(2)}×`;
}

/** The table in markdown, one row per benchmark. */
export function renderTable(rows: readonly Row[]): string {
  const head = '| benchmark | baseline | ours | ratio (ours/baseline) | target | within target? |\n| --- | --- | --- | --- | --- | --- |';
  const lines = rows.map((r) => {
    const verdict = r.ok === null ? '—' : r.ok ? 'yes' : '**NO**';
    return `| ${r.benchmark} | ${r.baseline} | ${r.ours} | ${ratioCell(r.ratio)} | ${r.target} | ${verdict} |`;
  });
  return [head, ...lines].join('\n');
}
