import type { SimClock, SimTimer } from '../clock';
import { eventIdForSource, testEventIdFor } from '../../../common/api/webhook';
import type { WebhookEventKind } from '../../../common/api/enums';
import { legacyFields, type TaskEventFacts, type TaskEventReader, type TaskSource } from './legacy';
import type { AttemptOutcome, DeliveryLog } from './log';
import { postJson, type PostOutcome } from './post';
import type { WebhookSettings } from './settings';

/** The receiver's deadline (spec: "any 2xx within 8 seconds"). */
export const DEFAULT_TIMEOUT_MS = 8000;

/**
 * Waits before retries 1 to 4 (spec: "up to 4 more times with growing
 * waits"; the waits themselves are not shown). Each is three times the one
 * before, on the virtual clock: 10 s, 30 s, 90 s, 270 s, so an event is
 * dropped about 6.7 minutes after its first attempt.
 */
export const DEFAULT_RETRY_DELAYS_MS: readonly number[] = [10_000, 30_000, 90_000, 270_000];

/** What the sender needs from the rest of the simulator. */
export interface WebhookSenderDeps {
  clock: SimClock;
  teamId: number;
  settings: WebhookSettings;
  log: DeliveryLog;
  /** Reads a task source's facts; called on every attempt. */
  readTask: TaskEventReader;
  /** Receiver deadline in ms (real time); default 8000. Tests shorten it. */
  timeoutMs?: number;
  /** Waits before each retry; its length is the number of retries. Default {@link DEFAULT_RETRY_DELAYS_MS}. */
  retryDelaysMs?: readonly number[];
  /** Category key → display label for the legacy `task.category`. */
  categoryLabels?: Readonly<Record<string, string>>;
}

/** The result of the dashboard's Send test. */
export interface TestDeliveryResult {
  eventId: string | null;
  delivered: boolean;
  status: number | null;
  error: string | null;
}

interface PendingEvent {
  id: string;
  source: TaskSource;
  generation: number;
  timer: SimTimer | null;
  /** The facts last read, reused if the source vanishes before a retry. */
  lastFacts: TaskEventFacts;
}

/**
 * Delivers `task.created` and `webhook.test` events under the spec's
 * delivery rules: JSON POST with `X-Service-Secret`, 8 s deadline, retry on
 * 5xx/408/429/timeout/connection error with growing virtual-clock waits
 * (Retry-After ignored), drop after the last retry, stop at any other status
 * (3xx included; redirects are never followed), stable event ids, `data`
 * re-read on every attempt.
 */
export class WebhookSender {
  private readonly pending = new Map<string, PendingEvent>();
  /** Every event id ever started: the caller decides newness, this only guards against a double call. */
  private readonly started = new Set<string>();
  private readonly inFlight = new Set<Promise<void>>();
  private readonly timeoutMs: number;
  private readonly retryDelaysMs: readonly number[];

  constructor(private readonly deps: WebhookSenderDeps) {
    this.timeoutMs = deps.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.retryDelaysMs = deps.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
  }

  /**
   * A new task was created (the caller has decided it is new: not a repeat
   * call, not a merge). Starts delivery at once when the webhook is on;
   * while off nothing is queued, so the task is never sent. Returns the event
   * id when delivery started, null otherwise.
   */
  taskCreated(source: TaskSource): string | null {
    if (!this.deps.settings.isOn) return null;
    const id = eventIdForSource(source.sourceType, source.sourceId);
    if (this.started.has(id)) return null;
    const facts = this.deps.readTask(source);
    if (!facts) return null;
    this.started.add(id);
    const event: PendingEvent = { id, source, generation: this.deps.settings.generation, timer: null, lastFacts: facts };
    this.pending.set(id, event);
    this.track(this.attempt(event, 1));
    return id;
  }

  /** Stops every pending retry (the webhook was turned off). An attempt already on the wire finishes but is not retried. */
  cancelPending(): void {
    for (const event of this.pending.values()) if (event.timer) this.deps.clock.clearTimer(event.timer);
    this.pending.clear();
  }

