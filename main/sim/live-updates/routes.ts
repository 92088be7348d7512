import type { SimClock } from '../clock';
import { ok, type SimResponse } from '../http';
import { errorOnly, messageMethodNotAllowed, messageOnly, validationFailed } from '../message-errors';
import type { RouteContext, Router } from '../router';
import { LIVE_UPDATES_QUERY } from '../../../common/api/assumed';
import type { LiveUpdatesPage } from '../../../common/api/live-updates';
import { parseLiveUpdatesQuery, type LiveUpdatesQuery } from './query';
import { liveUpdateDetailView, liveUpdateStatus, liveUpdateView, type LiveUpdateRecord, type LiveUpdateStore } from './store';

/** Who a bearer token belongs to. `teamId` null: the user has no team selected. */
export interface LiveUpdatesCaller {
  userId: number;
  teamId: number | null;
}

/** What the live-updates routes need. */
export interface LiveUpdatesDeps {
  clock: SimClock;
  store: LiveUpdateStore;
  /** Resolves an access token; null when it is unknown, revoked or its user deactivated. */
  authenticateBearer(token: string): LiveUpdatesCaller | null;
  /** Path prefix; default `/api/v1`. */
  basePath?: string;
}

/** The `message` of a single read. */
export const LIVE_UPDATE_READ_MESSAGE = 'Live update retrieved successfully.';
/** 403 body text for another team's update. */
export const UNAUTHORIZED_ACTION_MESSAGE = 'This action is unauthorized.';
/** The body text for a user with no team selected (status 403, see ASSUMPTIONS.md). */
export const NO_TEAM_MESSAGE = 'No team selected. Select a team in the dashboard first.';

/**
 * Mounts `GET /live-updates` and `GET /live-updates/{id}` (Bearer
 * authentication, `{error}` / `{message}` error bodies, 405 in the
 * `{message}` style).
 */
export function registerLiveUpdateRoutes(router: Router, deps: LiveUpdatesDeps): void {
  const base = `${deps.basePath ?? '/api/v1'}/live-updates`;
  router.add('GET', base, (ctx) => list(ctx, deps), messageMethodNotAllowed);
  router.add('GET', `${base}/:id`, (ctx) => read(ctx, deps), messageMethodNotAllowed);
}

/** Resolves the caller, or the 401 / no-team answer. */
function caller(ctx: RouteContext, deps: LiveUpdatesDeps): { ok: true; userId: number; teamId: number } | { ok: false; response: SimResponse } {
  const header = ctx.header('authorization');
  const match = header === undefined ? null : /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match?.[1]) return { ok: false, response: errorOnly(401, 'Unauthenticated: an access token is required (Authorization: Bearer <token>).') };
  const who = deps.authenticateBearer(match[1]);
  if (!who) return { ok: false, response: errorOnly(401, 'Invalid access token.') };
  if (who.teamId === null) return { ok: false, response: messageOnly(403, NO_TEAM_MESSAGE) };
  return { ok: true, userId: who.userId, teamId: who.teamId };
}

function list(ctx: RouteContext, deps: LiveUpdatesDeps): SimResponse {
  const who = caller(ctx, deps);
  if (!who.ok) return who.response;
  const parsed = parseLiveUpdatesQuery(ctx.url.searchParams);
  if (!parsed.ok) return validationFailed(parsed.errors);
  const { query } = parsed;
  const now = deps.clock.now();
  const matching = deps.store.forTeam(who.teamId).filter((u) => matches(u, query, now));
  return ok(paginate(matching, query, ctx.url));
}

/** Every given filter must hold (they combine with AND). */
function matches(u: LiveUpdateRecord, q: LiveUpdatesQuery, now: number): boolean {
  const status = liveUpdateStatus(u, now);
  if (q.phoneNumberId !== null && !u.phoneNumbers.some((p) => p.id === q.phoneNumberId)) return false;
  if (q.type !== null && u.type !== q.type) return false;
  if (q.status !== null && status !== q.status) return false;
  if (q.activeOnly && status !== 'active') return false;
  // "Active and scheduled, excluding expired": cancelled ones are neither, so they go too.
  if (q.activeAndScheduled && status !== 'active' && status !== 'scheduled') return false;
  return true;
}

/** Laravel-style `data` / `links` / `meta`; a page past the end is empty with `from`/`to` null. */
function paginate(items: LiveUpdateRecord[], q: LiveUpdatesQuery, url: URL): LiveUpdatesPage {
  const total = items.length;
  const lastPage = Math.max(1, Math.ceil(total / q.perPage));
  const start = (q.page - 1) * q.perPage;
  const slice = items.slice(start, start + q.perPage);
  const pageUrl = (page: number) => {
    // Filters are kept in the links so following `next` keeps the same list.
    const params = new URLSearchParams(url.searchParams);
    params.set(LIVE_UPDATES_QUERY.page, String(page));
    return `${url.origin}${url.pathname}?${params.toString()}`;
  };
  return {
    data: slice.map(liveUpdateView),
    links: {
      first: pageUrl(1),
      last: pageUrl(lastPage),
      prev: q.page > 1 ? pageUrl(Math.min(q.page - 1, lastPage)) : null,
      next: q.page < lastPage ? pageUrl(q.page + 1) : null,
    },
    meta: {
      current_page: q.page,
      from: slice.length > 0 ? start + 1 : null,
      last_page: lastPage,
      per_page: q.perPage,
      to: slice.length > 0 ? start + slice.length : null,
      total,
    },
  };
}

function read(ctx: RouteContext, deps: LiveUpdatesDeps): SimResponse {
  const who = caller(ctx, deps);
  if (!who.ok) return who.response;
  const raw = ctx.params.id ?? '';
  // A non-numeric id cannot name an update: not found, as a route-model binding would answer.
  const update = /^\d{1,15}$/.test(raw) ? deps.store.get(Number(raw)) : undefined;
  if (!update) return messageOnly(404, 'Live update not found.');
  if (update.teamId !== who.teamId) return messageOnly(403, UNAUTHORIZED_ACTION_MESSAGE);
  return ok({ data: liveUpdateDetailView(update), message: LIVE_UPDATE_READ_MESSAGE });
}
