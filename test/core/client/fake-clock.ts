import type { SchedulerClock } from '../../../main/core/rate-scheduler';

/** Lets queued promise callbacks (and I/O callbacks already due) run. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise((r) => setImmediate(r));
}

/** A clock that moves only when told to; timers fire in due order during `advance`. */
export class FakeClock implements SchedulerClock {
  private t = 1_700_000_000_000;
  private nextId = 1;
  private timers = new Map<number, { at: number; fn: () => void }>();

  now(): number {
    return this.t;
  }
  setTimer(fn: () => void, ms: number): unknown {
    const id = this.nextId++;
    this.timers.set(id, { at: this.t + Math.max(0, ms), fn });
    return id;
  }
  clearTimer(handle: unknown): void {
    this.timers.delete(handle as number);
  }
  /** Timers not yet fired. */
  pending(): number {
    return this.timers.size;
  }
  /** Moves time forward, firing due timers one by one and letting promises settle after each. */
  async advance(ms: number): Promise<void> {
    // Let work started at the current time record the current time first.
    await settle();
    const target = this.t + ms;
    for (;;) {
      const due = [...this.timers.entries()].filter(([, t]) => t.at <= target).sort((a, b) => a[1].at - b[1].at || a[0] - b[0])[0];
      if (!due) break;
      this.timers.delete(due[0]);
      this.t = Math.max(this.t, due[1].at);
      due[1].fn();
      await settle();
    }
    this.t = target;
    await settle();
  }
}
