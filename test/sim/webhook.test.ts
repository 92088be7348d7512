/**
 * The simulated task webhook against a real receiver on 127.0.0.1: the
 * state table (secret lifecycle), address rules, the receiver request, the
 * task.created and webhook.test events, and the delivery rules. Retry waits
 * run on the virtual clock, so nothing here waits 10 s for real.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSimClock, type SimClock } from '../../main/sim/clock';
import { Router } from '../../main/sim/router';
import { startSimulator } from '../../main/sim/server';
import { Webhook, registerWebhookControl, type TaskEventFacts, type TaskSource } from '../../main/sim/webhook';
import { LEGACY_PLACEHOLDER_TITLE } from '../../main/sim/webhook/legacy';
import { TaskCreatedEventSchema, WebhookTestEventSchema } from '../../common/api/webhook';
import { ApiErrorBodySchema } from '../../common/api/customer';
import { aFormTask, aTask } from '../common/api/fixtures';
import { call, serveRouter } from './router-harness';
import { startReceiver, type Receiver, type ReceiverStep } from './webhook-receiver';

const TEAM_ID = 7;
const START = Date.parse('2026-11-02T15:00:00Z');

let clock: SimClock;
let webhook: Webhook;
let receiver: Receiver | null;
/** The test's world: facts by `type:id`, changed between attempts by some tests. */
let world: Map<string, TaskEventFacts>;

const key = (s: TaskSource) => `${s.sourceType}:${s.sourceId}`;
const conversation = (id: number): TaskSource => ({ sourceType: 'conversation', sourceId: id });

/** Facts of conversation `id` (a text conversation on the main line). */
function conversationFacts(id: number, overrides: Partial<TaskEventFacts> = {}): TaskEventFacts {
  const url = `https://dashboard.example.com/conversations/${id}`;
  const data = aTask({ id: `conversation-${id}`, url, conversation: { id, url, channel: 'text', phone_line: { id: 9, name: 'Main line', phone_number: '+15557654321' } } });
  return {
    occurredAt: '2026-11-02T14:58:00.000Z',
    data,
    phoneLine: { id: 9, name: 'Main line', phone_number: '+15557654321' },
    channel: 'text',
    caller: { name: 'Dana Diner', phone: '+15551234567' },
    firstFollowUp: { title: 'Call Dana back', description: 'Wants a table for 4.' },
    categoryKey: 'reservation',
    url,
    ...overrides,
  };
}

/** Registers a source in the test world and tells the webhook it is new. */
function newTask(source: TaskSource, facts: TaskEventFacts = conversationFacts(source.sourceId)): string | null {
  world.set(key(source), facts);
  return webhook.taskCreated(source);
}

/** Starts a receiver and saves it as the address. Returns the secret. */
async function receiverOn(script: ReceiverStep[] = []): Promise<string> {
  receiver = await startReceiver(script);
  const saved = webhook.saveAddress(receiver.url, { allowLoopback: true });
  if (!saved.ok) throw new Error(saved.message);
  return saved.secret;
}

/**
 * The virtual clock runs on with real time, so a few real milliseconds pass
 * between a retry being scheduled and the test advancing; checking "not yet"
 * this much before the wait ends keeps the check exact enough and never flaky.
 */
const MARGIN_MS = 1000;

/** Asserts that the next attempt comes exactly after `wait`: not before, and then at once. */
async function expectNextAttemptAfter(wait: number): Promise<void> {
  const before = receiver?.requests.length ?? 0;
  await advance(wait - MARGIN_MS);
  expect(receiver?.requests).toHaveLength(before);
  await advance(MARGIN_MS);
  expect(receiver?.requests).toHaveLength(before + 1);
}

/** Advances the virtual clock and waits for the attempts it started. */
async function advance(ms: number): Promise<void> {
  await clock.advance(ms);
  await webhook.idle();
}

function makeWebhook(timeoutMs = 8000): Webhook {
  return new Webhook({ clock, teamId: TEAM_ID, readTask: (s) => world.get(key(s)) ?? null, timeoutMs });
}

beforeEach(() => {
  clock = createSimClock(START);
  world = new Map();
  receiver = null;
  webhook = makeWebhook();
});

afterEach(async () => {
  webhook.clearAddress();
  clock.dispose();
  await receiver?.close();
  await webhook.idle();
});

