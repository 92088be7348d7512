/**
 * The simulator's clock. Time runs with the wall clock plus an offset that
 * `advance` grows, so tests jump over rate-limit windows, retry waits and
 * midnight without waiting; timers due by the new time fire during `advance`.
 * A clock created with `realTime: false` stands still between advances (its
 * timers fire only in `advance`), so a test can say "not yet at wait − 1 ms,
 * now at wait" without any real time slipping in between.
 */
export interface SimClock {
  /** Milliseconds since the epoch, virtual. */
  now(): number;
  /** Moves virtual time forward and runs every timer that fell due, in order. */
  advance(ms: number): Promise<void>;
  /** Runs `fn` once `ms` of virtual time has passed (by waiting or by `advance`). */
  setTimer(fn: () => void, ms: number): SimTimer;
  /** Cancels a timer; harmless if it already ran. */
  clearTimer(timer: SimTimer): void;
  /** Cancels every timer (on shutdown). */
  dispose(): void;
}

/** A pending timer. */
export interface SimTimer {
  readonly id: number;
}

interface PendingTimer extends SimTimer {
  dueAt: number;
  fn: () => void;
  /** The real-time timer; null on a clock that moves only through `advance`. */
  real: ReturnType<typeof setTimeout> | null;
}

/**
 * The most timers one `advance` runs, so a huge jump in demo mode (a new
 * task every 45 s, for 400 days) cannot run away with time and memory.
 * Timers still overdue after that run at the next advance, or when their
 * real-time delay passes.
 */
export const MAX_TIMERS_PER_ADVANCE = 10_000;

/** Options of {@link createSimClock}. */
export interface SimClockOptions {
  /** False: time moves only through `advance` (timers never fire on their own). Default true. */
  realTime?: boolean;
}

/** Creates a clock starting at `startMs` (default: the real time now). */
export function createSimClock(startMs: number = Date.now(), options: SimClockOptions = {}): SimClock {
  const realTime = options.realTime !== false;
  const anchor = Date.now();
  const wall = realTime ? Date.now : () => anchor;
  let offset = startMs - wall();
  let nextId = 1;
  const pending = new Map<number, PendingTimer>();
  const now = () => wall() + offset;

  const fire = (t: PendingTimer) => {
    if (!pending.delete(t.id)) return;
    if (t.real) clearTimeout(t.real);
    t.fn();
  };

  return {
    now,
    async advance(ms) {
      if (!Number.isFinite(ms) || ms < 0) throw new RangeError('advance needs a non-negative number of milliseconds');
      const target = now() + ms;
      // Fire due timers one at a time in due order, letting each settle, so a
      // timer that schedules another (a retry after a retry) is honoured.
      for (let fired = 0; fired < MAX_TIMERS_PER_ADVANCE; fired++) {
        const due = [...pending.values()].filter((t) => t.dueAt <= target).sort((a, b) => a.dueAt - b.dueAt || a.id - b.id)[0];
        if (!due) break;
        if (due.dueAt > now()) offset += due.dueAt - now();
        fire(due);
        await new Promise((r) => setImmediate(r));
      }
      if (target > now()) offset += target - now();
    },
    setTimer(fn, ms) {
      const id = nextId++;
      const t: PendingTimer = { id, dueAt: now() + Math.max(0, ms), fn, real: realTime ? setTimeout(() => fire(t), Math.max(0, ms)) : null };
      t.real?.unref?.();
      pending.set(id, t);
      return { id };
    },
    clearTimer(timer) {
      const t = pending.get(timer.id);
      if (!t) return;
      if (t.real) clearTimeout(t.real);
      pending.delete(timer.id);
    },
    dispose() {
      for (const t of pending.values()) if (t.real) clearTimeout(t.real);
      pending.clear();
    },
  };
}
