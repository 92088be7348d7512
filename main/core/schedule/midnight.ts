/**
 * Midnight in the team's timezone. The service's task list has only two
 * ranges, `today` and `yesterday`, both days of the team's timezone, so
 * after a gap the poller must know whether a midnight *of that zone* fell
 * inside the gap (spec: Delivery rules 5). Everything here uses Intl, so DST
 * changes, zones whose day starts at 01:00 on a spring-forward day, and
 * half-hour offsets come out right without a timezone database of our own.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

/** A formatter giving the calendar date in `timeZone`; cached because Intl construction is slow. */
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric', hourCycle: 'h23' });
    formatters.set(timeZone, f);
  }
  return f;
}

/** True when `timeZone` is an IANA name this runtime knows. */
export function isValidTimeZone(timeZone: string): boolean {
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The calendar day of instant `ms` in `timeZone`, as a sortable number YYYYMMDD. */
export function localDayKey(ms: number, timeZone: string): number {
  let year = 0;
  let month = 0;
  let day = 0;
  for (const part of formatterFor(timeZone).formatToParts(ms)) {
    if (part.type === 'year') year = Number(part.value);
    else if (part.type === 'month') month = Number(part.value);
    else if (part.type === 'day') day = Number(part.value);
  }
  return year * 10_000 + month * 100 + day;
}

/**
 * The instant the current day began in `timeZone`: the earliest moment whose
 * local date is the same as `nowMs`'s. Usually local 00:00; on a day whose
 * midnight was skipped by DST it is the first instant that exists (01:00).
 *
 * Found by binary search over the last 50 hours rather than by offset
 * arithmetic, because the offset itself can change between midnight and now.
 */
export function startOfLocalDay(nowMs: number, timeZone: string): number {
  const today = localDayKey(nowMs, timeZone);
  // No zone has a day longer than 26 hours; 50 leaves room for odd history.
  let lo = nowMs - 50 * 3_600_000; // a moment of an earlier day
  let hi = nowMs; // a moment of today
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (localDayKey(mid, timeZone) >= today) hi = mid;
    else lo = mid;
  }
  return hi;
}

/**
 * Whether a midnight of `timeZone` lies after `sinceMs` and at or before
 * `nowMs` — i.e. whether tasks of "yesterday" may have been missed since
 * then. An unknown or invalid zone is treated as "could be any zone"
 * (see {@link crossedMidnightAnywhere}), so a wrong guess can only cost one
 * extra read, never a missed task.
 */
export function crossedMidnight(sinceMs: number, nowMs: number, timeZone: string | null): boolean {
  if (sinceMs >= nowMs) return false;
  if (timeZone === null || !isValidTimeZone(timeZone)) return crossedMidnightAnywhere(sinceMs, nowMs);
  return sinceMs < startOfLocalDay(nowMs, timeZone);
}

/**
 * Whether a midnight of *any* UTC offset from −12:00 to +14:00 (in quarter
 * hours) lies between the two instants. Used while the team's zone is not
 * known yet.
 */
export function crossedMidnightAnywhere(sinceMs: number, nowMs: number): boolean {
  if (nowMs - sinceMs >= 86_400_000) return true;
  const day = 86_400_000;
  for (let offsetMin = -12 * 60; offsetMin <= 14 * 60; offsetMin += 15) {
    const shift = offsetMin * 60_000;
    if (Math.floor((sinceMs + shift) / day) !== Math.floor((nowMs + shift) / day)) return true;
  }
  return false;
}