describe('Webhook state table', () => {
  it('off → on: saving an address that passes the address rules turns it on and shows a secret', () => {
    expect(webhook.view().on).toBe(false);
    const saved = webhook.saveAddress('https://hooks.example.com/deskbell');
    expect(saved.ok).toBe(true);
    expect(saved.ok && saved.secret.length).toBeGreaterThan(20);
    expect(webhook.view()).toMatchObject({ on: true, url: 'https://hooks.example.com/deskbell' });
  });

  it('on → on: saving a new address keeps the secret (one address per team: the new one replaces the old)', () => {
    const first = webhook.saveAddress('https://hooks.example.com/a');
    const second = webhook.saveAddress('https://other.example.org/b');
    expect(first.ok && second.ok && first.secret === second.secret).toBe(true);
    expect(webhook.view().url).toBe('https://other.example.org/b');
  });

  it('on → off: clearing discards the secret, so saving an address again shows a new secret', () => {
    const first = webhook.saveAddress('https://hooks.example.com/a');
    webhook.clearAddress();
    expect(webhook.view()).toMatchObject({ on: false, url: null, secret: null });
    const again = webhook.saveAddress('https://hooks.example.com/a');
    expect(first.ok && again.ok && first.secret !== again.secret).toBe(true);
  });

  it('tasks created while off are never sent later', async () => {
    expect(newTask(conversation(1))).toBeNull();
    await receiverOn();
    await advance(10 * 60_000);
    expect(receiver?.requests).toHaveLength(0);
    newTask(conversation(2));
    await receiver?.waitFor(1);
    expect(receiver?.requests.map((r) => r.body.id)).toEqual(['conversation:2:task.created']);
  });

  it('clearing the address stops retries pending for earlier tasks', async () => {
    await receiverOn([500]);
    newTask(conversation(3));
    await webhook.idle();
    expect(webhook.pendingEventIds()).toEqual(['conversation:3:task.created']);
    webhook.clearAddress();
    await receiverOn();
    await advance(10 * 60_000);
    expect(receiver?.requests).toHaveLength(0);
    expect(webhook.pendingEventIds()).toEqual([]);
  });

  it('a refused address changes nothing and answers 400 invalid_request naming the rule', async () => {
    const router = new Router();
    registerWebhookControl(router, webhook);
    const server = await serveRouter(router);
    try {
      const good = await call(server.origin, 'PUT', '/_sim/webhook', { body: { url: 'https://hooks.example.com/x' } });
      expect(good.status).toBe(200);
      const bad = await call(server.origin, 'PUT', '/_sim/webhook', { body: { url: 'http://hooks.example.com/x' } });
      expect(bad.status).toBe(400);
      expect(ApiErrorBodySchema.parse(bad.body)).toMatchObject({ code: 'invalid_request', issues: [{ path: ['url'] }] });
      expect(bad.body).toMatchObject({ reason: 'not_https' });
      expect(webhook.view()).toMatchObject({ on: true, url: 'https://hooks.example.com/x', secret: (good.body as { secret: string }).secret });
    } finally {
      await server.close();
    }
  });
});

describe('Webhook address rules', () => {
  it.each([
    ['http://hooks.example.com/x', 'not_https'],
    ['https://203.0.113.5/x', 'ip_address'],
    ['https://localhost/x', 'localhost'],
    ['https://printer.local/x', 'local_or_internal_name'],
    ['https://api.internal/x', 'local_or_internal_name'],
    ['https://user:pw@hooks.example.com/x', 'has_credentials'],
  ])('refuses %s (%s)', (url, reason) => {
    const saved = webhook.saveAddress(url);
    expect(saved).toMatchObject({ ok: false, reason });
    expect(webhook.view().on).toBe(false);
  });

  it('allowLoopback lets http://127.0.0.1:PORT through, and nothing else', () => {
    expect(webhook.saveAddress('http://127.0.0.1:9/hook')).toMatchObject({ ok: false, reason: 'not_https' });
    expect(webhook.saveAddress('http://localhost:9/hook', { allowLoopback: true })).toMatchObject({ ok: false });
    expect(webhook.saveAddress('http://10.0.0.1:9/hook', { allowLoopback: true })).toMatchObject({ ok: false });
    expect(webhook.saveAddress('http://u:p@127.0.0.1:9/hook', { allowLoopback: true })).toMatchObject({ ok: false });
    expect(webhook.saveAddress('http://127.0.0.1:9/hook', { allowLoopback: true })).toMatchObject({ ok: true });
  });
});

