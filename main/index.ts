/**
 * Electron entry: composes the core and the Electron host, nothing else.
 *
 * The embedded simulator runs in demo mode beside the core; the core uses it
 * only while no service address is configured (DESIGN.md: the embedded
 * default), with the simulator's own keys. Real secrets come from the OS
 * keychain.
 */
import { createCore } from './core/core';
import { SecretVault } from './core/secrets';
import { prepareElectronApp, startElectronHost } from './electron/host';
import { startSimulator } from './sim';

const prepared = prepareElectronApp();
if (prepared) {
  const sim = await startSimulator({ port: 0, demo: true });
  const demoSecrets = new Map<string, string>([
    ['apiKey', sim.keys.owner],
    ['liveUpdatesToken', sim.bearerToken],
  ]);
  const core = createCore({
    dataDir: prepared.dataDir,
    secrets: new SecretVault(),
    demo: {
      baseUrl: sim.baseUrl,
      secrets: {
        get: async (name) => demoSecrets.get(name) ?? null,
        status: async () => ({ apiKey: true, liveUpdatesToken: true, webhookSecret: demoSecrets.has('webhookSecret') }),
      },
    },
  });
  await core.start();

  // Demo fast path: the simulator's webhook posts to the core's relay.
  const relayUrl = core.relayStatus().url;
  if (relayUrl) {
    const res = await fetch(`${sim.origin}/_sim/webhook`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url: relayUrl, allowLoopback: true }),
    }).catch(() => null);
    if (res?.ok) demoSecrets.set('webhookSecret', ((await res.json()) as { secret: string }).secret);
  }

  await startElectronHost({
    handler: core,
    onWake: () => core.notifyWake(),
    onQuit: async () => {
      await core.stop();
      await sim.close();
    },
  });
}
