/**
 * Webhook off across midnight (spec: Delivery rule 5): tasks created while
 * the webhook was off are never sent later, so after a gap that crossed
 * midnight in the team's timezone the core must read `yesterday` too. The
 * core runs on the simulator's virtual clock so midnight comes at once.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { control, createTask, Rig, webhookTo } from './support/harness';

let rig: Rig | null = null;
afterEach(async () => {
  await rig?.close();
  rig = null;
});

describe('webhook off across the team midnight', () => {
  it('reads yesterday after the gap and alerts the task the webhook never sent', async () => {
    // 23:30 in New York (the simulator team's zone), 04:30 UTC.
    rig = await Rig.start({ startTime: Date.parse('2026-01-15T04:30:00Z'), timezone: 'America/New_York' });
    const { sim } = rig;
    const { core, log } = await rig.started({ clock: sim.clock });
    await rig.secrets.set('webhookSecret', await webhookTo(sim, core.relayStatus().url!));

    await sim.clock.advance(10 * 60_000); // 23:40: the webhook is switched off
    await control(sim, 'DELETE', '/_sim/webhook');
    await sim.clock.advance(5 * 60_000); // 23:45: a task comes in and is never delivered
    const { taskId } = await createTask(sim);
    await sim.clock.advance(30 * 60_000); // 00:15 the next day
    await rig.secrets.set('webhookSecret', await webhookTo(sim, core.relayStatus().url!));

    // The service's "today" no longer lists it: only "yesterday" can bring it back.
    const today = await fetch(`${sim.baseUrl}/tasks?range=today`, { headers: { 'x-api-key': sim.keys.owner } });
    const listed = ((await today.json()) as { tasks: { id: string }[] }).tasks.map((t) => t.id);
    expect(listed).not.toContain(taskId);
    expect(log.alertsFor(taskId)).toBe(0);

    const synced = await core.handle('syncNow', {});
    expect(synced.ok).toBe(true);
    expect(log.alerts().filter(([id]) => id === taskId)).toEqual([[taskId, 'poll']]);

    // The next sync is within the new day: today only, and no second alert.
    await core.handle('syncNow', {});
    expect(log.alertsFor(taskId)).toBe(1);
  });
});
