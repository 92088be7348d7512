/**
 * `npm run web`: Deskbell in your browser. Starts the embedded simulator in
 * demo mode, the real core on it, and the browser host serving the built
 * renderer (run `npm run build` first), then prints the address to open.
 *
 *   npm run web -- [--port N] [--data DIR] [--interval MS]
 *
 * --port     the browser host's port (default: a free one)
 * --data     the state folder (default: a fresh temporary folder, removed on exit)
 * --interval how often a demo task arrives, in ms (default: the simulator's)
 *
 * Secrets entered in the preview are kept in memory for this session only:
 * the preview never touches your keychain and never writes a secret to disk.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { createCore, type Core } from './core/core';
import { SessionSecrets, startDemoBackend } from './demo-backend';
import type { Simulator } from './sim';
import { startWebHost, type WebHost } from './web';

/** Options of {@link startPreview}. */
export interface PreviewOptions {
  /** The built renderer; default out/renderer beside this folder. */
  rendererDir?: string;
  /** The browser host's port; 0 picks a free one. */
  port?: number;
  /** The state folder; default a fresh temporary folder, removed by close(). */
  dataDir?: string;
  /** Milliseconds between demo arrivals. */
  demoIntervalMs?: number;
}

/** A running preview. */
export interface Preview {
  host: WebHost;
  core: Core;
  sim: Simulator;
  close(): Promise<void>;
}

/**
 * Simulator (demo) + core + browser host, wired like the desktop app's
 * embedded default: the core talks to the simulator with its demo keys, and
 * the simulator's webhook posts to the core's relay, so new tasks arrive on
 * the fast path.
 */
export async function startPreview(options: PreviewOptions = {}): Promise<Preview> {
  const rendererDir = options.rendererDir ?? resolve(import.meta.dirname, '..', 'out', 'renderer');
  if (!existsSync(join(rendererDir, 'index.html'))) throw new Error(`No renderer build in ${rendererDir}: run \`npm run build\` first.`);
  const ownDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'deskbell-preview-')));

  const demo = await startDemoBackend(options.demoIntervalMs !== undefined ? { demoIntervalMs: options.demoIntervalMs } : {});
  const sim = demo.sim;
  const core = createCore({
    dataDir,
    secrets: new SessionSecrets(),
    demo: { baseUrl: sim.baseUrl, secrets: demo.secrets },
    relay: { port: 0 },
  });
  await core.start();
  if (!(await demo.connectWebhook(core.relayStatus().url))) {
    console.error("[preview] could not point the simulator's webhook at the relay; new tasks will arrive by polling.");
  }

  const host = await startWebHost({ handler: core, rendererDir, port: options.port ?? 0 });
  let closing: Promise<void> | null = null;
  return {
    host,
    core,
    sim,
    close() {
      closing ??= (async () => {
        await host.close();
        await core.stop();
        await sim.close();
        if (ownDataDir) await rm(dataDir, { recursive: true, force: true });
      })();
      return closing;
    },
  };
}

/**
 * Prints the preview's address on stdout (the one line a script reads), a
 * hint on stderr, and closes the preview cleanly on SIGINT or SIGTERM. Shared
 * by `npm run web` and `npm start`'s browser fallback.
 */
export function announceAndStopOnSignal(preview: Preview, intro: string, logPrefix: string): void {
  process.stdout.write(`${preview.host.url}\n`);
  console.error(`${intro} Open the address above in your browser; Ctrl+C to stop.`);
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.error(`${logPrefix} ${signal}: shutting down.`);
    void preview.close().then(() => process.exit(0));
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

/** The command line: start, print the address, stop cleanly on Ctrl+C. */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { port: { type: 'string', default: '0' }, data: { type: 'string' }, interval: { type: 'string' } },
    strict: true,
  });
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port must be 0..65535, got ${values.port}`);
  const interval = values.interval === undefined ? undefined : Number(values.interval);
  if (interval !== undefined && (!Number.isInteger(interval) || interval < 100)) throw new Error('--interval must be an integer of at least 100 (ms)');

  const preview = await startPreview({ port, ...(values.data !== undefined && { dataDir: resolve(values.data) }), ...(interval !== undefined && { demoIntervalMs: interval }) });
  announceAndStopOnSignal(preview, '[preview] Deskbell on the demo simulator.', '[preview]');
}

// Run only as a command (`tsx main/preview.ts`), not when imported by tests.
if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main().catch((err: unknown) => {
    console.error(`[preview] ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  });
}
