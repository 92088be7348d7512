import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiErrorBodySchema } from '../../common/api/customer';
import { LIMITS, SEED, type Simulator } from '../../main/sim';
import { client, control, start } from './sim-client';

let sim: Simulator;
beforeEach(async () => {
  sim = await start();
});
afterEach(async () => {
  await sim.close();
});

/** Sends `n` requests one after another and returns their statuses. */
async function burst(n: number, send: (i: number) => Promise<{ status: number }>): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < n; i++) statuses.push((await send(i)).status);
  return statuses;
}

const expect429 = (res: { status: number; headers: Headers; body: unknown }, message: RegExp) => {
  expect(res.status).toBe(429);
  const body = ApiErrorBodySchema.parse(res.body);
  expect(body.code).toBe('rate_limited');
  expect(body.error).toMatch(message);
  const retryAfter = res.headers.get('retry-after') ?? '';
  expect(retryAfter).toMatch(/^\d+$/);
  expect(body.error).toBe(body.error.replace(/\d+ seconds/, `${retryAfter} seconds`));
  return Number(retryAfter);
};

describe('Limits: 120 Customer API requests per minute per user', () => {
  it('the 121st request within a minute is 429 with an integer Retry-After and the general message', async () => {
    const statuses = await burst(LIMITS.generalPerUser, () => client(sim).get('/team'));
    expect(statuses.every((s) => s === 200)).toBe(true);
    const wait = expect429(await client(sim).get('/team'), /^Too many requests\. Try again in \d+ seconds\.$/);
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(60);
  });

  it('after Retry-After seconds (virtual clock) requests go through again', async () => {
    await burst(LIMITS.generalPerUser, () => client(sim).get('/team'));
    const res = await client(sim).get('/team');
    await control(sim).advance(Number(res.headers.get('retry-after')) * 1000);
    expect((await client(sim).get('/team')).status).toBe(200);
  });

  it('the limit is per user: another user is unaffected, another key of the same user is not', async () => {
    await burst(LIMITS.generalPerUser, () => client(sim).get('/team'));
    expect((await client(sim, sim.keys.admin).get('/team')).status).toBe(200);
    const second = (await control(sim).post('/keys', { member_id: SEED.members.owner })).body.key as string;
    expect((await client(sim, second).get('/team')).status).toBe(429);
  });

  it('every Customer API operation shares the window: reads, replies, notes and task updates', async () => {
    const ops = [
      () => client(sim).get('/tasks'),
      () => client(sim).get('/contacts'),
      () => client(sim).post('/tasks/conversation-1/notes', { content: 'n' }),
      () => client(sim).patch('/tasks/conversation-1', { status: 'waiting' }),
    ];
    const statuses = await burst(LIMITS.generalPerUser, (i) => {
      const op = ops[i % ops.length];
      if (!op) throw new Error('unreachable');
      return op();
    });
    expect(statuses).not.toContain(429);
    expect429(await client(sim).post('/conversations/1/messages', { body: 'hi' }), /^Too many requests\. Try again in \d+ seconds\.$/);
    expect429(await client(sim).post('/tasks/conversation-1/notes', { content: 'n' }), /^Too many requests/);
  });

  it('refused requests do not count towards the window', async () => {
    await burst(LIMITS.generalPerUser, () => client(sim).get('/team'));
    await control(sim).advance(30_000);
    expect(await burst(10, () => client(sim).get('/team'))).toEqual(Array(10).fill(429));
    // The accepted requests leave the window; had the refused ones counted, they would still fill it.
    await control(sim).advance(30_000);
    expect(await burst(LIMITS.generalPerUser, () => client(sim).get('/team'))).not.toContain(429);
  });
});

describe('Limits: replies 20 per minute per user and 5 per minute per conversation', () => {
  const reply = (conversation: number, key = sim.keys.owner) => client(sim, key).post(`/conversations/${conversation}/messages`, { body: 'On it', channel: 'email' });

  it('the 6th reply on one conversation within a minute is 429 with the reply message', async () => {
    expect(await burst(5, () => reply(SEED.conversations.optedOut))).toEqual([201, 201, 201, 201, 201]);
    expect429(await reply(SEED.conversations.optedOut), /^Too many replies\. Try again in \d+ seconds\.$/);
    expect((await reply(SEED.conversations.undeliverableEmail)).status).toBe(201);
  });

  it('the per-conversation limit counts every user', async () => {
    await burst(3, () => reply(SEED.conversations.optedOut));
    await burst(2, () => reply(SEED.conversations.optedOut, sim.keys.admin));
    expect((await reply(SEED.conversations.optedOut, sim.keys.manager)).status).toBe(429);
  });

  it('the 21st reply by one user within a minute is 429, across conversations', async () => {
    // Replies refused for other reasons still count, as a throttle in front of the handler would.
    const statuses = await burst(LIMITS.repliesPerUser, (i) => reply(100 + i));
    expect(statuses.every((s) => s === 404)).toBe(true);
    expect429(await reply(200), /^Too many replies/);
    expect((await reply(SEED.conversations.optedOut, sim.keys.admin)).status).toBe(201);
  });

  it('a refused reply changes nothing and the window reopens after Retry-After', async () => {
    await burst(5, () => reply(SEED.conversations.optedOut));
    const before = sim.world.conversations.get(SEED.conversations.optedOut)?.messages.length;
    const res = await reply(SEED.conversations.optedOut);
    expect(sim.world.conversations.get(SEED.conversations.optedOut)?.messages.length).toBe(before);
    await control(sim).advance(Number(res.headers.get('retry-after')) * 1000);
    expect((await reply(SEED.conversations.optedOut)).status).toBe(201);
  });
});
