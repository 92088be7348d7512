import { afterEach, describe, expect, it } from 'vitest';
import type { Task } from '../../common/api/customer';
import type { TaskRange } from '../../common/api/enums';
import type { Result } from '../../common/views';
import { Poller, type PollReport, type PollSource, type RelayHealth } from '../../main/core/poller';
import { createSimClock, type SimClock } from '../../main/sim/clock';
import { aConversationTask } from '../common/api/fixtures';

const pace = { fastMs: 60_000, slowMs: 300_000, maxBackoffMs: 900_000, jitter: 0 };

function task(id: number): Task {
  return aConversationTask(id, { created_at: '2026-01-15T12:00:00Z' });
}

interface Harness {
  clock: SimClock;
  poller: Poller;
  reports: PollReport[];
  calls: TaskRange[];
  setHealth(h: RelayHealth): void;
  setLastSync(ms: number | null): void;
}

const live: Result<never[]> = { ok: true, value: [] };
let current: Harness | null = null;

function harness(listTasks: (range: TaskRange) => Promise<Result<Task[]>>, startMs = Date.parse('2026-01-15T15:00:00Z')): Harness {
  const clock = createSimClock(startMs);
  const reports: PollReport[] = [];
  const calls: TaskRange[] = [];
  let health: RelayHealth = 'unverified';
  let lastSync: number | null = null;
  const source: PollSource = {
    listTasks: (range) => {
      calls.push(range);
      return listTasks(range);
    },
    listLiveUpdates: async () => live,
    teamTimeZone: async () => ({ ok: true, value: 'America/New_York' }),
  };
  const poller = new Poller({
    source,
    clock,
    pace,
    relayHealth: () => health,
    lastSyncAt: () => lastSync,
    onPoll: (r) => {
      reports.push(r);
      if (!r.error) lastSync = r.at;
    },
    random: () => 0.5,
  });
  current = { clock, poller, reports, calls, setHealth: (h) => (health = h), setLastSync: (ms) => (lastSync = ms) };
  return current;
}

/** Turns the event loop until `done()` holds (bounded: a broken poller fails the test, never hangs it). */
async function until(done: () => boolean): Promise<void> {
  for (let i = 0; i < 10_000 && !done(); i++) await new Promise((r) => setImmediate(r));
}

/** Lets timers that fell due start their poll, then waits until the poller is idle: no fixed sleep, so no flakiness under load. */
const settle = async () => {
  await new Promise((r) => setImmediate(r));
  await current?.poller.idle();
};

afterEach(async () => {
  await current?.poller.stop();
  current?.clock.dispose();
  current = null;
});

describe('immediate sync on start', () => {
  it('reads today at once, and only today before any sync', async () => {
    const h = harness(async () => ({ ok: true, value: [task(1)] }));
    h.poller.start();
    await settle();
    expect(h.reports).toHaveLength(1);
    expect(h.reports[0]?.ranges).toEqual(['today']);
    expect(h.reports[0]?.tasks?.map((t) => t.id)).toEqual(['conversation-1']);
  });
});

describe('yesterday after a gap across the team midnight', () => {
  it('reads today and yesterday when the last sync was before midnight in the team zone', async () => {
    const h = harness(async () => ({ ok: true, value: [] }));
    // Now 10:00 in New York; last sync 23:00 New York the day before.
    h.setLastSync(Date.parse('2026-01-15T04:00:00Z'));
    await h.poller.syncNow();
    expect(h.calls).toEqual(['today', 'yesterday']);
  });

  it('reads only today when the gap stays inside the team day, even across UTC midnight', async () => {
    const h = harness(async () => ({ ok: true, value: [] }), Date.parse('2026-01-16T01:00:00Z'));
    h.setLastSync(Date.parse('2026-01-15T23:00:00Z'));
    await h.poller.syncNow();
    expect(h.calls).toEqual(['today']);
  });
});

