import { describe, expect, it } from 'vitest';
import { createLaunchToken, tokensMatch } from '../../main/web/token';

describe('the per-launch token', () => {
  it('is 32 random bytes as 64 hex characters, different every launch', () => {
    const a = createLaunchToken();
    const b = createLaunchToken();
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(a).not.toBe(b);
  });

  it('matches only itself', () => {
    const token = createLaunchToken();
    expect(tokensMatch(token, token)).toBe(true);
    expect(tokensMatch(token.toUpperCase(), token)).toBe(false);
    expect(tokensMatch(token.slice(0, 63), token)).toBe(false);
    expect(tokensMatch(token + '0', token)).toBe(false);
  });

  it('refuses a missing or empty token', () => {
    const token = createLaunchToken();
    expect(tokensMatch(null, token)).toBe(false);
    expect(tokensMatch(undefined, token)).toBe(false);
    expect(tokensMatch('', token)).toBe(false);
    expect(tokensMatch('', '')).toBe(false);
  });
});
