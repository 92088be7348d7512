/**
 * The seen-id log keeps itself in time order so a save neither sorts nor
 * formats dates. These tests hold it to the rules of the straightforward
 * version it replaced (sort by time on every prune and save), including
 * after the clock jumps back, and check the JSON text it writes.
 */
import { describe, expect, it } from 'vitest';
import { SeenLog, type SeenLimits } from '../../main/core/store/seen-log';

/** The previous implementation, kept as the reference: sorts by time on every prune and save. */
class ReferenceLog {
  private readonly entries = new Map<string, number>();
  constructor(private readonly limits: SeenLimits) {}
  touch(id: string, nowMs: number): boolean {
    const known = this.entries.delete(id);
    this.entries.set(id, nowMs);
    return !known;
  }
  prune(nowMs: number): string[] {
    const removed: string[] = [];
    for (const [id, at] of this.entries) {
      if (nowMs - at > this.limits.maxAgeMs) {
        this.entries.delete(id);
        removed.push(id);
      }
    }
    if (this.entries.size > this.limits.maxEntries) {
      const byAge = [...this.entries].sort((a, b) => a[1] - b[1]);
      for (const [id, at] of byAge) {
        if (this.entries.size <= this.limits.maxEntries) break;
        if (nowMs - at <= this.limits.protectMs) break;
        this.entries.delete(id);
        removed.push(id);
      }
    }
    return removed;
  }
  toJSON(): Record<string, string> {
    const sorted = [...this.entries].sort((a, b) => a[1] - b[1]);
    return Object.fromEntries(sorted.map(([id, at]) => [id, new Date(at).toISOString()]));
  }
}