describe('Webhook receiver request', () => {
  it('is a POST with Content-Type application/json and X-Service-Secret holding the secret itself', async () => {
    const secret = await receiverOn();
    newTask(conversation(4));
    await receiver?.waitFor(1);
    const [req] = receiver?.requests ?? [];
    expect(req?.method).toBe('POST');
    expect(req?.path).toBe('/hook');
    expect(req?.headers['content-type']).toBe('application/json');
    expect(req?.headers['x-service-secret']).toBe(secret);
  });
});

describe('task.created', () => {
  it('is sent once per new task, with id <source_type>:<source_id>:task.created', async () => {
    await receiverOn();
    expect(newTask(conversation(5))).toBe('conversation:5:task.created');
    expect(webhook.taskCreated(conversation(5))).toBeNull();
    await webhook.idle();
    expect(receiver?.requests.map((r) => r.body.id)).toEqual(['conversation:5:task.created']);
  });

  it('carries occurred_at of the conversation, the team id and data; the event validates', async () => {
    await receiverOn();
    newTask(conversation(6));
    await webhook.idle();
    const event = TaskCreatedEventSchema.parse(receiver?.requests[0]?.body);
    expect(event).toMatchObject({ event: 'task.created', occurred_at: '2026-11-02T14:58:00.000Z', team_id: TEAM_ID, data: { id: 'conversation-6' } });
  });

  it('data is null when the dashboard does not show the task', async () => {
    await receiverOn();
    newTask(conversation(8), conversationFacts(8, { data: null }));
    await webhook.idle();
    expect(TaskCreatedEventSchema.parse(receiver?.requests[0]?.body).data).toBeNull();
  });

  it('legacy fields: legacy channel names, category as a display label, location of the line', async () => {
    await receiverOn();
    const legacyNames = { phone: 'phone_call', text: 'sms', web_chat: 'chat_widget', email: 'email' } as const;
    const channels = Object.keys(legacyNames) as (keyof typeof legacyNames)[];
    channels.forEach((channel, i) => newTask(conversation(20 + i), conversationFacts(20 + i, { channel })));
    await webhook.idle();
    for (const req of receiver?.requests ?? []) {
      const event = TaskCreatedEventSchema.parse(req.body);
      const channel = channels[event.task.source_id - 20] ?? 'phone';
      expect(event.task).toMatchObject({ source_type: 'conversation', channel: legacyNames[channel], category: 'Reservation', title: 'Call Dana back' });
      expect(event.location).toEqual({ phone_number_id: 9, name: 'Main line', phone_number: '+15557654321' });
      expect(event.caller).toEqual({ name: 'Dana Diner', phone: '+15551234567' });
    }
  });

  it('legacy fields: a form has a null channel and location; no title gives the placeholder, no category the general label', async () => {
    await receiverOn();
    const source: TaskSource = { sourceType: 'form_submission', sourceId: 7 };
    const form = aFormTask();
    newTask(source, {
      occurredAt: '2026-11-02T14:00:00.000Z',
      data: form,
      phoneLine: null,
      channel: null,
      caller: { name: 'Sam Caterer', phone: null },
      firstFollowUp: { title: null, description: null },
      categoryKey: null,
      url: form.url,
    });
    await webhook.idle();
    const event = TaskCreatedEventSchema.parse(receiver?.requests[0]?.body);
    expect(event.id).toBe('form_submission:7:task.created');
    expect(event.task).toMatchObject({ source_type: 'form_submission', source_id: 7, channel: null, title: LEGACY_PLACEHOLDER_TITLE, category: 'General', description: '' });
    expect(event.location).toEqual({ phone_number_id: null, name: null, phone_number: null });
  });
});

describe('webhook.test', () => {
  it('Send test posts webhook:<team_id>:test:<epoch_ms> with no task fields; a 2xx counts as delivered', async () => {
    const secret = await receiverOn();
    const before = clock.now();
    const result = await webhook.sendTest();
    expect(result).toMatchObject({ delivered: true, status: 200, error: null });
    const epochMs = Number(/^webhook:7:test:(\d+)$/.exec(result.eventId ?? '')?.[1]);
    expect(epochMs).toBeGreaterThanOrEqual(before);
    expect(epochMs).toBeLessThanOrEqual(clock.now());
    const req = receiver?.requests[0];
    expect(WebhookTestEventSchema.parse(req?.body)).toMatchObject({ event: 'webhook.test', team_id: TEAM_ID });
    expect(Object.keys(req?.body ?? {}).sort()).toEqual(['event', 'id', 'occurred_at', 'team_id']);
    expect(req?.headers['x-service-secret']).toBe(secret);
  });

  it('a failed test shows the result and error and is not retried', async () => {
    await receiverOn([503]);
    expect(await webhook.sendTest()).toMatchObject({ delivered: false, status: 503, error: expect.stringContaining('503') });
    await advance(10 * 60_000);
    expect(receiver?.requests).toHaveLength(1);
    expect(webhook.view()).toMatchObject({ lastError: expect.stringContaining('503') });
  });
});