  /**
   * The dashboard's Send test: one `webhook.test` POST, answered with its
   * result. It is not retried: the person who pressed the button sees the
   * result and error at once and can press it again.
   */
  async sendTest(): Promise<TestDeliveryResult> {
    const target = this.deps.settings.current;
    if (!target) return { eventId: null, delivered: false, status: null, error: 'The webhook is off: save an address first.' };
    const now = this.deps.clock.now();
    const id = testEventIdFor(this.deps.teamId, now);
    const body = { id, event: 'webhook.test', occurred_at: new Date(now).toISOString(), team_id: this.deps.teamId };
    const run = this.post('webhook.test', id, 1, target.url, target.secret, body, () => 'ended');
    this.track(run.then(() => undefined));
    const { outcome, error } = await run;
    const status = outcome.kind === 'response' ? outcome.status : null;
    return { eventId: id, delivered: error === null, status, error };
  }

  /** Resolves once no attempt is on the wire (retries waiting on the clock do not count). For tests and shutdown. */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.all([...this.inFlight]);
  }

  /** Ids of task.created events with a retry still to come. */
  pendingEventIds(): string[] {
    return [...this.pending.keys()];
  }

  private track(work: Promise<void>): void {
    this.inFlight.add(work);
    void work.finally(() => this.inFlight.delete(work));
  }

  private async attempt(event: PendingEvent, attempt: number): Promise<void> {
    event.timer = null;
    const target = this.deps.settings.current;
    // Turned off (and maybe on again) since the event was born: stop for good.
    if (!target || this.deps.settings.generation !== event.generation) {
      this.pending.delete(event.id);
      return;
    }
    const facts = this.deps.readTask(event.source) ?? { ...event.lastFacts, data: null };
    event.lastFacts = facts;
    const body = {
      id: event.id,
      event: 'task.created',
      occurred_at: facts.occurredAt,
      team_id: this.deps.teamId,
      data: facts.data,
      ...legacyFields(event.source, facts, this.deps.categoryLabels),
    };
    const retriesLeft = attempt <= this.retryDelaysMs.length;
    const { retry } = await this.post('task.created', event.id, attempt, target.url, target.secret, body, (retryable) => {
      if (!retryable) return 'ended';
      const stillOn = this.pending.has(event.id) && this.deps.settings.generation === event.generation;
      return retriesLeft && stillOn ? 'retry_scheduled' : 'dropped';
    });
    if (!retry) {
      this.pending.delete(event.id);
      return;
    }
    const wait = this.retryDelaysMs[attempt - 1] ?? 0;
    event.timer = this.deps.clock.setTimer(() => this.track(this.attempt(event, attempt + 1)), wait);
  }

  /**
   * One POST and its log entry. `onFailure(retryable)` decides the outcome
   * of a failed attempt so the log says what happens next.
   */
  private async post(
    kind: WebhookEventKind,
    eventId: string,
    attempt: number,
    url: string,
    secret: string,
    body: unknown,
    onFailure: (retryable: boolean) => AttemptOutcome,
  ): Promise<{ outcome: PostOutcome; error: string | null; retry: boolean }> {
    const outcome = await postJson(url, JSON.stringify(body), { 'Content-Type': 'application/json', 'X-Service-Secret': secret }, this.timeoutMs);
    const { error, retryable } = judge(outcome);
    const next: AttemptOutcome = error === null ? 'delivered' : onFailure(retryable);
    this.deps.log.record({
      eventId,
      event: kind,
      attempt,
      status: outcome.kind === 'response' ? outcome.status : null,
      error,
      at: new Date(this.deps.clock.now()).toISOString(),
      url,
      outcome: next,
    });
    return { outcome, error, retry: next === 'retry_scheduled' };
  }
}

/** Delivery rules 1 to 3: what an attempt's result means. */
function judge(outcome: PostOutcome): { error: string | null; retryable: boolean } {
  if (outcome.kind === 'timeout') return { error: `No answer within ${outcome.afterMs} ms.`, retryable: true };
  if (outcome.kind === 'error') return { error: `Connection error: ${outcome.message}.`, retryable: true };
  const { status } = outcome;
  if (status >= 200 && status < 300) return { error: null, retryable: false };
  const retryable = status >= 500 || status === 408 || status === 429;
  const note = status >= 300 && status < 400 ? ' (redirects are not followed)' : '';
  return { error: `The receiver answered ${status}${note}.`, retryable };
}
