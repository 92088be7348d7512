/**
 * A core clock for tests that drive virtual time: it reads the simulator's
 * clock, but the core's timers (poll timer, rate-scheduler wake-ups, retry
 * waits) fire only when the test steps time, one at a time, and only once no
 * request is in flight. So each request reaches the simulator at exactly the
 * virtual time the scheduler let it go — as it would in real time — instead
 * of a moment later because the test jumped the clock while it was on the wire.
 */
import type { CoreClock } from '../../../../main/core/core-config';
import type { SimClock } from '../../../../main/sim';

interface Timer {
  due: number;
  fn: () => void;
}

/** A stepped clock over the simulator's clock. */
export class SteppedClock implements CoreClock {
  private readonly timers = new Map<number, Timer>();
  private nextId = 1;

  constructor(private readonly sim: SimClock) {}

  now(): number {
    return this.sim.now();
  }

  setTimer(fn: () => void, ms: number): unknown {
    const id = this.nextId++;
    this.timers.set(id, { due: this.now() + Math.max(0, ms), fn });
    return id;
  }

  clearTimer(handle: unknown): void {
    this.timers.delete(handle as number);
  }

  /**
   * Moves time forward by `ms`: before each due timer, waits for `quiet()`,
   * moves the simulator exactly to the timer's due time and fires it.
   */
  async advance(ms: number, quiet: () => Promise<void>): Promise<void> {
    const target = this.now() + ms;
    for (;;) {
      await quiet();
      let next: [number, Timer] | null = null;
      for (const entry of this.timers) if (entry[1].due <= target && (!next || entry[1].due < next[1].due)) next = entry;
      if (!next) break;
      const [id, timer] = next;
      if (timer.due > this.now()) await this.sim.advance(timer.due - this.now());
      this.timers.delete(id);
      timer.fn();
      await new Promise((resolve) => setImmediate(resolve));
    }
    if (target > this.now()) await this.sim.advance(target - this.now());
  }
}
