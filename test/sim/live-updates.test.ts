/**
 * Simulated live updates over real HTTP: the list with its filters and
 * pagination, the single read with history, team scoping, and the error
 * bodies of Bearer authentication.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSimClock, type SimClock } from '../../main/sim/clock';
import { Router } from '../../main/sim/router';
import { startSimulator } from '../../main/sim/server';
import { LiveUpdateStore, NO_TEAM_MESSAGE, registerLiveUpdateRoutes, seedDemoLiveUpdates, type LiveUpdatesCaller, type SeededLiveUpdates } from '../../main/sim/live-updates';
import { LiveUpdateResponseSchema, LiveUpdatesPageSchema, type LiveUpdatesPage } from '../../common/api/live-updates';
import { ErrorOnlyBodySchema, MessageBodySchema, ValidationErrorBodySchema } from '../../common/api/errors';
import { call, serveRouter, type RouterServer } from './router-harness';

const START = Date.parse('2026-11-02T15:00:00Z');
const HOUR = 3_600_000;
const MAIN = { id: 1, name: 'Main line', phone_number: '+14155550100' };
const DOWNTOWN = { id: 2, name: 'Downtown', phone_number: '+14155550111' };
const OWNER = { id: 1, name: 'Olivia Owner', email: 'olivia@bayside.example' };

const TOKENS: Record<string, LiveUpdatesCaller> = {
  'tok-team-1': { userId: 1, teamId: 1 },
  'tok-team-2': { userId: 50, teamId: 2 },
  'tok-no-team': { userId: 3, teamId: null },
};

let clock: SimClock;
let store: LiveUpdateStore;
let seeded: SeededLiveUpdates;
let server: RouterServer;

const bearer = (token = 'tok-team-1') => ({ Authorization: `Bearer ${token}` });
const get = (path: string, token?: string) => call(server.origin, 'GET', path, { headers: bearer(token) });
async function list(query = '', token?: string): Promise<LiveUpdatesPage> {
  const res = await get(`/api/v1/live-updates${query}`, token);
  expect(res.status).toBe(200);
  return LiveUpdatesPageSchema.parse(res.body);
}
const ids = (page: LiveUpdatesPage) => page.data.map((u) => u.id).sort((a, b) => a - b);

beforeEach(async () => {
  clock = createSimClock(START);
  store = new LiveUpdateStore();
  seeded = seedDemoLiveUpdates(store, { teamId: 1, now: START, phoneNumbers: [MAIN, DOWNTOWN], createdBy: OWNER });
  const router = new Router();
  registerLiveUpdateRoutes(router, { clock, store, authenticateBearer: (t) => TOKENS[t] ?? null });
  server = await serveRouter(router);
});

afterEach(async () => {
  clock.dispose();
  await server.close();
});

/** Adds `n` announcements to team 1, active for a day. */
function addAnnouncements(n: number): void {
  for (let i = 0; i < n; i++) {
    store.create({ teamId: 1, title: `Note ${i}`, message: 'm', type: 'announcement', startsAt: START - HOUR, expiresAt: START + 24 * HOUR, phoneNumbers: [MAIN], createdBy: OWNER }, START - HOUR + i);
  }
}

