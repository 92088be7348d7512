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
import { startDemoBackend } from './demo-backend';

const prepared = prepareElectronApp();
if (prepared) {
  const demo = await startDemoBackend();
  const core = createCore({
    dataDir: prepared.dataDir,
    secrets: new SecretVault(),
    demo: { baseUrl: demo.sim.baseUrl, secrets: demo.secrets },
  });
  await core.start();
  // Demo fast path: the simulator's webhook posts to the core's relay.
  await demo.connectWebhook(core.relayStatus().url);

  await startElectronHost({
    handler: core,
    onWake: () => core.notifyWake(),
    onQuit: async () => {
      await core.stop();
      await demo.close();
    },
  });
}
