/**
 * The service client: one object holding the four API areas, built on one
 * shared keep-alive transport and the app's {@link RateScheduler}. The core
 * builds one per configured base URL and closes it when the URL changes.
 */
import type { RateScheduler } from '../rate-scheduler';
import type { Credentials, RetryOptions } from './caller';
import { CustomerApi } from './customer-api';
import { HttpTransport, type HttpTransportOptions } from './http';
import { LiveUpdatesApi } from './live-updates-api';
import { NotificationsApi } from './notifications-api';
import { PartnerApi } from './partner-api';

export { ApiCaller, DEFAULT_RETRY, type Credentials, type ReadOptions, type RetryOptions, type RetryPolicy } from './caller';
export { CustomerApi, type ContactsQuery, type ReplyInput, type TaskUpdate } from './customer-api';
export { DEFAULT_TIMEOUTS, HttpTransport, type HttpTimeouts, type HttpTransportOptions } from './http';
export { LiveUpdatesApi, type CurrentLiveUpdates, type LiveUpdatesFilter } from './live-updates-api';
export { NotificationsApi, type KnownContact } from './notifications-api';
export { PartnerApi } from './partner-api';

/** What the client needs: where the service is, how to get each secret, and tuning. */
export interface ServiceClientOptions {
  /** The service's base URL, ending in `/api/v1`. */
  baseUrl: string;
  /** Customer API key (also used for notification preferences). */
  apiKey: Credentials;
  /** Live updates bearer token. */
  liveUpdatesToken: Credentials;
  /** Reseller key of the Partner API; calls give `not_configured` without it. */
  partnerKey?: Credentials;
  /** Timeouts and pool size of the shared transport. */
  http?: HttpTransportOptions;
  /** Bounds of automatic retries. */
  retry?: Partial<RetryOptions>;
  /** Jitter source, for tests. */
  random?: () => number;
}

const noSecret: Credentials = async () => null;

/** Every API area of the service behind one keep-alive transport and one rate scheduler. */
export class ServiceClient {
  /** Customer API: team, tasks, notes, conversations, replies, contacts. */
  readonly customer: CustomerApi;
  /** Live updates (bearer). */
  readonly liveUpdates: LiveUpdatesApi;
  /** Partner API (reseller key). */
  readonly partner: PartnerApi;
  /** Notification preferences (outside `/api/v1`). */
  readonly notifications: NotificationsApi;
  private readonly transport: HttpTransport;

  constructor(
    /** Every request waits here; shared with anything else that calls the service for the same user. */
    readonly scheduler: RateScheduler,
    options: ServiceClientOptions,
  ) {
    this.transport = new HttpTransport(options.http);
    const deps = { transport: this.transport, scheduler, retry: options.retry, random: options.random };
    const { baseUrl } = options;
    this.customer = new CustomerApi(deps, { baseUrl, apiKey: options.apiKey });
    this.liveUpdates = new LiveUpdatesApi(deps, { baseUrl, accessToken: options.liveUpdatesToken });
    this.partner = new PartnerApi(deps, { baseUrl, partnerKey: options.partnerKey ?? noSecret });
    this.notifications = new NotificationsApi(deps, { baseUrl, apiKey: options.apiKey });
  }

  /** Closes the connections; calls made afterwards fail as `offline`. The scheduler is its owner's to dispose. */
  close(): Promise<void> {
    return this.transport.close();
  }
}
