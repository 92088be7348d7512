import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceClient } from '../../../main/core/client';
import { apiRootOf, parseBaseUrl } from '../../../main/core/client/urls';
import { SEED, type Simulator } from '../../../main/sim';
import { makeClient } from './fixtures';
import { startSim } from './sim';

describe('notification preferences live under /api, not /api/v1', () => {
  it('derives the /api root from the base URL, keeping a path prefix', () => {
    expect(apiRootOf(parseBaseUrl('https://svc.example.com/api/v1')).href).toBe('https://svc.example.com/api');
    expect(apiRootOf(parseBaseUrl('https://gw.example.com/answering/api/v1/')).href).toBe('https://gw.example.com/answering/api');
  });
});

describe('notification preferences against the simulator', () => {
  let sim: Simulator;
  let client: ServiceClient;
  const user = SEED.members.user;
  beforeAll(async () => {
    sim = await startSim();
    client = makeClient(sim.baseUrl, { apiKey: async () => sim.keys.owner });
  });
  afterAll(async () => {
    await client.close();
    await sim.close();
  });

  it('reads the team overview and a member', async () => {
    expect(await client.notifications.getTeamPreferences(sim.teamId)).toMatchObject({ ok: true, value: { team_id: sim.teamId } });
    expect(await client.notifications.getMemberPreferences(sim.teamId, user)).toMatchObject({ ok: true, value: { user_id: user } });
  });

  it('saves team-wide and phone-specific preferences, then resets the phone scope', async () => {
    expect(await client.notifications.saveMemberPreferences(sim.teamId, user, { task_created: ['email'], task_assigned: [] })).toMatchObject({
      ok: true,
      value: { scope: 'team', event_channel: { task_created: ['email'] } },
    });
    const line = SEED.lines.main;
    expect(await client.notifications.saveMemberPreferences(sim.teamId, user, { task_created: ['email'] }, { phoneNumberId: line })).toMatchObject({
      ok: true,
      value: { scope: 'phone_number', phone_number_id: line },
    });
    expect(await client.notifications.getMemberPreferences(sim.teamId, user, line)).toMatchObject({ ok: true, value: { scope: 'phone_number' } });
    expect(await client.notifications.resetMemberPreferences(sim.teamId, user, line)).toMatchObject({ ok: true });
  });

  it("passes the service's refusal through when the contact detail is missing", async () => {
    const result = await client.notifications.saveMemberPreferences(sim.teamId, SEED.members.noEmail, { task_created: ['email'] });
    expect(result).toMatchObject({ ok: false, error: { code: 'unprocessable', status: 422 } });
  });
});
