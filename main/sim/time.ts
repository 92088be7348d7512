/**
 * Calendar days in the team's IANA timezone, with Intl only (no date
 * library): "today" and "yesterday" of `GET /tasks` and the reports are days
 * as the team's wall clock counts them, not UTC days.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

/** A cached formatter that yields the wall-clock fields of an instant in `timeZone`. */
function fieldsFormatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** Wall-clock fields of `ms` in `timeZone`. */
function wallClock(ms: number, timeZone: string): { y: number; mo: number; d: number; h: number; mi: number; s: number } {
  const parts: Record<string, number> = {};
  for (const p of fieldsFormatter(timeZone).formatToParts(new Date(ms))) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  return { y: parts.year ?? 0, mo: parts.month ?? 1, d: parts.day ?? 1, h: parts.hour ?? 0, mi: parts.minute ?? 0, s: parts.second ?? 0 };
}

/** True when `timeZone` is an IANA name Intl knows. */
export function isValidTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** The calendar day of `ms` in `timeZone`, as `YYYY-MM-DD`. */
export function dayKey(ms: number, timeZone: string): string {
  const { y, mo, d } = wallClock(ms, timeZone);
  return `${String(y).padStart(4, '0')}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/**
 * The day before `key` (`YYYY-MM-DD`). Computed on the calendar, not by
 * subtracting 24 h, so a DST change (a 23 h or 25 h day) cannot skip a day.
 */
export function previousDayKey(key: string): string {
  const [y, m, d] = key.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d - 1)).toISOString().slice(0, 10);
}

/** The zone's offset from UTC at `ms`, in ms (wall clock minus UTC). */
function offsetAt(ms: number, timeZone: string): number {
  const w = wallClock(ms, timeZone);
  return Date.UTC(w.y, w.mo - 1, w.d, w.h, w.mi, w.s) - Math.floor(ms / 1000) * 1000;
}

/**
 * The instant the team's day containing `ms` began (local midnight). The
 * offset is taken at the candidate midnight itself (a second pass), so a DST
 * change earlier that day does not shift the result by an hour.
 */
export function startOfDay(ms: number, timeZone: string): number {
  const w = wallClock(ms, timeZone);
  const midnightAsUtc = Date.UTC(w.y, w.mo - 1, w.d);
  const guess = midnightAsUtc - offsetAt(ms, timeZone);
  return midnightAsUtc - offsetAt(guess, timeZone);
}

/** An ISO 8601 UTC timestamp. */
export function iso(ms: number): string {
  return new Date(ms).toISOString();
}
