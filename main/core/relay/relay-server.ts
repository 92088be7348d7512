/**
 * The local webhook relay: a small `node:http` server the team's tunnel or
 * reverse proxy delivers webhook events to. It checks each request
 * (method, path, secret in constant time, content type, size, JSON, event
 * shape), answers 2xx as soon as the event is authenticated and parsed — the
 * service allows 8 s — and only then processes it: dedupe by event id,
 * task.created to the inbox (looking the task up when `data` is null),
 * webhook.test marks the relay verified. Bad requests get their status and
 * change nothing. The secret is never logged, echoed or stored here.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Task } from '../../../common/api/customer';
import type { ForwardDelivery, RelayStatus } from '../../../common/views';
import type { SeenEventLog } from '../store/state-store';
import { classifyEvent } from './event-intake';
import { Forwarder, type ForwardRetryPolicy } from './forwarder';
import { forwardHeaders, isJsonContentType, readBodyLimited, secretMatches, SECRET_HEADER } from './http-checks';
import { processEvent } from './process-event';
import { checkPublicAddress } from './public-address';

/** Where the relay writes what it does. Messages and fields never hold the secret. */
export interface RelayLogger {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
}

/** A refused request, as the settings screen and the headless command show it. */
export type RelayRejection = RelayStatus['recentRejections'][number];

/** Options of {@link RelayServer}. */
export interface RelayOptions {
  /** Interface to bind; 127.0.0.1 unless a reverse proxy on another machine must reach it. */
  host?: string;
  /** Port; 0 picks a free one. Default 8787. */
  port?: number;
  /** The one path events are accepted on. Default /webhook. */
  path?: string;
  /** The webhook secret (from the keychain). Null, or a throw, means it cannot be checked: 503 so the service retries. */
  secret: () => string | null | Promise<string | null>;
  /** Processed event ids, persisted (the state store), so a redelivery after a restart is still skipped. */
  seenEvents: SeenEventLog;
  /** A new task from a task.created event. */
  onTask: (task: Task, eventId: string) => void | Promise<void>;
  /** Reads a task by API id when an event's `data` is null; null when the key's owner cannot see it. */
  lookupLegacyTask: (taskId: string) => Promise<Task | null>;
  /** http(s) URLs that receive a copy of every accepted request. */
  forwardTargets?: readonly string[];
  /** The saved public webhook address, checked for the status. */
  publicWebhookAddress?: string | null;
  /** Largest accepted body (bytes). Default 1 MiB. */
  maxBodyBytes?: number;
  /** How long `close()` waits for events still being processed (ms). Default 5000. */
  closeGraceMs?: number;
  forwardRetry?: Partial<ForwardRetryPolicy>;
  logger?: RelayLogger;
  now?: () => Date;
  /** Told whenever the status changes. */
  onStatusChange?: (status: RelayStatus) => void;
  /** Told about each refused request (reason only). */
  onRejection?: (rejection: RelayRejection) => void;
}

/** Most rejections kept for the status. */
const REJECTION_LOG_SIZE = 20;
const SILENT: RelayLogger = { info: () => {}, warn: () => {} };

/** The relay. `start()` it, read `status()`, `close()` it. */
export class RelayServer {
  private readonly options: RelayOptions;
  private readonly host: string;
  private readonly path: string;
  private readonly maxBody: number;
  private readonly closeGraceMs: number;
  private readonly log: RelayLogger;
  private readonly now: () => Date;
  private readonly forwarder: Forwarder;
  private readonly processing = new Set<Promise<void>>();
  private server: Server | null = null;
  private port: number | null = null;
  private listenError: string | null = null;
  private verified = false;
  private lastEventAt: string | null = null;
  private publicAddress: string | null;
  private readonly rejections: RelayRejection[] = [];

  constructor(options: RelayOptions) {
    this.options = options;
    this.host = options.host ?? '127.0.0.1';
    this.path = options.path ?? '/webhook';
    this.maxBody = options.maxBodyBytes ?? 1024 * 1024;
    this.closeGraceMs = options.closeGraceMs ?? 5_000;
    this.log = options.logger ?? SILENT;
    this.now = options.now ?? (() => new Date());
    this.publicAddress = options.publicWebhookAddress ?? null;
    this.forwarder = new Forwarder({ policy: options.forwardRetry, now: this.now, onDelivery: (d) => this.delivered(d) });
    this.forwarder.setTargets(options.forwardTargets ?? []);
  }

