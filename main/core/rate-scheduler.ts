/**
 * RateScheduler: every request to the service waits here for its turn, so one
 * user stays under the published limits (120 requests/min; replies 20/min per
 * user and 5/min per conversation) and a normal day never sees a 429.
 *
 * Each bucket is a token bucket whose tokens come back one by one, exactly one
 * window after each was spent (a sliding-window log). That is stricter than a
 * bucket refilled at a steady rate, which can let almost twice its size through
 * in one minute, and it is the only kind that guarantees "at most N in ANY
 * minute" whatever window the server counts in.
 *
 * Budgets sit below the service's limits (110 of 120, 18 of 20, 4 of 5): the
 * same API key is often pasted on several PCs at one front desk, and the
 * service counts per user, not per PC. The margin absorbs a second, mostly idle
 * PC; a busier one will still meet 429s, which pause the bucket for the
 * `Retry-After` the service gave (see {@link RateScheduler.pause}).
 *
 * User actions go ahead of background polling, and background work may not
 * spend the last few general tokens, so a click never waits behind a poll.
 */

/** The time source and timers, injectable so tests run on a fake clock. Shaped like the simulator's clock. */
export interface SchedulerClock {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Runs `fn` after `ms`; returns a handle for {@link SchedulerClock.clearTimer}. */
  setTimer(fn: () => void, ms: number): unknown;
  /** Cancels a timer made by {@link SchedulerClock.setTimer}. */
  clearTimer(handle: unknown): void;
}

/** The wall clock with Node timers (unref'd, so a pending wait never keeps the process alive). */
export const systemClock: SchedulerClock = {
  now: () => Date.now(),
  setTimer(fn, ms) {
    const t = setTimeout(fn, ms);
    t.unref();
    return t;
  },
  clearTimer(handle) {
    clearTimeout(handle as ReturnType<typeof setTimeout>);
  },
};

/**
 * A rate-limit bucket. `general` counts every Customer API request of the
 * user, `replies` every reply, `conversation:<id>` the replies to one
 * conversation; live updates and the partner API (limits not shown) get their
 * own conservative buckets.
 */
export type BucketKey = 'general' | 'replies' | 'live-updates' | 'partner' | `conversation:${number}`;

/** Who is waiting: a person at the desk, or background polling. */
export type Priority = 'user' | 'background';

/** How many request starts a bucket allows in any window. */
export interface BucketBudget {
  budget: number;
  windowMs: number;
}

/** Budgets per kind of bucket (`conversation` applies to every `conversation:<id>`). */
export interface RateBudgets {
  general: BucketBudget;
  replies: BucketBudget;
  conversation: BucketBudget;
  liveUpdates: BucketBudget;
  partner: BucketBudget;
}

/** The service's published limits, per minute per user (spec: Limits). */
export const SERVICE_LIMITS = { general: 120, replies: 20, repliesPerConversation: 5 } as const;

const MINUTE = 60_000;

/** Default budgets: a margin under each published limit, because several PCs may share one key. */
export const DEFAULT_BUDGETS: RateBudgets = {
  general: { budget: 110, windowMs: MINUTE },
  replies: { budget: 18, windowMs: MINUTE },
  conversation: { budget: 4, windowMs: MINUTE },
  // Limits not shown in the spec: a poll needs one or two a minute, so 60 is generous and still polite.
  liveUpdates: { budget: 60, windowMs: MINUTE },
  partner: { budget: 60, windowMs: MINUTE },
};

/** Options of {@link RateScheduler}. */
export interface RateSchedulerOptions {
  clock?: SchedulerClock;
  budgets?: Partial<RateBudgets>;
  /** General tokens background work may not spend, kept for user actions. Default 10. */
  userReserve?: number;
  /** Requests running at once. Default 6 (undici opens one connection per request in flight). */
  maxInFlight?: number;
  /** Longest pause a 429 can impose, in seconds; a larger Retry-After is clipped. Default 3600. */
  maxPauseSec?: number;
}

/** What to schedule: its priority and every bucket the request counts against. */
export interface ScheduleOptions {
  priority: Priority;
  buckets: readonly BucketKey[];
  /** Aborting removes the request from the queue (it is rejected with the signal's reason); a started request is not stopped. */
  signal?: AbortSignal;
}

/** The scheduler at a glance, for the connection state. */
export interface SchedulerState {
  queued: { user: number; background: number };
  inFlight: number;
  /** Buckets paused by a 429, with when each pause ends (epoch ms). */
  paused: { bucket: BucketKey; until: number }[];
  /** When `general` (every Customer API request) resumes, or null when it is not paused. */
  generalPausedUntil: number | null;
}

