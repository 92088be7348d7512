/**
 * Bad input and faults: every kind of bad answer from the service leaves the
 * core running, shows in the connection state, and recovers by itself (the
 * poller's own timer, no help from the test); every kind of bad relay
 * request gets its status and changes nothing.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ConnectionStateKind } from '../../../common/views';
import type { FaultRequest } from '../../../main/sim';
import { control, createTask, pause, Rig, waitFor, webhookTo } from './support/harness';

let rig: Rig;
beforeEach(async () => {
  rig = await Rig.start();
});
afterEach(async () => {
  await rig.close();
});

/** A core that polls every 150 ms and backs off to at most 600 ms, with short HTTP timeouts. */
const fastPolling = {
  poll: { fastMs: 150, slowMs: 150, maxBackoffMs: 600, jitter: 0 },
  http: { timeouts: { headersMs: 300, bodyMs: 300 } },
};

/**
 * Injects `fault` on the task list, waits for the connection state to show
 * `expected`, checks the core still answers, then waits for it to be online
 * again on its own and to alert a new task.
 */
async function survives(fault: Omit<FaultRequest, 'path' | 'count'> & { count?: number }, expected: ConnectionStateKind): Promise<void> {
  const { core, log } = await rig.started(fastPolling);
  await waitFor(() => log.of('connection:changed').at(-1)?.state === 'online', 'online at first');
  const mark = log.of('connection:changed').length;
  await control(rig.sim, 'POST', '/_sim/faults', { path: '/api/v1/tasks', method: 'GET', count: 3, ...fault });

  const bad = await waitFor(() => log.of('connection:changed').slice(mark).find((s) => s.state === expected), `state ${expected}`);
  expect(bad.message.length).toBeGreaterThan(0);
  const snap = await core.handle('getSnapshot', {});
  expect(snap.ok).toBe(true); // still running, still answering

  await waitFor(() => {
    const after = log.of('connection:changed').slice(mark);
    return after.indexOf(bad) >= 0 && after.at(-1)?.state === 'online';
  }, 'recovery to online', 15_000);
  const { taskId } = await createTask(rig.sim);
  await waitFor(() => log.alertsFor(taskId) === 1, 'a new task alerted after recovery');
}

describe('every kind of bad response leaves the core running and recovering by itself', () => {
  it('wrong shape', async () => {
    await survives({ status: 200, body: '{"tasks":[{"id":7,"title":null}]}' }, 'offline');
  });

  it('truncated body', async () => {
    await survives({ truncate: true }, 'offline');
  });

  it('HTML error page', async () => {
    await survives({ status: 502, html: true }, 'offline');
  });

  it('5xx', async () => {
    await survives({ status: 503 }, 'offline');
  });

  it('429 storm', async () => {
    await survives({ status: 429, retryAfter: 1, count: 6 }, 'rate_limited');
  });

  it('stall past the timeout', async () => {
    await survives({ delayMs: 2_000 }, 'offline');
  });

  it('reset connection', async () => {
    await survives({ reset: true }, 'offline');
  });

  it('a revoked key shows as a bad key, and a new key recovers', async () => {
    const { core, log } = await rig.started(fastPolling);
    await rig.secrets.set('apiKey', 'sk_wrong_key_for_test');
    await waitFor(() => log.of('connection:changed').at(-1)?.state === 'bad_key', 'bad key');
    expect((await core.handle('setSecret', { name: 'apiKey', value: rig.sim.keys.owner })).ok).toBe(true);
    await waitFor(() => log.of('connection:changed').at(-1)?.state === 'online', 'online with the new key');
  });
});

describe('every kind of bad relay request gets its status and changes nothing', () => {
  it('refuses each one, never echoes the secret, and still takes a good event afterwards', async () => {
    const rejections: { status: number; reason: string }[] = [];
    const { core, log } = await rig.started({ onRelayRejection: (r) => rejections.push(r) });
    const url = core.relayStatus().url!;
    const secret = await webhookTo(rig.sim, url);
    await rig.secrets.set('webhookSecret', secret);
    const event = { id: 'conversation:999:task.created', event: 'task.created' };
    const json = { 'content-type': 'application/json', 'x-service-secret': secret };
    const cases: [string, RequestInit, number, string?][] = [
      ['wrong secret', { method: 'POST', headers: { ...json, 'x-service-secret': 'nope' }, body: JSON.stringify(event) }, 401],
      ['missing secret', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(event) }, 401],
      ['GET', { method: 'GET', headers: json }, 405],
      ['not JSON content type', { method: 'POST', headers: { ...json, 'content-type': 'text/plain' }, body: 'hi' }, 415],
      ['malformed JSON', { method: 'POST', headers: json, body: '{"id":' }, 400],
      ['wrong event shape', { method: 'POST', headers: json, body: JSON.stringify(event) }, 400],
      ['oversized body', { method: 'POST', headers: json, body: JSON.stringify({ pad: 'x'.repeat(2 * 1024 * 1024) }) }, 413],
      ['wrong path', { method: 'POST', headers: json, body: '{}' }, 404, `${url}/elsewhere`],
    ];
    for (const [what, init, status, target] of cases) {
      const res = await fetch(target ?? url, init).catch(() => null);
      // An oversized upload may be cut off by the relay before the answer is read; the status is still logged.
      if (res) expect(res.status, what).toBe(status);
      await res?.text().catch(() => undefined);
    }
    await waitFor(() => rejections.length >= cases.length, 'every rejection reported');
    expect(rejections.map((r) => r.status)).toEqual(cases.map((c) => c[2]));
    expect(JSON.stringify(rejections)).not.toContain(secret);
    expect(JSON.stringify(core.relayStatus())).not.toContain(secret);
    await pause();
    expect(log.of('task:new')).toEqual([]);
    expect(core.relayStatus().verified).toBe(false);

    const test = await control<{ delivered: boolean }>(rig.sim, 'POST', '/_sim/webhook/test');
    expect(test.delivered).toBe(true);
    const { taskId } = await createTask(rig.sim);
    await waitFor(() => log.alertsFor(taskId) === 1, 'a good event still alerts');
  });
});
