import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceClient } from '../../../main/core/client';
import { SEED, type Simulator } from '../../../main/sim';
import { makeClient } from './fixtures';
import { startScriptedServer, type ScriptedServer } from './scripted-server';
import { startSim } from './sim';

describe('Customer API against the simulator', () => {
  let sim: Simulator;
  let client: ServiceClient;
  beforeAll(async () => {
    sim = await startSim();
    client = makeClient(sim.baseUrl, { apiKey: async () => sim.keys.owner });
  });
  afterAll(async () => {
    await client.close();
    await sim.close();
  });

  it('reads the team, phone lines and members', async () => {
    expect(await client.customer.getTeam()).toMatchObject({ ok: true, value: { id: sim.teamId, timezone: expect.any(String) } });
    const lines = await client.customer.listPhoneLines();
    expect(lines.ok && lines.value.map((l) => l.id)).toEqual([SEED.lines.main, SEED.lines.downtown, SEED.lines.afterHours]);
    const members = await client.customer.listMembers({ priority: 'background' });
    expect(members.ok && members.value.length).toBeGreaterThan(0);
  });

  it('lists today and yesterday, and reads one task', async () => {
    const today = await client.customer.listTasks('today', { priority: 'background' });
    const yesterday = await client.customer.listTasks('yesterday', { priority: 'background' });
    expect(today.ok && yesterday.ok).toBe(true);
    if (!today.ok || !yesterday.ok) return;
    expect(yesterday.value.map((t) => t.id)).toContain(`conversation-${SEED.conversations.phoneOnly}`);
    const first = today.value[0];
    expect(first).toBeDefined();
    expect(await client.customer.getTask(first?.id ?? '')).toMatchObject({ ok: true, value: { id: first?.id } });
  });

  it('changes a task with guards, and a stale guard is a conflict', async () => {
    const id = `conversation-${SEED.conversations.phoneAndText}`;
    const before = await client.customer.getTask(id);
    if (!before.ok) throw new Error('task not readable');
    const changed = await client.customer.updateTask(id, { status: 'in_progress', expectedStatus: before.value.status });
    expect(changed).toMatchObject({ ok: true, value: { status: 'in_progress' } });
    expect(await client.customer.updateTask(id, { status: 'waiting', expectedStatus: before.value.status })).toMatchObject({
      ok: false,
      error: { code: 'conflict', status: 409 },
    });
  });

  it('adds a note, and a merged conversation names the task to use instead', async () => {
    expect(await client.customer.addNote(`conversation-${SEED.conversations.phoneAndText}`, '  Left a voicemail.  ')).toMatchObject({
      ok: true,
      value: { content: expect.stringContaining('Left a voicemail.') },
    });
    expect(await client.customer.addNote(`conversation-${SEED.conversations.merged}`, 'x')).toMatchObject({
      ok: false,
      error: { code: 'not_found', status: 404, message: expect.stringContaining(`conversation-${SEED.conversations.phoneAndText}`) },
    });
  });

  it('reads a conversation and replies; the same key returns the first message', async () => {
    const conversation = await client.customer.getConversation(SEED.conversations.phoneAndText);
    expect(conversation).toMatchObject({ ok: true, value: { id: SEED.conversations.phoneAndText } });
    const first = await client.customer.sendReply(SEED.conversations.phoneAndText, { body: 'See you Tuesday.' }, 'it-reply-1');
    const again = await client.customer.sendReply(SEED.conversations.phoneAndText, { body: 'See you Tuesday.' }, 'it-reply-1');
    expect(first.ok && again.ok && first.value.id === again.value.id).toBe(true);
    expect(await client.customer.sendReply(SEED.conversations.optedOut, { channel: 'text', body: 'Hi' }, 'it-reply-2')).toMatchObject({
      ok: false,
      error: { code: 'unprocessable', status: 422 },
    });
  });

  it('searches contacts page by page', async () => {
    const page1 = await client.customer.searchContacts({ pageSize: 2 });
    expect(page1).toMatchObject({ ok: true, value: { page: 1, contacts: expect.any(Array) } });
    if (!page1.ok || page1.value.next_page === null) return;
    expect(await client.customer.searchContacts({ pageSize: 2, page: page1.value.next_page })).toMatchObject({ ok: true, value: { page: 2 } });
  });
});

describe("enforces the spec's input rules before any request", () => {
  let server: ScriptedServer;
  let client: ServiceClient;
  beforeAll(async () => {
    server = await startScriptedServer((_req, res) => res.writeHead(500).end());
    client = makeClient(server.baseUrl);
  });
  afterAll(async () => {
    await client.close();
    await server.close();
  });
  afterEach(() => expect(server.requests).toHaveLength(0));

  const refused = { ok: false, error: { code: 'invalid_request', issues: expect.any(Array) } };
  const long = 'x'.repeat(5001);

  it('form tasks take no notes', async () => {
    expect(await client.customer.addNote('form-submission-1', 'Called back')).toMatchObject(refused);
  });

  it('note and reply text is 1 to 5000 characters after trimming', async () => {
    expect(await client.customer.addNote('conversation-1', '   \n ')).toMatchObject(refused);
    expect(await client.customer.addNote('conversation-1', long)).toMatchObject(refused);
    expect(await client.customer.sendReply(1, { body: '  ' }, 'k')).toMatchObject(refused);
    expect(await client.customer.sendReply(1, { body: long }, 'k')).toMatchObject(refused);
  });

  it('the idempotency key matches ^[A-Za-z0-9._:-]{1,120}$', async () => {
    expect(await client.customer.sendReply(1, { body: 'Hi' }, 'has space')).toMatchObject(refused);
    expect(await client.customer.sendReply(1, { body: 'Hi' }, 'k'.repeat(121))).toMatchObject(refused);
    expect(await client.customer.sendReply(1, { body: 'Hi' }, '')).toMatchObject(refused);
  });

  it('contacts page size is 1 to 50 and search text at most 100 characters', async () => {
    expect(await client.customer.searchContacts({ pageSize: 51 })).toMatchObject(refused);
    expect(await client.customer.searchContacts({ pageSize: 0 })).toMatchObject(refused);
    expect(await client.customer.searchContacts({ search: 's'.repeat(101) })).toMatchObject(refused);
  });

  it('live updates page size is 1 to 100', async () => {
    expect(await client.liveUpdates.list({ pageSize: 101 })).toMatchObject(refused);
  });

  it('a task update names a change, and ids have the spec shape', async () => {
    expect(await client.customer.updateTask('conversation-1', { expectedStatus: 'open' })).toMatchObject(refused);
    expect(await client.customer.getTask('task-1')).toMatchObject(refused);
    expect(await client.customer.getConversation(0)).toMatchObject(refused);
  });

  it('SMS notifications need an E.164 phone when the member phone is known', async () => {
    expect(await client.notifications.saveMemberPreferences(1, 4, { task_created: ['sms'] }, { member: { phone: '617-555-0100' } })).toMatchObject(refused);
    expect(await client.notifications.saveMemberPreferences(1, 4, { task_created: ['sms'] }, { member: { phone: null } })).toMatchObject(refused);
    expect(await client.notifications.saveMemberPreferences(1, 4, { task_created: ['email'] }, { member: { email: null } })).toMatchObject(refused);
  });
});
