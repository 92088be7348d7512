/**
 * What every core integration test needs: a running simulator, a core on a
 * temp state folder pointed at it, an in-memory secret source, a recorder of
 * the core's events, and bounded waiting (never a fixed sleep as the check).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EventName, EventPayloads } from '../../../../common/contract';
import type { SecretName, SecretStatus } from '../../../../common/settings';
import { createCore, type Core, type CoreConfig } from '../../../../main/core/core';
import type { SecretStore } from '../../../../main/core/secrets';
import { startSimulator, type Simulator, type SimulatorOptions } from '../../../../main/sim';

/** Secrets in memory, writable like the keychain (the keychain itself is tested elsewhere). */
export class MemorySecrets implements SecretStore {
  private readonly values = new Map<SecretName, string>();
  constructor(initial: Partial<Record<SecretName, string>> = {}) {
    for (const [k, v] of Object.entries(initial)) if (v) this.values.set(k as SecretName, v);
  }
  async get(name: SecretName) {
    return this.values.get(name) ?? null;
  }
  async status(): Promise<SecretStatus> {
    return { apiKey: this.values.has('apiKey'), liveUpdatesToken: this.values.has('liveUpdatesToken'), webhookSecret: this.values.has('webhookSecret') };
  }
  async set(name: SecretName, value: string) {
    this.values.set(name, value);
  }
  async clear(name: SecretName) {
    this.values.delete(name);
  }
}

/** One recorded event. */
export type Recorded = { [E in EventName]: { event: E; payload: EventPayloads[E] } }[EventName];

/** Records every event of a core. */
export class EventLog {
  readonly all: Recorded[] = [];
  attach(core: Core): void {
    const names: EventName[] = ['task:new', 'tasks:changed', 'liveUpdates:changed', 'connection:changed', 'relay:changed', 'drafts:changed', 'settings:changed', 'secrets:changed', 'notice'];
    for (const name of names) core.on(name, (payload) => this.all.push({ event: name, payload } as Recorded));
  }
  of<E extends EventName>(name: E): EventPayloads[E][] {
    return this.all.filter((r) => r.event === name).map((r) => r.payload as EventPayloads[E]);
  }
  /** task:new events as `[taskId, source]`. */
  alerts(): [string, string][] {
    return this.of('task:new').map((e) => [e.task.id, e.source]);
  }
  alertsFor(taskId: string): number {
    return this.of('task:new').filter((e) => e.task.id === taskId).length;
  }
}

/** Waits until `check` is truthy, polling every 20 ms; fails with `what` after `timeoutMs`. */
export async function waitFor<T>(check: () => T | Promise<T>, what: string, timeoutMs = 8_000): Promise<NonNullable<T>> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > until) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Lets in-flight work settle for a moment (used only before asserting that nothing *more* happened). */
export const pause = (ms = 150) => new Promise((r) => setTimeout(r, ms));

/** Calls the simulator's control API. */
export async function control<T = unknown>(sim: Simulator, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${sim.origin}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

/** Creates a task in the simulator; returns its ids. */
export function createTask(sim: Simulator, kind: 'conversation' | 'form' = 'conversation', channel?: string) {
  return control<{ taskId: string; conversationId: number | null }>(sim, 'POST', '/_sim/tasks', { kind, ...(channel && { channel }) });
}

/** Points the simulator's webhook at `url`; returns the secret. */
export async function webhookTo(sim: Simulator, url: string): Promise<string> {
  return (await control<{ secret: string }>(sim, 'PUT', '/_sim/webhook', { url, allowLoopback: true })).secret;
}

/** A simulator, a temp folder, and cores made on them; `close()` ends all of it. */
export class Rig {
  readonly cores: Core[] = [];
  private constructor(
    readonly sim: Simulator,
    readonly dir: string,
    readonly secrets: MemorySecrets,
  ) {}

  static async start(options: SimulatorOptions = {}): Promise<Rig> {
    const sim = await startSimulator({ port: 0, webhookRetryDelaysMs: [200, 200, 200, 200], webhookTimeoutMs: 2_000, ...options });
    const dir = await mkdtemp(join(tmpdir(), 'deskbell-core-'));
    return new Rig(sim, dir, new MemorySecrets({ apiKey: sim.keys.owner, liveUpdatesToken: sim.bearerToken }));
  }

  /** A core on this rig's state folder; by default polls only at start (tests trigger syncs). */
  core(overrides: Partial<CoreConfig> = {}): { core: Core; log: EventLog } {
    const core = createCore({
      dataDir: this.dir,
      baseUrl: this.sim.baseUrl,
      secrets: this.secrets,
      relay: { port: 0 },
      poll: { fastMs: 3_600_000, slowMs: 3_600_000, maxBackoffMs: 3_600_000, jitter: 0 },
      retry: { baseDelayMs: 20, maxDelayMs: 50 },
      ...overrides,
    });
    const log = new EventLog();
    log.attach(core);
    this.cores.push(core);
    return { core, log };
  }

  /** Starts a core and waits for its first successful sync. */
  async started(overrides: Partial<CoreConfig> = {}): Promise<{ core: Core; log: EventLog }> {
    const made = this.core(overrides);
    await made.core.start();
    await waitFor(async () => {
      const snap = await made.core.handle('getSnapshot', {});
      return snap.ok && snap.value.lastSyncAt !== null;
    }, 'the first sync');
    return made;
  }

  async close(): Promise<void> {
    for (const core of this.cores) await core.stop();
    await this.sim.close();
    await rm(this.dir, { recursive: true, force: true });
  }
}
