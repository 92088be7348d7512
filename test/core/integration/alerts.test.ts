/**
 * Every new task is alerted exactly once, whichever path brings it: the
 * webhook through the relay, polling, both, duplicates and retries, a relay
 * that was down, and a restart in the middle. Real HTTP against the simulator.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseTaskId } from '../../../common/api/primitives';
import { eventIdForSource } from '../../../common/api/webhook';
import { control, createTask, pause, Rig, waitFor, webhookTo } from './support/harness';
import { Tunnel } from './support/tunnel';

let rig: Rig;
const tunnels: Tunnel[] = [];

beforeEach(async () => {
  rig = await Rig.start();
});

afterEach(async () => {
  for (const t of tunnels.splice(0)) await t.close();
  await rig.close();
});

/** Turns the webhook on, aimed at `url`, and gives the core the secret the service shows. */
async function webhookOn(url: string): Promise<void> {
  await rig.secrets.set('webhookSecret', await webhookTo(rig.sim, url));
}

interface Delivery {
  eventId: string;
  attempt: number;
  status: number | null;
  outcome: string;
}
const deliveries = async () => (await control<{ deliveries: Delivery[] }>(rig.sim, 'GET', '/_sim/deliveries')).deliveries;

describe('every new task is alerted exactly once', () => {
  it('through the webhook only', async () => {
    const { core, log } = await rig.started();
    await webhookOn(core.relayStatus().url!);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await createTask(rig.sim, i === 1 ? 'form' : 'conversation')).taskId);
    await waitFor(() => ids.every((id) => log.alertsFor(id) === 1), 'three webhook alerts');
    await pause();
    expect(log.alerts().filter(([id]) => ids.includes(id))).toEqual(ids.map((id) => [id, 'webhook']));
    expect(core.relayStatus().verified).toBe(true);
  });

  it('through polling only (no webhook), on the poll timer', async () => {
    const { log } = await rig.started({ poll: { fastMs: 150, slowMs: 150, maxBackoffMs: 1_000, jitter: 0 } });
    const { taskId } = await createTask(rig.sim);
    await waitFor(() => log.alertsFor(taskId) === 1, 'a poll alert');
    await pause(400); // several more polls list the same task
    expect(log.alerts().filter(([id]) => id === taskId)).toEqual([[taskId, 'poll']]);
  });

  it('through both: the webhook first, then every poll lists it again', async () => {
    const { core, log } = await rig.started();
    await webhookOn(core.relayStatus().url!);
    const { taskId } = await createTask(rig.sim);
    await waitFor(() => log.alertsFor(taskId) === 1, 'the webhook alert');
    for (let i = 0; i < 3; i++) expect((await core.handle('syncNow', {})).ok).toBe(true);
    expect(log.alerts().filter(([id]) => id === taskId)).toEqual([[taskId, 'webhook']]);
  });

  it('through both: a poll first, then the webhook arrives late', async () => {
    const { core, log } = await rig.started();
    const tunnel = await Tunnel.open(core.relayStatus().url!);
    tunnels.push(tunnel);
    tunnel.script.push('fail-503'); // the first delivery fails; the service retries later
    await webhookOn(tunnel.url);
    const { taskId } = await createTask(rig.sim);
    await waitFor(async () => (await deliveries()).some((d) => d.outcome === 'retry_scheduled'), 'a failed first delivery');
    await core.handle('syncNow', {});
    await waitFor(async () => (await deliveries()).some((d) => d.outcome === 'delivered'), 'the retry to be delivered');
    await pause();
    expect(log.alerts().filter(([id]) => id === taskId)).toEqual([[taskId, 'poll']]);
  });

  it('with duplicates and retries: a 503, then the same event id delivered twice', async () => {
    const { core, log } = await rig.started();
    const tunnel = await Tunnel.open(core.relayStatus().url!);
    tunnels.push(tunnel);
    tunnel.script.push('fail-503', 'forward-twice');
    await webhookOn(tunnel.url);
    const { taskId } = await createTask(rig.sim);
    await waitFor(() => log.alertsFor(taskId) === 1, 'the alert after the retry');
    await waitFor(() => tunnel.relayAnswers.length === 2, 'both copies at the relay');
    await pause();
    const source = parseTaskId(taskId)!;
    const attempts = (await deliveries()).filter((d) => d.eventId === eventIdForSource(source.sourceType, source.sourceId));
    expect(attempts.map((d) => [d.attempt, d.status])).toEqual([
      [1, 503],
      [2, 200],
    ]);
    expect(tunnel.relayAnswers).toEqual([200, 200]); // the duplicate is acknowledged, not refused
    expect(log.alertsFor(taskId)).toBe(1);
  });

  it('with the relay down: polling catches up, and the late webhook retry is not a second alert', async () => {
    const { core, log } = await rig.started();
    const tunnel = await Tunnel.open(core.relayStatus().url!);
    tunnels.push(tunnel);
    tunnel.fallback = 'drop';
    await webhookOn(tunnel.url);
    const { taskId } = await createTask(rig.sim);
    await waitFor(async () => (await deliveries()).some((d) => d.outcome === 'retry_scheduled'), 'a failed delivery');
    expect(log.alertsFor(taskId)).toBe(0);
    await core.handle('syncNow', {});
    expect(log.alerts().filter(([id]) => id === taskId)).toEqual([[taskId, 'poll']]);
    tunnel.fallback = 'forward';
    await waitFor(async () => (await deliveries()).some((d) => d.outcome === 'delivered'), 'a later retry delivered');
    await pause();
    expect(log.alertsFor(taskId)).toBe(1);
  });

  it('across a restart in the middle: stop, a task arrives, a new core on the same state', async () => {
    const first = await rig.started();
    const tunnel = await Tunnel.open(first.core.relayStatus().url!);
    tunnels.push(tunnel);
    await webhookOn(tunnel.url);
    const before = (await createTask(rig.sim)).taskId;
    await waitFor(() => first.log.alertsFor(before) === 1, 'the alert before the restart');
    await first.core.stop();

    tunnel.fallback = 'drop'; // the PC is off: deliveries fail
    const during = (await createTask(rig.sim)).taskId;
    await waitFor(async () => (await deliveries()).some((d) => d.status === null), 'a delivery failing while stopped');

    const second = rig.core();
    await second.core.start();
    tunnel.retarget(second.core.relayStatus().url!);
    tunnel.fallback = 'forward';
    await waitFor(() => second.log.alertsFor(during) === 1, 'the task that came while stopped');
    await second.core.handle('syncNow', {});
    await waitFor(async () => (await deliveries()).filter((d) => d.outcome === 'delivered').length >= 2, 'the retried delivery');
    await pause();
    expect(second.log.alertsFor(before)).toBe(0);
    expect(second.log.alertsFor(during)).toBe(1);
    expect(second.log.of('notice').filter((n) => n.code === 'first_sync_summary')).toEqual([]);
  });
});
