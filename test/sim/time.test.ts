import { describe, expect, it } from 'vitest';
import { dayKey, isValidTimeZone, previousDayKey, startOfDay } from '../../main/sim/time';

const NY = 'America/New_York';

describe('team days: "today" and "yesterday" in the team timezone', () => {
  it('a day is the calendar day of the team zone, not of UTC', () => {
    expect(dayKey(Date.parse('2026-03-10T03:30:00Z'), NY)).toBe('2026-03-09');
    expect(dayKey(Date.parse('2026-03-10T03:30:00Z'), 'UTC')).toBe('2026-03-10');
  });

  it('yesterday is the previous calendar day, across month and year ends', () => {
    expect(previousDayKey('2026-03-01')).toBe('2026-02-28');
    expect(previousDayKey('2027-01-01')).toBe('2026-12-31');
  });

  it('the start of a day is local midnight, also on DST change days', () => {
    expect(new Date(startOfDay(Date.parse('2026-03-08T07:30:00Z'), NY)).toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(new Date(startOfDay(Date.parse('2026-11-01T12:00:00Z'), NY)).toISOString()).toBe('2026-11-01T04:00:00.000Z');
    expect(new Date(startOfDay(Date.parse('2026-07-01T12:00:00Z'), 'Asia/Kolkata')).toISOString()).toBe('2026-06-30T18:30:00.000Z');
  });

  it('only IANA zone names Intl knows are valid', () => {
    expect([isValidTimeZone(NY), isValidTimeZone('Mars/Olympus')]).toEqual([true, false]);
  });
});
