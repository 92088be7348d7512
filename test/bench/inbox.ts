/**
 * Inbox dedupe: what polling does all day — the same list of 200 tasks
 * ingested again and again — through the real `Inbox` over a real
 * `StateStore`, against a plain `Set` lookup of the same ids. Also checks
 * that each task is alerted exactly once across polls, webhook copies and a
 * restart. The state write each poll schedules is timed by the store suite.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Task } from '../../common/api/customer';
import { Inbox } from '../../main/core/inbox';
import { StateStore } from '../../main/core/store';
import { aTask } from '../common/api/fixtures';
import { alternate, median, timeLoop } from './stats';
import { ms, type Row } from './table';

const TASKS = 200;
/** Polls per round: 5 measured rounds make 1,000 ingests (plus a warm-up round). */
const POLLS = 200;
const ROUNDS = 5;
const ROUND_BUDGET_MS = 10_000;

/** A day's list: 200 distinct conversation tasks created over the last hours. */
function dayList(): Task[] {
  const base = aTask();
  return Array.from({ length: TASKS }, (_, i) => {
    const n = 500 + i;
    const url = `https://dashboard.example.com/conversations/${n}`;
    return aTask({ id: `conversation-${n}`, url, created_at: new Date(Date.now() - i * 60_000).toISOString(), conversation: { ...base.conversation!, id: n, url } });
  });
}

/** Runs the inbox benchmarks and returns their rows. */
export async function benchInbox(): Promise<Row[]> {
  const dir = await mkdtemp(join(tmpdir(), 'deskbell-bench-inbox-'));
  try {
    const list = dayList();
    let alerts = 0;
    const emit = (event: string) => void (event === 'task:new' && alerts++);
    const store = await StateStore.open({ dir });
    store.setLastSyncAt(new Date()); // not the first sync ever: new tasks alert
    const inbox = new Inbox({ memory: store, now: () => Date.now(), emit });
    inbox.acceptPoll(list); // the day's tasks arrive and alert once

    const ids = new Set(list.map((t) => t.id));
    let sink = 0;
    const setLoop = async () =>
      (
        await timeLoop(POLLS, ROUND_BUDGET_MS, () => {
          let found = 0;
          for (const t of list) if (ids.has(t.id)) found++;
          sink += found;
        })
      ).perOpMs;
    const polls = async () => (await timeLoop(POLLS, ROUND_BUDGET_MS, () => inbox.acceptPoll(list))).perOpMs;
    const r = await alternate(ROUNDS, setLoop, polls, 10);
    if (sink === 0) throw new Error('baseline loop found nothing');

    // Webhook copies of every task, then a restart on the saved state: no new alert.
    for (const t of list) inbox.acceptWebhookTask(t);
    await store.flush();
    const reopened = await StateStore.open({ dir });
    new Inbox({ memory: reopened, now: () => Date.now(), emit }).acceptPoll(list);
    await reopened.flush();
    const polled = 1 + (ROUNDS + 1) * POLLS + 1;

    const [b, o] = [median(r.baseline), median(r.ours)];
    return [
      {
        benchmark: `inbox: ingest the same ${TASKS}-task poll (per poll, ${(ROUNDS * POLLS).toLocaleString('en-US')} measured)`,
        baseline: ms(b),
        ours: ms(o),
        ratio: o / b,
        target: '≤ 5 ms per poll absolute (ratio for tracking)',
        ok: o <= 5,
      },
      {
        benchmark: `inbox: task:new per task over ${polled.toLocaleString('en-US')} polls, ${TASKS} webhook copies and a restart`,
        baseline: '—',
        ours: `${(alerts / TASKS).toFixed(2)} (${alerts} alerts / ${TASKS} tasks)`,
        ratio: null,
        target: 'exactly 1',
        ok: alerts === TASKS,
      },
    ];
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
