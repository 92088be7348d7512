/**
 * What holds on every route of a running simulator: 405 with `Allow` for an
 * unsupported method, 401 without credentials, no state change on a refused
 * request, and no crash (or 500) whatever arrives on the socket: random
 * bytes, huge headers, deep or malformed JSON, other content types,
 * property names such as `__proto__`, bodies cut off mid-way.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorBodySchema } from '../../common/api/customer';
import { MessageBodySchema } from '../../common/api/errors';
import { SEED, type Simulator } from '../../main/sim';
import { call, client } from './sim-client';
import { startFrozen } from './webhook-harness';

let sim: Simulator;
beforeAll(async () => {
  sim = await startFrozen();
});
afterAll(async () => {
  await sim.close();
});

/** Sample values for the path parameters of every registered pattern. */
const SAMPLE: Record<string, string> = { conversationId: '1', taskId: 'conversation-1', id: '1', externalId: 'crm-1001', team: '1', user: '1' };
const fill = (pattern: string) => pattern.replace(/:(\w+)/g, (_, name: string) => SAMPLE[name] ?? '1');
const routes = () => [...sim.services.api.list(), ...sim.services.control.list()];
const port = () => Number(new URL(sim.origin).port);

/** Sends raw bytes; resolves with what came back before the socket closed (or after `ms`). */
function raw(data: Buffer | string, ms = 3000): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port(), '127.0.0.1', () => socket.end(data));
    let text = '';
    const timer = setTimeout(() => socket.destroy(), ms);
    socket.on('data', (d: Buffer) => (text += d.toString('latin1')));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(text);
    });
  });
}

/** A small deterministic generator, so a failing fuzz case can be replayed. */
function bytes(seed: number, length: number): Buffer {
  let x = seed >>> 0 || 1;
  const out = Buffer.alloc(length);
  for (let i = 0; i < length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = x & 0xff;
  }
  return out;
}

const stillServing = async () => expect((await client(sim).get('/team')).status).toBe(200);

describe('Errors: 405 method_not_allowed with an Allow header on every route', () => {
  it('every registered route answers an unsupported method with 405 and Allow listing its methods', async () => {
    expect(routes().length).toBeGreaterThan(30);
    for (const { pattern, methods } of routes()) {
      const method = ['PATCH', 'PUT', 'POST', 'DELETE', 'GET'].find((m) => !methods.includes(m)) ?? 'OPTIONS';
      const res = await call(sim, method, fill(pattern), { key: pattern.startsWith('/api/v1/organizations') || pattern.startsWith('/api/v1/users') ? sim.partnerKey : sim.keys.owner });
      expect(res.status, `${method} ${pattern}`).toBe(405);
      const allow = (res.headers.get('allow') ?? '').split(', ').filter((m) => m !== 'HEAD');
      expect(new Set(allow), pattern).toEqual(new Set(methods));
      if ('code' in res.body) expect(ApiErrorBodySchema.parse(res.body).code).toBe('method_not_allowed');
      else MessageBodySchema.parse(res.body);
    }
  });
});

describe('Authentication on every service route', () => {
  it('without credentials, or with a wrong key, every /api route answers 401 with an error', async () => {
    for (const { pattern, methods } of sim.services.api.list()) {
      for (const key of [null, 'sk_wrong']) {
        const res = await call(sim, methods[0] ?? 'GET', fill(pattern), { key, headers: key ? { Authorization: `Bearer ${key}` } : {}, body: methods[0] === 'GET' ? undefined : {} });
        expect(res.status, `${pattern} ${key}`).toBe(401);
        expect(typeof res.body.error).toBe('string');
      }
    }
  });
});

describe('Bad input: nothing changes state on a refused request', () => {
  it('a battery of refused requests (400, 401, 403, 404, 405, 409, 413, 422) leaves every record as it was', async () => {
    const first = await client(sim).post('/conversations/2/messages', { body: 'Friday works.', channel: 'email', idempotency_key: 'once' });
    expect(first.status).toBe(201);
    const snapshot = async () =>
      JSON.stringify({
        tasks: [...sim.world.tasks.values()],
        notes: [...sim.world.notes.values()],
        conversations: [...sim.world.conversations.values()],
        contacts: [...sim.world.contacts.values()],
        idempotency: [...sim.world.idempotency.entries()],
        activity: sim.world.activity,
        organizations: (await call(sim, 'GET', '/api/v1/organizations', { key: sim.partnerKey })).body,
        preferences: (await call(sim, 'GET', `/api/teams/${sim.teamId}/notification-preferences`, { key: sim.keys.owner })).body,
        webhook: (await call(sim, 'GET', '/_sim/webhook')).body,
      });
    const before = await snapshot();
    const owner = client(sim);
    const refused = [
      await owner.post('/conversations/1/messages', { body: 'hi', colour: 'red' }),
      await owner.post('/conversations/2/messages', { body: 'different', channel: 'email', idempotency_key: 'once' }),
      await owner.post('/conversations/2/messages', { body: 'hi', channel: 'text' }),
      await client(sim, sim.keys.user).post(`/conversations/${SEED.conversations.userMayNotMessage}/messages`, { body: 'hi' }),
      await owner.post('/conversations/999/messages', { body: 'hi' }),
      await owner.post('/tasks/form-submission-1/notes', { content: 'x' }),
      await owner.post('/tasks/conversation-1/notes', { content: 'x'.repeat(300_000) }),
      await owner.patch('/tasks/conversation-1', { status: 'done' }),
      await owner.patch('/tasks/conversation-1', { status: 'waiting', expected_status: 'done' }),
      await owner.patch('/tasks/conversation-1', { status: 'waiting', assigned_to: 'sam' }),
      await owner.send('DELETE', '/tasks/conversation-1'),
      await client(sim, null).patch('/tasks/conversation-1', { status: 'waiting' }),
      await call(sim, 'PATCH', '/api/v1/organizations/2', { key: sim.partnerKey, body: { name: 'Mine now' } }),
      await call(sim, 'PATCH', '/api/v1/organizations/1', { key: sim.partnerKey, body: { name: '', colour: 1 } }),
      await call(sim, 'PUT', `/api/teams/1/notification-preferences/users/${SEED.members.noEmail}`, { key: sim.keys.owner, body: { event_channel: { task_created: ['email'] } } }),
      await call(sim, 'PUT', `/api/teams/1/notification-preferences/users/${SEED.members.owner}`, { key: sim.keys.user, body: { event_channel: {} } }),
      await call(sim, 'PATCH', '/api/teams/1/notification-preferences/users/1/phone', { key: sim.keys.owner, body: { phone_number_id: 99, event_channel: {} } }),
      await call(sim, 'PUT', '/_sim/webhook', { body: { url: 'https://localhost/x' } }),
    ];
    expect(refused.map((r) => r.status)).toEqual([400, 409, 422, 403, 404, 400, 413, 422, 409, 400, 405, 401, 403, 422, 422, 403, 400, 400]);
    expect(await snapshot()).toBe(before);
  });
});

