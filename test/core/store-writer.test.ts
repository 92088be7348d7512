/** The store's writer: saves never overlap, bursts coalesce, failures are reported once and retried. */
import { describe, expect, it } from 'vitest';
import { CoalescingWriter } from '../../main/core/store/coalescing-writer';

/** A write function that takes `ms`, records overlap, and can be told to fail. */
function slowWrite(ms: number) {
  const log = { writes: 0, active: 0, maxActive: 0, fail: false };
  const write = async () => {
    log.active++;
    log.maxActive = Math.max(log.maxActive, log.active);
    await new Promise((r) => setTimeout(r, ms));
    log.active--;
    if (log.fail) throw new Error('disk full');
    log.writes++;
  };
  return { log, write };
}

describe('serialized, coalesced writes', () => {
  it('turns a burst of 1000 changes into a couple of writes, never two at once', async () => {
    const { log, write } = slowWrite(10);
    const writer = new CoalescingWriter({ write, delayMs: 5 });
    for (let i = 0; i < 1000; i++) {
      writer.request();
      if (i % 100 === 0) await new Promise((r) => setTimeout(r, 3));
    }
    await writer.flush();
    expect(log.maxActive).toBe(1);
    expect(log.writes).toBeGreaterThanOrEqual(1);
    expect(log.writes).toBeLessThanOrEqual(5);
    expect(writer.busy).toBe(false);
  });

  it('a change made during a write gets exactly one more write', async () => {
    const { log, write } = slowWrite(20);
    const writer = new CoalescingWriter({ write, delayMs: 0 });
    writer.request();
    await new Promise((r) => setTimeout(r, 5)); // the first write is under way
    writer.request();
    writer.request();
    await Promise.all([writer.flush(), writer.flush()]);
    expect(log.writes).toBe(2);
    expect(log.maxActive).toBe(1);
  });

  it('reports failures once per run, rejects flush, and recovers on the next try', async () => {
    const { log, write } = slowWrite(1);
    const errors: unknown[] = [];
    let recovered = 0;
    const writer = new CoalescingWriter({ write, delayMs: 0, onError: (e) => errors.push(e), onRecovered: () => recovered++ });
    log.fail = true;
    writer.request();
    await expect(writer.flush()).rejects.toThrow('disk full');
    await expect(writer.flush()).rejects.toThrow('disk full'); // retried, still failing
    expect(errors).toHaveLength(1);
    log.fail = false;
    await writer.flush(); // nothing changed, but the file is stale: written now
    expect(log.writes).toBe(1);
    expect(recovered).toBe(1);
  });
});
