import { describe, expect, it } from 'vitest';
import { defaultPace, nextDelayMs } from '../../main/core/schedule/pace';

const pace = { fastMs: 60_000, slowMs: 300_000, maxBackoffMs: 900_000, jitter: 0.1 };
const mid = () => 0.5;

describe('the poll pace', () => {
  it('is fast while the relay is unverified or silent, slow while it is healthy', () => {
    expect(nextDelayMs({ pace, health: 'unverified', failures: 0, retryAfterMs: 0, random: mid })).toBe(60_000);
    expect(nextDelayMs({ pace, health: 'silent', failures: 0, retryAfterMs: 0, random: mid })).toBe(60_000);
    expect(nextDelayMs({ pace, health: 'healthy', failures: 0, retryAfterMs: 0, random: mid })).toBe(300_000);
  });

  it('is jittered within the configured spread', () => {
    expect(nextDelayMs({ pace, health: 'silent', failures: 0, retryAfterMs: 0, random: () => 0 })).toBe(54_000);
    expect(nextDelayMs({ pace, health: 'silent', failures: 0, retryAfterMs: 0, random: () => 0.999999 })).toBeLessThanOrEqual(66_000);
  });

  it('backs off exponentially after failures, up to the cap', () => {
    const delays = [1, 2, 3, 4, 10, 50].map((failures) => nextDelayMs({ pace, health: 'healthy', failures, retryAfterMs: 0, random: mid }));
    expect(delays).toEqual([120_000, 240_000, 480_000, 900_000, 900_000, 900_000]);
  });

  it('never polls sooner than a 429 Retry-After, jitter included', () => {
    expect(nextDelayMs({ pace, health: 'silent', failures: 1, retryAfterMs: 600_000, random: () => 0 })).toBe(600_000);
  });

  it('derives slow and backoff defaults from the settings interval', () => {
    expect(defaultPace(60_000)).toMatchObject({ fastMs: 60_000, slowMs: 300_000, maxBackoffMs: 900_000 });
  });
});