describe('GET /live-updates', () => {
  it('lists the team’s updates as data (without history), links and meta', async () => {
    const res = await get('/api/v1/live-updates');
    const page = LiveUpdatesPageSchema.parse(res.body);
    expect(page.data).toHaveLength(4);
    for (const item of (res.body as { data: object[] }).data) expect(item).not.toHaveProperty('history');
    expect(page.meta).toEqual({ current_page: 1, from: 1, last_page: 1, per_page: 15, to: 4, total: 4 });
    expect(page.links).toMatchObject({ prev: null, next: null, first: expect.stringContaining('/api/v1/live-updates?page=1') });
  });

  it('lists only the caller’s team', async () => {
    store.create({ teamId: 2, title: 'Theirs', message: 'm', type: 'closure', startsAt: START, expiresAt: START + HOUR, phoneNumbers: [], createdBy: OWNER }, START);
    expect((await list()).data.map((u) => u.title)).not.toContain('Theirs');
    expect((await list('', 'tok-team-2')).data.map((u) => u.title)).toEqual(['Theirs']);
  });

  it('filters by phone number', async () => {
    expect(ids(await list(`?phone_number_id=${DOWNTOWN.id}`))).toEqual([seeded.announcement.id, seeded.flashSale.id, seeded.waitTime.id].sort((a, b) => a - b));
  });

  it('filters by type', async () => {
    expect(ids(await list('?type=closure'))).toEqual([seeded.closure.id]);
  });

  it('filters by status, derived from starts_at, expires_at and is_cancelled on the virtual clock', async () => {
    expect(ids(await list('?status=active'))).toEqual([seeded.closure.id]);
    expect(ids(await list('?status=scheduled'))).toEqual([seeded.waitTime.id]);
    expect(ids(await list('?status=expired'))).toEqual([seeded.announcement.id]);
    expect(ids(await list('?status=cancelled'))).toEqual([seeded.flashSale.id]);
    await clock.advance(3 * HOUR);
    expect(ids(await list('?status=active'))).toEqual([seeded.closure.id, seeded.waitTime.id]);
  });

  it('the active-only boolean returns only currently active updates', async () => {
    expect(ids(await list('?active_only=true'))).toEqual([seeded.closure.id]);
    expect(ids(await list('?active_only=false'))).toHaveLength(4);
  });

  it('the active-and-scheduled boolean returns active and scheduled updates and excludes expired ones', async () => {
    expect(ids(await list('?active_and_scheduled=1'))).toEqual([seeded.closure.id, seeded.waitTime.id]);
  });

  it('per_page must be 1 to 100: outside, a 422 validation body {message, errors}', async () => {
    for (const bad of ['0', '101', 'ten']) {
      const res = await get(`/api/v1/live-updates?per_page=${bad}`);
      expect(res.status).toBe(422);
      expect(Object.keys(ValidationErrorBodySchema.parse(res.body).errors)).toEqual(['per_page']);
    }
    expect((await list('?per_page=100')).meta.per_page).toBe(100);
    expect((await list('?per_page=1')).data).toHaveLength(1);
  });

  it('a bad filter value is a 422 validation body naming each bad parameter', async () => {
    const res = await get('/api/v1/live-updates?type=party&status=soon&active_only=maybe&page=0');
    expect(res.status).toBe(422);
    expect(Object.keys(ValidationErrorBodySchema.parse(res.body).errors).sort()).toEqual(['active_only', 'page', 'status', 'type']);
  });

  it('paginates with meta (current_page, from, last_page, per_page, to, total) and first/last/prev/next links', async () => {
    addAnnouncements(8); // 12 in all
    const second = await list('?per_page=5&page=2');
    expect(second.meta).toEqual({ current_page: 2, from: 6, last_page: 3, per_page: 5, to: 10, total: 12 });
    expect(second.data).toHaveLength(5);
    const link = (u: string | null) => new URL(u ?? 'http://x/').searchParams;
    expect(link(second.links.prev).get('page')).toBe('1');
    expect(link(second.links.next).get('page')).toBe('3');
    expect(link(second.links.first).get('page')).toBe('1');
    expect(link(second.links.last).get('page')).toBe('3');
    const last = await list('?per_page=5&page=3');
    expect(last.meta).toMatchObject({ from: 11, to: 12 });
    expect(last.links.next).toBeNull();
    const beyond = await list('?per_page=5&page=9');
    expect(beyond.data).toEqual([]);
    expect(beyond.meta).toMatchObject({ current_page: 9, from: null, to: null, total: 12 });
  });

  it('page links keep the filters, so following next lists the same set', async () => {
    addAnnouncements(3);
    const page = await list('?type=announcement&per_page=2');
    const next = new URL(page.links.next ?? '');
    expect(next.searchParams.get('type')).toBe('announcement');
    expect(next.searchParams.get('per_page')).toBe('2');
    const following = LiveUpdatesPageSchema.parse((await get(`${next.pathname}${next.search}`)).body);
    expect(following.meta.current_page).toBe(2);
    expect(following.data.every((u) => u.type === 'announcement')).toBe(true);
  });
});

