import { describe, expect, it } from 'vitest';
import { crossedMidnight, crossedMidnightAnywhere, localDayKey, startOfLocalDay } from '../../main/core/schedule/midnight';

const at = (iso: string) => Date.parse(iso);

describe('the day of an instant is the calendar day in the team timezone', () => {
  it('differs across the date line for the same instant', () => {
    const t = at('2026-03-10T02:00:00Z');
    expect(localDayKey(t, 'UTC')).toBe(20260310);
    expect(localDayKey(t, 'America/New_York')).toBe(20260309);
    expect(localDayKey(t, 'Pacific/Auckland')).toBe(20260310);
  });
});

describe('start of the local day', () => {
  it('is local midnight on an ordinary day', () => {
    // New York in winter is UTC−5: midnight is 05:00Z.
    expect(startOfLocalDay(at('2026-01-15T18:30:00Z'), 'America/New_York')).toBe(at('2026-01-15T05:00:00Z'));
  });

  it('is local midnight on the day DST starts (the jump is at 02:00)', () => {
    // 2026-03-08: New York springs forward at 02:00; midnight was still EST (UTC−5).
    expect(startOfLocalDay(at('2026-03-08T20:00:00Z'), 'America/New_York')).toBe(at('2026-03-08T05:00:00Z'));
    // The next day starts at midnight EDT (UTC−4).
    expect(startOfLocalDay(at('2026-03-09T12:00:00Z'), 'America/New_York')).toBe(at('2026-03-09T04:00:00Z'));
  });

  it('is local midnight on the day DST ends', () => {
    // 2026-11-01: New York falls back at 02:00; midnight was EDT (UTC−4).
    expect(startOfLocalDay(at('2026-11-01T20:00:00Z'), 'America/New_York')).toBe(at('2026-11-01T04:00:00Z'));
  });

  it('is the first instant that exists when DST skips midnight itself', () => {
    // Chile springs forward at 24:00 → 01:00 (2026-09-06), so that day starts at 01:00 local = 04:00Z.
    expect(startOfLocalDay(at('2026-09-06T15:00:00Z'), 'America/Santiago')).toBe(at('2026-09-06T04:00:00Z'));
  });

  it('handles half-hour and quarter-hour offsets', () => {
    expect(startOfLocalDay(at('2026-06-01T12:00:00Z'), 'Asia/Kolkata')).toBe(at('2026-05-31T18:30:00Z'));
    expect(startOfLocalDay(at('2026-06-01T12:00:00Z'), 'Asia/Kathmandu')).toBe(at('2026-05-31T18:15:00Z'));
  });
});

describe('yesterday is read only when a midnight of the team zone passed since the last sync', () => {
  it('is false within one local day', () => {
    expect(crossedMidnight(at('2026-01-15T06:00:00Z'), at('2026-01-16T04:59:00Z'), 'America/New_York')).toBe(false);
  });

  it('is true one minute after local midnight', () => {
    expect(crossedMidnight(at('2026-01-16T04:59:00Z'), at('2026-01-16T05:01:00Z'), 'America/New_York')).toBe(true);
  });

  it('follows the team zone, not UTC', () => {
    // 23:00Z → 01:00Z crosses UTC midnight but not New York's (18:00 → 20:00 local).
    expect(crossedMidnight(at('2026-01-15T23:00:00Z'), at('2026-01-16T01:00:00Z'), 'America/New_York')).toBe(false);
    expect(crossedMidnight(at('2026-01-15T23:00:00Z'), at('2026-01-16T01:00:00Z'), 'UTC')).toBe(true);
  });

  it('counts the midnight of a spring-forward day and of a fall-back day', () => {
    expect(crossedMidnight(at('2026-03-08T04:30:00Z'), at('2026-03-08T07:30:00Z'), 'America/New_York')).toBe(true);
    expect(crossedMidnight(at('2026-11-01T03:30:00Z'), at('2026-11-01T06:30:00Z'), 'America/New_York')).toBe(true);
    // 01:30 EDT → 01:30 EST on the fall-back day: an hour of repeated clock time, no midnight.
    expect(crossedMidnight(at('2026-11-01T05:30:00Z'), at('2026-11-01T06:30:00Z'), 'America/New_York')).toBe(false);
  });

  it('is false when nothing passed or the clock went back', () => {
    const t = at('2026-01-15T12:00:00Z');
    expect(crossedMidnight(t, t, 'UTC')).toBe(false);
    expect(crossedMidnight(t + 1000, t, 'UTC')).toBe(false);
  });

  it('assumes any zone when the team zone is unknown or invalid, so a miss is impossible', () => {
    const since = at('2026-01-15T10:00:00Z');
    const now = at('2026-01-15T11:00:00Z');
    // Some offset (UTC−10:30 … −11:00, or +13:00 … +14:00) has midnight in this hour.
    expect(crossedMidnight(since, now, null)).toBe(crossedMidnightAnywhere(since, now));
    expect(crossedMidnight(since, now, 'Not/AZone')).toBe(true);
    expect(crossedMidnightAnywhere(at('2026-01-15T10:00:00Z'), at('2026-01-15T10:05:00Z'))).toBe(false);
    expect(crossedMidnightAnywhere(since, since + 86_400_000)).toBe(true);
  });
});
