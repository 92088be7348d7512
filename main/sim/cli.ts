/**
 * `npm run sim -- [--port N] [--demo] [--interval MS]`: starts the simulator
 * and prints, as the first line on stdout, the JSON object with its base URL,
 * origin, team id, API keys, bearer token and partner key. Exits cleanly on
 * SIGINT or SIGTERM.
 */
import { parseArgs } from 'node:util';
import { startSimulator } from './server';

/** Parses the command line; exits with a usage line on bad input. */
function options(): { port: number; demo: boolean; interval?: number } {
  try {
    const { values } = parseArgs({
      options: { port: { type: 'string', default: '0' }, demo: { type: 'boolean', default: false }, interval: { type: 'string' } },
      strict: true,
    });
    const port = Number(values.port);
    if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port must be 0..65535, got ${values.port}`);
    const interval = values.interval === undefined ? undefined : Number(values.interval);
    if (interval !== undefined && (!Number.isInteger(interval) || interval < 100)) throw new Error('--interval must be an integer of at least 100 (ms)');
    return { port, demo: values.demo, interval };
  } catch (err) {
    console.error(`${err instanceof Error ? err.message : String(err)}\nusage: npm run sim -- [--port N] [--demo] [--interval MS]`);
    process.exit(2);
  }
}

const opts = options();
const sim = await startSimulator({ port: opts.port, demo: opts.demo, demoIntervalMs: opts.interval });
const { baseUrl, origin, teamId, keys, bearerToken, partnerKey } = sim;
process.stdout.write(`${JSON.stringify({ baseUrl, origin, teamId, keys, bearerToken, partnerKey })}\n`);
console.error(`[sim] Answering Service simulator on ${origin}${opts.demo ? ' (demo: a new task every ' + (opts.interval ?? 45_000) / 1000 + ' s)' : ''}; Ctrl+C to stop.`);

let stopping = false;
const stop = (signal: string) => {
  if (stopping) return;
  stopping = true;
  console.error(`[sim] ${signal}: shutting down.`);
  // In-flight webhook posts have their own real deadlines; do not wait for them.
  void sim.close().then(() => process.exit(0));
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