describe('GET /live-updates/{id}', () => {
  it('returns data (with history) and message', async () => {
    const res = await get(`/api/v1/live-updates/${seeded.flashSale.id}`);
    expect(res.status).toBe(200);
    const body = LiveUpdateResponseSchema.parse(res.body);
    expect(body.message).toMatch(/\S/);
    expect(body.data).toMatchObject({ id: seeded.flashSale.id, is_cancelled: true, created_by: OWNER });
    expect(body.data.history.map((h) => h.action)).toEqual(['created', 'updated', 'cancelled']);
    expect(body.data.history[1]?.changes).toEqual({ message: { from: '20% off tune-ups booked today.', to: '25% off tune-ups booked today.' } });
  });

  it('another team’s update: 403 {message} saying the action is unauthorized', async () => {
    const res = await get(`/api/v1/live-updates/${seeded.closure.id}`, 'tok-team-2');
    expect(res.status).toBe(403);
    expect(MessageBodySchema.parse(res.body).message).toBe('This action is unauthorized.');
  });

  it('an unknown id: 404 {message} saying the live update was not found', async () => {
    for (const id of ['999', 'abc']) {
      const res = await get(`/api/v1/live-updates/${id}`);
      expect(res.status).toBe(404);
      expect(MessageBodySchema.parse(res.body).message).toMatch(/not found/i);
    }
  });
});

describe('Authentication (Bearer)', () => {
  it('a missing or non-Bearer Authorization header is 401 {error}', async () => {
    for (const path of ['/api/v1/live-updates', `/api/v1/live-updates/${seeded.closure.id}`]) {
      for (const headers of [{}, { Authorization: 'Basic dTpw' }] as Record<string, string>[]) {
        const res = await call(server.origin, 'GET', path, { headers });
        expect(res.status).toBe(401);
        expect(Object.keys(ErrorOnlyBodySchema.parse(res.body))).toEqual(['error']);
      }
    }
  });

  it('an unknown token is 401 {error}', async () => {
    const res = await get('/api/v1/live-updates', 'nope');
    expect(res.status).toBe(401);
    expect(ErrorOnlyBodySchema.parse(res.body).error).toMatch(/token/i);
  });

  it('a user with no team selected gets 403 {message} saying no team is selected', async () => {
    for (const path of ['/api/v1/live-updates', `/api/v1/live-updates/${seeded.closure.id}`]) {
      const res = await get(path, 'tok-no-team');
      expect(res.status).toBe(403);
      expect(MessageBodySchema.parse(res.body).message).toBe(NO_TEAM_MESSAGE);
    }
  });
});

describe('Method not allowed', () => {
  it('answers 405 {message} with an Allow header', async () => {
    const res = await call(server.origin, 'POST', '/api/v1/live-updates', { headers: bearer(), body: {} });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD');
    MessageBodySchema.parse(res.body);
  });
});

describe('Wired into the simulator (startSimulator)', () => {
  it('the demo team has an active closure and a scheduled wait-time update; other teams and team-less users are refused', async () => {
    const sim = await startSimulator({ port: 0 });
    try {
      const read = (path: string, token = sim.bearerToken) => call(sim.origin, 'GET', `/api/v1${path}`, { headers: { Authorization: `Bearer ${token}` } });
      const active = LiveUpdatesPageSchema.parse((await read('/live-updates?active_only=true')).body);
      expect(active.data.map((u) => u.type)).toContain('closure');
      const scheduled = LiveUpdatesPageSchema.parse((await read('/live-updates?status=scheduled')).body);
      expect(scheduled.data.map((u) => u.type)).toContain('wait_time');
      const theirs = sim.services.liveUpdates.forTeam(sim.teamId + 1)[0];
      expect((await read(`/live-updates/${theirs?.id ?? 0}`)).status).toBe(403);
      const noTeam = await read('/live-updates', sim.services.noTeamToken);
      expect(noTeam.status).toBe(403);
      expect(MessageBodySchema.parse(noTeam.body).message).toBe(NO_TEAM_MESSAGE);
    } finally {
      await sim.close();
    }
  });

  it('page links are absolute URLs back to the simulator (its port included) that can be followed as they are', async () => {
    const sim = await startSimulator({ port: 0 });
    try {
      const headers = { Authorization: `Bearer ${sim.bearerToken}` };
      const page = LiveUpdatesPageSchema.parse((await call(sim.origin, 'GET', '/api/v1/live-updates?per_page=1&type=closure', { headers })).body);
      for (const link of [page.links.first, page.links.last]) expect(link).toMatch(new RegExp(`^${sim.origin}/api/v1/live-updates\\?`));
      const res = await fetch(page.links.first ?? '', { headers });
      expect(LiveUpdatesPageSchema.parse(await res.json()).data.map((u) => u.type)).toEqual(['closure']);
      const huge = await call(sim.origin, 'GET', '/api/v1/live-updates?page=99999999999999999999', { headers });
      expect([huge.status, Object.keys(ValidationErrorBodySchema.parse(huge.body).errors)]).toEqual([422, ['page']]);
    } finally {
      await sim.close();
    }
  });
});