  /**
   * Starts listening. Never throws for a listen failure (port in use, no
   * permission, unknown host): the status then carries the reason and the
   * app goes on polling.
   */
  async start(): Promise<RelayStatus> {
    if (this.server) return this.status();
    const server = createServer({ requestTimeout: 15_000, headersTimeout: 10_000, keepAliveTimeout: 5_000 }, (req, res) => {
      this.handle(req, res).catch((err: unknown) => {
        // A bug here must not take the app down (an unhandled rejection would).
        this.log.warn('relay request failed', { error: err instanceof Error ? err.message : String(err) });
        if (!res.headersSent) this.send(res, 500, { error: 'internal error' });
        else res.destroy();
      });
    });
    const wanted = this.options.port ?? 8787;
    this.listenError = await new Promise<string | null>((resolve) => {
      server.once('error', (err: NodeJS.ErrnoException) => resolve(listenProblem(err, this.host, wanted)));
      server.listen({ host: this.host, port: wanted }, () => resolve(null));
    });
    if (this.listenError) {
      this.log.warn('relay not listening', { reason: this.listenError });
    } else {
      this.server = server;
      this.port = (server.address() as AddressInfo).port;
      this.log.info('relay listening', { url: this.url() });
    }
    this.changed();
    return this.status();
  }