/** A small deterministic PRNG (mulberry32), so a failure replays. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const HOUR = 3_600_000;
const START = Date.parse('2026-10-21T09:00:00.000Z');

describe('pruning: same decisions as sorting by time on every save', () => {
  it.each([1, 2, 3, 4, 5, 6, 7, 8])('random run %i, with clock jumps back and forth', (seed) => {
    const next = random(seed);
    const limits: SeenLimits = { maxEntries: 12, maxAgeMs: 48 * HOUR, protectMs: 6 * HOUR };
    const ours = new SeenLog(limits);
    const reference = new ReferenceLog(limits);
    let now = START;
    for (let step = 0; step < 2_000; step++) {
      const roll = next();
      if (roll < 0.03) now -= Math.floor(next() * 72 * HOUR); // the clock is set back (up to 3 days)
      else if (roll < 0.05) now += Math.floor(next() * 72 * HOUR); // or forward
      else now += Math.floor(next() * HOUR);
      if (next() < 0.2) now -= now % 1000; // ids touched in the same millisecond
      const id = `conversation-${Math.floor(next() * 40)}`;
      expect(ours.touch(id, now)).toBe(reference.touch(id, now));
      if (next() < 0.3) {
        expect(ours.prune(now).sort()).toEqual(reference.prune(now).sort());
        // Same ids, same times, same order (oldest first) as the file held before.
        expect(Object.entries(ours.toJSON())).toEqual(Object.entries(reference.toJSON()));
      }
    }
  });

  it('a clock set back cannot protect ids stamped in its future', () => {
    const log = new SeenLog({ maxEntries: 2, maxAgeMs: 30 * 24 * HOUR, protectMs: HOUR });
    log.touch('ahead', START + 10 * 24 * HOUR); // stamped while the clock ran 10 days fast
    log.touch('old', START);
    log.touch('newer', START + 1000);
    // Oldest by time is "old", although "ahead" was touched first.
    expect(log.prune(START + 5 * 24 * HOUR)).toEqual(['old']);
    expect(Object.keys(log.toJSON())).toEqual(['newer', 'ahead']);
  });

  it('drops only from the old end and stops at the first id it keeps', () => {
    const log = new SeenLog({ maxEntries: 3, maxAgeMs: 10 * HOUR, protectMs: 2 * HOUR });
    for (let i = 0; i < 8; i++) log.touch(`id-${i}`, START + i * HOUR);
    // At +12 h: id-0 and id-1 are past 10 h; then over the cap, id-2 … id-4 go; id-5 … id-7 stay.
    expect(log.prune(START + 12 * HOUR)).toEqual(['id-0', 'id-1', 'id-2', 'id-3', 'id-4']);
    expect(Object.keys(log.toJSON())).toEqual(['id-5', 'id-6', 'id-7']);
  });
});

describe('times', () => {
  it('loads saved times in any valid form and keeps them as the file writes them, oldest first', () => {
    const log = new SeenLog({ maxEntries: 10, maxAgeMs: 100 * 24 * HOUR, protectMs: 0 }, {
      'conversation-2': '2026-10-21T10:00:00+02:00',
      'conversation-1': '2026-10-21T07:00:00Z',
      'conversation-3': '2026-10-21T09:00:00.123456Z',
    });
    expect(Object.entries(log.toJSON())).toEqual([
      ['conversation-1', '2026-10-21T07:00:00.000Z'],
      ['conversation-2', '2026-10-21T08:00:00.000Z'],
      ['conversation-3', '2026-10-21T09:00:00.123Z'],
    ]);
  });

  it('refuses a time the file cannot hold, recording nothing', () => {
    const log = new SeenLog({ maxEntries: 10, maxAgeMs: HOUR, protectMs: 0 });
    expect(() => log.touch('a', Number.NaN)).toThrow(RangeError);
    expect(() => log.touch('a', Date.parse('+010000-01-01T00:00:00Z'))).toThrow(RangeError);
    expect(() => log.touch('a', Date.parse('-000001-01-01T00:00:00Z'))).toThrow(RangeError);
    expect(log.size).toBe(0);
    expect(log.has('a')).toBe(false);
  });
});

describe('JSON text', () => {
  const limits: SeenLimits = { maxEntries: 100, maxAgeMs: 100 * 24 * HOUR, protectMs: 0 };

  it('is laid out exactly as JSON.stringify(state, null, 2) lays out the same record', () => {
    const log = new SeenLog(limits);
    expect(log.toJsonText('  ')).toBe('{}');
    for (let i = 0; i < 5; i++) log.touch(`conversation:${i}:task.created`, START + i);
    expect(`{\n  "seen": ${log.toJsonText('  ')}\n}`).toBe(JSON.stringify({ seen: log.toJSON() }, null, 2));
  });

  it('escapes ids that need it, including after some of them are pruned', () => {
    const odd = ['say "hi"', 'back\\slash', 'line\nbreak', 'tab\there', 'grüße 👋', 'lone \ud800 surrogate', '__proto__', 'plain-id', '\u2028'];
    const log = new SeenLog({ ...limits, maxEntries: 6 });
    odd.forEach((id, i) => log.touch(id, START + i));
    const text = log.toJsonText('  ');
    expect(Object.entries(JSON.parse(text) as object)).toEqual(Object.entries(log.toJSON()));
    expect(Object.keys(JSON.parse(text) as object)).toEqual(odd);

    log.prune(START + 1000); // over the cap of 6: the three oldest go
    expect(Object.keys(JSON.parse(log.toJsonText('  ')) as object)).toEqual(odd.slice(3));
  });

  it('keeps time order in the text even for ids that look like numbers', () => {
    const log = new SeenLog(limits);
    log.touch('20', START);
    log.touch('10', START + 1);
    log.touch('b', START + 2);
    // An object would put "10" before "20"; the text keeps the time order.
    expect(log.toJsonText('')).toBe(`{\n  "20": "${new Date(START).toISOString()}",\n  "10": "${new Date(START + 1).toISOString()}",\n  "b": "${new Date(START + 2).toISOString()}"\n}`);
  });
});
