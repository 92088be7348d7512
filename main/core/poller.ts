/**
 * The Poller: the slow path for new tasks, and the only path for live
 * updates. It reads `GET /tasks?range=today` (plus `yesterday` when the last
 * successful sync was before the team's latest midnight, so a gap across
 * midnight loses nothing), then the active and scheduled live updates.
 *
 * Pace: faster while the relay is unverified or silent (polling is then the
 * only reliable path), slower while it is healthy (several PCs may share one
 * key, and the relay already brings new tasks); jittered so PCs that started
 * together do not poll together; exponential backoff after failures, and
 * never sooner than a 429's Retry-After. Syncs run one at a time: a sync
 * asked for during a poll is coalesced into one more poll right after it.
 */
import type { Task } from '../../common/api/customer';
import type { LiveUpdate } from '../../common/api/live-updates';
import type { TaskRange } from '../../common/api/enums';
import type { ContractError, Result } from '../../common/views';
import { crossedMidnight } from './schedule/midnight';
import { nextDelayMs, type PollPace } from './schedule/pace';

/** The reads a poll makes, at background priority (the client behind a narrow port). */
export interface PollSource {
  listTasks(range: TaskRange): Promise<Result<Task[]>>;
  /** Active and scheduled live updates; `not_configured` when there is no token (then skipped quietly). */
  listLiveUpdates(): Promise<Result<LiveUpdate[]>>;
  /** The team's IANA timezone; read once and cached by the caller. */
  teamTimeZone(): Promise<Result<string>>;
}

/** How the relay is doing, as far as the poll pace cares. */
export type RelayHealth = 'unverified' | 'silent' | 'healthy';

/** What one poll found. */
export interface PollReport {
  /** When the poll began: the "last sync" time, so a task created during the poll is never behind it. */
  startedAt: number;
  /** When it ended. */
  at: number;
  ranges: TaskRange[];
  /** Tasks of every range read, or null when the task read failed. */
  tasks: Task[] | null;
  liveUpdates: LiveUpdate[] | null;
  /** Why the task read failed (the poll counts as failed). */
  error: ContractError | null;
  /** Why the live-updates read failed, if it did (does not fail the poll). */
  liveUpdatesError: ContractError | null;
  /** When the next poll is due (epoch ms). */
  nextAt: number | null;
}

/** Timers, injectable so tests run on fake time. Shaped like the rate scheduler's clock. */
export interface PollerClock {
  now(): number;
  setTimer(fn: () => void, ms: number): unknown;
  clearTimer(handle: unknown): void;
}

/** Options of {@link Poller}. */
export interface PollerOptions {
  source: PollSource;
  clock: PollerClock;
  /** The pace, read before each wait so a settings change applies at once. */
  pace: PollPace | (() => PollPace);
  relayHealth: () => RelayHealth;
  /** The last successful sync (epoch ms), or null before the first. */
  lastSyncAt: () => number | null;
  /** Called with each poll's findings, before the next is scheduled. Tasks go to the inbox from here. */
  onPoll: (report: PollReport) => void;
  random?: () => number;
}

/** Polls the service, one poll at a time. */
export class Poller {
  private timer: unknown = null;
  private running: Promise<PollReport> | null = null;
  private queued: Promise<PollReport> | null = null;
  private failures = 0;
  private retryAfterMs = 0;
  private started = false;

  constructor(private readonly options: PollerOptions) {}

  /** Starts polling with an immediate sync. */
  start(): void {
    if (this.started) return;
    this.started = true;
    void this.syncNow();
  }

  /** Stops polling and waits for a poll under way to end. */
  async stop(): Promise<void> {
    this.started = false;
    this.clearTimer();
    await Promise.allSettled([this.running, this.queued]);
  }

  /** Resolves once no poll is under way or waiting (tests and shutdown wait on this, never on a fixed sleep). */
  async idle(): Promise<void> {
    while (this.running || this.queued) await Promise.allSettled([this.running, this.queued]);
  }

  /** The computer woke from sleep: sync now, forgetting the backoff (the network may be back). */
  notifyWake(): Promise<PollReport> {
    this.failures = 0;
    return this.syncNow();
  }

