/**
 * The webhook's settings side, over HTTP to a running simulator: the
 * secret lifecycle of the spec's Webhook state table, the address rules,
 * the dashboard's Send test (`webhook.test`) and the delivery log the
 * dashboard shows (Delivery rule 6).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ApiErrorBodySchema } from '../../common/api/customer';
import { WebhookTestEventSchema } from '../../common/api/webhook';
import type { Simulator } from '../../main/sim';
import { call } from './sim-client';
import { advance, clearAddress, deliveryLog, newTask, rig, saveAddress, startFrozen, type WebhookRig } from './webhook-harness';
import { startReceiver } from './webhook-receiver';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});
const sim = async () => {
  const s = await startFrozen();
  closers.push(() => s.close());
  return s;
};
const withRig = async (...args: Parameters<typeof rig>) => {
  const r = await rig(...args);
  closers.push(() => r.close());
  return r;
};
const view = async (s: Simulator) => (await call(s, 'GET', '/_sim/webhook')).body;

describe('Webhook state table', () => {
  it('off → on: saving an address that passes the address rules turns it on and shows a secret', async () => {
    const s = await sim();
    expect(await view(s)).toMatchObject({ on: false, url: null, secret: null });
    const saved = await saveAddress(s, 'https://hooks.example.com/deskbell');
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ secret: expect.stringMatching(/^whsec_[\w-]{20,}$/) });
    expect(await view(s)).toMatchObject({ on: true, url: 'https://hooks.example.com/deskbell', secret: saved.body.secret });
  });

  it('on → on: saving a new address keeps the secret (one address per team: the new one replaces the old)', async () => {
    const s = await sim();
    const first = await saveAddress(s, 'https://hooks.example.com/a');
    const second = await saveAddress(s, 'https://other.example.org/b');
    expect(second.body.secret).toBe(first.body.secret);
    expect(await view(s)).toMatchObject({ on: true, url: 'https://other.example.org/b' });
  });

  it('on → off: clearing discards the secret, so saving an address again shows a new secret', async () => {
    const s = await sim();
    const first = await saveAddress(s, 'https://hooks.example.com/a');
    const cleared = await clearAddress(s);
    expect([cleared.status, cleared.body]).toEqual([204, undefined]);
    expect(await view(s)).toMatchObject({ on: false, url: null, secret: null });
    const again = await saveAddress(s, 'https://hooks.example.com/a');
    expect(again.body.secret).not.toBe(first.body.secret);
  });

  it('tasks created while off are never sent later', async () => {
    const s = await sim();
    const whileOff = await newTask(s);
    const receiver = await startReceiver();
    closers.push(() => receiver.close());
    await saveAddress(s, receiver.url, true);
    await advance(s, 10 * 60_000);
    expect(receiver.requests).toHaveLength(0);
    const whileOn = await newTask(s);
    expect(receiver.requests.map((r) => r.body.id)).toEqual([`conversation:${whileOn.conversationId}:task.created`]);
    expect(receiver.requests.map((r) => r.body.id)).not.toContain(`conversation:${whileOff.conversationId}:task.created`);
  });

  it('clearing the address stops retries pending for earlier tasks, also after an address is saved again', async () => {
    const r = await withRig([500]);
    await newTask(r.sim);
    expect((await deliveryLog(r.sim)).deliveries.map((d) => d.outcome)).toEqual(['retry_scheduled']);
    await clearAddress(r.sim);
    await saveAddress(r.sim, r.receiver.url, true);
    await advance(r.sim, 10 * 60_000);
    expect(r.receiver.requests).toHaveLength(1);
    expect((await deliveryLog(r.sim)).deliveries).toHaveLength(1);
  });

  it('on → on with a retry pending: the retry goes to the new address with the same secret and event id', async () => {
    const r = await withRig([500]);
    const other = await startReceiver();
    closers.push(() => other.close());
    await newTask(r.sim);
    const saved = await saveAddress(r.sim, other.url, true);
    expect(saved.body.secret).toBe(r.secret);
    await advance(r.sim, 10_000);
    expect(other.requests.map((q) => [q.body.id, q.headers['x-service-secret']])).toEqual([[r.receiver.requests[0]?.body.id, r.secret]]);
  });

  it('a refused address changes nothing and answers 400 invalid_request naming the rule', async () => {
    const s = await sim();
    const good = await saveAddress(s, 'https://hooks.example.com/x');
    const bad = await saveAddress(s, 'http://hooks.example.com/x');
    expect(bad.status).toBe(400);
    expect(ApiErrorBodySchema.parse(bad.body)).toMatchObject({ code: 'invalid_request', issues: [{ path: ['url'] }] });
    expect(bad.body.reason).toBe('not_https');
    expect(await view(s)).toMatchObject({ on: true, url: 'https://hooks.example.com/x', secret: good.body.secret });
  });

  it('a malformed body is 400 with one issue per bad input, and nothing changes', async () => {
    const s = await sim();
    const res = await call(s, 'PUT', '/_sim/webhook', { body: { url: 5, allowLoopback: 'yes', colour: 'red' } });
    expect(res.status).toBe(400);
    expect(ApiErrorBodySchema.parse(res.body).issues?.map((i) => i.path[0]).sort()).toEqual(['allowLoopback', 'colour', 'url']);
    expect((await view(s)).on).toBe(false);
  });
});

describe('Webhook address rules', () => {
  it.each([
    ['http://hooks.example.com/x', 'not_https'],
    ['https://203.0.113.5/x', 'ip_address'],
    ['https://[2001:db8::1]/x', 'ip_address'],
    ['https://localhost/x', 'localhost'],
    ['https://printer.local/x', 'local_or_internal_name'],
    ['https://api.internal/x', 'local_or_internal_name'],
    ['https://user:pw@hooks.example.com/x', 'has_credentials'],
    ['https://nas.lan/x', 'not_public_domain'],
    ['', 'empty'],
  ])('refuses %j (%s) and stays off', async (url, reason) => {
    const s = await sim();
    const res = await saveAddress(s, url);
    expect([res.status, res.body.reason]).toEqual([400, reason]);
    expect((await view(s)).on).toBe(false);
  });

  it('allowLoopback lets http://127.0.0.1:PORT through, and nothing else', async () => {
    const s = await sim();
    expect((await saveAddress(s, 'http://127.0.0.1:9/hook')).body.reason).toBe('not_https');
    for (const url of ['http://localhost:9/hook', 'http://10.0.0.1:9/hook', 'http://u:p@127.0.0.1:9/hook', 'ftp://127.0.0.1/hook']) {
      expect((await saveAddress(s, url, true)).status, url).toBe(400);
    }
    expect((await view(s)).on).toBe(false);
    expect((await saveAddress(s, 'http://127.0.0.1:9/hook', true)).status).toBe(200);
  });
});

describe('webhook.test (the dashboard’s Send test, POST /_sim/webhook/test)', () => {
  it('posts webhook:<team_id>:test:<epoch_ms> with only id, event, occurred_at and team_id; a 2xx counts as delivered', async () => {
    const r = await withRig();
    const now = Date.parse((await call(r.sim, 'GET', '/_sim/clock')).body.now);
    const res = await call(r.sim, 'POST', '/_sim/webhook/test');
    expect(res.body).toEqual({ eventId: `webhook:${r.sim.teamId}:test:${now}`, delivered: true, status: 200, error: null });
    const [req] = r.receiver.requests;
    expect(WebhookTestEventSchema.parse(req?.body)).toMatchObject({ id: res.body.eventId, event: 'webhook.test', team_id: r.sim.teamId });
    expect(Object.keys(req?.body ?? {}).sort()).toEqual(['event', 'id', 'occurred_at', 'team_id']);
    expect([req?.headers['content-type'], req?.headers['x-service-secret']]).toEqual(['application/json', r.secret]);
  });

  it('a failed test shows the result and error and is not retried', async () => {
    const r = await withRig([503]);
    const res = await call(r.sim, 'POST', '/_sim/webhook/test');
    expect(res.body).toMatchObject({ delivered: false, status: 503, error: expect.stringContaining('503') });
    await advance(r.sim, 10 * 60_000);
    expect(r.receiver.requests).toHaveLength(1);
    expect(await view(r.sim)).toMatchObject({ lastError: expect.stringContaining('503') });
  });

  it('while the webhook is off it is refused (422 unprocessable) and nothing is sent', async () => {
    const r = await withRig();
    await clearAddress(r.sim);
    const res = await call(r.sim, 'POST', '/_sim/webhook/test');
    expect([res.status, ApiErrorBodySchema.parse(res.body).code]).toEqual([422, 'unprocessable']);
    expect(r.receiver.requests).toHaveLength(0);
  });
});

describe('Delivery log (GET /_sim/deliveries; Delivery rule 6)', () => {
  it('lists every attempt with event id, attempt number, status or error, and time', async () => {
    const r: WebhookRig = await withRig([500, 'reset']);
    const { conversationId } = await newTask(r.sim);
    const times = [(await call(r.sim, 'GET', '/_sim/clock')).body.now];
    for (const wait of [10_000, 30_000]) {
      await advance(r.sim, wait);
      times.push((await call(r.sim, 'GET', '/_sim/clock')).body.now);
    }
    const id = `conversation:${conversationId}:task.created`;
    expect((await deliveryLog(r.sim)).deliveries).toEqual([
      { eventId: id, event: 'task.created', attempt: 1, status: 500, error: expect.stringContaining('500'), at: times[0], url: r.receiver.url, outcome: 'retry_scheduled' },
      { eventId: id, event: 'task.created', attempt: 2, status: null, error: expect.stringContaining('Connection error'), at: times[1], url: r.receiver.url, outcome: 'retry_scheduled' },
      { eventId: id, event: 'task.created', attempt: 3, status: 200, error: null, at: times[2], url: r.receiver.url, outcome: 'delivered' },
    ]);
  });

  it('shows the time of the last success and of the last failure, and the last error (kept after a later success)', async () => {
    const r = await withRig([500]);
    await newTask(r.sim);
    const failedAt = (await call(r.sim, 'GET', '/_sim/clock')).body.now;
    await advance(r.sim, 10_000);
    const deliveredAt = (await call(r.sim, 'GET', '/_sim/clock')).body.now;
    const summary = { lastSuccessAt: deliveredAt, lastFailureAt: failedAt, lastError: expect.stringContaining('500') };
    expect(await deliveryLog(r.sim)).toMatchObject(summary);
    expect(await view(r.sim)).toMatchObject(summary);
  });
});
