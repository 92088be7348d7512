import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiErrorBodySchema, TaskSchema } from '../../common/api/customer';
import { TaskCreatedEventSchema } from '../../common/api/webhook';
import { isLoopback, SEED, type Simulator } from '../../main/sim';
import { call, client, control, start } from './sim-client';
import { startReceiver } from './webhook-receiver';

let sim: Simulator;
beforeEach(async () => {
  sim = await start();
});
afterEach(async () => {
  await sim.close();
});

describe('Control API: POST /_sim/tasks', () => {
  it('creates a conversation and its task: 201 {taskId, conversationId}', async () => {
    const res = await control(sim).post('/tasks', { kind: 'conversation', channel: 'email', title: 'Refund please' });
    expect(res.status).toBe(201);
    expect(res.body.taskId).toBe(`conversation-${res.body.conversationId}`);
    const task = TaskSchema.parse((await client(sim).get(`/tasks/${res.body.taskId}`)).body);
    expect([task.title, task.conversation?.channel]).toEqual(['Refund please', 'email']);
  });

  it('creates a form submission and its task', async () => {
    const res = await control(sim).post('/tasks', { kind: 'form' });
    expect(res.body).toMatchObject({ taskId: expect.stringMatching(/^form-submission-\d+$/), conversationId: null });
    expect(TaskSchema.parse((await client(sim).get(`/tasks/${res.body.taskId}`)).body).form).not.toBeNull();
  });

  it('repeatOf: a repeat call by the same customer, linked at once to the existing task (no new task)', async () => {
    const before = (await client(sim).get('/tasks')).body.tasks.length;
    const res = await control(sim).post('/tasks', { kind: 'conversation', repeatOf: SEED.conversations.phoneAndText });
    expect(res.body).toMatchObject({ taskId: `conversation-${SEED.conversations.phoneAndText}`, conversationId: expect.any(Number) });
    const repeat = (await client(sim).get(`/conversations/${res.body.conversationId}`)).body;
    expect([repeat.merged_into_task_id, repeat.customer.name]).toEqual([res.body.taskId, 'Jordan Blake']);
    expect((await client(sim).get(`/tasks/conversation-${res.body.conversationId}`)).body.error).toContain(res.body.taskId);
    expect((await client(sim).get('/tasks')).body.tasks).toHaveLength(before);
    expect((await control(sim).post('/tasks', { kind: 'form', repeatOf: 1 })).status).toBe(400);
    expect((await control(sim).post('/tasks', { kind: 'conversation', repeatOf: 999 })).status).toBe(404);
  });

  it('creates a conversation on every channel', async () => {
    for (const channel of ['phone', 'text', 'web_chat', 'email']) {
      expect((await control(sim).post('/tasks', { kind: 'conversation', channel })).status, channel).toBe(201);
    }
  });

  it('an unknown property or kind is 400 invalid_request', async () => {
    expect((await control(sim).post('/tasks', { kind: 'fax' })).status).toBe(400);
    expect((await control(sim).post('/tasks', { kind: 'form', colour: 'red' })).body.issues[0].path).toEqual(['colour']);
    expect((await control(sim).post('/tasks', { kind: 'form', category: 'Not A Key' })).body.issues[0].path).toEqual(['category']);
    expect((await control(sim).post('/tasks', { kind: 'form', followUpTitle: 5 })).body.issues[0].path).toEqual(['followUpTitle']);
    expect(sim.world.tasks.size).toBe(9);
  });

  it('triggers webhook delivery of task.created with the secret header', async () => {
    const receiver = await startReceiver();
    try {
      const saved = await call(sim, 'PUT', '/_sim/webhook', { body: { url: receiver.url, allowLoopback: true } });
      const { conversationId } = (await control(sim).post('/tasks', { kind: 'conversation' })).body;
      await receiver.waitFor(1);
      const request = receiver.requests[0];
      expect(request?.headers['x-service-secret']).toBe(saved.body.secret);
      const event = TaskCreatedEventSchema.parse(request?.body);
      expect(event.id).toBe(`conversation:${conversationId}:task.created`);
      expect(event.data?.id).toBe(`conversation-${conversationId}`);
      const deliveries = (await call(sim, 'GET', '/_sim/deliveries')).body.deliveries;
      expect(deliveries[0]).toMatchObject({ eventId: event.id, attempt: 1, status: 200 });
    } finally {
      await receiver.close();
    }
  });
});

