import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { Simulator } from '../../main/sim';
import { call, client, start } from './sim-client';

const running: Simulator[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.close()));
});
const boot = async (options: Parameters<typeof start>[0] = {}) => {
  const sim = await start(options);
  running.push(sim);
  return sim;
};

/** Sends raw bytes and resolves with whatever comes back before the socket closes. */
function raw(port: number, data: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.end(data));
    let text = '';
    socket.on('data', (d) => (text += d.toString()));
    socket.on('close', () => resolve(text));
    socket.on('error', reject);
  });
}

describe('startSimulator', () => {
  it('binds 127.0.0.1 on a free port and reports base URL, origin, team, keys, bearer token and partner key', async () => {
    const sim = await boot();
    expect(sim.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(sim.baseUrl).toBe(`${sim.origin}/api/v1`);
    expect(Object.keys(sim.keys).sort()).toEqual(['admin', 'manager', 'owner', 'user']);
    expect([typeof sim.bearerToken, typeof sim.partnerKey, sim.teamId]).toEqual(['string', 'string', 1]);
  });

  it('close() ends keep-alive connections and stops listening', async () => {
    const sim = await boot();
    const port = Number(new URL(sim.origin).port);
    const socket = connect(port, '127.0.0.1');
    await new Promise((r) => socket.once('connect', r));
    socket.write(`GET /api/v1/team HTTP/1.1\r\nHost: x\r\nX-API-KEY: ${sim.keys.owner}\r\nConnection: keep-alive\r\n\r\n`);
    await new Promise((r) => socket.once('data', r));
    const closed = new Promise((r) => socket.once('close', r));
    await sim.close();
    await closed;
    await expect(fetch(`${sim.origin}/api/v1/team`)).rejects.toThrow();
  });

  it('never crashes on malformed HTTP: it answers 400 and keeps serving', async () => {
    const sim = await boot();
    const port = Number(new URL(sim.origin).port);
    expect(await raw(port, 'THIS IS NOT HTTP\r\n\r\n')).toMatch(/^HTTP\/1\.1 400/);
    expect((await client(sim).get('/team')).status).toBe(200);
  });

  it('HEAD is answered like GET without a body', async () => {
    const sim = await boot();
    const res = await fetch(`${sim.baseUrl}/team`, { method: 'HEAD', headers: { 'X-API-KEY': sim.keys.owner } });
    expect([res.status, await res.text()]).toEqual([200, '']);
  });

  it('a body over 256 KiB is refused without crashing', async () => {
    const sim = await boot();
    const res = await client(sim).post('/tasks/conversation-1/notes', { content: 'x'.repeat(300_000) });
    expect(res.status).toBe(413);
    expect((await client(sim).get('/team')).status).toBe(200);
  });
});

describe('the other areas are wired to the same world', () => {
  it('live updates answer the seeded bearer token, with the active closure among them', async () => {
    const sim = await boot();
    const res = await call(sim, 'GET', '/api/v1/live-updates?active_only=true', { headers: { Authorization: `Bearer ${sim.bearerToken}` } });
    expect(res.status).toBe(200);
    expect(res.body.data.map((u: { type: string }) => u.type)).toContain('closure');
    expect((await call(sim, 'GET', '/api/v1/live-updates')).status).toBe(401);
  });

  it('live updates: another team\'s update is 403 and a user with no team gets the no-team message', async () => {
    const sim = await boot();
    const other = sim.services.liveUpdates.forTeam(2)[0];
    const res = await call(sim, 'GET', `/api/v1/live-updates/${other?.id}`, { headers: { Authorization: `Bearer ${sim.bearerToken}` } });
    expect([res.status, typeof res.body.message]).toEqual([403, 'string']);
    const noTeam = await call(sim, 'GET', '/api/v1/live-updates', { headers: { Authorization: `Bearer ${sim.services.noTeamToken}` } });
    expect(typeof noTeam.body.message).toBe('string');
  });

  it('the partner API answers the reseller key and refuses a team key', async () => {
    const sim = await boot();
    expect((await call(sim, 'GET', '/api/v1/organizations', { key: sim.partnerKey })).status).toBe(200);
    expect((await call(sim, 'GET', '/api/v1/organizations', { key: sim.keys.owner })).status).toBe(403);
    expect((await call(sim, 'GET', '/api/v1/organizations')).body).toEqual({ error: expect.any(String) });
  });

  it('notification preferences answer the team members\' keys', async () => {
    const sim = await boot();
    const res = await call(sim, 'GET', `/api/teams/${sim.teamId}/notification-preferences`, { key: sim.keys.owner });
    expect(res.status).toBe(200);
    expect(res.body.members.length).toBeGreaterThanOrEqual(4);
  });
});
