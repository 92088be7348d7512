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

/** Ids with when each was last seen, kept oldest first. */
export class SeenLog {
  private readonly limits: SeenLimits;
  /** id → epoch ms; Map order is touch order, i.e. oldest first while the clock runs forward. */
  private readonly entries = new Map<string, number>();

  constructor(limits: SeenLimits, saved: Record<string, string> = {}) {
    this.limits = limits;
    for (const [id, at] of Object.entries(saved)) this.entries.set(id, Date.parse(at));
  }

  /** Whether the id is recorded. */
  has(id: string): boolean {
    return this.entries.has(id);
  }

  /** Records the id as seen now; returns true when it was not recorded before. */
  touch(id: string, nowMs: number): boolean {
    const known = this.entries.delete(id);
    this.entries.set(id, nowMs);
    return !known;
  }

  /** How many ids are recorded. */
  get size(): number {
    return this.entries.size;
  }

  /**
   * Drops ids past the age limit, then the oldest unprotected ids while over
   * the count limit; returns the dropped ids.
   */
  prune(nowMs: number): string[] {
    const removed: string[] = [];
    for (const [id, at] of this.entries) {
      if (nowMs - at > this.limits.maxAgeMs) {
        this.entries.delete(id);
        removed.push(id);
      }
    }
    if (this.entries.size > this.limits.maxEntries) {
      // Oldest first by time (not Map order), so a clock that jumped back cannot protect stale ids.
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

  /** The ids as the state file stores them: `id → ISO time`, oldest first. */
  toJSON(): Record<string, string> {
    const sorted = [...this.entries].sort((a, b) => a[1] - b[1]);
    return Object.fromEntries(sorted.map(([id, at]) => [id, new Date(at).toISOString()]));
  }
}
