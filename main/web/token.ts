import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A fresh per-launch bridge token: 32 random bytes as 64 hex characters. */
export function createLaunchToken(): string {
  return randomBytes(32).toString('hex');
}

/**
 * Compares a presented token with the expected one in constant time.
 * Both sides are hashed first so the comparison never depends on, or leaks,
 * the length of what was presented.
 */
export function tokensMatch(presented: string | null | undefined, expected: string): boolean {
  if (typeof presented !== 'string' || presented.length === 0 || expected.length === 0) return false;
  const a = createHash('sha256').update(presented, 'utf8').digest();
  const b = createHash('sha256').update(expected, 'utf8').digest();
  return timingSafeEqual(a, b);
}
