/**
 * Relay acceptance: the real `RelayServer` (secret check, JSON, event schema,
 * seen-id store on disk) against a bare `node:http` server that only reads
 * the body and answers 200. Both run in their own process on 127.0.0.1:0 and
 * are loaded by the same undici Pool with keep-alive, with distinct, valid
 * `task.created` events (a duplicate would take the relay's short path).
 */
import { Pool } from 'undici';
import type { Task } from '../../common/api/customer';
import { aTask, aTaskCreatedEventFor } from '../common/api/fixtures';
import { BENCH_SECRET, type HostOptions } from './protocol';
import { startHost, type Host } from './hosts';
import { alternate, median, nowMs, percentile } from './stats';
import { bytes, ms, perSecond, type Row } from './table';

const CONCURRENCY = 8;
const THROUGHPUT_REQUESTS = 1_500;
const LATENCY_REQUESTS = 500;
const ROUNDS = 7;
const MEMORY_EVENTS = 10_000;
const MEMORY_WARMUP_EVENTS = 500;
/** Ids already on file when the throughput rounds start: the store's cap, as after a week at a desk. */
const PREFILL_EVENTS = 5_000;
/** The seen-event cap of the store (EVENT_ID_LIMITS.maxEntries). */
const SEEN_EVENT_CAP = 5_000;

let nextSource = 10_000;

/** `count` distinct, valid task.created bodies (each a new conversation task). */
function eventBodies(count: number): string[] {
  const base = aTask();
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const n = nextSource++;
    const url = `https://dashboard.example.com/conversations/${n}`;
    const task: Task = aTask({ id: `conversation-${n}`, url, conversation: { ...base.conversation!, id: n, url } });
    out.push(JSON.stringify(aTaskCreatedEventFor(task)));
  }
  return out;
}

/** POSTs one event as the service does; anything but 200 stops the suite. */
async function post(pool: Pool, path: string, body: string): Promise<void> {
  const res = await pool.request({ path, method: 'POST', headers: { 'content-type': 'application/json', 'x-service-secret': BENCH_SECRET }, body });
  await res.body.text();
  if (res.statusCode !== 200) throw new Error(`relay answered ${res.statusCode} to a valid event`);
}

