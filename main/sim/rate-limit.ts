/**
 * The spec's limits: 120 Customer API requests per minute per user; replies
 * 20 per minute per user and 5 per minute per conversation. Sliding
 * one-minute windows on the virtual clock, so tests step over a window with
 * `clock.advance` instead of waiting.
 */
import type { SimClock } from './clock';
import { customerError, SimHttpError } from './http';

/** Length of every window. */
export const WINDOW_MS = 60_000;

/** The published limits. */
export const LIMITS = {
  generalPerUser: 120,
  repliesPerUser: 20,
  repliesPerConversation: 5,
} as const;

/**
 * One family of windows (e.g. "general, per user"). Each bucket keeps the
 * times of its accepted hits within the last minute; a refused hit is not
 * counted, so a client that waits `Retry-After` always gets through.
 */
export class SlidingWindowLimiter {
  private readonly hits = new Map<string, number[]>();

  constructor(
    private readonly clock: SimClock,
    private readonly limit: number,
    private readonly windowMs = WINDOW_MS,
  ) {}

  /** Seconds until `bucket` has room (0 = room now), without counting a hit. */
  retryAfter(bucket: string): number {
    const now = this.clock.now();
    const recent = (this.hits.get(bucket) ?? []).filter((t) => t > now - this.windowMs);
    this.hits.set(bucket, recent);
    if (recent.length < this.limit) return 0;
    // The oldest hit that must leave the window before another fits.
    const oldest = recent[recent.length - this.limit] ?? now;
    return Math.max(1, Math.ceil((oldest + this.windowMs - now) / 1000));
  }

  /** Counts a hit in `bucket`. */
  record(bucket: string): void {
    const list = this.hits.get(bucket) ?? [];
    list.push(this.clock.now());
    this.hits.set(bucket, list);
  }

  /** Forgets every hit (control API). */
  reset(): void {
    this.hits.clear();
  }
}

/** 429 `rate_limited` with an integer `Retry-After` and the spec's exact message. */
export function rateLimited(seconds: number, kind: 'general' | 'reply'): SimHttpError {
  const what = kind === 'general' ? 'requests' : 'replies';
  return new SimHttpError(
    customerError(429, 'rate_limited', `Too many ${what}. Try again in ${seconds} seconds.`, undefined, { 'Retry-After': String(seconds) }),
  );
}

/** The simulator's three limiters. */
export class RateLimits {
  readonly general: SlidingWindowLimiter;
  readonly repliesByUser: SlidingWindowLimiter;
  readonly repliesByConversation: SlidingWindowLimiter;

  constructor(clock: SimClock) {
    this.general = new SlidingWindowLimiter(clock, LIMITS.generalPerUser);
    this.repliesByUser = new SlidingWindowLimiter(clock, LIMITS.repliesPerUser);
    this.repliesByConversation = new SlidingWindowLimiter(clock, LIMITS.repliesPerConversation);
  }

  /** Counts a Customer API request of `userId`, or throws 429 (general message). */
  hitGeneral(userId: number): void {
    const wait = this.general.retryAfter(`u${userId}`);
    if (wait > 0) throw rateLimited(wait, 'general');
    this.general.record(`u${userId}`);
  }

  /**
   * Counts a reply attempt of `userId` on `conversationId` (null when the path
   * id is invalid: only the per-user window applies), or throws 429 with the
   * reply message. Both windows are checked before either counts, so a
   * refused reply uses up neither.
   */
  hitReply(userId: number, conversationId: number | null): void {
    const byUser = this.repliesByUser.retryAfter(`u${userId}`);
    const byConversation = conversationId === null ? 0 : this.repliesByConversation.retryAfter(`c${conversationId}`);
    const wait = Math.max(byUser, byConversation);
    if (wait > 0) throw rateLimited(wait, 'reply');
    this.repliesByUser.record(`u${userId}`);
    if (conversationId !== null) this.repliesByConversation.record(`c${conversationId}`);
  }

  /** Forgets every window. */
  reset(): void {
    this.general.reset();
    this.repliesByUser.reset();
    this.repliesByConversation.reset();
  }
}
