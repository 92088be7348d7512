import { afterEach, describe, expect, it } from 'vitest';
import type { ServiceClient } from '../../../main/core/client';
import type { Simulator } from '../../../main/sim';
import { FakeClock, settle } from './fake-clock';
import { makeClient } from './fixtures';
import { json, startScriptedServer, type ScriptedServer } from './scripted-server';
import { advanceSim, businessMessages, injectFault, pendingFaultFirings, startSim } from './sim';

let sim: Simulator | undefined;
let client: ServiceClient | undefined;
let scripted: ScriptedServer | undefined;
afterEach(async () => {
  client?.scheduler.dispose();
  await client?.close();
  await scripted?.close();
  await sim?.close();
  sim = client = scripted = undefined;
});

async function setup(overrides: Parameters<typeof makeClient>[1] = {}) {
  sim = await startSim();
  const s = sim;
  client = makeClient(s.baseUrl, { apiKey: async () => s.keys.owner, ...overrides });
  return { sim: s, client };
}

describe('retries a GET after a 503 and succeeds', () => {
  it('answers from the second attempt', async () => {
    const { sim, client } = await setup();
    await injectFault(sim, { path: '/api/v1/team', status: 503, count: 1 });
    expect(await client.customer.getTeam()).toMatchObject({ ok: true, value: { id: sim.teamId } });
    expect(await pendingFaultFirings(sim)).toBe(0);
  });

  it('stops after two retries and reports the 5xx', async () => {
    const { sim, client } = await setup();
    await injectFault(sim, { path: '/api/v1/team', status: 503, count: 5 });
    expect(await client.customer.getTeam()).toMatchObject({ ok: false, error: { code: 'internal', status: 503 } });
    expect(await pendingFaultFirings(sim)).toBe(2);
  });

  it('retries a read whose connection was reset', async () => {
    const { sim, client } = await setup();
    await injectFault(sim, { path: '/api/v1/tasks', method: 'GET', reset: true, count: 1 });
    expect(await client.customer.listTasks('today')).toMatchObject({ ok: true });
  });
});

describe('never retries a note; a timeout after sending is unknown_outcome', () => {
  it('reports a stalled note as unknown_outcome after exactly one request', async () => {
    const { sim, client } = await setup({ http: { timeouts: { headersMs: 300 } } });
    await injectFault(sim, { path: '/api/v1/tasks/conversation-1/notes', delayMs: 60_000, count: 2 });
    const result = await client.customer.addNote('conversation-1', 'Called back, left a message.');
    expect(result).toMatchObject({ ok: false, error: { code: 'unknown_outcome' } });
    if (!result.ok) expect(result.error.message).toMatch(/check the task/i);
    expect(await pendingFaultFirings(sim)).toBe(1);
  });

  it('reports a note whose answer was cut off as accepted, and does not resend it', async () => {
    const { sim, client } = await setup();
    await injectFault(sim, { path: '/api/v1/tasks/conversation-1/notes', truncate: true, count: 1 });
    const result = await client.customer.addNote('conversation-1', 'Only once, please.');
    expect(result).toMatchObject({ ok: false, error: { code: 'bad_response', status: 201 } });
    expect(sim.world.notesOf('conversation-1').filter((n) => n.content === 'Only once, please.')).toHaveLength(1);
  });

  it('reports a 5xx on a note as unknown_outcome, not a failure to resend blindly', async () => {
    const { sim, client } = await setup();
    await injectFault(sim, { path: '/api/v1/tasks/conversation-1/notes', status: 502, html: true, count: 1 });
    expect(await client.customer.addNote('conversation-1', 'x')).toMatchObject({ ok: false, error: { code: 'unknown_outcome', status: 502 } });
  });
});

describe('never retries a task update; a lost answer is unknown_outcome', () => {
  it('makes one request and says the change may or may not be saved', async () => {
    const { sim, client } = await setup();
    await injectFault(sim, { path: '/api/v1/tasks/conversation-1', method: 'PATCH', reset: true, count: 2 });
    const result = await client.customer.updateTask('conversation-1', { status: 'in_progress', expectedStatus: 'open' });
    expect(result).toMatchObject({ ok: false, error: { code: 'unknown_outcome' } });
    expect(await pendingFaultFirings(sim)).toBe(1);
  });
});