/** Sends every body with {@link CONCURRENCY} requests in flight; returns requests per second. */
async function blast(pool: Pool, path: string, bodies: string[]): Promise<number> {
  let next = 0;
  const start = nowMs();
  const worker = async () => {
    while (next < bodies.length) await post(pool, path, bodies[next++] as string);
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return (bodies.length / (nowMs() - start)) * 1000;
}

/** Sends the bodies one at a time; returns each request's latency (ms). */
async function oneByOne(pool: Pool, path: string, bodies: string[]): Promise<number[]> {
  const samples: number[] = [];
  for (const body of bodies) {
    const t0 = nowMs();
    await post(pool, path, body);
    samples.push(nowMs() - t0);
  }
  return samples;
}

/** A host with its client pool. */
interface Target {
  host: Host;
  pool: Pool;
  path: string;
}

async function target(kind: 'bare' | 'relay', options: HostOptions = {}): Promise<Target> {
  const host = await startHost(kind, options);
  return { host, pool: new Pool(host.origin, { connections: CONCURRENCY }), path: new URL(host.url).pathname };
}

async function release(t: Target): Promise<void> {
  await t.pool.close();
  await t.host.stop();
}

/** Heap growth of a fresh host over {@link MEMORY_EVENTS} distinct events, with what its store kept. */
async function heapGrowth(kind: 'bare' | 'relay'): Promise<{ growth: number; seen: number | null; handed: number }> {
  const t = await target(kind);
  try {
    await blast(t.pool, t.path, eventBodies(MEMORY_WARMUP_EVENTS));
    const before = await t.host.heap();
    await blast(t.pool, t.path, eventBodies(MEMORY_EVENTS));
    const after = await t.host.heap();
    return { growth: after.heapUsed - before.heapUsed, seen: after.seenEventIds, handed: after.tasksHanded };
  } finally {
    await release(t);
  }
}

/** Throughput rounds of bare vs `ours`: median req/s of each. */
async function throughput(bare: Target, ours: Target): Promise<{ base: number; ours: number }> {
  const r = await alternate(
    ROUNDS,
    () => blast(bare.pool, bare.path, eventBodies(THROUGHPUT_REQUESTS)),
    () => blast(ours.pool, ours.path, eventBodies(THROUGHPUT_REQUESTS)),
  );
  return { base: median(r.baseline), ours: median(r.ours) };
}

/** Runs the relay benchmarks and returns their rows. */
export async function benchRelay(): Promise<Row[]> {
  const bare = await target('bare');
  const relay = await target('relay', { prefillEvents: PREFILL_EVENTS });
  const inMemory = await target('relay', { memoryOnly: true });
  let full, own, lat;
  try {
    full = await throughput(bare, relay);
    own = await throughput(bare, inMemory);
    lat = await alternate(
      ROUNDS,
      () => oneByOne(bare.pool, bare.path, eventBodies(LATENCY_REQUESTS)),
      () => oneByOne(relay.pool, relay.path, eventBodies(LATENCY_REQUESTS)),
    );
  } finally {
    await Promise.all([release(bare), release(relay), release(inMemory)]);
  }
  const p = (rounds: number[][], q: number) => median(rounds.map((s) => percentile(s, q)));
  const [b50, o50, b99, o99] = [p(lat.baseline, 50), p(lat.ours, 50), p(lat.baseline, 99), p(lat.ours, 99)];

  const memBare = await heapGrowth('bare');
  const memRelay = await heapGrowth('relay');
  const sent = MEMORY_WARMUP_EVENTS + MEMORY_EVENTS;
  if (memRelay.handed !== sent) throw new Error(`relay handed ${memRelay.handed} of ${sent} accepted tasks on`);
  const MEMORY_LIMIT = 2 * 1024 * 1024;
  const seen = memRelay.seen ?? Infinity;

  return [
    {
      benchmark: `relay: task.created accepted, ${CONCURRENCY} in flight, state file at its ${PREFILL_EVENTS.toLocaleString('en-US')}-id cap (cost = 1/throughput)`,
      baseline: perSecond(full.base),
      ours: perSecond(full.ours),
      ratio: full.base / full.ours,
      target: '≤ 3×',
      ok: full.base / full.ours <= 3,
    },
    {
      benchmark: "relay: same, seen ids in memory only, no state file (the relay's own cost)",
      baseline: perSecond(own.base),
      ours: perSecond(own.ours),
      ratio: own.base / own.ours,
      target: '≤ 3×',
      ok: own.base / own.ours <= 3,
    },
    { benchmark: 'relay: latency p50, one event at a time', baseline: ms(b50), ours: ms(o50), ratio: o50 / b50, target: '≤ 3×', ok: o50 / b50 <= 3 },
    { benchmark: 'relay: latency p99, one event at a time', baseline: ms(b99), ours: ms(o99), ratio: o99 / b99, target: '≤ 5×', ok: o99 / b99 <= 5 },
    {
      benchmark: `relay: heap growth after ${MEMORY_EVENTS.toLocaleString('en-US')} distinct events (after GC)`,
      baseline: bytes(memBare.growth, true),
      ours: bytes(memRelay.growth, true),
      ratio: null,
      target: '≤ +2 MB (baseline ≈ 0, so absolute)',
      ok: memRelay.growth <= MEMORY_LIMIT,
    },
    {
      benchmark: `relay: seen event ids kept after ${sent.toLocaleString('en-US')} events (2 virtual min apart)`,
      baseline: '— (keeps none)',
      ours: seen.toLocaleString('en-US'),
      ratio: null,
      target: `≤ ${SEEN_EVENT_CAP.toLocaleString('en-US')} (the store's cap)`,
      ok: seen <= SEEN_EVENT_CAP,
    },
  ];
}
