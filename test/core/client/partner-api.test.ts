import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceClient } from '../../../main/core/client';
import type { Simulator } from '../../../main/sim';
import { makeClient } from './fixtures';
import { startSim } from './sim';

describe('Partner API against the simulator', () => {
  let sim: Simulator;
  let client: ServiceClient;
  beforeAll(async () => {
    sim = await startSim();
    client = makeClient(sim.baseUrl, { partnerKey: async () => sim.partnerKey });
  });
  afterAll(async () => {
    await client.close();
    await sim.close();
  });

  it('lists and reads organizations, and updates a provisioned one', async () => {
    const list = await client.partner.listOrganizations();
    expect(list.ok).toBe(true);
    if (!list.ok) return;
    const provisioned = list.value.find((o) => o.partner_type === 'provisioned');
    const linked = list.value.find((o) => o.partner_type === 'linked');
    expect(provisioned).toBeDefined();
    expect(await client.partner.getOrganization(provisioned?.id ?? 0)).toMatchObject({ ok: true, value: { id: provisioned?.id } });
    expect(await client.partner.updateOrganization(provisioned?.id ?? 0, { name: 'Bayside Dental Group' })).toMatchObject({
      ok: true,
      value: { name: 'Bayside Dental Group' },
    });
    if (linked) expect(await client.partner.updateOrganization(linked.id, { name: 'x' })).toMatchObject({ ok: false, error: { code: 'forbidden', status: 403 } });
  });

  it('finds a user by external id and by email; an unknown one is not_found', async () => {
    const list = await client.partner.listOrganizations();
    const user = list.ok ? list.value.flatMap((o) => o.users)[0] : undefined;
    expect(user).toBeDefined();
    if (!user) return;
    expect(await client.partner.getUser(user.external_id)).toMatchObject({ ok: true, value: { id: user.id } });
    expect(await client.partner.getUserByEmail(user.email)).toMatchObject({ ok: true, value: { id: user.id } });
    expect(await client.partner.getUser('no-such-user')).toMatchObject({ ok: false, error: { code: 'not_found', status: 404 } });
    expect(await client.partner.getOrganization(99_999)).toMatchObject({ ok: false, error: { code: 'not_found', status: 404 } });
  });
});
