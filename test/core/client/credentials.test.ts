import { afterEach, describe, expect, it } from 'vitest';
import type { ServiceClient } from '../../../main/core/client';
import { API_KEY, BEARER, makeClient, TEAM } from './fixtures';
import { json, startScriptedServer, type ScriptedServer } from './scripted-server';

let server: ScriptedServer | undefined;
let client: ServiceClient | undefined;
afterEach(async () => {
  await client?.close();
  await server?.close();
  server = client = undefined;
});

describe('secrets come from the credentials provider, per request', () => {
  it('sends X-API-KEY to the Customer API and Bearer to live updates', async () => {
    server = await startScriptedServer((req, res) =>
      req.path.startsWith('/api/v1/live-updates')
        ? json(res, 200, { data: [], links: { first: 'f', last: 'l', prev: null, next: null }, meta: { current_page: 1, from: null, last_page: 1, per_page: 15, to: null, total: 0 } })
        : json(res, 200, TEAM),
    );
    client = makeClient(server.baseUrl);
    await client.customer.getTeam();
    await client.liveUpdates.list();
    expect(server.requests[0]?.headers['x-api-key']).toBe(API_KEY);
    expect(server.requests[0]?.headers.authorization).toBeUndefined();
    expect(server.requests[1]?.headers.authorization).toBe(`Bearer ${BEARER}`);
    expect(server.requests[1]?.headers['x-api-key']).toBeUndefined();
  });

  it('a secret that is not set gives not_configured and no request', async () => {
    server = await startScriptedServer((_req, res) => json(res, 200, TEAM));
    client = makeClient(server.baseUrl, { apiKey: async () => null });
    expect(await client.customer.getTeam()).toMatchObject({ ok: false, error: { code: 'not_configured' } });
    expect(server.requests).toHaveLength(0);
  });

  it("a keychain failure comes back as the secrets module's error, or keychain_unavailable", async () => {
    server = await startScriptedServer((_req, res) => json(res, 200, TEAM));
    client = makeClient(server.baseUrl, {
      apiKey: () => Promise.reject({ code: 'keychain_unavailable', message: 'The keychain is locked. Unlock it and try again.' }),
      liveUpdatesToken: () => Promise.reject(new Error('dbus exploded')),
    });
    expect(await client.customer.getTeam()).toEqual({ ok: false, error: { code: 'keychain_unavailable', message: 'The keychain is locked. Unlock it and try again.' } });
    expect(await client.liveUpdates.list()).toMatchObject({ ok: false, error: { code: 'keychain_unavailable' } });
    expect(server.requests).toHaveLength(0);
  });

  it('never puts the secret in an error message, even when the service echoes it', async () => {
    server = await startScriptedServer((req, res) => json(res, 401, { error: `Key ${String(req.headers['x-api-key'])} is not valid.`, code: 'unauthorized' }));
    client = makeClient(server.baseUrl);
    const result = await client.customer.getTeam();
    expect(result).toMatchObject({ ok: false, error: { code: 'unauthorized', status: 401 } });
    expect(JSON.stringify(result)).not.toContain(API_KEY);
  });
});
