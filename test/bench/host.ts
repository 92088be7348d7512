/**
 * A server the benchmarks load, run in its own process (forked by hosts.ts)
 * so the load generator and the server each get a core and the server's heap
 * is read without the client's allocations in it. One of:
 * - `bare`: a plain `node:http` server that reads the body and answers 200;
 * - `relay`: the real `RelayServer` over a real `StateStore` in a temp folder
 *   (or, with `memoryOnly`, over a plain in-memory set of seen ids);
 * - `sim`: the simulated Answering Service.
 * Talks to its parent over IPC (see protocol.ts): `ready` once listening,
 * `heap` on request; exits on `close` or when the parent goes away. Run only
 * as a forked script, never imported.
 */
import { createServer, type Server } from 'node:http';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RelayServer } from '../../main/core/relay';
import { StateStore, type SeenEventLog } from '../../main/core/store';
import { startSimulator } from '../../main/sim';
import { BENCH_SECRET, VIRTUAL_EVENT_GAP_MS, type HostKind, type HostMessage, type HostOptions } from './protocol';
import { settledHeap } from './stats';

interface Running {
  url: string;
  origin: string;
  apiKey?: string;
  /** Waits for pending work and the state file, then reports. */
  settle(): Promise<{ seenEventIds: number | null; tasksHanded: number }>;
  close(): Promise<void>;
}

/** A server that reads the body and answers 200 with the relay's small JSON answer. */
async function startBare(): Promise<Running> {
  const server: Server = createServer({ keepAliveTimeout: 5_000 }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      Buffer.concat(chunks);
      const text = '{"received":true}';
      res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text) });
      res.end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen({ host: '127.0.0.1', port: 0 }, resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: `${origin}/webhook`,
    origin,
    settle: async () => ({ seenEventIds: null, tasksHanded: 0 }),
    close: () => new Promise<void>((resolve) => (server.close(() => resolve()), server.closeAllConnections())),
  };
}

/**
 * The real relay with the real store. The store's clock moves
 * {@link VIRTUAL_EVENT_GAP_MS} per event, so its age and count bounds apply
 * as they would over days; in real time every id would sit inside the 24 h
 * protection window and none would be pruned (by design).
 */
async function startRelay(options: HostOptions): Promise<Running> {
  const dir = await mkdtemp(join(tmpdir(), 'deskbell-bench-relay-'));
  let virtualNow = Date.now() - 60 * 86_400_000;
  const store = await StateStore.open({ dir, now: () => new Date(virtualNow) });
  const inMemory = new Set<string>();
  const seenEvents: SeenEventLog = options.memoryOnly
    ? { hasSeenEvent: (id) => inMemory.has(id), markEventSeen: (id) => !inMemory.has(id) && Boolean(inMemory.add(id)) }
    : {
        hasSeenEvent: (id) => store.hasSeenEvent(id),
        markEventSeen: (id) => ((virtualNow += VIRTUAL_EVENT_GAP_MS), store.markEventSeen(id)),
      };
  for (let i = 0; i < (options.prefillEvents ?? 0); i++) seenEvents.markEventSeen(`conversation:${900_000_000 + i}:task.created`);
  await store.flush();
  let tasksHanded = 0;
  const relay = new RelayServer({
    port: 0,
    secret: () => BENCH_SECRET,
    seenEvents,
    onTask: () => {
      tasksHanded++;
    },
    lookupLegacyTask: async () => null,
  });
  const status = await relay.start();
  if (!status.url) throw new Error(`relay did not start: ${status.error}`);
  return {
    url: status.url,
    origin: new URL(status.url).origin,
    async settle() {
      await relay.idle();
      await store.flush();
      if (options.memoryOnly) return { seenEventIds: inMemory.size, tasksHanded };
      const saved = JSON.parse(await readFile(store.filePath, 'utf8')) as { seenEventIds: Record<string, string> };
      return { seenEventIds: Object.keys(saved.seenEventIds).length, tasksHanded };
    },
    async close() {
      await relay.close();
      await store.flush();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** The simulator, with the owner's API key handed to the parent. */
async function startSim(): Promise<Running> {
  const sim = await startSimulator({ port: 0 });
  return { url: sim.baseUrl, origin: sim.origin, apiKey: sim.keys.owner, settle: async () => ({ seenEventIds: null, tasksHanded: 0 }), close: () => sim.close() };
}

async function main(): Promise<void> {
  const kind = process.argv[2] as HostKind;
  const options = JSON.parse(process.argv[3] ?? '{}') as HostOptions;
  if (!process.send) throw new Error('host.ts runs only as a process forked by hosts.ts');
  const starters: Record<HostKind, () => Promise<Running>> = { bare: startBare, relay: () => startRelay(options), sim: startSim };
  const starter = starters[kind];
  if (!starter) throw new Error(`unknown host kind ${String(kind)}`);
  const running = await starter();
  const send = (m: HostMessage) => process.send?.(m);
  const stop = () => void running.close().finally(() => process.exit(0));
  process.on('disconnect', stop);
  process.on('message', (m: { type: string }) => {
    if (m.type === 'close') stop();
    if (m.type === 'heap') {
      void running.settle().then((s) => send({ type: 'heap', heapUsed: settledHeap(), ...s }));
    }
  });
  send({ type: 'ready', url: running.url, origin: running.origin, ...(running.apiKey && { apiKey: running.apiKey }) });
}

main().catch((err: unknown) => {
  console.error('[bench host] failed:', err);
  process.exit(1);
});
