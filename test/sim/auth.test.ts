import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorBodySchema, TaskNoteSchema } from '../../common/api/customer';
import { SEED, type Simulator } from '../../main/sim';
import { call, client, control, start } from './sim-client';

let sim: Simulator;
beforeAll(async () => {
  sim = await start();
});
afterAll(async () => {
  await sim.close();
});

const expect401 = async (key: string | null) => {
  const res = await client(sim, key).get('/team');
  expect(res.status).toBe(401);
  expect(ApiErrorBodySchema.parse(res.body).code).toBe('unauthorized');
  return res;
};

describe('Authentication: X-API-KEY', () => {
  it('every seeded role key works', async () => {
    for (const key of Object.values(sim.keys)) expect((await client(sim, key).get('/team')).status).toBe(200);
  });

  it('rule 2: a missing key is 401 unauthorized saying a key is required', async () => {
    expect((await expect401(null)).body.error).toMatch(/API key is required/);
  });

  it('rule 2: a wrong key is 401', async () => {
    await expect401('sk_sim_not_a_real_key');
  });

  it('rule 2: a revoked key is 401', async () => {
    await expect401(sim.services.extraKeys.revoked);
  });

  it('rule 2: a key whose owner was deactivated is 401', async () => {
    await expect401(sim.services.extraKeys.deactivatedOwner);
  });

  it('a key revoked or an owner deactivated through the control API stops working at once', async () => {
    const key = (await control(sim).post('/keys', { member_id: SEED.members.noEmail })).body.key as string;
    expect((await client(sim, key).get('/team')).status).toBe(200);
    await control(sim).post('/keys/revoke', { key });
    await expect401(key);
    const other = (await control(sim).post('/keys', { member_id: SEED.members.noEmail })).body.key as string;
    await control(sim).send('PATCH', `/members/${SEED.members.noEmail}`, { active: false });
    await expect401(other);
    await control(sim).send('PATCH', `/members/${SEED.members.noEmail}`, { active: true });
    expect((await client(sim, other).get('/team')).status).toBe(200);
  });

  it('rule 1: actions are attributed to the key creator', async () => {
    const res = await client(sim, sim.keys.user).post('/tasks/conversation-1/notes', { content: 'From Sam' });
    expect(TaskNoteSchema.parse(res.body).author.id).toBe(SEED.members.user);
  });

  it('rule 1: a record the creator cannot see is reported as not found', async () => {
    for (const path of ['/conversations/7', '/conversations/7/transcript', '/tasks/conversation-7']) {
      const res = await client(sim, sim.keys.user).get(path);
      expect(res.status, path).toBe(404);
      expect(res.body.code).toBe('not_found');
    }
    expect((await client(sim, sim.keys.owner).get('/conversations/7')).status).toBe(200);
  });

  it('authentication comes before input checks: a bad request without a key is 401', async () => {
    expect((await call(sim, 'POST', '/api/v1/conversations/abc/messages', { body: '{' })).status).toBe(401);
  });
});

describe('Errors: the Customer API error object', () => {
  it('an unknown path is 404 not_found JSON', async () => {
    const res = await client(sim).get('/nothing-here');
    expect(res.status).toBe(404);
    expect(ApiErrorBodySchema.parse(res.body).code).toBe('not_found');
  });

  it('405 method_not_allowed with an Allow header on every Customer API route', async () => {
    const routes: [string, string, string][] = [
      ['DELETE', '/team', 'GET'],
      ['POST', '/phone-lines', 'GET'],
      ['PUT', '/members', 'GET'],
      ['POST', '/conversations', 'GET'],
      ['DELETE', '/conversations/1', 'GET'],
      ['POST', '/conversations/1/transcript', 'GET'],
      ['POST', '/conversations/1/recording', 'GET'],
      ['GET', '/conversations/1/messages', 'POST'],
      ['POST', '/reports', 'GET'],
      ['POST', '/tasks', 'GET'],
      ['DELETE', '/tasks/conversation-1', 'GET, PATCH'],
      ['PUT', '/tasks/conversation-1/notes', 'POST'],
      ['DELETE', '/contacts', 'GET'],
    ];
    for (const [method, path, allow] of routes) {
      const res = await client(sim).send(method, path);
      expect(res.status, `${method} ${path}`).toBe(405);
      expect(res.headers.get('allow')).toBe(allow);
      expect(ApiErrorBodySchema.parse(res.body).code).toBe('method_not_allowed');
    }
  });

  it('a 405 changes nothing', async () => {
    const before = JSON.stringify((await client(sim).get('/tasks/conversation-2')).body);
    await client(sim).send('PUT', '/tasks/conversation-2', { status: 'done' });
    expect(JSON.stringify((await client(sim).get('/tasks/conversation-2')).body)).toBe(before);
  });

  it('issues are present only on invalid_request', async () => {
    const bad = await client(sim).get('/tasks?range=later');
    const missing = await client(sim).get('/tasks/conversation-404');
    expect(ApiErrorBodySchema.parse(bad.body).issues?.length).toBe(1);
    expect(ApiErrorBodySchema.parse(missing.body).issues).toBeUndefined();
  });

  it('a repeated query parameter is 400', async () => {
    expect((await client(sim).get('/tasks?range=today&range=yesterday')).status).toBe(400);
  });

  it('a body that is not a JSON object is 400', async () => {
    for (const body of ['[]', '"hi"', 'null', '']) {
      const res = await client(sim).post('/tasks/conversation-1/notes', body);
      expect(res.status, body).toBe(400);
      expect(ApiErrorBodySchema.parse(res.body).code).toBe('invalid_request');
    }
  });

  it('a malformed percent-escape in the path is 400, not a crash', async () => {
    const res = await client(sim).get('/tasks/conversation-%E0%A4%A');
    expect(res.status).toBe(400);
    expect((await client(sim).get('/team')).status).toBe(200);
  });
});
