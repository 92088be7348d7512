/**
 * Webhook deliveries, over HTTP to a running simulator and a real receiver
 * on 127.0.0.1: the receiver request, the task.created event (once per new
 * task, stable id, `data` re-read on every attempt, the legacy fields) and
 * the delivery rules (deadline, retries with growing waits, what ends
 * delivery). Retry waits run on the simulator's frozen virtual clock.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { TaskSchema } from '../../common/api/customer';
import { TaskCreatedEventSchema, type TaskCreatedEvent } from '../../common/api/webhook';
import { SEED } from '../../main/sim';
import { legacyCategoryLabel, LEGACY_GENERAL_CATEGORY, LEGACY_PLACEHOLDER_TITLE } from '../../main/sim/webhook/legacy';
import { call, client, control } from './sim-client';
import { advance, deliveryLog, expectNextAttemptAfter, newTask, rig, type WebhookRig } from './webhook-harness';
import type { ReceiverStep } from './webhook-receiver';

let r: WebhookRig | null = null;
afterEach(async () => {
  await r?.close();
  r = null;
});
const start = async (script: ReceiverStep[] = [], options: Parameters<typeof rig>[1] = {}) => (r = await rig(script, options));
const events = (w: WebhookRig): TaskCreatedEvent[] => w.receiver.requests.map((q) => TaskCreatedEventSchema.parse(q.body));
const outcomes = async (w: WebhookRig) => (await deliveryLog(w.sim)).deliveries.map((d) => [d.attempt, d.status, d.outcome]);

describe('Webhook receiver request', () => {
  it('is a POST to the saved address with Content-Type application/json and X-Service-Secret holding the secret itself', async () => {
    const w = await start();
    await newTask(w.sim);
    const [req] = w.receiver.requests;
    expect([req?.method, req?.path]).toEqual(['POST', '/hook']);
    expect(req?.headers['content-type']).toBe('application/json');
    expect(req?.headers['x-service-secret']).toBe(w.secret);
  });
});

describe('task.created', () => {
  it('is sent once per new task, with id <source_type>:<source_id>:task.created', async () => {
    const w = await start();
    const conversation = await newTask(w.sim, { kind: 'conversation', channel: 'text' });
    const form = await newTask(w.sim, { kind: 'form' });
    await advance(w.sim, 10 * 60_000);
    expect(events(w).map((e) => e.id)).toEqual([`conversation:${conversation.conversationId}:task.created`, `form_submission:${form.formSubmissionId}:task.created`]);
  });

  it('is not sent for a repeat call linked to an existing task', async () => {
    const w = await start();
    const repeat = await newTask(w.sim, { kind: 'conversation', repeatOf: SEED.conversations.phoneAndText });
    expect(repeat.taskId).toBe(`conversation-${SEED.conversations.phoneAndText}`);
    await advance(w.sim, 10 * 60_000);
    expect(w.receiver.requests).toHaveLength(0);
  });

  it('is not sent again when its conversation is later merged into another', async () => {
    const w = await start();
    const { conversationId } = await newTask(w.sim);
    expect((await control(w.sim).post(`/conversations/${conversationId}/merge`, { into: SEED.conversations.phoneAndText })).status).toBe(200);
    await advance(w.sim, 10 * 60_000);
    expect(events(w).map((e) => e.id)).toEqual([`conversation:${conversationId}:task.created`]);
  });

  it('carries occurred_at of the conversation, the team id, and data: the Task as the Customer API shows it', async () => {
    const w = await start();
    const { taskId, conversationId } = await newTask(w.sim, { kind: 'conversation', channel: 'email' });
    const [event] = events(w);
    const conversation = (await client(w.sim).get(`/conversations/${conversationId}`)).body;
    expect(event).toMatchObject({ event: 'task.created', occurred_at: conversation.created_at, team_id: w.sim.teamId });
    expect(event?.data).toEqual(TaskSchema.parse((await client(w.sim).get(`/tasks/${taskId}`)).body));
  });

  it('data is read after automatic assignment (a new call on the Downtown line is assigned to its default assignee)', async () => {
    const w = await start();
    for (let i = 0; i < 2; i++) await newTask(w.sim, { kind: 'conversation', channel: 'phone' });
    const downtown = events(w).filter((e) => e.data?.conversation?.phone_line?.id === SEED.lines.downtown);
    expect(downtown.length).toBeGreaterThan(0);
    for (const e of downtown) expect(e.data?.assignee).toEqual({ id: SEED.members.user, name: 'Sam Rivera' });
  });

  it('data is read again on every attempt: a retry shows the task as it is then', async () => {
    const w = await start([503]);
    const { taskId } = await newTask(w.sim);
    expect((await client(w.sim).patch(`/tasks/${taskId}`, { status: 'in_progress', assigned_to: SEED.members.admin })).status).toBe(200);
    await advance(w.sim, 10_000);
    const [first, second] = events(w);
    expect(first?.data).toMatchObject({ status: 'open' });
    expect(second?.data).toMatchObject({ status: 'in_progress', assignee: { id: SEED.members.admin } });
  });

  it('data is null when the dashboard does not show the task (merged away before the retry)', async () => {
    const w = await start([500]);
    const { conversationId } = await newTask(w.sim);
    await control(w.sim).post(`/conversations/${conversationId}/merge`, { into: SEED.conversations.phoneAndText });
    await advance(w.sim, 10_000);
    const [first, retry] = events(w);
    expect(first?.data).not.toBeNull();
    expect([retry?.id, retry?.data]).toEqual([first?.id, null]);
  });
});

describe('task.created legacy fields', () => {
  it('task.channel uses the legacy names phone_call, sms, chat_widget, email, while data uses phone, text, web_chat, email', async () => {
    const w = await start();
    for (const channel of ['phone', 'text', 'web_chat', 'email']) await newTask(w.sim, { kind: 'conversation', channel });
    expect(events(w).map((e) => [e.data?.conversation?.channel, e.task.channel])).toEqual([
      ['phone', 'phone_call'],
      ['text', 'sms'],
      ['web_chat', 'chat_widget'],
      ['email', 'email'],
    ]);
  });

  it('task.category is a display label while data.category is the key', async () => {
    const w = await start();
    await newTask(w.sim, { kind: 'conversation', category: 'billing' });
    await newTask(w.sim, { kind: 'conversation', category: 'late_payment' });
    expect(events(w).map((e) => [e.data?.category, e.task.category])).toEqual([
      ['billing', 'Billing'],
      ['late_payment', 'Late payment'],
    ]);
  });

  it('task.category is the general label when the task has no category', () => {
    // No task of the simulated world lacks a category key; the label rule itself:
    expect([legacyCategoryLabel(null), legacyCategoryLabel(' ')]).toEqual([LEGACY_GENERAL_CATEGORY, LEGACY_GENERAL_CATEGORY]);
  });

  it('task.title and description come from the AI’s first follow-up and may differ from data; a placeholder when it wrote none', async () => {
    const w = await start();
    await newTask(w.sim, { kind: 'conversation', title: 'Refund please', followUpTitle: 'Caller wants a refund' });
    await newTask(w.sim, { kind: 'conversation', title: 'Quote for a crown', followUpTitle: null });
    const [differs, none] = events(w);
    expect([differs?.data?.title, differs?.task.title]).toEqual(['Refund please', 'Caller wants a refund']);
    expect([none?.data?.title, none?.task.title]).toEqual(['Quote for a crown', LEGACY_PLACEHOLDER_TITLE]);
    expect(differs?.task).toMatchObject({ source_type: 'conversation', source_id: differs?.data?.conversation?.id, url: differs?.data?.url, description: expect.any(String) });
  });

  it('location is the phone line, null fields without one; caller is the customer', async () => {
    const w = await start();
    await newTask(w.sim, { kind: 'conversation', channel: 'phone' });
    await newTask(w.sim, { kind: 'conversation', channel: 'email' });
    const [phone, email] = events(w);
    const line = phone?.data?.conversation?.phone_line;
    expect(phone?.location).toEqual({ phone_number_id: line?.id, name: line?.name, phone_number: line?.phone_number });
    expect(phone?.caller).toEqual({ name: phone?.data?.customer.name, phone: phone?.data?.customer.phone });
    expect(email?.location).toEqual({ phone_number_id: null, name: null, phone_number: null });
  });

  it('a form submission has source_type form_submission, a null channel and a null location', async () => {
    const w = await start();
    const { formSubmissionId } = await newTask(w.sim, { kind: 'form' });
    const [event] = events(w);
    expect(event?.task).toMatchObject({ source_type: 'form_submission', source_id: formSubmissionId, channel: null });
    expect(event?.location).toEqual({ phone_number_id: null, name: null, phone_number: null });
    expect(event?.data).toMatchObject({ id: `form-submission-${formSubmissionId}`, conversation: null, form: expect.any(Object) });
  });
});

describe('Delivery rules', () => {
  it('rule 1: the receiver has 8 seconds (real time) to answer; no answer by then is a failed attempt', async () => {
    const w = await start(['stall']);
    const pending = call(w.sim, 'POST', '/_sim/tasks', { body: { kind: 'conversation' } });
    expect((await pending).status).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, 7_500));
    expect((await deliveryLog(w.sim)).deliveries).toHaveLength(0);
    await w.sim.services.webhook.idle();
    expect((await deliveryLog(w.sim)).deliveries).toMatchObject([{ attempt: 1, status: null, error: 'No answer within 8000 ms.', outcome: 'retry_scheduled' }]);
  }, 20_000);

  it('rule 2: a 5xx is a failed attempt, retried with the same id after a wait; a 2xx then delivers', async () => {
    const w = await start([500]);
    await newTask(w.sim);
    await expectNextAttemptAfter(w, 10_000);
    expect(new Set(events(w).map((e) => e.id)).size).toBe(1);
    expect(await outcomes(w)).toEqual([
      [1, 500, 'retry_scheduled'],
      [2, 200, 'delivered'],
    ]);
    await advance(w.sim, 60 * 60_000);
    expect(w.receiver.requests).toHaveLength(2);
  });

  it('rule 2: 408 and 429 are retried, and Retry-After is ignored', async () => {
    const w = await start([408, { status: 429, headers: { 'Retry-After': '1' } }]);
    await newTask(w.sim);
    // Retry-After: 1 would mean a retry after 1 s; the waits stay 10 s, then 30 s.
    await expectNextAttemptAfter(w, 10_000);
    await expectNextAttemptAfter(w, 30_000);
    expect((await outcomes(w)).map(([, status]) => status)).toEqual([408, 429, 200]);
  });

  it('rule 2: a timeout is a failed attempt and is retried', async () => {
    const w = await start(['stall'], { webhookTimeoutMs: 200 });
    await newTask(w.sim);
    await advance(w.sim, 10_000);
    expect((await deliveryLog(w.sim)).deliveries).toMatchObject([
      { attempt: 1, status: null, error: 'No answer within 200 ms.', outcome: 'retry_scheduled' },
      { attempt: 2, status: 200, outcome: 'delivered' },
    ]);
  });

  it('rule 2: a connection error (reset, then refused) is a failed attempt and is retried', async () => {
    const w = await start(['reset']);
    await newTask(w.sim);
    await w.receiver.close();
    await advance(w.sim, 10_000);
    expect((await deliveryLog(w.sim)).deliveries).toMatchObject([
      { attempt: 1, status: null, error: expect.stringContaining('Connection error'), outcome: 'retry_scheduled' },
      { attempt: 2, status: null, error: expect.stringContaining('ECONNREFUSED'), outcome: 'retry_scheduled' },
    ]);
  });

  it('rule 2: up to 4 more attempts with growing waits (10 s, 30 s, 90 s, 270 s), then the event is dropped', async () => {
    const w = await start([503, 503, 503, 503, 503]);
    await newTask(w.sim);
    for (const wait of [10_000, 30_000, 90_000, 270_000]) await expectNextAttemptAfter(w, wait);
    expect((await outcomes(w)).map(([, , outcome]) => outcome)).toEqual(['retry_scheduled', 'retry_scheduled', 'retry_scheduled', 'retry_scheduled', 'dropped']);
    await advance(w.sim, 60 * 60_000);
    expect(w.receiver.requests).toHaveLength(5);
    expect(new Set(events(w).map((e) => e.id)).size).toBe(1);
  });

  it('rule 3: a 3xx ends delivery and the redirect is not followed', async () => {
    const w = await start([{ status: 301, headers: { Location: '/elsewhere' } }]);
    await newTask(w.sim);
    await advance(w.sim, 60 * 60_000);
    expect(w.receiver.requests.map((q) => q.path)).toEqual(['/hook']);
    expect(await outcomes(w)).toEqual([[1, 301, 'ended']]);
  });

  it('rule 3: a 4xx ends delivery without retry', async () => {
    const w = await start([404]);
    await newTask(w.sim);
    await advance(w.sim, 60 * 60_000);
    expect(w.receiver.requests).toHaveLength(1);
    expect(await outcomes(w)).toEqual([[1, 404, 'ended']]);
  });
});