  /** Stops listening, drops open connections, stops forwards and waits for events being processed. */
  async close(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
    }
    await this.forwarder.close();
    // Give events being processed a moment to reach the inbox, but never hang shutdown on a stuck one.
    await Promise.race([this.idle(), new Promise((resolve) => setTimeout(resolve, this.closeGraceMs).unref())]);
    this.changed();
  }

  /** The status, as the settings screen shows it. */
  status(): RelayStatus {
    return {
      listening: this.server !== null,
      url: this.url(),
      verified: this.verified,
      lastEventAt: this.lastEventAt,
      publicAddressProblem: checkPublicAddress(this.publicAddress, this.url()).problem,
      recentRejections: this.rejections.map((r) => ({ ...r })),
      forwards: this.forwarder.deliveries(),
      error: this.listenError,
    };
  }

  /** Replaces the forward targets (no restart needed). */
  setForwardTargets(targets: readonly string[]): void {
    this.forwarder.setTargets(targets);
  }

  /** Records a new public webhook address for the status check. */
  setPublicWebhookAddress(address: string | null): void {
    this.publicAddress = address;
    this.changed();
  }

  /** Resolves once accepted events are processed and forwards are done (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.processing.size > 0) await Promise.allSettled([...this.processing]);
    await this.forwarder.idle();
  }

  /** Where the relay listens, e.g. http://127.0.0.1:8787/webhook. */
  private url(): string | null {
    if (this.port === null) return null;
    const host = this.host.includes(':') ? `[${this.host}]` : this.host;
    return `http://${host}:${this.port}${this.path}`;
  }

  /** Checks one request in order and answers it; an accepted event is processed after the answer is sent. */
  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const pathname = (req.url ?? '').split('?')[0];
    if (pathname !== this.path) return this.reject(res, 404, 'no relay at this path');
    if (req.method !== 'POST') return this.reject(res, 405, `method ${req.method ?? '?'} not allowed`, { Allow: 'POST' });

    let expected: string | null;
    try {
      expected = await this.options.secret();
    } catch {
      return this.reject(res, 503, 'the webhook secret cannot be read (keychain unavailable)');
    }
    if (!expected) return this.reject(res, 503, 'no webhook secret is set on this PC');
    if (!secretMatches(req.headers[SECRET_HEADER], expected)) {
      return this.reject(res, 401, req.headers[SECRET_HEADER] === undefined ? 'missing X-Service-Secret' : 'wrong X-Service-Secret');
    }
    if (!isJsonContentType(req.headers['content-type'])) return this.reject(res, 415, 'content type is not application/json');

    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > this.maxBody) return this.reject(res, 413, `body over ${this.maxBody} bytes`);
    const read = await readBodyLimited(req, this.maxBody);
    if (!read.ok) {
      if (read.reason === 'aborted') return this.note(400, 'the request was aborted while sending its body');
      return this.reject(res, 413, `body over ${this.maxBody} bytes`);
    }

    let json: unknown;
    try {
      json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(read.bytes));
    } catch {
      return this.reject(res, 400, 'the body is not valid JSON');
    }
    const intake = classifyEvent(json);
    if (intake.kind === 'invalid') return this.reject(res, 400, intake.reason);

    const eventId = intake.kind === 'unknown' ? intake.id : intake.event.id;
    this.verified = true;
    this.lastEventAt = this.now().toISOString();
    // Marked before answering, so a redelivery racing this one is already a duplicate.
    if (!this.options.seenEvents.markEventSeen(eventId)) {
      this.send(res, 200, { received: true, duplicate: true });
      this.log.info('duplicate event skipped', { eventId });
      this.changed();
      return;
    }
    this.send(res, 200, intake.kind === 'unknown' ? { received: true, ignored: true } : { received: true });
    this.changed();
    this.forwarder.forward({ eventId, method: 'POST', headers: forwardHeaders(req.rawHeaders), body: read.bytes });
    // Processing starts only once the answer has gone out: the service must never wait for the inbox.
    const afterAnswer = new Promise<void>((resolve) => {
      if (res.writableFinished) resolve();
      else {
        res.once('finish', resolve);
        res.once('close', resolve);
      }
    });
    const work = afterAnswer.then(() => processEvent(intake, this.options, this.log)).finally(() => this.processing.delete(work));
    this.processing.add(work);
  }

  /** Answers with an error status, logs and remembers the reason (never a header value). */
  private reject(res: ServerResponse, status: number, reason: string, headers: Record<string, string> = {}): void {
    // A body we did not read is not drained: closing the connection is cheaper and stops an oversized upload.
    const unread = !res.req.readableEnded;
    this.send(res, status, { error: reason }, unread ? { ...headers, Connection: 'close' } : headers);
    if (unread) res.once('finish', () => res.req.socket.destroySoon());
    this.note(status, reason);
  }

  /** Remembers a rejection. */
  private note(status: number, reason: string): void {
    const rejection = { at: this.now().toISOString(), status, reason };
    this.rejections.unshift(rejection);
    this.rejections.length = Math.min(this.rejections.length, REJECTION_LOG_SIZE);
    this.log.warn('relay request refused', { status, reason });
    this.options.onRejection?.(rejection);
    this.changed();
  }

  /** Writes a small JSON answer. */
  private send(res: ServerResponse, status: number, body: object, headers: Record<string, string> = {}): void {
    const text = JSON.stringify(body);
    res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text), 'Cache-Control': 'no-store', ...headers });
    res.end(text);
  }

  /** A forward attempt finished. */
  private delivered(delivery: ForwardDelivery): void {
    if (delivery.error !== null || (delivery.status !== null && delivery.status >= 300)) {
      this.log.warn('forward attempt failed', { target: delivery.target, attempt: delivery.attempt, status: delivery.status, error: delivery.error });
    }
    this.changed();
  }

  /** Tells the listener the status changed. */
  private changed(): void {
    this.options.onStatusChange?.(this.status());
  }
}

/** A person-readable reason the relay could not listen. */
function listenProblem(err: NodeJS.ErrnoException, host: string, port: number): string {
  switch (err.code) {
    case 'EADDRINUSE':
      return `Port ${port} on ${host} is already in use by another program. Choose another relay port in Settings, or stop the other program.`;
    case 'EACCES':
      return `Deskbell may not listen on port ${port}${port < 1024 ? ' (ports below 1024 need administrator rights)' : ''}. Choose a port above 1024 in Settings.`;
    case 'EADDRNOTAVAIL':
    case 'ENOTFOUND':
      return `${host} is not an address of this computer. Set the relay host to 127.0.0.1 in Settings.`;
    default:
      return `The relay could not start on ${host}:${port} (${err.code ?? err.message}).`;
  }
}
