/**
 * Simulated notification preferences over real HTTP: authentication with the
 * Customer API key, role rights, contact checks, preference resolution and
 * resets, request validation, and the team chat-workspace destination.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Router } from '../../main/sim/router';
import { startSimulator } from '../../main/sim/server';
import { SEED } from '../../main/sim/seed';
import { ChatWorkspace, NotificationPreferenceStore, registerNotificationRoutes, type NotificationMember } from '../../main/sim/notifications';
import { MemberPreferencesSchema, TeamPreferencesSchema, type MemberPreferences } from '../../common/api/assumed';
import { ApiErrorBodySchema } from '../../common/api/customer';
import { CHAT_DELIVERY_FAILURES } from '../../common/api/enums';
import { call, serveRouter, type HarnessResponse, type RouterServer } from './router-harness';

const TEAM = 1;
const LINES = [10, 11];
const MEMBERS: NotificationMember[] = [
  { id: 1, name: 'Olivia Owner', role: 'owner', email: 'olivia@bayside.example', phone: '+14155550100', managesMemberIds: [] },
  { id: 2, name: 'Adam Admin', role: 'admin', email: 'adam@bayside.example', phone: null, managesMemberIds: [] },
  { id: 3, name: 'Mia Manager', role: 'manager', email: 'mia@bayside.example', phone: '+14155550103', managesMemberIds: [5] },
  { id: 4, name: 'Max Manager', role: 'manager', email: 'max@bayside.example', phone: '+14155550104', managesMemberIds: [] },
  { id: 5, name: 'Uma User', role: 'user', email: 'uma@bayside.example', phone: '(415) 555-0199', managesMemberIds: [] },
  { id: 6, name: 'Ned User', role: 'user', email: null, phone: '+14155550106', managesMemberIds: [] },
];
const KEYS: Record<string, number> = { 'k-owner': 1, 'k-admin': 2, 'k-mia': 3, 'k-max': 4, 'k-uma': 5, 'k-ned': 6 };
const OFF = { task_created: [], task_assigned: [], task_updated: [], task_completed: [], call_received: [], text_sent: [], question_created: [] };
const DEFAULTS = { ...OFF, task_created: ['email'], task_assigned: ['email'] };

let store: NotificationPreferenceStore;
let chat: ChatWorkspace;
let server: RouterServer;

const path = (user?: number, suffix = '') => `/api/teams/${TEAM}/notification-preferences${user === undefined ? '' : `/users/${user}${suffix}`}`;
const req = (method: string, p: string, key: string | null = 'k-owner', body?: unknown) => call(server.origin, method, p, { headers: key === null ? {} : { 'X-API-KEY': key }, body });
const putTeamWide = (user: number, body: unknown, key = 'k-owner') => req('PUT', path(user), key, body);
const patchPhone = (user: number, body: unknown, key = 'k-owner') => req('PATCH', path(user, '/phone'), key, body);
async function effective(user: number, phone?: number): Promise<MemberPreferences> {
  const res = await req('GET', `${path(user)}${phone === undefined ? '' : `?phone_number_id=${phone}`}`);
  expect(res.status).toBe(200);
  return MemberPreferencesSchema.parse(res.body);
}
function expectError(res: HarnessResponse, status: number, code: string): string {
  expect(res.status).toBe(status);
  const body = ApiErrorBodySchema.parse(res.body);
  expect(body.code).toBe(code);
  return body.error;
}

beforeEach(async () => {
  store = new NotificationPreferenceStore();
  chat = new ChatWorkspace();
  const router = new Router();
  registerNotificationRoutes(router, { teamId: TEAM, members: () => MEMBERS, authenticate: (k) => KEYS[k] ?? null, store, chat, phoneLineIds: () => LINES });
  server = await serveRouter(router);
});

afterEach(async () => {
  await server.close();
});

describe('Authentication (Customer API key; acting member = the key’s creator)', () => {
  it('a missing or unknown X-API-KEY is 401 unauthorized', async () => {
    expectError(await req('GET', path(), null), 401, 'unauthorized');
    expectError(await req('GET', path(1), 'nope'), 401, 'unauthorized');
  });

  it('another team is 404 not_found; a non-numeric team or user is 400 invalid_request', async () => {
    expectError(await req('GET', '/api/teams/2/notification-preferences'), 404, 'not_found');
    expectError(await req('GET', '/api/teams/abc/notification-preferences'), 400, 'invalid_request');
    expectError(await req('GET', `/api/teams/${TEAM}/notification-preferences/users/x`), 400, 'invalid_request');
  });

  it('a user who is not a member of the team is 404 not_found', async () => {
    expectError(await req('GET', path(99)), 404, 'not_found');
  });
});

describe('Role rights', () => {
  it('owner and admin configure all members', async () => {
    for (const key of ['k-owner', 'k-admin']) {
      for (const m of MEMBERS) expect((await putTeamWide(m.id, { event_channel: { task_completed: [] } }, key)).status).toBe(200);
    }
  });

  it('a manager configures the members assigned to them, and no others', async () => {
    expect((await putTeamWide(5, { event_channel: {} }, 'k-mia')).status).toBe(200);
    expectError(await putTeamWide(6, { event_channel: {} }, 'k-mia'), 403, 'forbidden');
    expectError(await req('GET', path(1), 'k-mia'), 403, 'forbidden');
  });

  it('a manager with no assigned members configures all members', async () => {
    for (const m of MEMBERS) expect((await putTeamWide(m.id, { event_channel: {} }, 'k-max')).status).toBe(200);
  });

  it('a user edits only their own preferences', async () => {
    expect((await putTeamWide(5, { event_channel: { task_created: ['email'] } }, 'k-uma')).status).toBe(200);
    expectError(await putTeamWide(6, { event_channel: {} }, 'k-uma'), 403, 'forbidden');
    expectError(await patchPhone(1, { phone_number_id: 10, reset: true }, 'k-uma'), 403, 'forbidden');
    expectError(await req('GET', path(1), 'k-uma'), 403, 'forbidden');
  });

  it('the team read lists only the members the caller may configure', async () => {
    const ids = async (key: string) => TeamPreferencesSchema.parse((await req('GET', path(), key)).body).members.map((m) => m.user_id);
    expect(await ids('k-owner')).toEqual([1, 2, 3, 4, 5, 6]);
    expect(await ids('k-mia')).toEqual([3, 5]);
    expect(await ids('k-uma')).toEqual([5]);
  });
});

describe('Channels need contact information', () => {
  it('email without an email address is refused (422) naming the missing contact method, and nothing changes', async () => {
    const error = expectError(await putTeamWide(6, { event_channel: { task_created: ['email'] } }), 422, 'unprocessable');
    expect(error).toContain('lacks contact information for the channel email');
    expect((await effective(6)).scope).toBe('default');
  });

  it('sms without an E.164 phone is refused (422) naming the missing contact method', async () => {
    for (const user of [2, 5]) {
      const error = expectError(await putTeamWide(user, { event_channel: { call_received: ['sms'] } }), 422, 'unprocessable');
      expect(error).toContain('lacks contact information for the channel sms: no phone number in E.164 format');
    }
    expect((await putTeamWide(1, { event_channel: { call_received: ['sms'] } })).status).toBe(200);
  });

  it('the phone-number scope is checked the same way', async () => {
    expectError(await patchPhone(6, { phone_number_id: 10, event_channel: { text_sent: ['email', 'sms'] } }), 422, 'unprocessable');
    expect((await effective(6, 10)).scope).toBe('default');
  });
});

describe('Preference resolution', () => {
  it('a new member defaults to task_created and task_assigned by email, all else off', async () => {
    expect(await effective(4)).toEqual({ user_id: 4, scope: 'default', phone_number_id: null, event_channel: DEFAULTS });
    expect(await effective(4, 10)).toMatchObject({ scope: 'default', phone_number_id: 10, event_channel: DEFAULTS });
  });

  it('team-wide preferences apply once saved; a missing event key means off', async () => {
    const res = await putTeamWide(1, { event_channel: { task_completed: ['sms', 'email'] } });
    expect(MemberPreferencesSchema.parse(res.body)).toEqual({ user_id: 1, scope: 'team', phone_number_id: null, event_channel: { ...OFF, task_completed: ['email', 'sms'] } });
    expect(await effective(1, 10)).toMatchObject({ scope: 'team', event_channel: { ...OFF, task_completed: ['email', 'sms'] } });
  });

  it('phone-number-specific preferences come first, for that phone number only', async () => {
    await patchPhone(3, { phone_number_id: 10, event_channel: { question_created: ['sms'] } });
    await putTeamWide(3, { event_channel: { task_updated: ['email'] } });
    expect(await effective(3, 10)).toMatchObject({ scope: 'phone_number', event_channel: { ...OFF, question_created: ['sms'] } });
    expect(await effective(3, 11)).toMatchObject({ scope: 'team', event_channel: { ...OFF, task_updated: ['email'] } });
  });

  it('saving phone-specific preferences removes that user’s team-wide preferences', async () => {
    await putTeamWide(1, { event_channel: { call_received: ['email'] } });
    const res = await patchPhone(1, { phone_number_id: 11, event_channel: { call_received: ['sms'] } });
    expect(MemberPreferencesSchema.parse(res.body)).toMatchObject({ scope: 'phone_number', phone_number_id: 11 });
    expect((await effective(1)).scope).toBe('default');
    const overview = TeamPreferencesSchema.parse((await req('GET', path())).body);
    expect(overview.members.find((m) => m.user_id === 1)).toMatchObject({ team_wide: null, phone_numbers: [{ phone_number_id: 11 }] });
  });

  it('resetting the team-wide scope clears every notification in it: nothing is sent until reconfigured', async () => {
    await putTeamWide(4, { event_channel: { task_created: ['email', 'sms'] } });
    const res = await putTeamWide(4, { reset: true });
    expect(MemberPreferencesSchema.parse(res.body)).toEqual({ user_id: 4, scope: 'team', phone_number_id: null, event_channel: OFF });
  });

  it('resetting a phone-number scope clears every notification for that phone number', async () => {
    const res = await patchPhone(4, { phone_number_id: 10, reset: true });
    expect(MemberPreferencesSchema.parse(res.body)).toEqual({ user_id: 4, scope: 'phone_number', phone_number_id: 10, event_channel: OFF });
    expect((await effective(4, 11)).event_channel).toEqual(DEFAULTS);
  });
});

describe('Request validation', () => {
  it.each([
    ['an unknown event', { event_channel: { task_deleted: ['email'] } }, ['event_channel', 'task_deleted']],
    ['an unknown channel', { event_channel: { task_created: ['pager'] } }, ['event_channel', 'task_created', 0]],
    ['a channel listed twice', { event_channel: { task_created: ['email', 'email'] } }, ['event_channel', 'task_created']],
    ['an unknown property', { event_channel: {}, scope: 'team' }, ['scope']],
    ['reset other than true', { reset: false }, ['reset']],
  ])('PUT: %s is 400 invalid_request with an issue at its path', async (_label, body, issuePath) => {
    const res = await putTeamWide(1, body);
    expectError(res, 400, 'invalid_request');
    expect((res.body as { issues: { path: unknown[] }[] }).issues.map((i) => i.path)).toContainEqual(issuePath);
  });

  it('PATCH …/phone: a phone number that is not the team’s, or a missing one, is 400 invalid_request', async () => {
    expectError(await patchPhone(1, { phone_number_id: 99, event_channel: {} }), 400, 'invalid_request');
    expectError(await patchPhone(1, { event_channel: {} }), 400, 'invalid_request');
  });

  it('GET: a phone_number_id query that is not a team line is 400 invalid_request', async () => {
    expectError(await req('GET', `${path(1)}?phone_number_id=99`), 400, 'invalid_request');
    expectError(await req('GET', `${path(1)}?phone_number_id=ten`), 400, 'invalid_request');
  });
});

describe('Chat-workspace destination', () => {
  it('the team read shows each setup: one channel, task_created only, last success and last failure reason', async () => {
    const ok = chat.addSetup('Bayside', '#front-desk');
    const failing = chat.addSetup('Bayside', '#ops');
    chat.setFailure(failing, 'archived_channel');
    chat.taskCreated(Date.parse('2026-11-02T15:00:00Z'));
    const overview = TeamPreferencesSchema.parse((await req('GET', path())).body);
    expect(overview.chat_workspace.setups).toEqual([
      { id: ok, workspace: 'Bayside', channel: '#front-desk', events: ['task_created'], last_success_at: '2026-11-02T15:00:00.000Z', last_failure_at: null, last_failure_reason: null },
      { id: failing, workspace: 'Bayside', channel: '#ops', events: ['task_created'], last_success_at: null, last_failure_at: '2026-11-02T15:00:00.000Z', last_failure_reason: 'archived_channel' },
    ]);
  });

  it('reports every failure reason the spec lists, and keeps the last success after a failure', async () => {
    const id = chat.addSetup('Bayside', '#front-desk');
    chat.taskCreated(1_000);
    for (const reason of CHAT_DELIVERY_FAILURES) {
      chat.setFailure(id, reason);
      chat.taskCreated(2_000);
      const [setup] = TeamPreferencesSchema.parse((await req('GET', path())).body).chat_workspace.setups;
      expect(setup).toMatchObject({ last_failure_reason: reason, last_success_at: new Date(1_000).toISOString() });
    }
  });
});

describe('Method not allowed', () => {
  it('answers 405 method_not_allowed with an Allow header', async () => {
    const res = await req('PATCH', path(1), 'k-owner', {});
    expectError(res, 405, 'method_not_allowed');
    expect(res.headers.get('allow')).toBe('GET, PUT');
  });
});

describe('Wired into the simulator (startSimulator)', () => {
  it('role rights and contact checks apply to the seeded team’s members and keys', async () => {
    const sim = await startSimulator({ port: 0 });
    try {
      const base = `/api/teams/${sim.teamId}/notification-preferences`;
      const as = (key: string, method: string, p: string, body?: unknown) => call(sim.origin, method, p, { headers: { 'X-API-KEY': key }, body });
      const managerView = TeamPreferencesSchema.parse((await as(sim.keys.manager, 'GET', base)).body);
      expect(managerView.members.map((m) => m.user_id)).toEqual([SEED.members.manager, SEED.members.user, SEED.members.noEmail]);
      expect(managerView.chat_workspace.setups.length).toBeGreaterThan(0);
      expectError(await as(sim.keys.user, 'PUT', `${base}/users/${SEED.members.owner}`, { event_channel: {} }), 403, 'forbidden');
      const noEmail = await as(sim.keys.owner, 'PUT', `${base}/users/${SEED.members.noEmail}`, { event_channel: { task_created: ['email'] } });
      expect(expectError(noEmail, 422, 'unprocessable')).toContain('channel email');
    } finally {
      await sim.close();
    }
  });

  it('each new task notifies every chat-workspace setup; a failing one records the time and its reason', async () => {
    const sim = await startSimulator({ port: 0, realTimeClock: false });
    try {
      const read = async () => TeamPreferencesSchema.parse((await call(sim.origin, 'GET', `/api/teams/${sim.teamId}/notification-preferences`, { headers: { 'X-API-KEY': sim.keys.owner } })).body).chat_workspace.setups;
      await call(sim.origin, 'POST', '/_sim/clock', { body: { advanceMs: 60_000 } });
      expect((await call(sim.origin, 'POST', '/_sim/tasks', { body: { kind: 'form' } })).status).toBe(201);
      const now = (await call(sim.origin, 'GET', '/_sim/clock')).body as { now: string };
      expect(await read()).toEqual([
        expect.objectContaining({ channel: '#front-desk', events: ['task_created'], last_success_at: now.now, last_failure_reason: null }),
        expect.objectContaining({ channel: '#operations', events: ['task_created'], last_failure_at: now.now, last_failure_reason: 'not_in_channel' }),
      ]);
    } finally {
      await sim.close();
    }
  });
});
