/**
 * One API area's way of making a call: read the secret, wait for the rate
 * scheduler, make the attempt, and retry only where that is safe.
 *
 * Retry rules (DESIGN.md "Only idempotent requests are retried"):
 * - `read` (GETs): retried on network errors, timeouts, 5xx and 429.
 * - `keyed-write` (a reply with its Idempotency-Key): retried on the same
 *   failures, including a 2xx answer cut off part-way, because the spec
 *   makes a retry with the same key return the first message and send
 *   nothing. A 409 is never retried.
 * - `single-write` (notes, task and preference updates): never retried. A
 *   note has no idempotency, so a blind retry could add it twice. A task
 *   PATCH is not retried either, although its guards make a duplicate
 *   harmless: after a timeout the first attempt may have applied, and the
 *   retry would then fail its own guard and report a false `conflict`.
 *
 * When a write may have reached the service but no answer says what happened
 * (lost connection, timeout, 5xx), the result is `unknown_outcome`, never a
 * plain failure that invites a resend.
 *
 * Every 429 pauses every bucket the request counts against for
 * `Retry-After` seconds: the answer does not say which limit was hit, and
 * pausing too much for a minute is better than a 429 storm.
 */
import type { ContractError, Result } from '../../../common/views';
import { SchedulerClosedError, type BucketKey, type Priority, type RateScheduler } from '../rate-scheduler';
import type { HttpMethod, HttpOutcome, HttpTransport } from './http';
import type { z } from 'zod';

/** Hands over a secret when a request needs it; null when it is not set. The client never keeps it. */
export type Credentials = () => Promise<string | null>;

/** Bounds of automatic retries. */
export interface RetryOptions {
  /** Retries after the first attempt. */
  maxRetries: number;
  /** First backoff; doubled per retry, with jitter. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** A longer Retry-After is not waited out: the call returns `rate_limited` and the caller decides. */
  maxRetryAfterSec: number;
  /** Pause used when a 429 carries no usable Retry-After. */
  defaultRetryAfterSec: number;
}

/** Two retries, 0.5 s then 1 s (±jitter); Retry-After waited out up to 30 s. */
export const DEFAULT_RETRY: RetryOptions = { maxRetries: 2, baseDelayMs: 500, maxDelayMs: 8_000, maxRetryAfterSec: 30, defaultRetryAfterSec: 60 };

/** Per-call options of reads: background polling passes `priority: 'background'` (default `'user'`). */
export interface ReadOptions {
  priority?: Priority;
}

/** How a call may be retried; see the module comment. */
export type RetryPolicy = 'read' | 'keyed-write' | 'single-write';

/** How an area authenticates, and what its secret is called in messages. */
export interface AreaAuth {
  credentials: Credentials;
  scheme: 'api-key' | 'bearer';
  /** E.g. "API key"; used in "The API key is not set". */
  secretName: string;
}

/** What every area client is built from: the shared transport and scheduler. */
export interface ClientDeps {
  transport: HttpTransport;
  scheduler: RateScheduler;
  retry?: Partial<RetryOptions>;
  /** Jitter source, injectable for tests. */
  random?: () => number;
}

/** One call: the request, its retry policy and the buckets it counts against. */
export interface CallSpec<T> {
  method: HttpMethod;
  url: URL;
  body?: unknown;
  headers?: Record<string, string>;
  schema: z.ZodType<T>;
  retry: RetryPolicy;
  buckets: readonly BucketKey[];
  priority: Priority;
  /** For writes: what to tell people when the outcome is unknown (say what to check). */
  unknownOutcomeMessage?: string;
}

const isHttpAnswer = (e: ContractError) => e.status !== undefined;

/** Makes calls for one API area. */
export class ApiCaller {
  private readonly retry: RetryOptions;
  private readonly random: () => number;

  constructor(
    private readonly deps: ClientDeps,
    private readonly auth: AreaAuth,
  ) {
    this.retry = { ...DEFAULT_RETRY, ...deps.retry };
    this.random = deps.random ?? Math.random;
  }

