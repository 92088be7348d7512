/**
 * The core's link to the service: one rate scheduler for the life of the
 * app, and a client rebuilt whenever the base URL (or demo mode) changes.
 * Every result passes through here on its way back, so the connection state
 * follows real requests — polls and clicks alike — and never guesses.
 */
import type { Member, Team } from '../../common/api/assumed';
import type { Task } from '../../common/api/customer';
import type { LiveUpdate } from '../../common/api/live-updates';
import type { TaskRange } from '../../common/api/enums';
import type { ContractError, Result } from '../../common/views';
import { ServiceClient, type HttpTransportOptions, type RetryOptions } from './client';
import type { ConnectionTracker } from './connection';
import type { ReplyTransport } from './outbox';
import type { PollSource } from './poller';
import { RateScheduler, type RateSchedulerOptions, type SchedulerClock } from './rate-scheduler';
import type { SecretSource } from './secrets';

/** Where the link points. */
export interface LinkTarget {
  baseUrl: string | null;
  secrets: SecretSource;
  demo: boolean;
}

/** Options of {@link ServiceLink}. */
export interface ServiceLinkOptions {
  clock: SchedulerClock;
  connection: ConnectionTracker;
  http?: HttpTransportOptions;
  retry?: Partial<RetryOptions>;
  rate?: Omit<RateSchedulerOptions, 'clock'>;
  random?: () => number;
}

const NOT_CONFIGURED_ERROR: ContractError = {
  code: 'not_configured',
  message: 'No service address is set. Enter the base URL (ending in /api/v1) in Settings.',
};
const NOT_CONFIGURED: Result<never> = { ok: false, error: NOT_CONFIGURED_ERROR };

/** The client for the current target, with connection tracking and a team cache. */
export class ServiceLink {
  readonly scheduler: RateScheduler;
  private client: ServiceClient | null = null;
  private target: LinkTarget = { baseUrl: null, secrets: { get: async () => null, status: async () => ({ apiKey: false, liveUpdatesToken: false, webhookSecret: false }) }, demo: false };
  private teamCache: Team | null = null;
  private membersCache: Member[] = [];
  private readonly unsubscribe: () => void;

  constructor(private readonly options: ServiceLinkOptions) {
    this.scheduler = new RateScheduler({ ...options.rate, clock: options.clock });
    // A 429 pauses the general bucket: show it while it lasts.
    this.unsubscribe = this.scheduler.onChange((state) => {
      if (state.generalPausedUntil !== null) {
        options.connection.set('rate_limited', null, state.generalPausedUntil);
      }
    });
  }

  /** Points the link at a (new) service; the old client's connections are closed. */
  async retarget(target: LinkTarget): Promise<void> {
    const old = this.client;
    this.target = target;
    this.teamCache = null;
    this.membersCache = [];
    this.client = target.baseUrl
      ? new ServiceClient(this.scheduler, {
          baseUrl: target.baseUrl,
          apiKey: () => target.secrets.get('apiKey'),
          liveUpdatesToken: () => target.secrets.get('liveUpdatesToken'),
          http: this.options.http,
          retry: this.options.retry,
          random: this.options.random,
        })
      : null;
    if (!target.baseUrl) this.options.connection.set('not_configured', NOT_CONFIGURED_ERROR);
    await old?.close().catch(() => undefined);
  }

  /** Whether the app talks to the embedded simulator. */
  get demo(): boolean {
    return this.target.demo;
  }

  /** The secrets the client uses now (the simulator's in demo mode). */
  get secrets(): SecretSource {
    return this.target.secrets;
  }

  /**
   * Runs a call against the current client. `track` reports the result to
   * the connection state (the Customer API's key and reachability); live
   * updates use another credential, so their failures are not "bad key".
   */
  async call<T>(fn: (client: ServiceClient) => Promise<Result<T>>, track = true): Promise<Result<T>> {
    const client = this.client;
    if (!client) return NOT_CONFIGURED;
    const result = await fn(client);
    if (track) {
      const retryAt = !result.ok && result.error.retryAfterSec !== undefined ? this.options.clock.now() + result.error.retryAfterSec * 1000 : undefined;
      this.options.connection.report(result.ok ? { ok: true } : { ok: false, error: result.error, ...(retryAt !== undefined && { retryAt }) });
    }
    return result;
  }

  /** The team (cached once read): its id for preferences, its timezone for the poller. */
  async team(priority: 'user' | 'background' = 'background'): Promise<Result<Team>> {
    if (this.teamCache) return { ok: true, value: this.teamCache };
    const r = await this.call((c) => c.customer.getTeam({ priority }));
    if (r.ok) this.teamCache = r.value;
    return r;
  }

  /** The members (cached once read), for the snapshot and the preference checks. */
  async members(refresh = false): Promise<Result<Member[]>> {
    if (this.membersCache.length > 0 && !refresh) return { ok: true, value: this.membersCache };
    const r = await this.call((c) => c.customer.listMembers({ priority: 'background' }));
    if (r.ok) this.membersCache = r.value;
    return r;
  }

  /** The team and members as last read (for the snapshot; never makes a request). */
  cached(): { team: Team | null; members: Member[] } {
    return { team: this.teamCache, members: this.membersCache };
  }

  /** The poller's reads, all at background priority so clicks go first. */
  pollSource(): PollSource {
    return {
      listTasks: (range: TaskRange): Promise<Result<Task[]>> => this.call((c) => c.customer.listTasks(range, { priority: 'background' })),
      listLiveUpdates: async (): Promise<Result<LiveUpdate[]>> => {
        if (!this.client) return NOT_CONFIGURED;
        // No token: live updates are simply off, not an error to show.
        if (!(await this.target.secrets.get('liveUpdatesToken').catch(() => null))) {
          return { ok: false, error: { code: 'not_configured', message: 'No live updates token is set.' } };
        }
        const r = await this.call((c) => c.liveUpdates.listCurrent({ priority: 'background' }), false);
        return r.ok ? { ok: true, value: r.value.liveUpdates } : r;
      },
      teamTimeZone: async () => {
        const team = await this.team();
        return team.ok ? { ok: true, value: team.value.timezone } : team;
      },
    };
  }

  /** The outbox's two calls, with connection tracking. */
  replyTransport(): ReplyTransport {
    return {
      sendReply: (conversationId, reply, key) => this.call((c) => c.customer.sendReply(conversationId, reply, key)),
      getConversation: (conversationId) => this.call((c) => c.customer.getConversation(conversationId)),
    };
  }

  /** Closes the client and stops the scheduler. */
  async close(): Promise<void> {
    this.unsubscribe();
    const client = this.client;
    this.client = null;
    this.scheduler.dispose();
    await client?.close().catch(() => undefined);
  }
}