describe('Delivery rules', () => {
  it('rule 2: a 5xx is a failed attempt, retried with the same id after a wait; a 2xx then delivers', async () => {
    await receiverOn([500]);
    newTask(conversation(30));
    await webhook.idle();
    await expectNextAttemptAfter(10_000);
    expect(receiver?.requests.map((r) => r.body.id)).toEqual(['conversation:30:task.created', 'conversation:30:task.created']);
    expect(webhook.deliveries().map((d) => [d.attempt, d.status, d.outcome])).toEqual([
      [1, 500, 'retry_scheduled'],
      [2, 200, 'delivered'],
    ]);
    await advance(10 * 60_000);
    expect(receiver?.requests).toHaveLength(2);
  });

  it('rule 2: data is read again on every retry', async () => {
    await receiverOn([503]);
    newTask(conversation(31));
    await webhook.idle();
    const facts = world.get('conversation:31');
    if (!facts?.data) throw new Error('fixture');
    world.set('conversation:31', { ...facts, data: { ...facts.data, status: 'in_progress', assignee: { id: 5, name: 'Alex Desk' } } });
    await advance(10_000);
    const [first, second] = (receiver?.requests ?? []).map((r) => TaskCreatedEventSchema.parse(r.body));
    expect(first?.data?.status).toBe('open');
    expect(second?.data).toMatchObject({ status: 'in_progress', assignee: { id: 5 } });
  });

  it('rule 2: 408 and 429 are retried, and Retry-After is ignored', async () => {
    await receiverOn([408, { status: 429, headers: { 'Retry-After': '1' } }]);
    newTask(conversation(32));
    await webhook.idle();
    // Retry-After: 1 would mean a retry after 1 s; the waits stay 10 s, then 30 s.
    await expectNextAttemptAfter(10_000);
    await expectNextAttemptAfter(30_000);
    expect(webhook.deliveries().map((d) => d.status)).toEqual([408, 429, 200]);
  });

  it('rule 2: a timeout is a failed attempt and is retried', async () => {
    webhook = makeWebhook(200);
    await receiverOn(['stall']);
    newTask(conversation(33));
    await webhook.idle();
    expect(webhook.deliveries()[0]).toMatchObject({ attempt: 1, status: null, error: expect.stringContaining('200 ms'), outcome: 'retry_scheduled' });
    await advance(10_000);
    expect(webhook.deliveries()[1]).toMatchObject({ attempt: 2, status: 200, outcome: 'delivered' });
  });

  it('rule 2: a connection error (reset or refused) is a failed attempt and is retried', async () => {
    await receiverOn(['reset']);
    newTask(conversation(34));
    await webhook.idle();
    expect(webhook.deliveries()[0]).toMatchObject({ status: null, error: expect.stringContaining('Connection error'), outcome: 'retry_scheduled' });
    await receiver?.close();
    await advance(10_000);
    expect(webhook.deliveries()[1]).toMatchObject({ attempt: 2, error: expect.stringContaining('ECONNREFUSED'), outcome: 'retry_scheduled' });
    receiver = null;
  });

  it('rule 2: up to 4 more attempts with growing waits (10 s, 30 s, 90 s, 270 s), then the event is dropped', async () => {
    await receiverOn([503, 503, 503, 503, 503]);
    newTask(conversation(35));
    await webhook.idle();
    for (const wait of [10_000, 30_000, 90_000, 270_000]) await expectNextAttemptAfter(wait);
    expect(webhook.deliveries().map((d) => d.outcome)).toEqual(['retry_scheduled', 'retry_scheduled', 'retry_scheduled', 'retry_scheduled', 'dropped']);
    await advance(60 * 60_000);
    expect(receiver?.requests).toHaveLength(5);
    expect(new Set(receiver?.requests.map((r) => r.body.id))).toEqual(new Set(['conversation:35:task.created']));
  });

  it('rule 3: a 3xx ends delivery and the redirect is not followed', async () => {
    await receiverOn([{ status: 301, headers: { Location: '/elsewhere' } }]);
    newTask(conversation(36));
    await webhook.idle();
    await advance(10 * 60_000);
    expect(receiver?.requests.map((r) => r.path)).toEqual(['/hook']);
    expect(webhook.deliveries()).toMatchObject([{ status: 301, outcome: 'ended' }]);
  });

  it('rule 3: a 4xx ends delivery without retry', async () => {
    await receiverOn([404]);
    newTask(conversation(37));
    await webhook.idle();
    await advance(10 * 60_000);
    expect(receiver?.requests).toHaveLength(1);
    expect(webhook.deliveries()).toMatchObject([{ status: 404, outcome: 'ended' }]);
  });

  it('rule 6: the log lists every attempt, and the last success, last failure and last error', async () => {
    await receiverOn([500]);
    newTask(conversation(38));
    await webhook.idle();
    await advance(10_000);
    const [failed, delivered] = webhook.deliveries();
    const router = new Router();
    registerWebhookControl(router, webhook);
    const server = await serveRouter(router);
    try {
      const res = await call(server.origin, 'GET', '/_sim/deliveries');
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        deliveries: [
          { eventId: 'conversation:38:task.created', attempt: 1, status: 500, at: failed?.at },
          { eventId: 'conversation:38:task.created', attempt: 2, status: 200, error: null },
        ],
        lastSuccessAt: delivered?.at,
        lastFailureAt: failed?.at,
        lastError: expect.stringContaining('500'),
      });
    } finally {
      await server.close();
    }
  });
});

