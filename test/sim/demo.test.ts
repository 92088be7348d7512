/**
 * The demo scenario (`--demo`): a small business with every kind of record
 * a rule needs, new tasks arriving every 45 s of virtual time (delivered to
 * the webhook when an address is saved), and `npm run sim -- --port 0 --demo`
 * printing its startup JSON first.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ConversationSchema, MemberListSchema, PhoneLineListSchema, TaskListSchema } from '../../common/api/assumed';
import { ContactsPageSchema } from '../../common/api/customer';
import { LiveUpdatesPageSchema } from '../../common/api/live-updates';
import { TaskCreatedEventSchema } from '../../common/api/webhook';
import { DEFAULT_DEMO_INTERVAL_MS, MAX_TIMERS_PER_ADVANCE, type Simulator } from '../../main/sim';
import { call, client, control } from './sim-client';
import { advance, rig, startFrozen, type WebhookRig } from './webhook-harness';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});
const demo = async (options: Parameters<typeof startFrozen>[0] = {}) => {
  const sim = await startFrozen({ demo: true, ...options });
  closers.push(() => sim.close());
  return sim;
};
const conversations = async (sim: Simulator, key = sim.keys.owner) =>
  z.object({ conversations: z.array(ConversationSchema) }).parse((await client(sim, key).get('/conversations')).body).conversations;
const tasks = async (sim: Simulator) => {
  const [today, yesterday] = await Promise.all(['today', 'yesterday'].map(async (range) => TaskListSchema.parse((await client(sim).get(`/tasks?range=${range}`)).body).tasks));
  return [...(today ?? []), ...(yesterday ?? [])];
};

describe('Demo scenario: the seeded business', () => {
  it('has several phone lines, members of every role, and contacts', async () => {
    const sim = await demo();
    expect(PhoneLineListSchema.parse((await client(sim).get('/phone-lines')).body).phone_lines.length).toBeGreaterThanOrEqual(2);
    const roles = MemberListSchema.parse((await client(sim).get('/members')).body).members.map((m) => m.role);
    expect(new Set(roles)).toEqual(new Set(['owner', 'admin', 'manager', 'user']));
    expect(ContactsPageSchema.parse((await client(sim).get('/contacts')).body).total_matching).toBeGreaterThanOrEqual(5);
  });

  it('has conversations on every channel and a form-submission task', async () => {
    const sim = await demo();
    const all = await tasks(sim);
    expect(new Set(all.map((t) => t.conversation?.channel).filter(Boolean))).toEqual(new Set(['phone', 'text', 'web_chat', 'email']));
    expect(all.some((t) => t.id.startsWith('form-submission-') && t.form !== null)).toBe(true);
  });

  it('has an opted-out customer, a merged conversation, and a customer the user-role member may not message', async () => {
    const sim = await demo();
    const seen = await conversations(sim);
    expect(seen.some((c) => c.text_opted_out)).toBe(true);
    expect(seen.some((c) => c.merged_into_task_id !== null)).toBe(true);
    const asUser = await conversations(sim, sim.keys.user);
    expect(asUser.some((c) => !c.can_message)).toBe(true);
    expect(seen.filter((c) => !c.can_message)).toHaveLength(0);
  });

  it('has an active closure and a scheduled wait-time update', async () => {
    const sim = await demo();
    const read = async (query: string) =>
      LiveUpdatesPageSchema.parse((await call(sim, 'GET', `/api/v1/live-updates?${query}`, { headers: { Authorization: `Bearer ${sim.bearerToken}` } })).body).data.map((u) => u.type);
    expect(await read('status=active')).toContain('closure');
    expect(await read('status=scheduled')).toContain('wait_time');
  });
});

describe('Demo scenario: new tasks arrive', () => {
  it('every 45 s of virtual time by default', async () => {
    expect(DEFAULT_DEMO_INTERVAL_MS).toBe(45_000);
    const sim = await demo();
    const count = async () => (await tasks(sim)).length;
    const before = await count();
    await control(sim).advance(DEFAULT_DEMO_INTERVAL_MS - 1);
    expect(await count()).toBe(before);
    await control(sim).advance(1);
    expect(await count()).toBe(before + 1);
    await control(sim).advance(DEFAULT_DEMO_INTERVAL_MS * 5);
    expect(await count()).toBe(before + 6);
  });

  it('a huge clock jump runs a bounded number of arrivals instead of running away with time and memory', async () => {
    const sim = await demo();
    const before = sim.world.tasks.size;
    const jump = await control(sim).advance(400 * 86_400_000);
    expect(jump.status).toBe(200);
    expect(sim.world.tasks.size - before).toBe(MAX_TIMERS_PER_ADVANCE);
    expect((await client(sim).get('/team')).status).toBe(200);
  });

  it('without --demo no tasks arrive on their own', async () => {
    const sim = await startFrozen();
    closers.push(() => sim.close());
    const before = (await tasks(sim)).length;
    await control(sim).advance(DEFAULT_DEMO_INTERVAL_MS * 3);
    expect((await tasks(sim)).length).toBe(before);
  });

  it('each arrival, on every channel and as a form, is delivered to the webhook when an address is saved', async () => {
    const w: WebhookRig = await rig([], { demo: true });
    closers.push(() => w.close());
    for (let i = 0; i < 6; i++) await advance(w.sim, DEFAULT_DEMO_INTERVAL_MS);
    const events = w.receiver.requests.map((q) => TaskCreatedEventSchema.parse(q.body));
    expect(events).toHaveLength(6);
    expect(new Set(events.map((e) => e.task.channel))).toEqual(new Set(['phone_call', 'sms', 'chat_widget', 'email', null]));
    const ids = (await tasks(w.sim)).map((t) => t.id);
    for (const e of events) expect(ids).toContain(e.data?.id);
  });
});

describe('npm run sim -- --port 0 --demo', () => {
  it('prints the startup JSON as its first stdout line, serves the demo business, and exits cleanly on SIGTERM', async () => {
    // Its own process group, so a failing test can still stop npm and the simulator under it.
    const child = spawn('npm', ['run', 'sim', '--', '--port', '0', '--demo'], { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    try {
      const line = await new Promise<string>((resolve, reject) => {
        createInterface({ input: child.stdout }).once('line', resolve);
        child.once('exit', (code) => reject(new Error(`exited early with ${code}`)));
      });
      const info = JSON.parse(line) as { baseUrl: string; origin: string; teamId: number; keys: Record<string, string>; bearerToken: string; partnerKey: string };
      expect(info).toEqual({
        baseUrl: `${info.origin}/api/v1`,
        origin: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/),
        teamId: 1,
        keys: { owner: expect.any(String), admin: expect.any(String), manager: expect.any(String), user: expect.any(String) },
        bearerToken: expect.any(String),
        partnerKey: expect.any(String),
      });
      const res = await fetch(`${info.baseUrl}/tasks`, { headers: { 'X-API-KEY': info.keys.owner ?? '' } });
      expect(TaskListSchema.parse(await res.json()).tasks.length).toBeGreaterThan(0);
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      if (child.exitCode === null && child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
    }
  });
});
