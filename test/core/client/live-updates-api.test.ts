import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceClient } from '../../../main/core/client';
import type { Simulator } from '../../../main/sim';
import { BEARER, makeClient } from './fixtures';
import { json, startScriptedServer } from './scripted-server';
import { startSim } from './sim';

describe('live updates against the simulator (Bearer)', () => {
  let sim: Simulator;
  let client: ServiceClient;
  beforeAll(async () => {
    sim = await startSim();
    client = makeClient(sim.baseUrl, { liveUpdatesToken: async () => sim.bearerToken });
  });
  afterAll(async () => {
    await client.close();
    await sim.close();
  });

  it('lists one page with filters', async () => {
    const page = await client.liveUpdates.list({ status: 'expired', pageSize: 1 });
    expect(page).toMatchObject({ ok: true, value: { meta: { per_page: 1, current_page: 1 } } });
    if (page.ok) expect(page.value.data.every((u) => u.expires_at < new Date(sim.clock.now()).toISOString())).toBe(true);
  });

  it('reads every active and scheduled update, and none that expired', async () => {
    const result = await client.liveUpdates.listCurrent({ priority: 'background' });
    expect(result).toMatchObject({ ok: true, value: { truncated: false } });
    if (!result.ok) return;
    expect(result.value.liveUpdates.length).toBeGreaterThan(0);
    const now = new Date(sim.clock.now()).toISOString();
    expect(result.value.liveUpdates.every((u) => u.expires_at > now)).toBe(true);
  });

  it('reads one update with its history', async () => {
    const list = await client.liveUpdates.listCurrent();
    const id = list.ok ? list.value.liveUpdates[0]?.id : undefined;
    expect(id).toBeDefined();
    expect(await client.liveUpdates.get(id ?? 0)).toMatchObject({ ok: true, value: { id, history: expect.any(Array) } });
  });
});

describe('fetches all pages of active+scheduled up to a cap', () => {
  const update = (id: number) => ({
    id,
    title: `Notice ${id}`,
    message: 'm',
    link: null,
    type: 'closure',
    starts_at: '2026-10-20T10:00:00Z',
    expires_at: '2026-10-21T10:00:00Z',
    is_cancelled: false,
    created_at: '2026-10-20T09:00:00Z',
    updated_at: '2026-10-20T09:00:00Z',
    phone_numbers: [],
    created_by: { id: 1, name: 'Maria', email: 'maria@example.com' },
  });

  it('walks the pages, de-duplicates, and says when the cap cut the list short', async () => {
    const server = await startScriptedServer((req, res) => {
      const url = new URL(req.path, 'http://x');
      const page = Number(url.searchParams.get('page'));
      expect(url.searchParams.get('active_and_scheduled')).toBe('true');
      expect(req.headers.authorization).toBe(`Bearer ${BEARER}`);
      const links = { first: 'f', last: 'l', prev: null, next: null };
      // Page 2 repeats id 2 (an update shifted between reads); 50 pages in all.
      json(res, 200, { data: [update(page * 2 - 1), update(page * 2 === 4 ? 2 : page * 2)], links, meta: { current_page: page, from: 1, last_page: 50, per_page: 2, to: 2, total: 100 } });
    });
    const client = makeClient(server.baseUrl);
    try {
      const result = await client.liveUpdates.listCurrent();
      expect(result).toMatchObject({ ok: true, value: { truncated: true } });
      expect(server.requests).toHaveLength(10);
      if (result.ok) expect(new Set(result.value.liveUpdates.map((u) => u.id)).size).toBe(result.value.liveUpdates.length);
    } finally {
      await client.close();
      await server.close();
    }
  });
});