/** Rejection of requests still queued when the scheduler is disposed. */
export class SchedulerClosedError extends Error {
  constructor() {
    super('The request scheduler was stopped.');
    this.name = 'SchedulerClosedError';
  }
}

interface Bucket {
  /** Start times of requests inside the current window, oldest first. */
  starts: number[];
  pausedUntil: number;
}

interface Waiting {
  priority: Priority;
  buckets: readonly BucketKey[];
  run: () => void;
  reject: (reason: unknown) => void;
  detach: () => void;
}

/** Keeps requests under the service's rate limits, user actions first. */
export class RateScheduler {
  /** The clock the scheduler runs on; the client uses it for retry waits too. */
  readonly clock: SchedulerClock;
  private readonly budgets: RateBudgets;
  private readonly userReserve: number;
  private readonly maxInFlight: number;
  private readonly maxPauseMs: number;
  private readonly buckets = new Map<BucketKey, Bucket>();
  private readonly queues: Record<Priority, Waiting[]> = { user: [], background: [] };
  private readonly listeners = new Set<(state: SchedulerState) => void>();
  private inFlight = 0;
  private timer: { handle: unknown; at: number } | null = null;
  private lastPauseSignature = '';
  private closed = false;

  constructor(options: RateSchedulerOptions = {}) {
    this.clock = options.clock ?? systemClock;
    this.budgets = { ...DEFAULT_BUDGETS, ...options.budgets };
    this.userReserve = Math.max(0, options.userReserve ?? 10);
    this.maxInFlight = Math.max(1, options.maxInFlight ?? 6);
    this.maxPauseMs = (options.maxPauseSec ?? 3600) * 1000;
  }