describe('retries a reply with the same Idempotency-Key', () => {
  it('recovers from an answer cut off after the send, and the customer gets one message', async () => {
    const { sim, client } = await setup();
    await injectFault(sim, { path: '/api/v1/conversations/1/messages', truncate: true, count: 1 });
    const result = await client.customer.sendReply(1, { body: 'Your appointment is confirmed.' }, 'draft-1:v1');
    expect(result).toMatchObject({ ok: true, value: { conversation_id: 1, text: 'Your appointment is confirmed.' } });
    expect(businessMessages(sim, 1, 'Your appointment is confirmed.')).toBe(1);
  });

  it('sends the key in the Idempotency-Key header only, the same on every attempt', async () => {
    scripted = await startScriptedServer((req, res, i) => {
      if (i === 0) return void res.socket?.destroy();
      json(res, 201, { id: 5, conversation_id: 3, from: 'business', channel: 'email', text: 'Hi', sent_at: '2026-10-20T10:00:00Z', delivery_status: 'sent', error: null });
    });
    client = makeClient(scripted.baseUrl);
    expect(await client.customer.sendReply(3, { channel: 'email', body: 'Hi' }, 'abc-123')).toMatchObject({ ok: true });
    expect(scripted.requests).toHaveLength(2);
    for (const req of scripted.requests) {
      expect(req.headers['idempotency-key']).toBe('abc-123');
      expect(JSON.parse(req.body)).toEqual({ channel: 'email', body: 'Hi' });
    }
  });

  it('returns a 409 as-is (conflict, status 409) without retrying', async () => {
    const { sim, client } = await setup();
    await injectFault(sim, { path: '/api/v1/conversations/1/messages', ambiguous409: true, count: 1 });
    const result = await client.customer.sendReply(1, { body: 'Maybe sent.' }, 'draft-2:v1');
    expect(result).toMatchObject({ ok: false, error: { code: 'conflict', status: 409 } });
    expect(await pendingFaultFirings(sim)).toBe(0);
  });

  it('reports a reply that may have gone out as unknown_outcome once retries are spent', async () => {
    const { sim, client } = await setup({ http: { timeouts: { headersMs: 200 } } });
    await injectFault(sim, { path: '/api/v1/conversations/1/messages', delayMs: 60_000, count: 3 });
    const result = await client.customer.sendReply(1, { body: 'Stalled.' }, 'draft-3:v1');
    expect(result).toMatchObject({ ok: false, error: { code: 'unknown_outcome' } });
    if (!result.ok) expect(result.error.message).toMatch(/safe/i);
  });
});

describe('429 gives retryAfterSec and pauses the bucket', () => {
  it('returns rate_limited with Retry-After when the wait is longer than the cap, and pauses general', async () => {
    const clock = new FakeClock();
    const { sim, client } = await setup({ clock, retry: { maxRetryAfterSec: 30 } });
    await injectFault(sim, { path: '/api/v1/team', status: 429, retryAfter: 120, count: 1 });
    const result = await client.customer.getTeam();
    expect(result).toMatchObject({ ok: false, error: { code: 'rate_limited', status: 429, retryAfterSec: 120 } });
    expect(client.scheduler.state().generalPausedUntil).toBe(clock.now() + 120_000);
  });

  it('waits out a short Retry-After on the paused bucket, then succeeds', async () => {
    const clock = new FakeClock();
    const { sim, client } = await setup({ clock });
    await injectFault(sim, { path: '/api/v1/team', status: 429, retryAfter: 2, count: 1 });
    let settled = false;
    const pending = client.customer.getTeam().finally(() => (settled = true));
    for (let i = 0; i < 100 && client.scheduler.state().generalPausedUntil === null; i++) await new Promise((r) => setTimeout(r, 5));
    expect(client.scheduler.state().generalPausedUntil).toBe(clock.now() + 2_000);
    await settle();
    expect(settled).toBe(false);
    await clock.advance(2_000);
    expect(await pending).toMatchObject({ ok: true });
  });

  it('keeps a burst of 130 reads free of 429s by waiting for the next minute', async () => {
    const clock = new FakeClock();
    const { sim, client } = await setup({ clock });
    const results = Array.from({ length: 130 }, () => client.customer.getTeam({ priority: 'background' }));
    const idleWith30Queued = () => client.scheduler.state().inFlight === 0 && client.scheduler.state().queued.background === 30;
    for (let i = 0; i < 500 && !idleWith30Queued(); i++) await new Promise((r) => setTimeout(r, 10));
    // 100 went out (the 110 budget less the 10 kept for user actions); 30 wait for the next minute.
    expect(client.scheduler.state().queued.background).toBe(30);
    await advanceSim(sim, 60_000);
    await clock.advance(60_000);
    const all = await Promise.all(results);
    expect(all.filter((r) => !r.ok)).toEqual([]);
  });
});
