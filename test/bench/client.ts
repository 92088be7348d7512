/**
 * Client round trip: `ServiceClient.customer.listTasks('today')` (secret,
 * rate scheduler with its default budgets, undici transport, zod validation
 * of every task) against a raw undici `request` of the same URL with the same
 * key that only parses the JSON. The simulator runs in its own process, so
 * this process's CPU time is the client side alone.
 */
import { Agent, request } from 'undici';
import { ServiceClient } from '../../main/core/client';
import { RateScheduler } from '../../main/core/rate-scheduler';
import { startHost, type Host } from './hosts';
import { alternate, median, timeLoop } from './stats';
import { ms, type Row } from './table';

/** Calls per round: with the warm-up call, within one minute's default budget (110) and the service's 120. */
const CALLS = 100;
const ROUNDS = 7;
const ROUND_BUDGET_MS = 10_000;
/** Tasks added so "today" looks like a busy day rather than the seed's handful. */
const EXTRA_TASKS = 44;

/** Per-call wall time and this process's CPU time (ms). */
interface CallCost {
  wallMs: number;
  cpuMs: number;
}

async function control(sim: Host, path: string, body?: unknown): Promise<void> {
  const res = await request(`${sim.origin}${path}`, {
    method: 'POST',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  await res.body.text();
  if (res.statusCode >= 300) throw new Error(`simulator control ${path} answered ${res.statusCode}`);
}

/** Runs `call` {@link CALLS} times after one untimed call; the simulator's limits are reset first. */
async function round(sim: Host, call: () => Promise<void>): Promise<CallCost> {
  await control(sim, '/_sim/rate-limits/reset');
  await call();
  const cpu0 = process.cpuUsage();
  const t = await timeLoop(CALLS, ROUND_BUDGET_MS, call);
  const cpu = process.cpuUsage(cpu0);
  return { wallMs: t.perOpMs, cpuMs: (cpu.user + cpu.system) / 1000 / t.ops };
}

/** Runs the client benchmarks and returns their rows. */
export async function benchClient(): Promise<Row[]> {
  const sim = await startHost('sim');
  try {
    for (let i = 0; i < EXTRA_TASKS; i++) await control(sim, '/_sim/tasks', { kind: 'conversation' });
    const key = sim.apiKey as string;
    const url = `${sim.url}/tasks?range=today`;
    let taskCount = 0;

    const raw = async (): Promise<CallCost> => {
      const agent = new Agent({ keepAliveTimeout: 30_000 });
      try {
        return await round(sim, async () => {
          const res = await request(url, { dispatcher: agent, headers: { accept: 'application/json', 'x-api-key': key } });
          const body = (await res.body.json()) as { tasks: unknown[] };
          if (res.statusCode !== 200) throw new Error(`raw request answered ${res.statusCode}`);
          taskCount = body.tasks.length;
        });
      } finally {
        await agent.close();
      }
    };
    const ours = async (): Promise<CallCost> => {
      const scheduler = new RateScheduler();
      const client = new ServiceClient(scheduler, { baseUrl: sim.url, apiKey: async () => key, liveUpdatesToken: async () => null });
      try {
        return await round(sim, async () => {
          const r = await client.customer.listTasks('today');
          if (!r.ok) throw new Error(`listTasks failed: ${r.error.code} ${r.error.message}`);
        });
      } finally {
        await client.close();
        scheduler.dispose();
      }
    };

    const r = await alternate(ROUNDS, raw, ours);
    const [bw, ow] = [median(r.baseline.map((c) => c.wallMs)), median(r.ours.map((c) => c.wallMs))];
    const [bc, oc] = [median(r.baseline.map((c) => c.cpuMs)), median(r.ours.map((c) => c.cpuMs))];
    return [
      {
        benchmark: `client: listTasks('today') round trip, ${taskCount} tasks (wall per call)`,
        baseline: ms(bw),
        ours: ms(ow),
        ratio: ow / bw,
        target: '≤ 1.5×',
        ok: ow / bw <= 1.5,
      },
      {
        benchmark: "client: listTasks('today'), client-side CPU per call",
        baseline: ms(bc),
        ours: ms(oc),
        ratio: oc / bc,
        target: '≤ 2× (validation costs no more than the HTTP + JSON itself)',
        ok: oc / bc <= 2,
      },
    ];
  } finally {
    await sim.stop();
  }
}
