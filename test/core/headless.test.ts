/**
 * The headless command, run as a real process (`npx tsx main/core/headless.ts`)
 * against an in-process simulator: `ready` first, a `task.new` line when a
 * task arrives through the webhook, relay rejections without the secret, and
 * a clean exit on SIGTERM with the state saved.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import { parseHeadlessArgs } from '../../main/core/headless';
import { startSimulator, type Simulator } from '../../main/sim';
import { control, createTask, waitFor, webhookTo } from './integration/support/harness';

type Line = { type: string; [k: string]: unknown };

let sim: Simulator | null = null;
let child: ChildProcess | null = null;
let dir = '';

afterEach(async () => {
  // The command runs in its own process group (npx → tsx → node): end all of it if a test failed midway.
  if (child?.pid && child.exitCode === null) {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  child = null;
  await sim?.close();
  sim = null;
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** Spawns the command; returns its parsed stdout lines as they arrive. */
function spawnHeadless(args: string[], env: Record<string, string>): { lines: Line[]; exit: Promise<number | null>; stderr: () => string } {
  const proc = spawn('npx', ['tsx', 'main/core/headless.ts', ...args], {
    cwd: process.cwd(),
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  child = proc;
  const lines: Line[] = [];
  let err = '';
  proc.stderr!.on('data', (c: Buffer) => (err += c.toString()));
  createInterface({ input: proc.stdout! }).on('line', (l) => {
    try {
      lines.push(JSON.parse(l) as Line);
    } catch {
      lines.push({ type: 'unparsed', text: l });
    }
  });
  const exit = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)));
  return { lines, exit, stderr: () => err };
}

describe('the headless command', () => {
  it('prints ready first, a task.new line per new task, and exits cleanly on SIGTERM', async () => {
    sim = await startSimulator({ port: 0 });
    dir = await mkdtemp(join(tmpdir(), 'deskbell-headless-'));
    // The secret is kept when only the address changes, so it can be read before the relay's address is known.
    const secret = await webhookTo(sim, 'https://placeholder.example.com/hook');
    const run = spawnHeadless(['--base-url', sim.baseUrl, '--state-dir', dir, '--relay-port', '0', '--poll-interval-ms', '60000'], {
      DESKBELL_API_KEY: sim.keys.owner,
      DESKBELL_LIVE_UPDATES_TOKEN: sim.bearerToken,
      DESKBELL_WEBHOOK_SECRET: secret,
    });
    const ready = await waitFor(() => run.lines[0], 'the ready line', 30_000);
    expect(ready.type).toBe('ready');
    expect(ready.pid).toEqual(expect.any(Number));
    expect(ready.relayUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/webhook$/);
    await webhookTo(sim, ready.relayUrl as string);

    const { taskId } = await createTask(sim);
    const alert = await waitFor(() => run.lines.find((l) => l.type === 'task.new' && l.taskId === taskId), 'the task.new line', 15_000);
    expect(alert.source).toBe('webhook');
    await waitFor(() => run.lines.some((l) => l.type === 'connection' && l.state === 'online'), 'online');

    // A bad relay request: its reason is printed, never the secret.
    const res = await fetch(ready.relayUrl as string, { method: 'POST', headers: { 'content-type': 'application/json', 'x-service-secret': 'wrong' }, body: '{}' });
    expect(res.status).toBe(401);
    const rejected = await waitFor(() => run.lines.find((l) => l.type === 'relay.rejected'), 'the rejection line');
    expect(rejected).toMatchObject({ status: 401 });
    expect(JSON.stringify(run.lines)).not.toContain(secret);

    // SIGTERM to the command's own process (named in `ready`); the npx and tsx wrappers then exit with its code.
    process.kill(ready.pid as number, 'SIGTERM');
    expect(await run.exit, run.stderr()).toBe(0);
    expect(run.lines.at(-1)).toMatchObject({ type: 'stopped', signal: 'SIGTERM' });
    const state = JSON.parse(await readFile(join(dir, 'state.json'), 'utf8')) as { seenTaskIds: Record<string, string> };
    expect(Object.keys(state.seenTaskIds)).toContain(taskId);
    expect(await control(sim, 'GET', '/_sim/deliveries')).toBeTruthy();
  }, 60_000);

  it('refuses bad arguments with a usage message', () => {
    expect(parseHeadlessArgs([]).ok).toBe(false);
    expect(parseHeadlessArgs(['--base-url', 'http://x/api/v2', '--state-dir', '/tmp/x']).ok).toBe(false);
    expect(parseHeadlessArgs(['--base-url', 'http://127.0.0.1:1/api/v1', '--state-dir', '/tmp/x', '--relay-port', '70000']).ok).toBe(false);
    expect(parseHeadlessArgs(['--base-url', 'http://127.0.0.1:1/api/v1', '--state-dir', '/tmp/x', '--bogus']).ok).toBe(false);
    const ok = parseHeadlessArgs(['--base-url', 'http://127.0.0.1:1/api/v1', '--state-dir', '/tmp/x', '--relay-port', '0', '--poll-interval-ms', '5000']);
    expect(ok).toEqual({ ok: true, args: { baseUrl: 'http://127.0.0.1:1/api/v1', stateDir: '/tmp/x', relayPort: 0, pollIntervalMs: 5000 } });
  });
});