describe('never two polls at once', () => {
  it('coalesces syncs asked for during a poll into one more poll', async () => {
    let release!: () => void;
    let running = 0;
    let maxRunning = 0;
    const h = harness(async () => {
      running++;
      maxRunning = Math.max(maxRunning, running);
      await new Promise<void>((r) => (release = r));
      running--;
      return { ok: true, value: [] };
    });
    const first = h.poller.syncNow();
    await until(() => running === 1);
    const more = [h.poller.syncNow(), h.poller.syncNow(), h.poller.notifyWake()];
    release();
    await first;
    await until(() => running === 1 && h.calls.length === 2);
    release();
    const reports = await Promise.all(more);
    expect(new Set(reports).size).toBe(1);
    expect(h.calls).toHaveLength(2);
    expect(maxRunning).toBe(1);
  });
});

describe('pace follows the relay', () => {
  it('polls slower while the relay is healthy', async () => {
    const h = harness(async () => ({ ok: true, value: [] }));
    h.poller.start();
    await settle();
    const fast = h.reports[0]!;
    expect(fast.nextAt! - fast.at).toBe(60_000);
    h.setHealth('healthy');
    await h.clock.advance(60_000);
    await settle();
    const slow = h.reports[1]!;
    expect(slow.nextAt! - slow.at).toBe(300_000);
  });
});

describe('exponential backoff on failures', () => {
  it('doubles the wait per failure up to the cap, and resets after a success', async () => {
    let fail = true;
    const h = harness(async () => (fail ? { ok: false, error: { code: 'offline', message: 'down' } } : { ok: true, value: [] }));
    h.poller.start();
    await settle();
    for (let i = 0; i < 5; i++) {
      const last = h.reports.at(-1)!;
      await h.clock.advance(last.nextAt! - h.clock.now());
      await settle();
    }
    const waits = h.reports.map((r) => r.nextAt! - r.at);
    expect(waits).toEqual([120_000, 240_000, 480_000, 900_000, 900_000, 900_000]);
    fail = false;
    await h.poller.notifyOnline();
    const after = h.reports.at(-1)!;
    expect(after.error).toBeNull();
    expect(after.nextAt! - after.at).toBe(60_000);
  });

  it('waits at least a 429 Retry-After', async () => {
    const h = harness(async () => ({ ok: false, error: { code: 'rate_limited', message: 'slow down', status: 429, retryAfterSec: 1200 } }));
    const r = await h.poller.syncNow();
    h.poller.start();
    expect(r.error?.code).toBe('rate_limited');
    expect(r.nextAt).toBeNull(); // not started yet when that poll ran
    await settle();
    const started = h.reports.at(-1)!;
    expect(started.nextAt! - started.at).toBeGreaterThanOrEqual(1_200_000);
  });

  it('keeps polling when the source throws (a bug must not kill the loop)', async () => {
    let calls = 0;
    const h = harness(async () => {
      calls++;
      if (calls === 1) throw new Error('boom');
      return { ok: true, value: [] };
    });
    h.poller.start();
    await settle();
    expect(h.reports[0]?.error?.code).toBe('bad_response');
    await h.clock.advance(h.reports[0]!.nextAt! - h.clock.now());
    await settle();
    expect(h.reports[1]?.error).toBeNull();
  });
});

describe('wake and network return', () => {
  it('sync at once on wake and on online', async () => {
    const h = harness(async () => ({ ok: true, value: [] }));
    h.poller.start();
    await settle();
    await h.poller.notifyWake();
    await h.poller.notifyOnline();
    expect(h.reports).toHaveLength(3);
  });
});

describe('stop', () => {
  it('stops the timer: no poll after stop', async () => {
    const h = harness(async () => ({ ok: true, value: [] }));
    h.poller.start();
    await settle();
    await h.poller.stop();
    await h.clock.advance(3_600_000);
    await settle();
    expect(h.reports).toHaveLength(1);
  });
});

describe('today read but yesterday failed', () => {
  it('hands over today and counts the poll as failed, so yesterday is read again', async () => {
    const h = harness(async (range) => (range === 'today' ? { ok: true, value: [task(3)] } : { ok: false, error: { code: 'internal', message: '500', status: 500 } }));
    h.setLastSync(Date.parse('2026-01-14T12:00:00Z'));
    const r = await h.poller.syncNow();
    expect(r.tasks?.map((t) => t.id)).toEqual(['conversation-3']);
    expect(r.error?.code).toBe('internal');
  });
});