  /** Makes the call with the retries its policy allows. Never throws. */
  async call<T>(spec: CallSpec<T>): Promise<Result<T>> {
    let uncertain = false;
    for (let attempt = 0; ; attempt++) {
      const secret = await this.secret();
      // A secret that vanished between a reply's attempts must not hide that the first may have gone out.
      if (!secret.ok) return attempt === 0 ? secret : this.finish(secret.error, uncertain, spec, '');
      let outcome: HttpOutcome<T>;
      try {
        outcome = await this.deps.scheduler.schedule({ priority: spec.priority, buckets: spec.buckets }, () =>
          this.deps.transport.send({ ...spec, headers: { ...spec.headers, ...this.authHeader(secret.value) } }),
        );
      } catch (err) {
        const message = err instanceof SchedulerClosedError ? 'Deskbell stopped before the request was sent.' : 'The request was cancelled before it was sent.';
        return this.finish({ code: 'offline', message }, uncertain, spec, secret.value);
      }
      if (outcome.ok) return { ok: true, value: outcome.value };
      const { error } = outcome;
      const status = error.status;
      if (outcome.mayHaveBeenSent && (status === undefined || status >= 500)) uncertain = true;
      let waitMs: number | null = null;
      if (status === 429) {
        const seconds = error.retryAfterSec ?? this.retry.defaultRetryAfterSec;
        for (const bucket of spec.buckets) this.deps.scheduler.pause(bucket, seconds);
        // The pause itself makes the retry wait; no extra sleep.
        if (seconds <= this.retry.maxRetryAfterSec) waitMs = 0;
      } else if (outcome.transient) {
        waitMs = this.backoff(attempt, error.retryAfterSec);
      }
      if (spec.retry === 'single-write' || waitMs === null || attempt >= this.retry.maxRetries) {
        return this.finish(error, uncertain, spec, secret.value);
      }
      if (waitMs > 0) await this.sleep(waitMs);
    }
  }

  private backoff(attempt: number, retryAfterSec: number | undefined): number | null {
    const exp = Math.min(this.retry.maxDelayMs, this.retry.baseDelayMs * 2 ** attempt);
    const jittered = exp / 2 + (this.random() * exp) / 2;
    if (retryAfterSec === undefined) return jittered;
    if (retryAfterSec > this.retry.maxRetryAfterSec) return null;
    return Math.max(jittered, retryAfterSec * 1000);
  }

  /** The final result: an unknown outcome for a write that may have happened, and never the secret in a message. */
  private finish<T>(error: ContractError, uncertain: boolean, spec: CallSpec<T>, secret: string): Result<T> {
    let result = error;
    const definitive = isHttpAnswer(error) && error.status !== 429 && (error.status as number) < 500;
    if (spec.retry !== 'read' && uncertain && !definitive) {
      result = {
        code: 'unknown_outcome',
        message: spec.unknownOutcomeMessage ?? 'The service may or may not have done this. Check before trying again.',
        ...(error.status !== undefined && { status: error.status }),
        ...(error.retryAfterSec !== undefined && { retryAfterSec: error.retryAfterSec }),
      };
    }
    if (secret.length >= 4 && result.message.includes(secret)) result = { ...result, message: result.message.split(secret).join('[redacted]') };
    return { ok: false, error: result };
  }

  private async secret(): Promise<Result<string>> {
    try {
      const value = await this.auth.credentials();
      if (value) return { ok: true, value };
      return { ok: false, error: { code: 'not_configured', message: `The ${this.auth.secretName} is not set. Add it in Settings.` } };
    } catch (err) {
      // The secrets module reports its own ContractError (keychain locked...); anything else is the keychain too.
      const e = err as Partial<ContractError> | null;
      if (e && typeof e.code === 'string' && typeof e.message === 'string') return { ok: false, error: { code: e.code, message: e.message } };
      return { ok: false, error: { code: 'keychain_unavailable', message: `The ${this.auth.secretName} could not be read from the system keychain.` } };
    }
  }

  private authHeader(secret: string): Record<string, string> {
    return this.auth.scheme === 'bearer' ? { authorization: `Bearer ${secret}` } : { 'x-api-key': secret };
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => this.deps.scheduler.clock.setTimer(resolve, ms));
  }
}
