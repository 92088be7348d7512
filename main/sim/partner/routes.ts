import type { SimClock } from '../clock';
import { SimHttpError, ok, type SimResponse } from '../http';
import { errorOnly, messageMethodNotAllowed, messageOnly, validationFailed } from '../message-errors';
import type { RouteContext, Router } from '../router';
import { USER_BY_EMAIL_QUERY } from '../../../common/api/assumed';
import type { OrganizationRecord, PartnerDirectory } from './directory';
import { validateOrganizationChange } from './update';

/** What the Partner API routes need. */
export interface PartnerDeps {
  clock: SimClock;
  directory: PartnerDirectory;
  /**
   * True when `key` is a valid API key of an account that is not a reseller
   * (a team's Customer API key): such a caller gets 403, not 401.
   */
  isNonResellerKey?(key: string): boolean;
  /** Path prefix; default `/api/v1`. */
  basePath?: string;
}

/** 403 text for a valid key of a non-reseller account (the spec does not show it). */
export const RESELLER_ONLY_MESSAGE = 'The Partner API is for reseller accounts only.';
/** 403 text for an update of a `linked` organization (the spec does not show it). */
export const LINKED_READ_ONLY_MESSAGE = 'Linked organizations are read-only: only provisioned organizations can be updated.';

/**
 * Mounts the Partner API routes the spec details: organizations (list, read,
 * update) and users (by external id, by email). `by-email` is registered
 * before `{external_id}` because the router takes the first pattern that
 * matches.
 */
export function registerPartnerRoutes(router: Router, deps: PartnerDeps): void {
  const base = deps.basePath ?? '/api/v1';
  const nna = messageMethodNotAllowed;
  router.add('GET', `${base}/organizations`, (ctx) => withReseller(ctx, deps, (id) => ok({ data: deps.directory.organizationsOf(id).map((o) => deps.directory.organizationView(o)) })), nna);
  router.add('GET', `${base}/organizations/:id`, (ctx) => withReseller(ctx, deps, (id) => withOrganization(ctx, deps, id, (o) => ok(deps.directory.organizationView(o)))), nna);
  router.add('PATCH', `${base}/organizations/:id`, (ctx) => withReseller(ctx, deps, (id) => withOrganization(ctx, deps, id, (o) => update(ctx, deps, o))), nna);
  router.add('GET', `${base}/users/by-email`, (ctx) => withReseller(ctx, deps, (id) => userByEmail(ctx, deps, id)), nna);
  router.add('GET', `${base}/users/:externalId`, (ctx) =>
    withReseller(ctx, deps, (id) => {
      const user = deps.directory.userByExternalId(id, ctx.params.externalId ?? '');
      return user ? ok(deps.directory.userView(user)) : messageOnly(404, 'User not found.');
    }),
    nna,
  );
}

/** Authenticates the reseller: 401 `{error}` for a missing or unknown key, 403 for a non-reseller's key. */
function withReseller(ctx: RouteContext, deps: PartnerDeps, then: (resellerId: number) => SimResponse | Promise<SimResponse>): SimResponse | Promise<SimResponse> {
  const key = ctx.header('x-api-key')?.trim();
  if (!key) return errorOnly(401, 'An API key is required.');
  const reseller = deps.directory.resellerByKey(key);
  if (reseller) return then(reseller.id);
  if (deps.isNonResellerKey?.(key) === true) return messageOnly(403, RESELLER_ONLY_MESSAGE);
  return errorOnly(401, 'Invalid API key.');
}

/** Resolves `:id` among the reseller's organizations; 404 `{message}` otherwise (another reseller's too). */
function withOrganization(ctx: RouteContext, deps: PartnerDeps, resellerId: number, then: (o: OrganizationRecord) => SimResponse | Promise<SimResponse>): SimResponse | Promise<SimResponse> {
  const raw = ctx.params.id ?? '';
  const org = /^\d{1,15}$/.test(raw) ? deps.directory.organizationOf(resellerId, Number(raw)) : undefined;
  return org ? then(org) : messageOnly(404, 'Organization not found.');
}

async function update(ctx: RouteContext, deps: PartnerDeps, org: OrganizationRecord): Promise<SimResponse> {
  // Read-only is decided before the body: nothing the caller sends could make it writable.
  if (org.partnerType === 'linked') return messageOnly(403, LINKED_READ_ONLY_MESSAGE);
  let body: Record<string, unknown>;
  try {
    body = await ctx.json();
  } catch (err) {
    if (!(err instanceof SimHttpError)) throw err;
    // Malformed or non-object JSON, or another content type, answers in this API's validation style, not the Customer API's.
    const issue = (err.response.body as { issues?: { message: string }[] } | undefined)?.issues?.[0]?.message;
    return validationFailed({ body: [issue ?? 'The request body must be a JSON object.'] });
  }
  const checked = validateOrganizationChange(body);
  if (!checked.ok) return validationFailed(checked.errors);
  return ok(deps.directory.organizationView(deps.directory.updateOrganization(org, checked.change, deps.clock.now())));
}

function userByEmail(ctx: RouteContext, deps: PartnerDeps, resellerId: number): SimResponse {
  const email = ctx.url.searchParams.get(USER_BY_EMAIL_QUERY)?.trim() ?? '';
  if (email === '') return validationFailed({ [USER_BY_EMAIL_QUERY]: [`The ${USER_BY_EMAIL_QUERY} field is required.`] });
  if (!/^[^\s@]+@[^\s@]+$/.test(email)) return validationFailed({ [USER_BY_EMAIL_QUERY]: [`The ${USER_BY_EMAIL_QUERY} field must be a valid email address.`] });
  const user = deps.directory.userByEmail(resellerId, email);
  return user ? ok(deps.directory.userView(user)) : messageOnly(404, 'User not found.');
}
