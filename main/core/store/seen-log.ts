/**
 * A bounded record of ids already handled (task ids, webhook event ids), each
 * with when it was last seen. Growth is bounded by age and by count, but an
 * id seen within the protection window is never pruned, whatever the count:
 * forgetting a task that is still in today's or yesterday's list would alert
 * it again on the next poll, which is worse than a file a little over its cap.
 */

/** How a {@link SeenLog} is bounded. */
export interface SeenLimits {
  /** Prune oldest-first while above this many ids (protected ids excepted). */
  maxEntries: number;
  /** Forget ids not seen for this long (ms). */
  maxAgeMs: number;
  /** Never prune an id seen within this long (ms). */
  protectMs: number;
}

/**
 * Task ids: the inbox marks every id of each polled list (range today, and
 * yesterday after a gap), so a listed task is always seen within the last
 * poll. Even without a poll, 72 h covers everything a today-plus-yesterday
 * list can hold (at most 48 h back, whatever the team's time zone) with a
 * margin; 30 days and 5000 ids keep the file small.
 */
export const TASK_ID_LIMITS: SeenLimits = { maxEntries: 5000, maxAgeMs: 30 * 86_400_000, protectMs: 72 * 3_600_000 };

/**
 * Webhook event ids: the service retries a failed delivery 4 times with
 * growing waits, well within a day, so a week of ids is plenty; the inbox
 * dedupes by task id as well, so a pruned event id cannot re-alert a task.
 */
export const EVENT_ID_LIMITS: SeenLimits = { maxEntries: 5000, maxAgeMs: 7 * 86_400_000, protectMs: 24 * 3_600_000 };

/**
 * Printable ASCII without `"` and backslash: an id made only of these is its own
 * JSON string body, so it needs no escaping when the file is written.
 */
const PLAIN_ID = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;

/** The last time formatted by {@link isoTime}: a burst of ids marked at once formats one date, not one per id. */
let lastFormatted = { ms: Number.NaN, iso: '' };

/**
 * `ms` as the state file stores a time (`2026-10-21T09:00:00.000Z`). Throws a
 * RangeError for an invalid date or a year outside 0000–9999 (which the file's
 * date format cannot hold), before anything is recorded.
 */
function isoTime(ms: number): string {
  if (ms !== lastFormatted.ms) {
    const iso = new Date(ms).toISOString();
    if (iso.length !== 24) throw new RangeError(`cannot record a time in year ${iso.slice(0, 7)}`);
    lastFormatted = { ms, iso };
  }
  return lastFormatted.iso;
}

/**
 * Ids with when each was last seen, kept oldest first.
 *
 * Saving is the hot path (under webhook load the state is saved every few
 * tens of ms), so the log keeps everything a save needs ready: the Map is in
 * time order, so pruning looks only at its oldest end and nothing is sorted;
 * each time is stored already formatted, so nothing is formatted; and the few
 * ids that need JSON escaping are escaped once when first recorded.
 */
export class SeenLog {
  private readonly limits: SeenLimits;
  /** id → when last seen, as the file stores it (ISO). Oldest first whenever `ordered` is true. */
  private readonly entries = new Map<string, string>();
  /** The JSON form of each recorded id that is not {@link PLAIN_ID}; almost always empty. */
  private readonly escaped = new Map<string, string>();
  /** The latest time recorded since the Map was last known to be in order. */
  private newestMs = -Infinity;
  /**
   * Whether Map order is time order. A touch appends at the end, which keeps
   * the order while the clock runs forward; a clock that jumped back clears
   * this, and the next prune or save sorts once.
   */
  private ordered = true;

  constructor(limits: SeenLimits, saved: Record<string, string> = {}) {
    this.limits = limits;
    for (const [id, at] of Object.entries(saved)) this.record(id, Date.parse(at));
  }

  /** Whether the id is recorded. */
  has(id: string): boolean {
    return this.entries.has(id);
  }

  /**
   * Records the id as seen at `nowMs` (epoch ms); returns true when it was not
   * recorded before. Throws a RangeError, recording nothing, for a time the
   * file cannot hold.
   */
  touch(id: string, nowMs: number): boolean {
    return this.record(id, nowMs);
  }

  /** How many ids are recorded. */
  get size(): number {
    return this.entries.size;
  }

  /**
   * Drops ids past the age limit, then the oldest unprotected ids while over
   * the count limit; returns the dropped ids. Oldest first by time (not by
   * when they were touched), so a clock that jumped back cannot protect
   * stale ids. Costs only the ids dropped (plus a sort after a clock jump).
   */
  prune(nowMs: number): string[] {
    if (!this.ordered) this.restoreOrder();
    const removed: string[] = [];
    // Times only grow along the Map, so each pass stops at the first id it keeps.
    for (const [id, iso] of this.entries) {
      if (nowMs - Date.parse(iso) <= this.limits.maxAgeMs) break;
      this.forget(id);
      removed.push(id);
    }
    for (const [id, iso] of this.entries) {
      if (this.entries.size <= this.limits.maxEntries) break;
      if (nowMs - Date.parse(iso) <= this.limits.protectMs) break;
      this.forget(id);
      removed.push(id);
    }
    return removed;
  }

  /** The ids as the state file stores them: `id → ISO time`, oldest first. */
  toJSON(): Record<string, string> {
    if (!this.ordered) this.restoreOrder();
    return Object.fromEntries(this.entries);
  }

  /**
   * The same as JSON text, laid out as `JSON.stringify(state, null, 2)` lays
   * out an object `indent` deep, built in one pass without an intermediate
   * object.
   */
  toJsonText(indent: string): string {
    if (!this.ordered) this.restoreOrder();
    if (this.entries.size === 0) return '{}';
    const inner = `${indent}  `;
    let text = '{';
    let separator = `\n${inner}`;
    if (this.escaped.size === 0) {
      for (const [id, iso] of this.entries) {
        text += `${separator}"${id}": "${iso}"`;
        separator = `,\n${inner}`;
      }
    } else {
      for (const [id, iso] of this.entries) {
        text += `${separator}${this.escaped.get(id) ?? `"${id}"`}: "${iso}"`;
        separator = `,\n${inner}`;
      }
    }
    return `${text}\n${indent}}`;
  }

  /** Moves (or adds) the id to the newest end with time `ms`. */
  private record(id: string, ms: number): boolean {
    const iso = isoTime(ms); // throws before anything changes
    const known = this.entries.delete(id);
    this.entries.set(id, iso);
    if (!known && !PLAIN_ID.test(id)) this.escaped.set(id, JSON.stringify(id));
    if (ms >= this.newestMs) this.newestMs = ms;
    else this.ordered = false;
    return !known;
  }

  private forget(id: string): void {
    this.entries.delete(id);
    if (this.escaped.size > 0) this.escaped.delete(id);
  }

  /** Sorts the Map by time after a clock jump; ids with the same time keep their order (stable sort). */
  private restoreOrder(): void {
    const byTime = Array.from(this.entries, ([id, iso]) => ({ id, iso, ms: Date.parse(iso) })).sort((a, b) => a.ms - b.ms);
    this.entries.clear();
    for (const { id, iso } of byTime) this.entries.set(id, iso);
    this.newestMs = byTime.at(-1)?.ms ?? -Infinity;
    this.ordered = true;
  }
}
