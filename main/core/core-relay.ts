/**
 * Starting the relay for the core: its address from the settings (or the
 * host's overrides), its secret from the current secret source, and its
 * events into the inbox.
 */
import type { ConnectionReport, RelayStatus } from '../../common/views';
import type { CoreConfig } from './core-config';
import type { ServiceLink } from './core-link';
import type { Inbox } from './inbox';
import { RelayServer } from './relay';
import type { StateStore } from './store';

/** The status while no relay exists (before start, after stop). */
export const IDLE_RELAY: RelayStatus = {
  listening: false,
  url: null,
  verified: false,
  lastEventAt: null,
  publicAddressProblem: null,
  recentRejections: [],
  forwards: [],
  error: null,
};

/** Creates and starts the relay. A port in use is reported in its status, never thrown. */
export async function startRelay(
  config: CoreConfig,
  store: StateStore,
  link: ServiceLink,
  inbox: Inbox,
  onStatusChange: (status: RelayStatus) => void,
): Promise<RelayServer> {
  const settings = store.getSettings();
  const relay = new RelayServer({
    host: config.relay?.host ?? settings.relayHost,
    port: config.relay?.port ?? settings.relayPort,
    path: config.relay?.path ?? settings.relayPath,
    // Read per request, so a secret set in Settings applies without a restart.
    secret: () => link.secrets.get('webhookSecret'),
    seenEvents: store,
    onTask: (task) => {
      inbox.acceptWebhookTask(task);
    },
    lookupLegacyTask: async (taskId) => {
      const r = await link.call((c) => c.customer.getTask(taskId, { priority: 'user' }));
      if (r.ok) return r.value;
      if (r.error.code === 'not_found') return null;
      // Any other failure: throw, so the relay logs it and the next poll picks the task up.
      throw new Error(r.error.message);
    },
    forwardTargets: settings.forwardTargets,
    publicWebhookAddress: settings.publicWebhookAddress,
    now: () => new Date(config.clock?.now() ?? Date.now()),
    onStatusChange,
    ...(config.onRelayRejection && { onRejection: config.onRelayRejection }),
  });
  await relay.start();
  return relay;
}

/** The relay part of "test connection". */
export function relayCheck(status: RelayStatus): ConnectionReport['relay'] {
  if (!status.listening) return { ok: false, message: status.error ?? 'The relay is not listening.' };
  if (!status.verified) {
    return { ok: false, message: `The relay listens at ${status.url}, but no event has reached it yet. Use "Send test" in the dashboard's webhook settings.` };
  }
  return { ok: true, message: `The relay at ${status.url} has received events (last at ${status.lastEventAt}).` };
}
