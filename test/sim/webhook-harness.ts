/**
 * A running simulator and a webhook receiver on 127.0.0.1, driven only
 * through HTTP: the control API saves and clears the address
 * (`PUT`/`DELETE /_sim/webhook`), creates tasks (`POST /_sim/tasks`), moves
 * the clock (`POST /_sim/clock`) and reads the delivery log
 * (`GET /_sim/deliveries`). The simulator's clock moves only when told
 * (`realTimeClock: false`), so retry waits are checked to the millisecond.
 */
import { expect } from 'vitest';
import type { DeliveryAttempt, DeliverySummary } from '../../main/sim/webhook';
import type { Simulator, SimulatorOptions } from '../../main/sim';
import { call, start, type Json } from './sim-client';
import { startReceiver, type Receiver, type ReceiverStep } from './webhook-receiver';

/** A simulator with a receiver saved as its webhook address. */
export interface WebhookRig {
  sim: Simulator;
  receiver: Receiver;
  /** The secret shown when the address was saved. */
  secret: string;
  close(): Promise<void>;
}

/** `PUT /_sim/webhook`, as the dashboard saves an address. */
export const saveAddress = (sim: Simulator, url: string, allowLoopback?: boolean) =>
  call(sim, 'PUT', '/_sim/webhook', { body: allowLoopback === undefined ? { url } : { url, allowLoopback } });

/** `DELETE /_sim/webhook`: the address cleared and saved. */
export const clearAddress = (sim: Simulator) => call(sim, 'DELETE', '/_sim/webhook');

/** Starts a simulator with a frozen clock (unless `options` say otherwise). */
export const startFrozen = (options: SimulatorOptions = {}) => start({ realTimeClock: false, ...options });

/** Starts a simulator and a receiver following `script`, and saves the receiver as the address. */
export async function rig(script: ReceiverStep[] = [], options: SimulatorOptions = {}): Promise<WebhookRig> {
  const sim = await startFrozen(options);
  const receiver = await startReceiver(script);
  const saved = await saveAddress(sim, receiver.url, true);
  expect(saved.status).toBe(200);
  return {
    sim,
    receiver,
    secret: saved.body.secret as string,
    async close() {
      await receiver.close();
      await sim.close();
    },
  };
}

/** `POST /_sim/tasks`, then waits until the first delivery attempt it started is over. */
export async function newTask(sim: Simulator, body: Record<string, unknown> = { kind: 'conversation' }): Promise<Json> {
  const res = await call(sim, 'POST', '/_sim/tasks', { body });
  expect(res.status).toBe(201);
  await sim.services.webhook.idle();
  return res.body;
}

/** `POST /_sim/clock`, then waits until the attempts that fell due are over. */
export async function advance(sim: Simulator, ms: number): Promise<void> {
  expect((await call(sim, 'POST', '/_sim/clock', { body: { advanceMs: ms } })).status).toBe(200);
  await sim.services.webhook.idle();
}

/** `GET /_sim/deliveries`. */
export async function deliveryLog(sim: Simulator): Promise<DeliverySummary & { deliveries: DeliveryAttempt[] }> {
  const res = await call(sim, 'GET', '/_sim/deliveries');
  expect(res.status).toBe(200);
  return res.body;
}

/** Asserts that the next attempt comes exactly `wait` ms of virtual time later: none at wait − 1, one at wait. */
export async function expectNextAttemptAfter(r: WebhookRig, wait: number): Promise<void> {
  const before = r.receiver.requests.length;
  await advance(r.sim, wait - 1);
  expect(r.receiver.requests).toHaveLength(before);
  await advance(r.sim, 1);
  expect(r.receiver.requests).toHaveLength(before + 1);
}
