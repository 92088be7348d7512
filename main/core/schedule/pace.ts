/**
 * How long the poller waits before the next poll. Pure, so the pacing rules
 * are tested without timers.
 */

/** Poll intervals (ms). */
export interface PollPace {
  /** While the relay is unverified or silent: polling is the only sure path. */
  fastMs: number;
  /** While the relay is healthy: it brings new tasks, polls only catch what it missed. */
  slowMs: number;
  /** Longest wait after repeated failures. */
  maxBackoffMs: number;
  /** Spread of the random jitter, as a fraction of the delay (0.1 = ±10 %). */
  jitter: number;
}

/** Defaults for a given base interval (the settings' poll interval). */
export function defaultPace(intervalMs: number): PollPace {
  return { fastMs: intervalMs, slowMs: intervalMs * 5, maxBackoffMs: Math.max(intervalMs, 15 * 60_000), jitter: 0.1 };
}

/** What the next delay depends on. */
export interface PaceInput {
  pace: PollPace;
  health: 'unverified' | 'silent' | 'healthy';
  /** Failed polls in a row. */
  failures: number;
  /** A 429's Retry-After, in ms (0 when none). */
  retryAfterMs: number;
  random: () => number;
}

/**
 * The delay: the interval for the relay's health, doubled per failure in a
 * row up to the cap, never shorter than Retry-After, with jitter (which never
 * brings it under Retry-After either).
 */
export function nextDelayMs(input: PaceInput): number {
  const { pace, failures } = input;
  const base = input.health === 'healthy' ? pace.slowMs : pace.fastMs;
  // A failure backs off from the fast interval: the slow one assumes a relay
  // that may be as cut off as the poll is.
  const backedOff = failures > 0 ? Math.min(pace.maxBackoffMs, pace.fastMs * 2 ** Math.min(failures, 20)) : base;
  const spread = backedOff * pace.jitter;
  const jittered = backedOff - spread + input.random() * 2 * spread;
  return Math.max(Math.round(jittered), input.retryAfterMs, 0);
}
