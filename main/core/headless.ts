/**
 * The headless command: the core without any UI, for servers and scripts.
 *
 *   npm run headless -- --base-url URL --state-dir DIR [--relay-port 0] [--poll-interval-ms N]
 *
 * Secrets come from DESKBELL_API_KEY, DESKBELL_LIVE_UPDATES_TOKEN and
 * DESKBELL_WEBHOOK_SECRET when set, else from the keychain. Output is JSON
 * lines on stdout: first `{"type":"ready","relayUrl":…,"pid":…}`, then one line per
 * event. SIGINT or SIGTERM stops it cleanly, saving state. Errors in the
 * arguments go to stderr with exit code 2.
 */
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { SettingsSchema } from '../../common/settings';
import { createCore, type Core } from './core';
import type { CoreConfig } from './core-config';
import { defaultPace } from './schedule/pace';
import { SECRET_ENV_VARS, SecretVault, secretSourceFromEnv } from './secrets';

/** The parsed command line. */
export interface HeadlessArgs {
  baseUrl: string;
  stateDir: string;
  relayPort?: number;
  relayHost?: string;
  pollIntervalMs?: number;
}

/** What the command prints, one JSON object per line. */
export type HeadlessLine = Record<string, unknown> & { type: string };

const USAGE = 'Usage: npm run headless -- --base-url URL --state-dir DIR [--relay-port PORT] [--relay-host HOST] [--poll-interval-ms N]';

/** Parses and checks the arguments; a problem is a message for stderr. */
export function parseHeadlessArgs(argv: string[]): { ok: true; args: HeadlessArgs } | { ok: false; message: string } {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        'base-url': { type: 'string' },
        'state-dir': { type: 'string' },
        'relay-port': { type: 'string' },
        'relay-host': { type: 'string' },
        'poll-interval-ms': { type: 'string' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (err) {
    return { ok: false, message: `${err instanceof Error ? err.message : String(err)}\n${USAGE}` };
  }
  const baseUrl = values['base-url'];
  const stateDir = values['state-dir'];
  if (typeof baseUrl !== 'string' || typeof stateDir !== 'string') return { ok: false, message: `--base-url and --state-dir are required.\n${USAGE}` };
  const url = SettingsSchema.shape.baseUrl.safeParse(baseUrl);
  if (!url.success || url.data === null) return { ok: false, message: `--base-url must be an http(s) URL ending in /api/v1 (got ${JSON.stringify(baseUrl)}).` };
  const int = (name: string, min: number, max: number): number | undefined | string => {
    const raw = values[name];
    if (raw === undefined) return undefined;
    const n = Number(raw);
    return Number.isInteger(n) && n >= min && n <= max ? n : `--${name} must be an integer from ${min} to ${max}.`;
  };
  const relayPort = int('relay-port', 0, 65535);
  const pollIntervalMs = int('poll-interval-ms', 100, 3_600_000);
  for (const v of [relayPort, pollIntervalMs]) if (typeof v === 'string') return { ok: false, message: v };
  const relayHost = values['relay-host'];
  return {
    ok: true,
    args: {
      baseUrl: url.data,
      stateDir,
      ...(relayPort !== undefined && { relayPort: relayPort as number }),
      ...(typeof relayHost === 'string' && { relayHost }),
      ...(pollIntervalMs !== undefined && { pollIntervalMs: pollIntervalMs as number }),
    },
  };
}

/** Subscribes the printer to the core's events; returns the lines as they come. */
export function attachPrinter(core: Core, print: (line: HeadlessLine) => void): void {
  core.on('task:new', ({ task, source }) => print({ type: 'task.new', taskId: task.id, source, title: task.title }));
  core.on('liveUpdates:changed', ({ liveUpdates }) =>
    print({ type: 'liveUpdates.changed', count: liveUpdates.length, ids: liveUpdates.map((u) => u.id) }),
  );
  let lastState = '';
  core.on('connection:changed', (s) => {
    // A new retry time alone is not a change worth a line.
    const key = `${s.state}|${s.message}`;
    if (key === lastState) return;
    lastState = key;
    print({ type: 'connection', state: s.state, message: s.message, demo: s.demo });
  });
  core.on('notice', (n) => print({ type: 'notice', level: n.level, code: n.code, message: n.message }));
}

/** Runs the command until SIGINT/SIGTERM. Resolves with the exit code. */
export async function runHeadless(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const parsed = parseHeadlessArgs(argv);
  if (!parsed.ok) {
    process.stderr.write(`${parsed.message}\n`);
    return 2;
  }
  const { args } = parsed;
  // The keychain is opened only if a secret is missing from the environment.
  const secrets = secretSourceFromEnv(env, new SecretVault());
  // Copied above; scrubbed so no child process ever inherits them.
  for (const name of Object.values(SECRET_ENV_VARS)) delete env[name];

  // Lines before `ready` wait, so `ready` is always the first line.
  const held: HeadlessLine[] = [];
  let ready = false;
  const write = (line: HeadlessLine) => process.stdout.write(`${JSON.stringify(line)}\n`);
  const print = (line: HeadlessLine) => (ready ? write(line) : held.push(line));

  const config: CoreConfig = {
    dataDir: args.stateDir,
    baseUrl: args.baseUrl,
    secrets,
    relay: { ...(args.relayPort !== undefined && { port: args.relayPort }), ...(args.relayHost !== undefined && { host: args.relayHost }) },
    ...(args.pollIntervalMs !== undefined && { poll: defaultPace(args.pollIntervalMs) }),
    onRelayRejection: (r) => print({ type: 'relay.rejected', status: r.status, reason: r.reason }),
  };
  const core = createCore(config);
  attachPrinter(core, print);
  try {
    await core.start();
  } catch (err) {
    process.stderr.write(`Deskbell could not start: ${err instanceof Error ? err.message : String(err)}\n`);
    return 1;
  }
  const relay = core.relayStatus();
  // The pid lets a supervisor signal this process itself, not an `npx` or `tsx` wrapper in front of it.
  write({ type: 'ready', relayUrl: relay.url, pid: process.pid, ...(relay.error && { relayError: relay.error }) });
  ready = true;
  for (const line of held.splice(0)) write(line);

  return new Promise<number>((resolve) => {
    let stopping = false;
    const stop = (signal: string) => {
      if (stopping) return;
      stopping = true;
      void core.stop().then(
        () => {
          write({ type: 'stopped', signal });
          resolve(0);
        },
        (err: unknown) => {
          process.stderr.write(`Stopping failed: ${err instanceof Error ? err.message : String(err)}\n`);
          resolve(1);
        },
      );
    };
    // `on`, not `once`: a wrapper (npx, tsx) or a process-group kill may deliver the signal twice,
    // and a second one must not cut the state save short.
    process.on('SIGINT', () => stop('SIGINT'));
    process.on('SIGTERM', () => stop('SIGTERM'));
  });
}

// Run when executed directly (tsx main/core/headless.ts), not when imported by tests.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  void runHeadless(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
    // Anything left (keep-alive sockets, a keychain call) must not hold the process open after a clean stop.
    setTimeout(() => process.exit(code), 2_000).unref();
  });
}
