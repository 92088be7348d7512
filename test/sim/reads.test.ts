import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ConversationSchema, MemberListSchema, PhoneLineListSchema, TeamSchema } from '../../common/api/assumed';
import { SEED, type Simulator } from '../../main/sim';
import { client, start } from './sim-client';

let sim: Simulator;
beforeAll(async () => {
  sim = await start();
});
afterAll(async () => {
  await sim.close();
});

const C = SEED.conversations;

describe('Reads of the team account, phone lines and members', () => {
  it('GET /team returns the team with its IANA timezone and note-before-done setting', async () => {
    const team = TeamSchema.parse((await client(sim).get('/team')).body);
    expect(team).toMatchObject({ id: sim.teamId, timezone: 'America/New_York', requires_note_before_done: true });
    expect(team.dashboard_url).toMatch(/^https:\/\//);
  });

  it('GET /phone-lines lists the lines; a member limited to some lines sees only those', async () => {
    expect(PhoneLineListSchema.parse((await client(sim).get('/phone-lines')).body).phone_lines.map((l) => l.id)).toEqual([1, 2, 3]);
    expect(PhoneLineListSchema.parse((await client(sim, sim.keys.user).get('/phone-lines')).body).phone_lines.map((l) => l.id)).toEqual([1, 2]);
  });

  it('GET /members lists every member with role, email, phone and active', async () => {
    const { members } = MemberListSchema.parse((await client(sim).get('/members')).body);
    expect(members.map((m) => m.role)).toEqual(expect.arrayContaining(['owner', 'admin', 'manager', 'user']));
    expect(members.find((m) => m.id === SEED.members.deactivated)?.active).toBe(false);
  });
});

describe('Reads of conversations, transcripts and recordings', () => {
  it('GET /conversations/{id} returns the record with channels, thread and opt-out state', async () => {
    const c = ConversationSchema.parse((await client(sim).get(`/conversations/${C.optedOut}`)).body);
    expect(c.channels).toEqual(['text', 'email']);
    expect(c.text_opted_out).toBe(true);
    expect(c.messages.map((m) => m.from)).toEqual(['customer', 'ai', 'customer', 'customer']);
  });

  it('can_message says whether the key creator may message the customer', async () => {
    expect((await client(sim, sim.keys.user).get(`/conversations/${C.userMayNotMessage}`)).body.can_message).toBe(false);
    expect((await client(sim).get(`/conversations/${C.userMayNotMessage}`)).body.can_message).toBe(true);
  });

  it('a merged conversation names the task it now belongs to', async () => {
    expect(ConversationSchema.parse((await client(sim).get(`/conversations/${C.merged}`)).body).merged_into_task_id).toBe('conversation-1');
  });

  it('GET /conversations lists visible conversations newest first; range filters by team day', async () => {
    const all = z.object({ conversations: z.array(ConversationSchema) }).parse((await client(sim).get('/conversations')).body).conversations;
    const times = all.map((c) => Date.parse(c.created_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const mine = (await client(sim, sim.keys.user).get('/conversations')).body.conversations.map((c: { id: number }) => c.id);
    expect(mine).not.toContain(C.hiddenFromUser);
    const yesterday = (await client(sim).get('/conversations?range=yesterday')).body.conversations.map((c: { id: number }) => c.id);
    expect(yesterday.sort()).toEqual([C.phoneOnly, C.undeliverableEmail].sort());
  });

  it('GET /conversations/{id}/transcript returns a call transcript; a chat has none (404)', async () => {
    const res = await client(sim).get(`/conversations/${C.phoneAndText}/transcript`);
    expect(res.body).toMatchObject({ conversation_id: C.phoneAndText, lines: expect.arrayContaining([expect.objectContaining({ speaker: 'customer' })]) });
    expect((await client(sim).get(`/conversations/${C.webChat}/transcript`)).status).toBe(404);
  });

  it('GET /conversations/{id}/recording returns a call recording link; an email has none (404)', async () => {
    const res = await client(sim).get(`/conversations/${C.phoneAndText}/recording`);
    expect(res.body).toMatchObject({ conversation_id: C.phoneAndText, content_type: 'audio/mpeg', duration_seconds: 142, url: expect.stringMatching(/^https:/) });
    expect((await client(sim).get(`/conversations/${C.undeliverableEmail}/recording`)).status).toBe(404);
  });

  it('a bad conversation id is 400 naming conversation_id', async () => {
    const res = await client(sim).get('/conversations/0');
    expect([res.status, res.body.issues[0].path]).toEqual([400, ['conversation_id']]);
  });
});

describe('GET /reports', () => {
  it('returns the day\'s numbers for today and yesterday in the team timezone', async () => {
    const today = (await client(sim).get('/reports')).body;
    // The merged conversation's task is not a task of its own: 6 of the 7 seeded today count.
    expect(today).toMatchObject({ range: 'today', timezone: 'America/New_York', tasks_created: 6, form_submissions: 1 });
    expect(today.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const yesterday = (await client(sim).get('/reports?range=yesterday')).body;
    expect(yesterday).toMatchObject({ range: 'yesterday', tasks_created: 2, tasks_done: 1 });
    expect(yesterday.conversations.by_channel).toEqual({ phone: 1, text: 0, web_chat: 0, email: 1 });
  });

  it('an unknown range is 400', async () => {
    expect((await client(sim).get('/reports?range=week')).status).toBe(400);
  });
});
