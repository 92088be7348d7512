import type { MemberPreferences, TeamPreferences } from '../../../common/api/assumed';
import { NOTIFICATION_PHONE_QUERY } from '../../../common/api/assumed';
import { invalidRequest, ok, SimHttpError } from '../http';
import type { RouteContext, Router } from '../router';
import { actingMember, canConfigure, targetMember, type NotificationAccessDeps, type NotificationMember } from './access';
import { parsePhoneBody, parseTeamWideBody, requireContactDetails } from './body';
import type { ChatWorkspace } from './chat';
import type { NotificationPreferenceStore } from './store';

/** What the notification-preference routes need. */
export interface NotificationDeps extends NotificationAccessDeps {
  store: NotificationPreferenceStore;
  chat: ChatWorkspace;
  /** Ids of the team's phone lines (the phone-number scope must name one). */
  phoneLineIds(): number[];
}

/**
 * Mounts the four notification-preference paths under `/api/teams/{team}`,
 * authenticated with the Customer API key (acting member = key's creator) and
 * answering in the Customer API error style; 405 with `Allow` comes from the
 * router. Successful reads and writes answer 200.
 */
export function registerNotificationRoutes(router: Router, deps: NotificationDeps): void {
  const base = '/api/teams/:team/notification-preferences';
  router.add('GET', base, (ctx) => teamOverview(ctx, deps));
  router.add('GET', `${base}/users/:user`, (ctx) => {
    const target = targetMember(ctx, deps, actingMember(ctx, deps));
    return ok(memberPreferences(deps, target.id, phoneQuery(ctx, deps)));
  });
  router.add('PUT', `${base}/users/:user`, async (ctx) => {
    const target = targetMember(ctx, deps, actingMember(ctx, deps));
    const change = parseTeamWideBody(await ctx.json());
    if (change.reset) deps.store.resetTeamWide(target.id);
    else {
      requireContactDetails(target, change.eventChannel);
      deps.store.saveTeamWide(target.id, change.eventChannel);
    }
    return ok(memberPreferences(deps, target.id, null));
  });
  router.add('PATCH', `${base}/users/:user/phone`, async (ctx) => {
    const target = targetMember(ctx, deps, actingMember(ctx, deps));
    const change = parsePhoneBody(await ctx.json());
    requireTeamLine(deps, change.phoneNumberId, ['phone_number_id']);
    if (change.reset) deps.store.resetPhone(target.id, change.phoneNumberId);
    else {
      requireContactDetails(target, change.eventChannel);
      deps.store.savePhone(target.id, change.phoneNumberId, change.eventChannel);
    }
    return ok(memberPreferences(deps, target.id, change.phoneNumberId));
  });
}

/** `GET …/notification-preferences`: every member the caller may configure, and the chat-workspace setups. */
function teamOverview(ctx: RouteContext, deps: NotificationDeps) {
  const actor = actingMember(ctx, deps);
  const members: TeamPreferences['members'] = deps
    .members()
    .filter((m: NotificationMember) => canConfigure(actor, m))
    .sort((a, b) => a.id - b.id)
    .map((m) => ({
      user_id: m.id,
      name: m.name,
      email: m.email,
      phone: m.phone,
      team_wide: deps.store.teamWideOf(m.id),
      phone_numbers: deps.store.phoneScopesOf(m.id).map((p) => ({ phone_number_id: p.phoneNumberId, event_channel: p.eventChannel })),
      effective: deps.store.resolve(m.id, null).eventChannel,
    }));
  const body: TeamPreferences = { team_id: deps.teamId, members, chat_workspace: { setups: deps.chat.view() } };
  return ok(body);
}

/** A member's effective preferences, for a phone line or team-wide (null). */
function memberPreferences(deps: NotificationDeps, userId: number, phoneNumberId: number | null): MemberPreferences {
  const resolved = deps.store.resolve(userId, phoneNumberId);
  return { user_id: userId, scope: resolved.scope, phone_number_id: phoneNumberId, event_channel: resolved.eventChannel };
}

/** The optional phone-number scope of a read (`?phone_number_id=`); it must be one of the team's lines. */
function phoneQuery(ctx: RouteContext, deps: NotificationDeps): number | null {
  const raw = ctx.url.searchParams.get(NOTIFICATION_PHONE_QUERY);
  if (raw === null) return null;
  if (!/^\d{1,15}$/.test(raw) || Number(raw) < 1) {
    throw new SimHttpError(invalidRequest([{ path: [NOTIFICATION_PHONE_QUERY], message: `${NOTIFICATION_PHONE_QUERY} must be a positive integer.` }]));
  }
  requireTeamLine(deps, Number(raw), [NOTIFICATION_PHONE_QUERY]);
  return Number(raw);
}

/** A phone line id that is not the team's is a bad input (400), not a missing record. */
function requireTeamLine(deps: NotificationDeps, id: number, path: string[]): void {
  if (!deps.phoneLineIds().includes(id)) {
    throw new SimHttpError(invalidRequest([{ path, message: `Phone number ${id} is not one of this team's phone lines.` }]));
  }
}
