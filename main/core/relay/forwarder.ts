/**
 * Passes accepted webhook requests on to other receivers, like
 * `stripe listen --forward-to`: the original body bytes and headers (minus
 * hop-by-hop ones), with a few retries, and a log of recent deliveries. A
 * typical use: one PC receives the team's single webhook address and hands
 * each event to the other front-desk PCs.
 */
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { ForwardDelivery } from '../../../common/views';

/** How hard a forward is tried. */
export interface ForwardRetryPolicy {
  /** Attempts in all, the first included. */
  attempts: number;
  /** Wait before the second attempt (ms); doubles after each failure. */
  baseDelayMs: number;
  /** Time limit of one attempt (ms); the service itself allows 8 s. */
  timeoutMs: number;
}

/** Three attempts, 0.5 s then 1 s apart, 8 s each. */
export const DEFAULT_FORWARD_RETRY: ForwardRetryPolicy = { attempts: 3, baseDelayMs: 500, timeoutMs: 8_000 };

/** Most deliveries kept in the log. */
const LOG_SIZE = 50;

/** One request to pass on. */
export interface ForwardJob {
  /** The event's id, for the delivery log. */
  eventId: string | null;
  /** Always POST today; kept so the target sees the method as received. */
  method: string;
  /** Headers to send as received, minus hop-by-hop ones (see `forwardHeaders`). */
  headers: Record<string, string | string[]>;
  /** The body exactly as received. */
  body: Buffer;
}

/** Sends jobs to every target, retrying failures, and remembers what happened. */
export class Forwarder {
  private targets: string[] = [];
  private readonly policy: ForwardRetryPolicy;
  private readonly now: () => Date;
  private readonly onDelivery: (delivery: ForwardDelivery) => void;
  private readonly log: ForwardDelivery[] = [];
  private readonly inFlight = new Set<Promise<void>>();
  private readonly stop = new AbortController();

  constructor(options: { policy?: Partial<ForwardRetryPolicy>; now: () => Date; onDelivery?: (d: ForwardDelivery) => void }) {
    this.policy = { ...DEFAULT_FORWARD_RETRY, ...options.policy };
    this.now = options.now;
    this.onDelivery = options.onDelivery ?? (() => {});
  }

  /** Replaces the target list (http(s) URLs). */
  setTargets(targets: readonly string[]): void {
    this.targets = [...targets];
  }

  /** Recent deliveries, newest first, one entry per attempt. */
  deliveries(): ForwardDelivery[] {
    return this.log.map((d) => ({ ...d }));
  }

  /** Starts delivering the job to every target; returns at once. */
  forward(job: ForwardJob): void {
    for (const target of this.targets) {
      const run = this.deliver(target, job).finally(() => this.inFlight.delete(run));
      this.inFlight.add(run);
    }
  }

  /** Resolves once every delivery under way has finished (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  /** Aborts deliveries under way and cancels pending retries. */
  async close(): Promise<void> {
    this.stop.abort();
    await this.idle();
  }

  /** Tries one target until it answers 2xx-4xx (not 408/429), the attempts run out, or the forwarder closes. */
  private async deliver(target: string, job: ForwardJob): Promise<void> {
    for (let attempt = 1; attempt <= this.policy.attempts && !this.stop.signal.aborted; attempt++) {
      const outcome = await this.send(target, job);
      this.record({ target: redactTarget(target), eventId: job.eventId, at: this.now().toISOString(), status: outcome.status, error: outcome.error, attempt });
      const retryable = outcome.status === null || outcome.status >= 500 || outcome.status === 408 || outcome.status === 429;
      if (!retryable || attempt === this.policy.attempts) return;
      await sleep(this.policy.baseDelayMs * 2 ** (attempt - 1), this.stop.signal);
    }
  }

  /** One attempt: the status, or the network error's message. Redirects are not followed (as the service does not). */
  private send(target: string, job: ForwardJob): Promise<{ status: number | null; error: string | null }> {
    return new Promise((resolve) => {
      let url: URL;
      try {
        url = new URL(target);
      } catch {
        resolve({ status: null, error: 'not a valid URL' });
        return;
      }
      const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
      const signal = AbortSignal.any([this.stop.signal, AbortSignal.timeout(this.policy.timeoutMs)]);
      const req = request(url, { method: job.method, headers: { ...job.headers, 'Content-Length': String(job.body.length) }, signal }, (res: IncomingMessage) => {
        res.resume(); // the target's body is not needed; drain it so the socket is freed
        res.on('end', () => resolve({ status: res.statusCode ?? null, error: null }));
        res.on('error', () => resolve({ status: res.statusCode ?? null, error: null }));
      });
      req.on('error', (err: NodeJS.ErrnoException) => {
        const reason = err.name === 'AbortError' ? (this.stop.signal.aborted ? 'relay closed' : 'timed out') : (err.code ?? err.message);
        resolve({ status: null, error: reason });
      });
      req.end(job.body);
    });
  }

  /** Adds a delivery to the log (newest first, bounded) and reports it. */
  private record(delivery: ForwardDelivery): void {
    this.log.unshift(delivery);
    this.log.length = Math.min(this.log.length, LOG_SIZE);
    this.onDelivery(delivery);
  }
}

/** The target as logs show it: any `user:password@` removed. */
export function redactTarget(target: string): string {
  try {
    const url = new URL(target);
    url.username = '';
    url.password = '';
    return url.href;
  } catch {
    return '(invalid URL)';
  }
}

/** Waits `ms`, or less if `signal` aborts. */
function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}
