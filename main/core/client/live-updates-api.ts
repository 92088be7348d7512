/**
 * Live updates (header `Authorization: Bearer`): the team's short notices
 * (closures, wait times...). Their error bodies are `{error}` (401) and
 * `{message}` (403, 404, no team selected); errors.ts maps those by status.
 */
import { z } from 'zod';
import {
  LiveUpdateResponseSchema,
  LiveUpdatesPageSchema,
  LiveUpdatesPageSizeSchema,
  LiveUpdateStatusSchema,
  LiveUpdateTypeSchema,
  PageNumberSchema,
  type LiveUpdate,
  type LiveUpdateDetail,
  type LiveUpdatesPage,
  type LiveUpdateStatus,
  type LiveUpdateType,
} from '../../../common/api';
import { LIVE_UPDATES_QUERY } from '../../../common/api/assumed';
import type { Result } from '../../../common/views';
import type { BucketKey } from '../rate-scheduler';
import { ApiCaller, type ClientDeps, type Credentials, type ReadOptions } from './caller';
import { checkInput, dropUndefined, mapOk } from './input';
import { joinUrl, parseBaseUrl, segment } from './urls';

/** Filters and paging of `GET /live-updates`; every field optional. */
export interface LiveUpdatesFilter {
  phoneNumberId?: number;
  type?: LiveUpdateType;
  status?: LiveUpdateStatus;
  /** Only updates active right now. */
  activeOnly?: boolean;
  /** Active and scheduled updates, no expired ones. */
  activeAndScheduled?: boolean;
  /** 1 to 100. */
  pageSize?: number;
  page?: number;
}

/** Every current live update, and whether the page cap cut the list short. */
export interface CurrentLiveUpdates {
  liveUpdates: LiveUpdate[];
  truncated: boolean;
}

/** Options of {@link LiveUpdatesApi}. */
export interface LiveUpdatesApiOptions {
  /** The service's base URL, ending in `/api/v1`. */
  baseUrl: string;
  /** Hands over the bearer token per request; never stored by the client. */
  accessToken: Credentials;
  /** Most pages {@link LiveUpdatesApi.listCurrent} reads (default 10, i.e. 1000 updates at 100 per page). */
  maxPages?: number;
}

const FilterSchema = z
  .object({
    phoneNumberId: z.int().positive().optional(),
    type: LiveUpdateTypeSchema.optional(),
    status: LiveUpdateStatusSchema.optional(),
    activeOnly: z.boolean().optional(),
    activeAndScheduled: z.boolean().optional(),
    pageSize: LiveUpdatesPageSizeSchema.optional(),
    page: PageNumberSchema.optional(),
  })
  .strict();

// The spec does not say whether live updates count toward the user's general
// limit; counting them costs one token a poll and can only keep us safer.
const BUCKETS: readonly BucketKey[] = ['general', 'live-updates'];

/** Client of the live updates API. Every method resolves to a {@link Result}; none throws. */
export class LiveUpdatesApi {
  private readonly caller: ApiCaller;
  private readonly base: URL;
  private readonly maxPages: number;

  constructor(deps: ClientDeps, options: LiveUpdatesApiOptions) {
    this.base = parseBaseUrl(options.baseUrl);
    this.maxPages = Math.max(1, options.maxPages ?? 10);
    this.caller = new ApiCaller(deps, { credentials: options.accessToken, scheme: 'bearer', secretName: 'live updates access token' });
  }

  /** `GET /live-updates`: one page, with the given filters. */
  list(filter: LiveUpdatesFilter = {}, options: ReadOptions = {}): Promise<Result<LiveUpdatesPage>> {
    const checked = checkInput(FilterSchema, dropUndefined({ ...filter }));
    if (!checked.ok) return Promise.resolve(checked);
    const q = LIVE_UPDATES_QUERY;
    return this.caller.call({
      method: 'GET',
      url: joinUrl(this.base, '/live-updates', {
        [q.phoneNumber]: filter.phoneNumberId,
        [q.type]: filter.type,
        [q.status]: filter.status,
        [q.activeOnly]: filter.activeOnly,
        [q.activeAndScheduled]: filter.activeAndScheduled,
        [q.pageSize]: filter.pageSize,
        [q.page]: filter.page,
      }),
      schema: LiveUpdatesPageSchema,
      retry: 'read',
      buckets: BUCKETS,
      priority: options.priority ?? 'user',
    });
  }

  /**
   * Every active and scheduled live update, reading page after page (100 per
   * page) up to the page cap. Items are de-duplicated by id, since an update
   * that starts or ends between two page reads can shift the pages. Any
   * failed page fails the whole read, so a partial list is never mistaken
   * for the full one; only the cap gives `truncated: true`.
   */
  async listCurrent(options: ReadOptions = {}): Promise<Result<CurrentLiveUpdates>> {
    const byId = new Map<number, LiveUpdate>();
    for (let page = 1; page <= this.maxPages; page++) {
      const result = await this.list({ activeAndScheduled: true, pageSize: 100, page }, options);
      if (!result.ok) return result;
      for (const item of result.value.data) byId.set(item.id, item);
      const { current_page: current, last_page: last } = result.value.meta;
      if (current >= last || result.value.data.length === 0) return { ok: true, value: { liveUpdates: [...byId.values()], truncated: false } };
    }
    return { ok: true, value: { liveUpdates: [...byId.values()], truncated: true } };
  }

  /** `GET /live-updates/{id}`: one update with its history. */
  async get(id: number, options: ReadOptions = {}): Promise<Result<LiveUpdateDetail>> {
    const checked = checkInput(z.int().positive(), id, ['id']);
    if (!checked.ok) return checked;
    const result = await this.caller.call({
      method: 'GET',
      url: joinUrl(this.base, `/live-updates/${segment(id)}`),
      schema: LiveUpdateResponseSchema,
      retry: 'read',
      buckets: BUCKETS,
      priority: options.priority ?? 'user',
    });
    return mapOk(result, (r) => r.data);
  }
}
