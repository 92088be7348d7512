import { afterEach, describe, expect, it } from 'vitest';
import { RateScheduler, SchedulerClosedError, type BucketKey, type Priority } from '../../main/core/rate-scheduler';
import { FakeClock, settle } from './client/fake-clock';

/** Most starts inside any window of `windowMs` (a start at t counts until t + windowMs). */
function maxInAnyWindow(starts: number[], windowMs: number): number {
  const sorted = [...starts].sort((a, b) => a - b);
  let best = 0;
  for (let i = 0, j = 0; i < sorted.length; i++) {
    while ((sorted[j] as number) <= (sorted[i] as number) - windowMs) j++;
    best = Math.max(best, i - j + 1);
  }
  return best;
}

let scheduler: RateScheduler | undefined;
afterEach(() => scheduler?.dispose());

/** Starts a request whose result the test does not await (dispose rejects it at the end; that is expected). */
function fire<T>(p: Promise<T>): void {
  p.catch(() => undefined);
}

function make(clock: FakeClock, options: ConstructorParameters<typeof RateScheduler>[0] = {}): RateScheduler {
  scheduler = new RateScheduler({ clock, ...options });
  return scheduler;
}

describe('user actions go ahead of background polling', () => {
  it('starts a queued user action before background work queued earlier', async () => {
    const clock = new FakeClock();
    const s = make(clock, { maxInFlight: 1 });
    const order: string[] = [];
    let release!: () => void;
    const blocker = s.schedule({ priority: 'user', buckets: ['general'] }, () => new Promise<void>((r) => (release = r)));
    const run = (name: string, priority: Priority) => s.schedule({ priority, buckets: ['general'] }, async () => void order.push(name));
    const all = [run('poll-1', 'background'), run('poll-2', 'background'), run('click', 'user')];
    await settle();
    expect(order).toEqual([]);
    expect(s.state().queued).toEqual({ user: 1, background: 2 });
    release();
    await Promise.all([blocker, ...all]);
    expect(order).toEqual(['click', 'poll-1', 'poll-2']);
  });

  it('keeps the last general tokens for user actions', async () => {
    const clock = new FakeClock();
    const s = make(clock, { budgets: { general: { budget: 10, windowMs: 60_000 } }, userReserve: 3 });
    let background = 0;
    let user = 0;
    for (let i = 0; i < 10; i++) fire(s.schedule({ priority: 'background', buckets: ['general'] }, async () => void background++));
    await settle();
    expect(background).toBe(7);
    for (let i = 0; i < 3; i++) fire(s.schedule({ priority: 'user', buckets: ['general'] }, async () => void user++));
    await settle();
    expect(user).toBe(3);
    await clock.advance(60_000);
    expect(background).toBe(10);
  });
});

describe('keeps one user under 120 requests per minute', () => {
  it('spreads a burst of 400 requests so no minute holds more than the 110 budget', async () => {
    const clock = new FakeClock();
    const s = make(clock);
    const starts: number[] = [];
    const done = Array.from({ length: 400 }, (_, i) =>
      s.schedule({ priority: i % 5 === 0 ? 'user' : 'background', buckets: ['general'] }, async () => void starts.push(clock.now())),
    );
    for (let i = 0; i < 300 && starts.length < 400; i++) await clock.advance(1_000);
    await Promise.all(done);
    expect(starts).toHaveLength(400);
    expect(maxInAnyWindow(starts, 60_000)).toBeLessThanOrEqual(110);
  });
});

describe('replies under 20/min per user and 5/min per conversation', () => {
  it('holds 60 replies over three conversations within every limit', async () => {
    const clock = new FakeClock();
    const s = make(clock);
    const starts: { at: number; conversation: number }[] = [];
    const done = Array.from({ length: 60 }, (_, i) => {
      const conversation = (i % 3) + 1;
      const buckets: BucketKey[] = ['general', 'replies', `conversation:${conversation}`];
      return s.schedule({ priority: 'user', buckets }, async () => void starts.push({ at: clock.now(), conversation }));
    });
    for (let i = 0; i < 900 && starts.length < 60; i++) await clock.advance(1_000);
    await Promise.all(done);
    expect(starts).toHaveLength(60);
    expect(maxInAnyWindow(starts.map((r) => r.at), 60_000)).toBeLessThanOrEqual(20);
    for (const c of [1, 2, 3]) {
      expect(maxInAnyWindow(starts.filter((r) => r.conversation === c).map((r) => r.at), 60_000)).toBeLessThanOrEqual(5);
    }
  });

  it('does not hold back a reply to another conversation behind a busy one', async () => {
    const clock = new FakeClock();
    const s = make(clock);
    const started: number[] = [];
    for (let i = 0; i < 6; i++) fire(s.schedule({ priority: 'user', buckets: ['replies', 'conversation:1'] }, async () => void started.push(1)));
    fire(s.schedule({ priority: 'user', buckets: ['replies', 'conversation:2'] }, async () => void started.push(2)));
    await settle();
    expect(started.filter((c) => c === 1)).toHaveLength(4);
    expect(started).toContain(2);
  });
});

describe('a 429 pauses that bucket for Retry-After', () => {
  it('starts nothing on the paused bucket until the pause ends, and reports it', async () => {
    const clock = new FakeClock();
    const s = make(clock);
    const changes: (number | null)[] = [];
    s.onChange((state) => changes.push(state.generalPausedUntil));
    const t0 = clock.now();
    s.pause('general', 30);
    let general = false;
    let partner = false;
    fire(s.schedule({ priority: 'user', buckets: ['general'] }, async () => void (general = true)));
    fire(s.schedule({ priority: 'user', buckets: ['partner'] }, async () => void (partner = true)));
    await settle();
    expect(partner).toBe(true);
    expect(general).toBe(false);
    expect(s.state()).toMatchObject({ queued: { user: 1, background: 0 }, generalPausedUntil: t0 + 30_000 });
    await clock.advance(29_999);
    expect(general).toBe(false);
    await clock.advance(1);
    expect(general).toBe(true);
    expect(s.state().paused).toEqual([]);
    expect(changes).toEqual([t0 + 30_000, null]);
  });

  it('never shortens a pause already running', () => {
    const clock = new FakeClock();
    const s = make(clock);
    s.pause('replies', 60);
    s.pause('replies', 5);
    expect(s.state().paused).toEqual([{ bucket: 'replies', until: clock.now() + 60_000 }]);
  });
});

describe('queued requests can be abandoned', () => {
  it('an aborted request leaves the queue and is rejected with the reason', async () => {
    const clock = new FakeClock();
    const s = make(clock);
    s.pause('general', 60);
    const controller = new AbortController();
    const p = s.schedule({ priority: 'background', buckets: ['general'], signal: controller.signal }, async () => 1);
    controller.abort(new Error('stop polling'));
    await expect(p).rejects.toThrow('stop polling');
    expect(s.state().queued).toEqual({ user: 0, background: 0 });
  });

  it('dispose rejects what is still queued', async () => {
    const clock = new FakeClock();
    const s = make(clock);
    s.pause('general', 60);
    const p = s.schedule({ priority: 'user', buckets: ['general'] }, async () => 1);
    s.dispose();
    await expect(p).rejects.toBeInstanceOf(SchedulerClosedError);
  });
});
