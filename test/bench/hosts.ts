/**
 * The parent side of host.ts: forks a server process, waits until it
 * listens, asks it for settled heap readings, and stops it. Every host is
 * also stopped by {@link stopAllHosts} (the run's deadline) and exits on its
 * own when this process goes away.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { HostKind, HostMessage, HostOptions } from './protocol';

/** A running server process. */
export interface Host {
  url: string;
  origin: string;
  /** The simulator's owner key (sim hosts only). */
  apiKey?: string;
  /** Waits for the host's pending work and its state file, collects garbage, reads its heap. */
  heap(): Promise<Extract<HostMessage, { type: 'heap' }>>;
  /** Stops the host and waits for its exit. */
  stop(): Promise<void>;
}

const HOST_SCRIPT = fileURLToPath(new URL('./host.ts', import.meta.url));
const START_TIMEOUT_MS = 20_000;
const live = new Set<ChildProcess>();

/** Forks a host of `kind` and resolves once it listens on 127.0.0.1. */
export function startHost(kind: HostKind, options: HostOptions = {}): Promise<Host> {
  const child = fork(HOST_SCRIPT, [kind, JSON.stringify(options)], {
    execArgv: ['--import', 'tsx', '--expose-gc'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  live.add(child);
  const exited = new Promise<void>((resolve) => child.once('exit', () => (live.delete(child), resolve())));
  return new Promise<Host>((resolve, reject) => {
    const timer = setTimeout(() => (child.kill(), reject(new Error(`${kind} host did not start within ${START_TIMEOUT_MS} ms`))), START_TIMEOUT_MS);
    child.once('exit', (code) => reject(new Error(`${kind} host exited (code ${code}) before listening`)));
    child.once('message', (m: HostMessage) => {
      clearTimeout(timer);
      if (m.type !== 'ready') return reject(new Error(`${kind} host said ${m.type} first`));
      resolve({
        url: m.url,
        origin: m.origin,
        ...(m.apiKey && { apiKey: m.apiKey }),
        heap: () =>
          new Promise((res) => {
            child.once('message', (reply: HostMessage) => reply.type === 'heap' && res(reply));
            child.send({ type: 'heap' });
          }),
        stop: async () => {
          if (child.connected) child.send({ type: 'close' });
          const killer = setTimeout(() => child.kill(), 5_000);
          await exited;
          clearTimeout(killer);
        },
      });
    });
  });
}

/** Kills every host still running (used when the run's deadline passes). */
export function stopAllHosts(): void {
  for (const child of live) child.kill();
}
