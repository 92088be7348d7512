import { startSimulator, type FaultRequest, type Simulator } from '../../../main/sim';

/** Starts the real simulator on an ephemeral loopback port. */
export function startSim(): Promise<Simulator> {
  return startSimulator({ port: 0 });
}

async function control(sim: Simulator, method: string, path: string, body?: unknown): Promise<unknown> {
  const res = await fetch(`${sim.origin}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json: unknown = await res.json();
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/** Injects a fault through `POST /_sim/faults`. */
export async function injectFault(sim: Simulator, rule: Partial<FaultRequest> & { path: string }): Promise<void> {
  await control(sim, 'POST', '/_sim/faults', rule);
}

/** How many firings of injected faults are still pending: what tells how many requests reached the service. */
export async function pendingFaultFirings(sim: Simulator): Promise<number> {
  const { faults } = (await control(sim, 'GET', '/_sim/faults')) as { faults: { remaining: number }[] };
  return faults.reduce((n, f) => n + f.remaining, 0);
}

/** Moves the simulator's virtual clock (ends injected stalls early). */
export async function advanceSim(sim: Simulator, ms: number): Promise<void> {
  await control(sim, 'POST', '/_sim/clock', { advanceMs: ms });
}

/** The business messages of a conversation with exactly this text, as the service recorded them. */
export function businessMessages(sim: Simulator, conversationId: number, text: string): number {
  const conversation = sim.world.conversations.get(conversationId);
  return (conversation?.messages ?? []).filter((m) => m.from === 'business' && m.text === text).length;
}