  /**
   * Runs `fn` once every bucket has a free token, user actions before
   * background work, and resolves with what `fn` returns. One token of each
   * bucket is spent when `fn` starts.
   */
  schedule<T>(options: ScheduleOptions, fn: () => Promise<T>): Promise<T> {
    if (this.closed) return Promise.reject(new SchedulerClosedError());
    return new Promise<T>((resolve, reject) => {
      const { signal } = options;
      if (signal?.aborted) return reject(signal.reason);
      const onAbort = () => {
        if (this.dequeue(item)) reject(signal?.reason);
      };
      let startedAt = 0;
      const item: Waiting = {
        priority: options.priority,
        buckets: [...new Set(options.buckets)],
        run: () => {
          startedAt = this.clock.now();
          this.inFlight++;
          Promise.resolve()
            .then(fn)
            .then(resolve, reject)
            .finally(() => {
              this.inFlight--;
              this.restamp(item.buckets, startedAt);
              this.pump();
            });
        },
        reject,
        detach: () => signal?.removeEventListener('abort', onAbort),
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.queues[item.priority].push(item);
      this.pump();
    });
  }

  /**
   * Pauses a bucket for `seconds` after the service answered 429 with
   * `Retry-After`. A pause never shortens one already running.
   */
  pause(bucket: BucketKey, seconds: number): void {
    const ms = Math.min(Math.max(0, seconds) * 1000, this.maxPauseMs);
    const b = this.bucket(bucket);
    b.pausedUntil = Math.max(b.pausedUntil, this.clock.now() + ms);
    this.pump();
  }

  /** Queued and running counts and the active pauses. */
  state(): SchedulerState {
    const now = this.clock.now();
    const paused: SchedulerState['paused'] = [];
    for (const [bucket, b] of this.buckets) if (b.pausedUntil > now) paused.push({ bucket, until: b.pausedUntil });
    const general = this.buckets.get('general');
    return {
      queued: { user: this.queues.user.length, background: this.queues.background.length },
      inFlight: this.inFlight,
      paused,
      generalPausedUntil: general && general.pausedUntil > now ? general.pausedUntil : null,
    };
  }

  /** Calls `listener` whenever a pause starts or ends; returns the function that unsubscribes. */
  onChange(listener: (state: SchedulerState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Stops the scheduler: queued requests are rejected with {@link SchedulerClosedError}; running ones finish. */
  dispose(): void {
    this.closed = true;
    if (this.timer) this.clock.clearTimer(this.timer.handle);
    this.timer = null;
    for (const priority of ['user', 'background'] as const) {
      for (const item of this.queues[priority].splice(0)) {
        item.detach();
        item.reject(new SchedulerClosedError());
      }
    }
  }

  /** Starts every request that may start now, then sets one timer for the earliest that may start later. */
  private pump(): void {
    if (this.closed) return;
    const now = this.clock.now();
    let wakeAt = Infinity;
    while (this.inFlight < this.maxInFlight) {
      let next: Waiting | undefined;
      // User queue first, in arrival order; a user request blocked only by its
      // own bucket (one busy conversation) must not hold back the rest.
      for (const priority of ['user', 'background'] as const) {
        for (const item of this.queues[priority]) {
          const readyAt = this.readyAt(item, now);
          if (readyAt <= now) {
            next = item;
            break;
          }
          wakeAt = Math.min(wakeAt, readyAt);
        }
        if (next) break;
      }
      if (!next) break;
      this.dequeue(next);
      for (const key of next.buckets) this.bucket(key).starts.push(now);
      next.run();
    }
    for (const b of this.buckets.values()) if (b.pausedUntil > now) wakeAt = Math.min(wakeAt, b.pausedUntil);
    this.arm(wakeAt, now);
    this.prune(now);
    this.emitIfPausesChanged(now);
  }

  /**
   * Moves a finished request's token from its start time to now. The service
   * counts a request when it arrives, some time between our start and the
   * answer; counting the window from the answer keeps the next request of a
   * full bucket from landing while the service still counts this one.
   */
  private restamp(buckets: readonly BucketKey[], startedAt: number): void {
    const now = this.clock.now();
    for (const key of buckets) {
      const starts = this.bucket(key).starts;
      const i = starts.indexOf(startedAt);
      if (i >= 0) starts.splice(i, 1);
      let at = starts.length;
      while (at > 0 && (starts[at - 1] as number) > now) at--;
      starts.splice(at, 0, now);
    }
  }

  /** When `item` may start: the latest of its buckets' next free token and pause end. */
  private readyAt(item: Waiting, now: number): number {
    let at = now;
    for (const key of item.buckets) {
      const b = this.bucket(key);
      const { budget, windowMs } = this.budgetOf(key);
      const allowed = key === 'general' && item.priority === 'background' ? Math.max(1, budget - this.userReserve) : budget;
      while (b.starts.length > 0 && (b.starts[0] as number) <= now - windowMs) b.starts.shift();
      if (b.starts.length >= allowed) at = Math.max(at, (b.starts[b.starts.length - allowed] as number) + windowMs);
      at = Math.max(at, b.pausedUntil);
    }
    return at;
  }

  private arm(wakeAt: number, now: number): void {
    if (this.timer && this.timer.at === wakeAt) return;
    if (this.timer) this.clock.clearTimer(this.timer.handle);
    this.timer = null;
    if (!Number.isFinite(wakeAt)) return;
    const handle = this.clock.setTimer(() => {
      this.timer = null;
      this.pump();
    }, Math.max(0, wakeAt - now));
    this.timer = { handle, at: wakeAt };
  }

  private emitIfPausesChanged(now: number): void {
    const signature = [...this.buckets]
      .filter(([, b]) => b.pausedUntil > now)
      .map(([k, b]) => `${k}@${b.pausedUntil}`)
      .join(',');
    if (signature === this.lastPauseSignature) return;
    this.lastPauseSignature = signature;
    const state = this.state();
    for (const listener of this.listeners) listener(state);
  }

  /** Forgets buckets with nothing left to remember, so per-conversation buckets do not pile up. */
  private prune(now: number): void {
    const waiting = new Set([...this.queues.user, ...this.queues.background].flatMap((i) => i.buckets));
    for (const [key, b] of this.buckets) {
      const { windowMs } = this.budgetOf(key);
      if (!waiting.has(key) && b.pausedUntil <= now && b.starts.every((t) => t <= now - windowMs)) this.buckets.delete(key);
    }
  }

  private dequeue(item: Waiting): boolean {
    const queue = this.queues[item.priority];
    const i = queue.indexOf(item);
    if (i < 0) return false;
    queue.splice(i, 1);
    item.detach();
    return true;
  }

  private bucket(key: BucketKey): Bucket {
    let b = this.buckets.get(key);
    if (!b) this.buckets.set(key, (b = { starts: [], pausedUntil: 0 }));
    return b;
  }

  private budgetOf(key: BucketKey): BucketBudget {
    if (key.startsWith('conversation:')) return this.budgets.conversation;
    if (key === 'live-updates') return this.budgets.liveUpdates;
    return this.budgets[key as 'general' | 'replies' | 'partner'];
  }
}
