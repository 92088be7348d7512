import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACTS_QUERY } from '../../common/api/assumed';
import { ApiErrorBodySchema, ContactsPageSchema } from '../../common/api/customer';
import type { Simulator } from '../../main/sim';
import { client, start } from './sim-client';

let sim: Simulator;
beforeAll(async () => {
  sim = await start();
});
afterAll(async () => {
  await sim.close();
});

const search = async (query: Record<string, string | number>) => {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)])).toString();
  return client(sim).get(`/contacts${qs ? `?${qs}` : ''}`);
};
const names = async (query: Record<string, string | number>) => ContactsPageSchema.parse((await search(query)).body).contacts.map((c) => c.name);
const q = CONTACTS_QUERY;

describe('GET /contacts: search contacts', () => {
  it('returns a valid page of every contact, newest first', async () => {
    const page = ContactsPageSchema.parse((await search({})).body);
    expect(page.total_matching).toBe(sim.world.contacts.size);
    const firsts = page.contacts.map((c) => Date.parse(c.first_contact_at ?? ''));
    expect([...firsts].sort((a, b) => b - a)).toEqual(firsts);
  });

  it('matches name, phone, email, company and notes, case-insensitively', async () => {
    expect(await names({ [q.search]: 'priya' })).toEqual(['Priya Nair']);
    expect(await names({ [q.search]: '+16175550115' })).toEqual(['Tom Fischer']);
    expect(await names({ [q.search]: 'ELENA.ROSSI@' })).toEqual(['Elena Rossi']);
    expect(await names({ [q.search]: 'webb builders' })).toEqual(['Marcus Webb']);
    expect(await names({ [q.search]: 'website chat' })).toEqual(['Chris']);
  });

  it('a phone number typed with punctuation still matches', async () => {
    expect(await names({ [q.search]: '(617) 555-0115' })).toEqual(['Tom Fischer']);
  });

  it('every search word must match', async () => {
    expect(await names({ [q.search]: 'jordan blake' })).toEqual(['Jordan Blake']);
    expect(await names({ [q.search]: 'jordan fischer' })).toEqual([]);
  });

  it('search text over 100 characters is 400 invalid_request; 100 is accepted', async () => {
    const res = await search({ [q.search]: 'x'.repeat(101) });
    expect(res.status).toBe(400);
    expect(ApiErrorBodySchema.parse(res.body).issues?.[0]?.path).toEqual([q.search]);
    expect((await search({ [q.search]: 'x'.repeat(100) })).status).toBe(200);
  });

  it('page size is 1 to 50: 0, 51 and non-integers are 400', async () => {
    for (const size of ['0', '51', 'ten', '2.5']) {
      const res = await search({ [q.pageSize]: size });
      expect(res.status, size).toBe(400);
      expect(res.body.issues[0].path).toEqual([q.pageSize]);
    }
    expect((await search({ [q.pageSize]: 50 })).status).toBe(200);
  });

  it('page is an integer of at least 1', async () => {
    expect((await search({ [q.page]: 0 })).status).toBe(400);
  });

  it('pages: next_page is the page to ask for next, null on the last page', async () => {
    const total = sim.world.contacts.size;
    const first = ContactsPageSchema.parse((await search({ [q.pageSize]: 4 })).body);
    expect([first.page, first.next_page, first.contacts.length]).toEqual([1, 2, 4]);
    const seen = [...first.contacts];
    let next = first.next_page;
    while (next !== null) {
      const page = ContactsPageSchema.parse((await search({ [q.pageSize]: 4, [q.page]: next })).body);
      expect(page.page).toBe(next);
      seen.push(...page.contacts);
      next = page.next_page;
    }
    expect(seen.map((c) => c.id)).toHaveLength(total);
    expect(new Set(seen.map((c) => c.id)).size).toBe(total);
  });

  it('a page past the end is empty with next_page null', async () => {
    const page = ContactsPageSchema.parse((await search({ [q.page]: 99 })).body);
    expect([page.contacts.length, page.next_page, page.total_matching > 0]).toEqual([0, null, true]);
  });

  it('every bad input gets its own issue', async () => {
    const res = await search({ [q.search]: 'y'.repeat(101), [q.pageSize]: 0, [q.page]: 'x' });
    expect(res.body.issues.map((i: { path: string[] }) => i.path[0]).sort()).toEqual([q.page, q.pageSize, q.search].sort());
  });

  it('another method is 405 method_not_allowed saying the endpoint accepts GET, with Allow', async () => {
    const res = await client(sim).post('/contacts', {});
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET');
    expect(ApiErrorBodySchema.parse(res.body)).toMatchObject({ code: 'method_not_allowed', error: expect.stringContaining('GET') });
  });
});
