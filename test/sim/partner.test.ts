/**
 * The simulated Partner API over real HTTP: reseller authentication,
 * organizations (read, list, update of provisioned ones only, validation)
 * and users (by external id, by email), with the spec's error bodies.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createSimClock, type SimClock } from '../../main/sim/clock';
import { Router } from '../../main/sim/router';
import { startSimulator } from '../../main/sim/server';
import { LINKED_READ_ONLY_MESSAGE, MAX_ORGANIZATION_NAME, PartnerDirectory, RESELLER_ONLY_MESSAGE, registerPartnerRoutes, seedDemoPartner, type SeededPartner } from '../../main/sim/partner';
import { OrganizationSchema, PartnerUserSchema } from '../../common/api/partner';
import { ErrorOnlyBodySchema, MessageBodySchema, ValidationErrorBodySchema } from '../../common/api/errors';
import { call, serveRouter, type RouterServer } from './router-harness';

const START = Date.parse('2026-11-02T15:00:00Z');
const KEY = 'pk_reseller_one';
const OTHER_KEY = 'pk_reseller_two';
const CUSTOMER_KEY = 'ck_team_owner';

let clock: SimClock;
let directory: PartnerDirectory;
let seeded: SeededPartner;
let server: RouterServer;

const req = (method: string, path: string, options: { key?: string | null; body?: unknown; rawBody?: string } = {}) => {
  const key = options.key === undefined ? KEY : options.key;
  return call(server.origin, method, `/api/v1${path}`, { headers: key === null ? {} : { 'X-API-KEY': key }, body: options.body, rawBody: options.rawBody });
};

beforeEach(async () => {
  clock = createSimClock(START);
  directory = new PartnerDirectory();
  seeded = seedDemoPartner(directory, { key: KEY, now: START });
  const other = directory.addReseller({ name: 'Other reseller', key: OTHER_KEY });
  directory.addOrganization({ resellerId: other.id, name: 'Not yours', description: null, partnerType: 'provisioned', permissions: { can_view_dashboard: false, can_manage_dashboard_viewers: false }, createdAt: START });
  directory.addUser({ resellerId: other.id, externalId: 'crm-1001', email: 'someone@else.example', name: 'Else', createdAt: START, memberships: [] });
  const router = new Router();
  registerPartnerRoutes(router, { clock, directory, isNonResellerKey: (k) => k === CUSTOMER_KEY });
  server = await serveRouter(router);
});

afterEach(async () => {
  clock.dispose();
  await server.close();
});

describe('Authentication (X-API-KEY of a reseller)', () => {
  it('a missing key is 401 {error} saying an API key is required', async () => {
    const res = await req('GET', '/organizations', { key: null });
    expect(res.status).toBe(401);
    expect(ErrorOnlyBodySchema.parse(res.body).error).toBe('An API key is required.');
    expect(Object.keys(res.body as object)).toEqual(['error']);
  });

  it('a wrong key is 401 {error}', async () => {
    const res = await req('GET', `/organizations/${seeded.provisioned.id}`, { key: 'nope' });
    expect(res.status).toBe(401);
    expect(ErrorOnlyBodySchema.parse(res.body).error).toBe('Invalid API key.');
  });

  it('the Partner API is for reseller accounts only: a non-reseller’s valid key is 403 {message}', async () => {
    for (const path of ['/organizations', '/users/crm-1001', '/users/by-email?email=a@b.example']) {
      const res = await req('GET', path, { key: CUSTOMER_KEY });
      expect(res.status).toBe(403);
      expect(MessageBodySchema.parse(res.body).message).toBe(RESELLER_ONLY_MESSAGE);
    }
  });
});

describe('Organizations', () => {
  it('GET /organizations lists the reseller’s organizations in data', async () => {
    const res = await req('GET', '/organizations');
    expect(res.status).toBe(200);
    const { data } = z.object({ data: z.array(OrganizationSchema) }).parse(res.body);
    expect(data.map((o) => o.name)).toEqual(['Bayside Dental', 'Harbor Auto Repair']);
  });

  it('GET /organizations/{id} returns the organization with permissions, users and phone numbers (locations)', async () => {
    const res = await req('GET', `/organizations/${seeded.provisioned.id}`);
    expect(res.status).toBe(200);
    const org = OrganizationSchema.parse(res.body);
    expect(org).toMatchObject({ partner_type: 'provisioned', permissions: { can_view_dashboard: true, can_manage_dashboard_viewers: true } });
    expect(org.users.map((u) => u.external_id)).toEqual(['crm-1001', 'crm-1002']);
    expect(org.phone_numbers[0]).toMatchObject({ status: 'active', address: '12 Main St, Springfield', google_place_id: 'ChIJbayside-main-st' });
    expect(org.phone_numbers[1]).toMatchObject({ status: 'pending', address: null, google_place_id: null });
  });

  it('an unknown organization, or another reseller’s, is 404 {message} that it was not found', async () => {
    for (const id of ['999', '3', 'abc']) {
      const res = await req('GET', `/organizations/${id}`);
      expect(res.status).toBe(404);
      expect(MessageBodySchema.parse(res.body).message).toBe('Organization not found.');
    }
  });
});

describe('PATCH /organizations/{id}', () => {
  it('updates a provisioned organization’s name and description and returns it with users and phone numbers', async () => {
    await clock.advance(60_000);
    const res = await req('PATCH', `/organizations/${seeded.provisioned.id}`, { body: { name: '  Bayside Family Dental ', description: 'Three clinics now.' } });
    expect(res.status).toBe(200);
    const org = OrganizationSchema.parse(res.body);
    expect(org.name).toBe('Bayside Family Dental');
    expect(res.body).toMatchObject({ description: 'Three clinics now.' });
    expect(Date.parse(org.updated_at)).toBeGreaterThanOrEqual(START + 60_000);
    expect(org.users.length).toBeGreaterThan(0);
    expect(org.phone_numbers.length).toBeGreaterThan(0);
    // A user's organization list shows the new name too.
    const user = PartnerUserSchema.parse((await req('GET', '/users/crm-1001')).body);
    expect(user.organizations.find((o) => o.id === seeded.provisioned.id)?.name).toBe('Bayside Family Dental');
  });

  it('each field is optional: only the fields given change', async () => {
    const res = await req('PATCH', `/organizations/${seeded.provisioned.id}`, { body: { description: 'Only this.' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Bayside Dental', description: 'Only this.' });
  });

  it('a linked organization is read-only: 403 {message}, and nothing changes', async () => {
    const res = await req('PATCH', `/organizations/${seeded.linked.id}`, { body: { name: 'Renamed' } });
    expect(res.status).toBe(403);
    expect(MessageBodySchema.parse(res.body).message).toBe(LINKED_READ_ONLY_MESSAGE);
    expect(OrganizationSchema.parse((await req('GET', `/organizations/${seeded.linked.id}`)).body).name).toBe('Harbor Auto Repair');
  });

  it('an unknown organization is 404 {message}', async () => {
    const res = await req('PATCH', '/organizations/999', { body: { name: 'X' } });
    expect(res.status).toBe(404);
    expect(MessageBodySchema.parse(res.body).message).toBe('Organization not found.');
  });

  it.each([
    ['an empty name', { name: '   ' }, ['name']],
    [`a name over ${MAX_ORGANIZATION_NAME} characters`, { name: 'x'.repeat(MAX_ORGANIZATION_NAME + 1) }, ['name']],
    ['a name that is not a string', { name: 42 }, ['name']],
    ['a description that is not a string', { description: ['a'] }, ['description']],
    ['an unknown field', { name: 'Ok', partner_type: 'linked' }, ['partner_type']],
    ['no field at all', {}, ['name']],
  ])('validation: %s is 422 {message, errors} naming the field, and nothing changes', async (_label, body, fields) => {
    const res = await req('PATCH', `/organizations/${seeded.provisioned.id}`, { body });
    expect(res.status).toBe(422);
    const parsed = ValidationErrorBodySchema.parse(res.body);
    expect(Object.keys(parsed.errors)).toEqual(fields);
    expect(parsed.message).toBe(parsed.errors[fields[0] ?? '']?.[0]);
    expect(OrganizationSchema.parse((await req('GET', `/organizations/${seeded.provisioned.id}`)).body).name).toBe('Bayside Dental');
  });

  it(`validation: a name of exactly ${MAX_ORGANIZATION_NAME} characters is accepted`, async () => {
    const res = await req('PATCH', `/organizations/${seeded.provisioned.id}`, { body: { name: 'é'.repeat(MAX_ORGANIZATION_NAME) } });
    expect(res.status).toBe(200);
  });

  it('validation: a malformed JSON body is 422 {message, errors}', async () => {
    const res = await req('PATCH', `/organizations/${seeded.provisioned.id}`, { rawBody: '{"name":' });
    expect(res.status).toBe(422);
    expect(Object.keys(ValidationErrorBodySchema.parse(res.body).errors)).toEqual(['body']);
  });
});

describe('GET /users/{external_id}', () => {
  it('returns the user by the reseller’s own id, with organizations and roles', async () => {
    const res = await req('GET', '/users/crm-1001');
    expect(res.status).toBe(200);
    const user = PartnerUserSchema.parse(res.body);
    expect(user).toMatchObject({ external_id: 'crm-1001', email: 'dana.owner@baysidedental.example' });
    expect(user.organizations).toEqual([
      { id: seeded.provisioned.id, name: 'Bayside Dental', role: 'owner' },
      { id: seeded.linked.id, name: 'Harbor Auto Repair', role: 'admin' },
    ]);
  });

  it('an unknown external id is 404 {message} that the user was not found', async () => {
    const res = await req('GET', '/users/crm-9999');
    expect(res.status).toBe(404);
    expect(MessageBodySchema.parse(res.body).message).toBe('User not found.');
  });

  it('external ids are per reseller: another reseller sees its own user under the same id', async () => {
    const res = await req('GET', '/users/crm-1001', { key: OTHER_KEY });
    expect(PartnerUserSchema.parse(res.body).email).toBe('someone@else.example');
  });
});

describe('GET /users/by-email', () => {
  it('returns the user with that email (the route is matched before /users/{external_id})', async () => {
    const res = await req('GET', '/users/by-email?email=SAM.front@baysidedental.example');
    expect(res.status).toBe(200);
    expect(PartnerUserSchema.parse(res.body).external_id).toBe('crm-1002');
  });

  it('an unknown email, or another reseller’s user, is 404 {message} that the user was not found', async () => {
    for (const email of ['nobody@baysidedental.example', 'someone@else.example']) {
      const res = await req('GET', `/users/by-email?email=${encodeURIComponent(email)}`);
      expect(res.status).toBe(404);
      expect(MessageBodySchema.parse(res.body).message).toBe('User not found.');
    }
  });

  it('a missing or malformed email is 422 {message, errors}', async () => {
    for (const query of ['', '?email=', '?email=not-an-email']) {
      const res = await req('GET', `/users/by-email${query}`);
      expect(res.status).toBe(422);
      expect(Object.keys(ValidationErrorBodySchema.parse(res.body).errors)).toEqual(['email']);
    }
  });
});

describe('Method not allowed', () => {
  it('answers 405 {message} with an Allow header listing the supported methods', async () => {
    const res = await req('DELETE', `/organizations/${seeded.provisioned.id}`);
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD, PATCH');
    MessageBodySchema.parse(res.body);
  });
});

describe('Wired into the simulator (startSimulator)', () => {
  it('the printed partner key reads organizations; a team’s Customer API key is refused as a non-reseller', async () => {
    const sim = await startSimulator({ port: 0 });
    try {
      const orgs = await call(sim.origin, 'GET', '/api/v1/organizations', { headers: { 'X-API-KEY': sim.partnerKey } });
      expect(orgs.status).toBe(200);
      expect(z.object({ data: z.array(OrganizationSchema) }).parse(orgs.body).data.map((o) => o.partner_type).sort()).toEqual(['linked', 'provisioned']);
      const refused = await call(sim.origin, 'GET', '/api/v1/organizations', { headers: { 'X-API-KEY': sim.keys.owner } });
      expect(refused.status).toBe(403);
      expect(MessageBodySchema.parse(refused.body).message).toBe(RESELLER_ONLY_MESSAGE);
    } finally {
      await sim.close();
    }
  });
});