describe('Bad input never crashes the simulator', () => {
  // Every route that takes a body (`POST /_sim/rate-limits/reset` reads none).
  const bodyRoutes = () =>
    routes()
      .filter(({ pattern }) => pattern !== '/_sim/rate-limits/reset')
      .flatMap(({ pattern, methods }) => methods.filter((m) => m !== 'GET' && m !== 'DELETE').map((method) => ({ method, path: fill(pattern) })));
  const keyFor = (path: string) => (path.startsWith('/api/v1/organizations') ? sim.partnerKey : sim.keys.owner);

  it('malformed, deeply nested, huge and prototype-named JSON gets a 4xx on every body route', async () => {
    const bodies = [
      '{"body": "hi"',
      '['.repeat(100_000),
      `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`,
      '{"__proto__": {"polluted": true}, "constructor": {"prototype": {}}, "toString": 1}',
      '{"body": 1e400, "content": [], "status": {}, "kind": null}',
      '"just a string"',
      '\u0000\u0001',
    ];
    for (const { method, path } of bodyRoutes()) {
      for (const body of bodies) {
        await call(sim, 'POST', '/_sim/rate-limits/reset');
        const res = await call(sim, method, path, { key: keyFor(path), body });
        expect(res.status, `${method} ${path} ${body.slice(0, 30)}`).toBeGreaterThanOrEqual(400);
        expect(res.status, `${method} ${path} ${body.slice(0, 30)}`).toBeLessThan(500);
      }
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    await stillServing();
  });

  it('a body sent with another content type is 400 invalid_request naming Content-Type', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      const res = await client(sim).post('/tasks/conversation-1/notes', '{"content":"x"}', { 'Content-Type': type });
      expect(res.status, type).toBe(400);
      expect(ApiErrorBodySchema.parse(res.body).issues).toEqual([{ path: ['Content-Type'], message: expect.any(String) }]);
    }
    expect(sim.world.notesOf('conversation-1').filter((n) => n.content === 'x')).toHaveLength(0);
    expect((await client(sim).post('/tasks/conversation-1/notes', '{"content":"ok"}', { 'Content-Type': 'application/json; charset=utf-8' })).status).toBe(201);
  });

  it('random bytes on the socket get a 400 or a closed connection, and the server keeps serving', async () => {
    for (let seed = 1; seed <= 60; seed++) {
      const answer = await raw(bytes(seed, 1 + ((seed * 97) % 3000)));
      if (answer !== '') expect(answer).toMatch(/^HTTP\/1\.1 4\d\d /);
    }
    await stillServing();
  });

  it('random bytes as the body of every body route get a 4xx', async () => {
    let seed = 1000;
    for (const { method, path } of bodyRoutes()) {
      const body = bytes(seed++, 200);
      const head = `${method} ${path} HTTP/1.1\r\nHost: x\r\nX-API-KEY: ${keyFor(path)}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`;
      expect(await raw(Buffer.concat([Buffer.from(head), body])), `${method} ${path}`).toMatch(/^HTTP\/1\.1 4\d\d /);
    }
    await stillServing();
  });

  it('huge headers, a huge path and bad framing get a 4xx, and the server keeps serving', async () => {
    const requests = [
      `GET /api/v1/team HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(70_000)}\r\n\r\n`,
      `GET /api/v1/team HTTP/1.1\r\nHost: x\r\n${Array.from({ length: 3000 }, (_, i) => `X-H${i}: v`).join('\r\n')}\r\n\r\n`,
      `GET /api/v1/${'a'.repeat(100_000)} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
      `POST /api/v1/tasks/conversation-1/notes HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\nzz\r\nxx\r\n0\r\n\r\n`,
      `GET /api/v1/team HTTP/1.1\r\nHost: x\r\nContent-Length: -5\r\n\r\n`,
    ];
    for (const request of requests) expect(await raw(request), request.slice(0, 40)).toMatch(/^HTTP\/1\.1 4\d\d /);
    await stillServing();
  });

  it('a client that hangs up mid-body changes nothing and does not disturb the server', async () => {
    const body = '{"content":"never finished"';
    await raw(`POST /api/v1/tasks/conversation-1/notes HTTP/1.1\r\nHost: x\r\nX-API-KEY: ${sim.keys.owner}\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n${body}`, 300);
    expect(sim.world.notesOf('conversation-1').map((n) => n.content)).not.toContain('never finished');
    await stillServing();
  });
});
