/**
 * The Partner API (reseller accounts; header `X-API-KEY` with the reseller's
 * key): organizations and users. Error bodies are `{error}` (401),
 * `{message}` (403, 404) and `{message, errors}` (validation); errors.ts
 * maps them by status. Deskbell's desk screens do not use it; it is here so
 * a reseller-run Deskbell can show which organization a key belongs to.
 */
import { z } from 'zod';
import {
  OrganizationSchema,
  OrganizationUpdateRequestSchema,
  PartnerUserSchema,
  type Organization,
  type OrganizationUpdateRequest,
  type PartnerUser,
} from '../../../common/api';
// `GET /organizations`' `{data: [...]}` envelope is a shared assumption (spec: not shown).
import { OrganizationListSchema, USER_BY_EMAIL_QUERY } from '../../../common/api/assumed';
import type { Result } from '../../../common/views';
import type { BucketKey } from '../rate-scheduler';
import { ApiCaller, type ClientDeps, type Credentials, type ReadOptions } from './caller';
import { checkInput, dropUndefined, mapOk } from './input';
import { joinUrl, parseBaseUrl, segment } from './urls';

/** Options of {@link PartnerApi}. */
export interface PartnerApiOptions {
  /** The service's base URL, ending in `/api/v1`. */
  baseUrl: string;
  /** Hands over the reseller's API key per request; never stored by the client. */
  partnerKey: Credentials;
}

const BUCKETS: readonly BucketKey[] = ['partner'];

/** Client of the Partner API. Every method resolves to a {@link Result}; none throws. */
export class PartnerApi {
  private readonly caller: ApiCaller;
  private readonly base: URL;

  constructor(deps: ClientDeps, options: PartnerApiOptions) {
    this.base = parseBaseUrl(options.baseUrl);
    this.caller = new ApiCaller(deps, { credentials: options.partnerKey, scheme: 'api-key', secretName: 'partner API key' });
  }

  /** `GET /organizations`: the reseller's organizations. */
  async listOrganizations(options: ReadOptions = {}): Promise<Result<Organization[]>> {
    return mapOk(await this.read('/organizations', OrganizationListSchema, options), (r) => r.data);
  }

  /** `GET /organizations/{id}`. */
  getOrganization(organizationId: number, options: ReadOptions = {}): Promise<Result<Organization>> {
    const id = checkInput(z.int().positive(), organizationId, ['organizationId']);
    if (!id.ok) return Promise.resolve(id);
    return this.read(`/organizations/${segment(organizationId)}`, OrganizationSchema, options);
  }

  /**
   * `PATCH /organizations/{id}` (`provisioned` organizations only; `linked`
   * ones are read-only). Not retried automatically: a lost answer is
   * `unknown_outcome`.
   */
  updateOrganization(organizationId: number, change: OrganizationUpdateRequest): Promise<Result<Organization>> {
    const id = checkInput(z.int().positive(), organizationId, ['organizationId']);
    if (!id.ok) return Promise.resolve(id);
    const body = checkInput(OrganizationUpdateRequestSchema.strict(), dropUndefined({ ...change }));
    if (!body.ok) return Promise.resolve(body);
    return this.caller.call({
      method: 'PATCH',
      url: joinUrl(this.base, `/organizations/${segment(organizationId)}`),
      body: body.value,
      schema: OrganizationSchema,
      retry: 'single-write',
      buckets: BUCKETS,
      priority: 'user',
      unknownOutcomeMessage: 'The organization may or may not have been updated. Reload it before changing it again.',
    });
  }

  /** `GET /users/{external_id}`: a user by the reseller's own id. */
  getUser(externalId: string, options: ReadOptions = {}): Promise<Result<PartnerUser>> {
    const id = checkInput(z.string().min(1, 'Give the external id.'), externalId, ['externalId']);
    if (!id.ok) return Promise.resolve(id);
    return this.read(`/users/${segment(externalId)}`, PartnerUserSchema, options);
  }

  /** `GET /users/by-email?email=…`. */
  getUserByEmail(email: string, options: ReadOptions = {}): Promise<Result<PartnerUser>> {
    const checked = checkInput(z.string().trim().min(1, 'Give the email address.'), email, ['email']);
    if (!checked.ok) return Promise.resolve(checked);
    return this.read('/users/by-email', PartnerUserSchema, options, { [USER_BY_EMAIL_QUERY]: email.trim() });
  }

  private read<T>(path: string, schema: z.ZodType<T>, options: ReadOptions, query: Record<string, string> = {}): Promise<Result<T>> {
    return this.caller.call({
      method: 'GET',
      url: joinUrl(this.base, path, query),
      schema,
      retry: 'read',
      buckets: BUCKETS,
      priority: options.priority ?? 'user',
    });
  }
}