describe('Control API: clock, inbound messages, merges, settings', () => {
  it('POST /_sim/clock moves virtual time forward', async () => {
    const before = Date.parse((await call(sim, 'GET', '/_sim/clock')).body.now);
    const after = Date.parse((await control(sim).advance(3_600_000)).body.now);
    expect(after - before).toBeGreaterThanOrEqual(3_600_000);
  });

  it('POST /_sim/conversations/{id}/inbound adds a customer message to the thread', async () => {
    const res = await control(sim).post('/conversations/1/inbound', { text: 'Is 3pm ok?' });
    expect(res.body).toMatchObject({ classified: 'none', text_opted_out: false });
    expect((await client(sim).get('/conversations/1')).body.messages.at(-1)).toMatchObject({ from: 'customer', text: 'Is 3pm ok?' });
    expect((await control(sim).post('/conversations/999/inbound', { text: 'x' })).status).toBe(404);
  });

  it('a merge emits no task.created and its task answers 404 naming the target', async () => {
    const { conversationId } = (await control(sim).post('/tasks', { kind: 'conversation' })).body;
    expect((await control(sim).post(`/conversations/${conversationId}/merge`, { into: 1 })).body.mergedIntoTaskId).toBe('conversation-1');
    expect((await client(sim).get(`/tasks/conversation-${conversationId}`)).body.error).toContain('conversation-1');
  });

  it('PATCH /_sim/contacts/{id} makes a customer undeliverable', async () => {
    await control(sim).send('PATCH', `/contacts/${SEED.contacts.jordan}`, { undeliverable: { text: 'Number is a landline.' } });
    const res = await client(sim).post('/conversations/1/messages', { body: 'hi' });
    expect(res.body).toMatchObject({ delivery_status: 'failed', error: 'Number is a landline.' });
  });

  it('GET /_sim/info returns the startup facts', async () => {
    expect((await call(sim, 'GET', '/_sim/info')).body).toEqual({ baseUrl: sim.baseUrl, origin: sim.origin, teamId: 1, keys: sim.keys, bearerToken: sim.bearerToken, partnerKey: sim.partnerKey });
  });

  it('unknown control routes are 404 and the control API answers loopback clients only', async () => {
    expect((await call(sim, 'GET', '/_sim/nothing')).status).toBe(404);
    expect([isLoopback('127.0.0.1'), isLoopback('::1'), isLoopback('::ffff:127.0.0.1'), isLoopback('192.168.1.5'), isLoopback(undefined)]).toEqual([true, true, true, false, false]);
  });
});

describe('Control API: POST /_sim/faults', () => {
  it('status: the next count matching requests answer that status with a JSON error, then normal service resumes', async () => {
    await control(sim).fault({ path: '/api/v1/tasks', status: 503, count: 2 });
    const first = await client(sim).get('/tasks');
    expect([first.status, ApiErrorBodySchema.parse(first.body).code]).toEqual([503, 'internal']);
    expect((await client(sim).get('/tasks/conversation-1')).status).toBe(503); // prefix match
    expect((await client(sim).get('/tasks')).status).toBe(200);
  });

  it('html: answers an HTML error page', async () => {
    await control(sim).fault({ path: '/api/v1/team', status: 502, html: true });
    const res = await client(sim).get('/team');
    expect([res.status, res.headers.get('content-type')]).toEqual([502, 'text/html; charset=utf-8']);
    expect(String(res.body)).toContain('<html>');
  });

  it('body: answers a raw body (wrong shape or cut-off JSON)', async () => {
    await control(sim).fault({ path: '/api/v1/tasks', status: 200, body: '{"tasks":[{"id":' });
    const res = await client(sim).get('/tasks');
    expect([res.status, res.body]).toEqual([200, '{"tasks":[{"id":']);
  });

  it('status 429 with retryAfter sends Retry-After', async () => {
    await control(sim).fault({ path: '/api/v1/team', status: 429, retryAfter: 7 });
    const res = await client(sim).get('/team');
    expect([res.status, res.headers.get('retry-after'), res.body.code, res.body.error]).toEqual([429, '7', 'rate_limited', 'Too many requests. Try again in 7 seconds.']);
  });

  it('delayMs: the request stalls until the virtual clock passes the delay', async () => {
    await control(sim).fault({ path: '/api/v1/team', delayMs: 600_000 });
    let settled = false;
    const pending = client(sim).get('/team').then((r) => ((settled = true), r));
    await new Promise((r) => setTimeout(r, 100));
    expect(settled).toBe(false);
    await control(sim).advance(600_000);
    expect((await pending).status).toBe(200);
  });

  it('reset: the connection is dropped without an answer', async () => {
    await control(sim).fault({ path: '/api/v1/team', reset: true });
    await expect(client(sim).get('/team')).rejects.toThrow();
    expect((await client(sim).get('/team')).status).toBe(200);
  });

  it('truncate: the handler runs but the answer is cut off', async () => {
    await control(sim).fault({ path: '/api/v1/tasks/conversation-1/notes', truncate: true });
    await expect(client(sim).post('/tasks/conversation-1/notes', { content: 'lost answer' })).rejects.toThrow();
    expect(sim.world.notesOf('conversation-1').map((n) => n.content)).toEqual(['lost answer']);
  });

  it('method narrows a fault; faults can be listed and cleared', async () => {
    await control(sim).fault({ path: '/api/v1/tasks', method: 'PATCH', status: 500, count: 5 });
    expect((await client(sim).get('/tasks')).status).toBe(200);
    expect((await call(sim, 'GET', '/_sim/faults')).body.faults).toHaveLength(1);
    await call(sim, 'DELETE', '/_sim/faults');
    expect((await client(sim).patch('/tasks/conversation-1', { status: 'waiting' })).status).toBe(200);
  });

  it('a bad fault is 400: unknown property, two kinds, nothing to do', async () => {
    expect((await control(sim).fault({ path: '/x', status: 500, colour: 1 })).status).toBe(400);
    expect((await control(sim).fault({ path: '/x', status: 500, reset: true })).status).toBe(400);
    expect((await control(sim).fault({ path: '/x' })).status).toBe(400);
    expect((await control(sim).fault({ path: 'x', status: 500 })).status).toBe(400);
  });
});