  /** The network came back: sync now, forgetting the backoff. */
  notifyOnline(): Promise<PollReport> {
    this.failures = 0;
    return this.syncNow();
  }

  /**
   * Syncs as soon as possible and resolves with that poll's report. During a
   * poll, every request is folded into one poll that starts right after it
   * (the one under way may have read before the request was made).
   */
  syncNow(): Promise<PollReport> {
    if (!this.running) return this.run();
    this.queued ??= this.running.then(() => {
      this.queued = null;
      return this.run();
    });
    return this.queued;
  }

  private run(): Promise<PollReport> {
    this.clearTimer();
    const poll = this.pollOnce().finally(() => {
      if (this.running === poll) this.running = null;
    });
    this.running = poll;
    return poll;
  }

  private async pollOnce(): Promise<PollReport> {
    const { clock } = this.options;
    const startedAt = clock.now();
    let read: Awaited<ReturnType<Poller['read']>>;
    try {
      read = await this.read(startedAt);
    } catch (err) {
      // The client never throws; this guards the loop against a bug anyway,
      // because a poller that died silently would miss every task after it.
      const error: ContractError = { code: 'bad_response', message: `The sync failed unexpectedly (${err instanceof Error ? err.message : 'unknown error'}).` };
      read = { ranges: ['today'], tasks: null, error, liveUpdates: null, liveUpdatesError: null };
    }
    this.afterPoll(read.error);
    const report: PollReport = { startedAt, at: clock.now(), ...read, nextAt: null };
    report.nextAt = this.schedule(report.at);
    try {
      this.options.onPoll(report);
    } catch {
      // A faulty listener must not stop polling; the next poll is already scheduled.
    }
    return report;
  }

  /** The reads of one poll: the task ranges, then the live updates. */
  private async read(started: number): Promise<Omit<PollReport, 'startedAt' | 'at' | 'nextAt'>> {
    const { source } = this.options;
    const ranges = await this.ranges(started);
    const tasks: Task[] = [];
    let error: ContractError | null = null;
    for (const range of ranges) {
      const r = await source.listTasks(range);
      if (!r.ok) {
        // Today's tasks, if read, still go to the inbox; the sync is not
        // counted as successful, so `yesterday` is read again next time.
        error = r.error;
        break;
      }
      tasks.push(...r.value);
    }
    const live = await source.listLiveUpdates();
    return {
      ranges,
      tasks: error && tasks.length === 0 ? null : tasks,
      error,
      liveUpdates: live.ok ? live.value : null,
      liveUpdatesError: live.ok || live.error.code === 'not_configured' ? null : live.error,
    };
  }

  /** `today`, and `yesterday` too when a midnight of the team's zone passed since the last good sync. */
  private async ranges(now: number): Promise<TaskRange[]> {
    const last = this.options.lastSyncAt();
    if (last === null) return ['today'];
    const zone = await this.options.source.teamTimeZone();
    return crossedMidnight(last, now, zone.ok ? zone.value : null) ? ['today', 'yesterday'] : ['today'];
  }

  private afterPoll(error: ContractError | null): void {
    if (!error) {
      this.failures = 0;
      this.retryAfterMs = 0;
      return;
    }
    this.failures++;
    this.retryAfterMs = (error.retryAfterSec ?? 0) * 1000;
  }

  /** Arms the timer for the next poll; returns when it is due, counted from `from`. */
  private schedule(from: number): number | null {
    this.clearTimer();
    if (!this.started) return null;
    const delay = nextDelayMs({
      pace: typeof this.options.pace === 'function' ? this.options.pace() : this.options.pace,
      health: this.options.relayHealth(),
      failures: this.failures,
      retryAfterMs: this.retryAfterMs,
      random: this.options.random ?? Math.random,
    });
    // Due exactly at the reported time, however long the poll's bookkeeping took.
    const dueAt = from + delay;
    this.timer = this.options.clock.setTimer(() => {
      this.timer = null;
      if (this.started) void this.syncNow();
    }, Math.max(0, dueAt - this.options.clock.now()));
    return dueAt;
  }

  private clearTimer(): void {
    if (this.timer !== null) this.options.clock.clearTimer(this.timer);
    this.timer = null;
  }
}
