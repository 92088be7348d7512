import type { WebhookEventKind } from '../../../common/api/enums';

/** What became of an event after one attempt. */
export type AttemptOutcome =
  /** A 2xx: delivered, nothing more is sent. */
  | 'delivered'
  /** A 5xx, 408, 429, timeout or connection error with retries left: another attempt is scheduled. */
  | 'retry_scheduled'
  /** The same kind of failure on the last attempt (or with the webhook turned off meanwhile): the event is dropped. */
  | 'dropped'
  /** Any other status (3xx, 4xx...): delivery of this event ends without retry. */
  | 'ended';

/** One delivery attempt, as the control API lists it. */
export interface DeliveryAttempt {
  /** The event id: stable across retries of the same event. */
  eventId: string;
  /** `task.created` or `webhook.test`. */
  event: WebhookEventKind;
  /** 1 for the first attempt, up to 5. */
  attempt: number;
  /** The HTTP status the receiver answered; null on timeout or connection error. */
  status: number | null;
  /** Why the attempt failed (non-2xx status, timeout, connection error); null when delivered. */
  error: string | null;
  /** When the attempt finished, ISO 8601 UTC on the virtual clock. */
  at: string;
  /** The address it went to (never the secret). */
  url: string;
  /** What became of the event after this attempt. */
  outcome: AttemptOutcome;
}

/** The dashboard's summary of the webhook's health (spec: Delivery rule 6). */
export interface DeliverySummary {
  lastSuccessAt: string | null;
  lastFailureAt: string | null;
  /** The most recent failure's reason; kept after a later success, as the dashboard's "last error". */
  lastError: string | null;
}

/**
 * The delivery log: every attempt in order, plus the last success time, last
 * failure time and last error the dashboard shows. Bounded so a long demo
 * run cannot grow it without end.
 */
export class DeliveryLog {
  private readonly attempts: DeliveryAttempt[] = [];
  private summary: DeliverySummary = { lastSuccessAt: null, lastFailureAt: null, lastError: null };

  /** @param limit how many attempts to keep (oldest dropped first). */
  constructor(private readonly limit = 1000) {}

  /** Records one attempt and updates the summary. */
  record(attempt: DeliveryAttempt): void {
    this.attempts.push(attempt);
    if (this.attempts.length > this.limit) this.attempts.splice(0, this.attempts.length - this.limit);
    if (attempt.error === null) this.summary = { ...this.summary, lastSuccessAt: attempt.at };
    else this.summary = { ...this.summary, lastFailureAt: attempt.at, lastError: attempt.error };
  }

  /** Every kept attempt, oldest first (a copy). */
  list(): DeliveryAttempt[] {
    return this.attempts.map((a) => ({ ...a }));
  }

  /** Last success, last failure and last error. */
  status(): DeliverySummary {
    return { ...this.summary };
  }
}
