import { afterEach, describe, expect, it } from 'vitest';
import type { ServiceClient } from '../../../main/core/client';
import { errorFromResponse, parseRetryAfter } from '../../../main/core/client/errors';
import type { Simulator } from '../../../main/sim';
import { makeClient } from './fixtures';
import { injectFault, startSim } from './sim';

let sim: Simulator | undefined;
let client: ServiceClient | undefined;
afterEach(async () => {
  await client?.close();
  await sim?.close();
  sim = client = undefined;
});

async function setup(pick: (s: Simulator) => { apiKey?: string; bearer?: string; partner?: string } = () => ({})) {
  sim = await startSim();
  const s = sim;
  const keys = pick(s);
  client = makeClient(s.baseUrl, {
    apiKey: async () => keys.apiKey ?? s.keys.owner,
    liveUpdatesToken: async () => keys.bearer ?? s.bearerToken,
    partnerKey: async () => keys.partner ?? s.partnerKey,
  });
  return { sim: s, client };
}

describe('normalizes {error}, {message}, {message, errors} and {error, code, issues}', () => {
  it('Customer API {error, code}: takes the stable code', async () => {
    const { client } = await setup(() => ({ apiKey: 'not-a-key' }));
    expect(await client.customer.getTeam()).toMatchObject({ ok: false, error: { code: 'unauthorized', status: 401 } });
  });

  it('Customer API {error, code, issues}: keeps every issue', async () => {
    const { sim, client } = await setup();
    await injectFault(sim, { path: '/api/v1/contacts', status: 400, count: 1 });
    const result = await client.customer.searchContacts({ search: 'a' });
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid_request', status: 400, issues: [{ path: [], message: 'Injected fault.' }] } });
  });

  it('live updates {error} on 401 → unauthorized', async () => {
    const { client } = await setup(() => ({ bearer: 'not-a-token' }));
    expect(await client.liveUpdates.list()).toMatchObject({ ok: false, error: { code: 'unauthorized', status: 401 } });
  });

  it('live updates {message} on 404 → not_found', async () => {
    const { client } = await setup();
    expect(await client.liveUpdates.get(999_999)).toMatchObject({ ok: false, error: { code: 'not_found', status: 404, message: expect.any(String) } });
  });

  it('partner {message} on 403 → forbidden (a team key on the Partner API)', async () => {
    const { client } = await setup((s) => ({ partner: s.keys.owner }));
    expect(await client.partner.listOrganizations()).toMatchObject({ ok: false, error: { code: 'forbidden', status: 403 } });
  });

  it('partner {message, errors} → invalid_request with fieldErrors and matching issues', async () => {
    const { client } = await setup();
    const result = await client.partner.updateOrganization(1, { name: '' });
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid_request', status: 422, fieldErrors: { name: [expect.any(String)] } } });
    if (!result.ok) expect(result.error.issues?.[0]?.path).toEqual(['name']);
  });
});

describe('branches on status and code, never on the message text', () => {
  it('gives the same text different codes by status', () => {
    const body = JSON.stringify({ message: 'Not found.' });
    expect(errorFromResponse(404, body).code).toBe('not_found');
    expect(errorFromResponse(403, body).code).toBe('forbidden');
    expect(errorFromResponse(422, body).code).toBe('unprocessable');
    expect(errorFromResponse(503, body).code).toBe('internal');
  });

  it('trusts the Customer API code over the status', () => {
    expect(errorFromResponse(400, JSON.stringify({ error: 'Form tasks take no notes.', code: 'invalid_request', issues: [{ path: ['task_id'], message: 'x' }] }))).toMatchObject({
      code: 'invalid_request',
      issues: [{ path: ['task_id'], message: 'x' }],
    });
    expect(errorFromResponse(429, JSON.stringify({ error: 'Too many replies. Try again in 9 seconds.', code: 'rate_limited' }), '9')).toEqual({
      code: 'rate_limited',
      status: 429,
      message: 'Too many replies. Try again in 9 seconds.',
      retryAfterSec: 9,
    });
  });

  it('keeps 429 as rate_limited even when the body is unreadable', () => {
    expect(errorFromResponse(429, '<html>slow down</html>', '30')).toMatchObject({ code: 'rate_limited', retryAfterSec: 30 });
  });

  it('reads Retry-After only as whole seconds', () => {
    expect(parseRetryAfter('12')).toBe(12);
    expect(parseRetryAfter(' 0 ')).toBe(0);
    expect(parseRetryAfter('Wed, 21 Oct 2026 07:28:00 GMT')).toBeUndefined();
    expect(parseRetryAfter('-3')).toBeUndefined();
    expect(parseRetryAfter(undefined)).toBeUndefined();
  });
});
