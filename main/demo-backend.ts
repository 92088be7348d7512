/**
 * The embedded default: with no API key set, Deskbell runs on the simulated
 * service in demo mode. Both entries (Electron's main/index.ts and the browser
 * host's main/preview.ts) compose it the same way, so it lives here once.
 */
import type { SecretName, SecretStatus } from '../common/settings';
import type { SecretStore } from './core/secrets';
import { startSimulator, type Simulator } from './sim';

/** Secrets held in memory only, for one session: the simulator's demo keys, or what the browser preview is given. */
export class SessionSecrets implements SecretStore {
  private readonly values = new Map<SecretName, string>();

  constructor(initial: Partial<Record<SecretName, string>> = {}) {
    for (const [name, value] of Object.entries(initial)) if (value) this.values.set(name as SecretName, value);
  }

  /** The secret's value, or null when not set. */
  async get(name: SecretName): Promise<string | null> {
    return this.values.get(name) ?? null;
  }

  /** Which secrets are set. */
  async status(): Promise<SecretStatus> {
    return { apiKey: this.values.has('apiKey'), liveUpdatesToken: this.values.has('liveUpdatesToken'), webhookSecret: this.values.has('webhookSecret') };
  }

  /** Sets a secret for this session. */
  async set(name: SecretName, value: string): Promise<void> {
    this.values.set(name, value);
  }

  /** Forgets a secret. */
  async clear(name: SecretName): Promise<void> {
    this.values.delete(name);
  }
}

/** The running demo service and the secrets the core uses on it. */
export interface DemoBackend {
  sim: Simulator;
  /** The simulator's owner key and live-updates token, and the webhook secret once connected. */
  secrets: SessionSecrets;
  /**
   * Points the simulator's webhook at the core's relay (the fast path) and
   * keeps the secret it shows. Loopback is allowed for the embedded simulator
   * only. Resolves false when it could not: tasks then arrive by polling.
   */
  connectWebhook(relayUrl: string | null): Promise<boolean>;
  close(): Promise<void>;
}

/** Starts the simulator in demo mode on 127.0.0.1 with a free port. */
export async function startDemoBackend(options: { demoIntervalMs?: number } = {}): Promise<DemoBackend> {
  const sim = await startSimulator({ port: 0, demo: true, ...(options.demoIntervalMs !== undefined && { demoIntervalMs: options.demoIntervalMs }) });
  const secrets = new SessionSecrets({ apiKey: sim.keys.owner, liveUpdatesToken: sim.bearerToken });
  return {
    sim,
    secrets,
    async connectWebhook(relayUrl) {
      if (!relayUrl) return false;
      const res = await fetch(`${sim.origin}/_sim/webhook`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ url: relayUrl, allowLoopback: true }),
      }).catch(() => null);
      if (!res?.ok) return false;
      await secrets.set('webhookSecret', ((await res.json()) as { secret: string }).secret);
      return true;
    },
    close: () => sim.close(),
  };
}
