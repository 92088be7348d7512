/**
 * No 429 in a simulated busy day: eight hours of background polling plus a
 * person at the desk opening, changing, noting and replying — with hourly
 * bursts well past the per-minute limits — on the simulator's virtual clock.
 * The simulator counts every limit it enforces; none may trip.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { Core } from '../../../main/core/core';
import { createTask, Rig, waitFor } from './support/harness';
import { SteppedClock } from './support/stepped-clock';

let rig: Rig | null = null;
afterEach(async () => {
  await rig?.close();
  rig = null;
});

/** Counts what the simulator's limiters see: every request, every reply, every 429. */
function countLimits(r: Rig) {
  const counts = { requests: 0, replies: 0, tooMany: 0 };
  const limits = r.sim.services.limits;
  const hitGeneral = limits.hitGeneral.bind(limits);
  const hitReply = limits.hitReply.bind(limits);
  limits.hitGeneral = (userId) => {
    counts.requests++;
    try {
      hitGeneral(userId);
    } catch (err) {
      counts.tooMany++;
      throw err;
    }
  };
  limits.hitReply = (userId, conversationId) => {
    counts.replies++;
    try {
      hitReply(userId, conversationId);
    } catch (err) {
      counts.tooMany++;
      throw err;
    }
  };
  return counts;
}

/** Moves virtual time forward; see SteppedClock for why requests are let finish before each step. */
async function advance(clock: SteppedClock, core: Core, ms: number): Promise<void> {
  const quiet = () => waitFor(() => core.schedulerState().inFlight === 0, 'requests in flight to finish').then(() => undefined);
  await clock.advance(ms, quiet);
  await quiet();
}

/** A core on a stepped virtual clock, six text conversations, and a way to track work still pending. */
async function busyDesk(r: Rig) {
  const clock = new SteppedClock(r.sim.clock);
  const { core } = await r.started({ clock, poll: { fastMs: 60_000, slowMs: 60_000, maxBackoffMs: 900_000, jitter: 0.1 } });
  const conversations: number[] = [];
  for (let i = 0; i < 6; i++) conversations.push((await createTask(r.sim, 'conversation', 'text')).conversationId!);
  const pending = new Set<Promise<unknown>>();
  const track = (p: Promise<unknown>) => {
    pending.add(p);
    void p.finally(() => pending.delete(p));
  };
  const stats = { replies: 0, sent: 0 };
  const reply = (conversationId: number) => {
    const n = stats.replies++;
    track(core.handle('sendReply', { draftId: randomUUID(), conversationId, channel: 'text', body: `Update ${n} for you.` }).then((res) => void (res.ok && stats.sent++)));
  };
  const drain = async () => {
    while (pending.size > 0) await advance(clock, core, 10_000);
  };
  return { clock, core, conversations, taskIds: conversations.map((c) => `conversation-${c}`), track, reply, stats, drain };
}

describe('no 429 in a simulated busy day', () => {
  it('eight hours of polling plus user actions and hourly bursts stay under every limit', async () => {
    rig = await Rig.start({ startTime: Date.parse('2026-01-15T13:00:00Z') }); // 08:00 in New York
    const counts = countLimits(rig);
    const { clock, core, conversations, taskIds, track, reply, stats, drain } = await busyDesk(rig);

    for (let minute = 0; minute < 8 * 60; minute++) {
      const i = minute % taskIds.length;
      if (minute % 5 === 0) {
        track(core.handle('getTask', { taskId: taskIds[i]! }));
        track(core.handle('getConversation', { conversationId: conversations[i]! }));
        track(core.handle('addNote', { taskId: taskIds[i]!, content: `Called back at minute ${minute}.` }));
        track(core.handle('updateTask', { taskId: taskIds[i]!, status: minute % 10 === 0 ? 'in_progress' : 'open' }));
        track(core.handle('searchContacts', { search: 'a' }));
        reply(conversations[(i + 1) % conversations.length]!);
      }
      if (minute % 60 === 32) {
        // A burst: the person clicks through 150 tasks (more than a minute's budget) and sends 15 replies.
        for (let k = 0; k < 150; k++) track(core.handle('getTask', { taskId: taskIds[k % taskIds.length]! }));
        for (let k = 0; k < 15; k++) reply(conversations[k % conversations.length]!);
        track(core.handle('syncNow', {}));
      }
      await advance(clock, core, 60_000);
    }
    await drain();

    expect(counts.tooMany).toBe(0);
    // It really was busy: hundreds of polls and thousands of requests.
    expect(counts.requests).toBeGreaterThan(2_000);
    expect(counts.replies).toBe(stats.replies);
    expect(stats.sent).toBeGreaterThan(stats.replies / 2);
    const snap = await core.handle('getSnapshot', {});
    expect(snap.ok && snap.value.connection.state).toBe('online');
  }, 120_000);

  /*
   * The scheduler counts a bucket's window from each request's answer, not its
   * start: the service counts a request when it arrives, so a window counted
   * from the start let the next request of a full bucket land while the
   * service still counted the previous batch.
   */
  it('replies queued past a full per-conversation window do not hit 429 at the boundary', async () => {
    rig = await Rig.start({ startTime: Date.parse('2026-01-15T13:00:00Z') });
    const counts = countLimits(rig);
    const { clock, core, conversations, reply, stats, drain } = await busyDesk(rig);
    for (let burst = 0; burst < 3; burst++) {
      for (let k = 0; k < 12; k++) reply(conversations[0]!);
      await advance(clock, core, 10 * 60_000);
    }
    await drain();
    expect(stats.sent).toBe(stats.replies);
    expect(counts.tooMany).toBe(0);
    void core;
  }, 60_000);
});