describe('Wired into the simulator (startSimulator and the control API)', () => {
  it('a task created through /_sim/tasks is delivered once as task.created with the world’s data and the saved secret', async () => {
    const sim = await startSimulator({ port: 0, webhookTimeoutMs: 2000 });
    const rec = await startReceiver();
    try {
      const saved = await call(sim.origin, 'PUT', '/_sim/webhook', { body: { url: rec.url, allowLoopback: true } });
      expect(saved.status).toBe(200);
      const created = await call(sim.origin, 'POST', '/_sim/tasks', { body: { kind: 'conversation', channel: 'phone' } });
      expect(created.status).toBe(201);
      await rec.waitFor(1);
      await sim.services.webhook.idle();
      const event = TaskCreatedEventSchema.parse(rec.requests[0]?.body);
      expect(event.data?.id).toBe((created.body as { taskId: string }).taskId);
      expect(event.task.channel).toBe('phone_call');
      expect(event.team_id).toBe(sim.teamId);
      expect(rec.requests[0]?.headers['x-service-secret']).toBe((saved.body as { secret: string }).secret);
      const test = await call(sim.origin, 'POST', '/_sim/webhook/test');
      expect(test.body).toMatchObject({ delivered: true, status: 200 });
      WebhookTestEventSchema.parse(rec.requests[1]?.body);
      const log = await call(sim.origin, 'GET', '/_sim/deliveries');
      expect((log.body as { deliveries: unknown[] }).deliveries).toHaveLength(2);
    } finally {
      await rec.close();
      await sim.close();
    }
  });

  it('data is re-read on a retry: after the conversation is merged away, the retry carries data null', async () => {
    const sim = await startSimulator({ port: 0, webhookTimeoutMs: 2000 });
    const rec = await startReceiver([500]);
    try {
      await call(sim.origin, 'PUT', '/_sim/webhook', { body: { url: rec.url, allowLoopback: true } });
      const created = await call(sim.origin, 'POST', '/_sim/tasks', { body: { kind: 'conversation', channel: 'text' } });
      const { conversationId } = created.body as { conversationId: number };
      await rec.waitFor(1);
      await sim.services.webhook.idle();
      expect(TaskCreatedEventSchema.parse(rec.requests[0]?.body).data).not.toBeNull();
      expect((await call(sim.origin, 'POST', `/_sim/conversations/${conversationId}/merge`, { body: { into: 1 } })).status).toBe(200);
      await call(sim.origin, 'POST', '/_sim/clock', { body: { advanceMs: 10_000 } });
      await rec.waitFor(2);
      await sim.services.webhook.idle();
      const retry = TaskCreatedEventSchema.parse(rec.requests[1]?.body);
      expect(retry.id).toBe(`conversation:${conversationId}:task.created`);
      expect(retry.data).toBeNull();
    } finally {
      await rec.close();
      await sim.close();
    }
  });
});
