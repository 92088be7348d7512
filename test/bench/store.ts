/**
 * State store write: one change and `flush()` of a `StateStore` holding
 * 5,000 seen task ids (the cap), against writing the same JSON text
 * directly — once with `fs.writeFile` + rename, and once with the same
 * durable I/O the store does (fsync of the file and its folder), so the
 * store's own cost (prune, validate, stringify) shows apart from the disk's.
 */
import { mkdtemp, open, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { StateStore } from '../../main/core/store';
import { alternate, median, timeLoop } from './stats';
import { bytes, ms, type Row } from './table';

const SEEN_IDS = 5_000;
const WRITES = 20;
const ROUNDS = 5;
const ROUND_BUDGET_MS = 3_000;

/** writeFile + rename, no fsync. */
async function plainWrite(path: string, text: string): Promise<void> {
  await writeFile(`${path}.tmp`, text, { mode: 0o600 });
  await rename(`${path}.tmp`, path);
}

/** What the store's atomic write does on disk: write, fsync, rename, fsync the folder. */
async function durableWrite(path: string, dir: string, text: string): Promise<void> {
  const file = await open(`${path}.tmp`, 'w', 0o600);
  try {
    await file.writeFile(text, 'utf8');
    await file.sync();
  } finally {
    await file.close();
  }
  await rename(`${path}.tmp`, path);
  const folder = await open(dir, 'r');
  try {
    await folder.sync();
  } finally {
    await folder.close();
  }
}

/** Runs the store benchmarks and returns their rows. */
export async function benchStore(): Promise<Row[]> {
  const dir = await mkdtemp(join(tmpdir(), 'deskbell-bench-store-'));
  try {
    const store = await StateStore.open({ dir, writeDelayMs: 0 });
    store.markTasksSeen(Array.from({ length: SEEN_IDS }, (_, i) => `conversation-${100_000 + i}`));
    await store.flush();
    const text = await readFile(store.filePath, 'utf8');
    const copy = join(dir, 'copy.json');

    const perWrite = (op: () => Promise<void>) => async () => (await timeLoop(WRITES, ROUND_BUDGET_MS, op)).perOpMs;
    const ours = perWrite(async () => {
      store.markTasksSeen(['conversation-100000']);
      await store.flush();
    });
    const plain = await alternate(ROUNDS, perWrite(() => plainWrite(copy, text)), ours);
    const durable = await alternate(ROUNDS, perWrite(() => durableWrite(copy, dir, text)), ours);

    const size = bytes(Buffer.byteLength(text));
    const [p, o1] = [median(plain.baseline), median(plain.ours)];
    const [d, o2] = [median(durable.baseline), median(durable.ours)];
    return [
      {
        benchmark: `store: save with ${SEEN_IDS.toLocaleString('en-US')} seen ids (${size}) vs writeFile + rename`,
        baseline: ms(p),
        ours: ms(o1),
        ratio: o1 / p,
        target: '≤ 16 ms per save absolute (one frame; ratio shows fsync + validation)',
        ok: o1 <= 16,
      },
      {
        benchmark: 'store: same save vs the same durable I/O (fsync file + folder)',
        baseline: ms(d),
        ours: ms(o2),
        ratio: o2 / d,
        target: '≤ 3×',
        ok: o2 / d <= 3,
      },
    ];
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
