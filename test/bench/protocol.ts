/**
 * What the benchmark parent and its server processes (host.ts) share: the
 * kinds of host, their options, the IPC messages and the relay's secret.
 * Kept apart from host.ts, which starts a server as soon as it is loaded.
 */

/** The kinds of server a host runs. */
export type HostKind = 'bare' | 'relay' | 'sim';

/** Options of a host, passed as JSON on its command line. */
export interface HostOptions {
  /** Relay only: record this many older event ids first, so the state file is at its cap (steady state). */
  prefillEvents?: number;
  /** Relay only: keep seen event ids in a plain in-memory set, no state file (isolates the relay's own cost). */
  memoryOnly?: boolean;
}

/** Messages a host sends. */
export type HostMessage =
  | { type: 'ready'; url: string; origin: string; apiKey?: string }
  | { type: 'heap'; heapUsed: number; seenEventIds: number | null; tasksHanded: number };

/** The secret the bench relay expects. */
export const BENCH_SECRET = 'whsec_bench-0123456789abcdef';

/** Virtual minutes between webhook events as the relay's store sees them: a busy desk's pace, compressed. */
export const VIRTUAL_EVENT_GAP_MS = 2 * 60_000;
