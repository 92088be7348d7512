import type { MemberRole } from '../../../common/api/assumed';
import { customerError, invalidRequest, SimHttpError } from '../http';
import type { RouteContext } from '../router';

/** A team member as notification settings see them (a subset of the world's member record). */
export interface NotificationMember {
  id: number;
  name: string;
  role: MemberRole;
  email: string | null;
  /** E.164 expected for SMS; anything else counts as missing. */
  phone: string | null;
  /** For a manager: the members assigned to them; empty means all members. */
  managesMemberIds: number[];
}

/** What access checks need from the world. */
export interface NotificationAccessDeps {
  teamId: number;
  /** The team's active members. */
  members(): NotificationMember[];
  /** The creator of a Customer API key; null when the key is unknown, revoked or its creator deactivated. */
  authenticate(key: string): number | null;
}

/**
 * Role rights (spec: Authentication rule 6): owners and admins configure all
 * members; a manager configures the members assigned to them, or all members
 * when none are assigned; everyone configures themselves; a user only
 * themselves.
 */
export function canConfigure(actor: NotificationMember, target: NotificationMember): boolean {
  if (actor.id === target.id) return true;
  if (actor.role === 'owner' || actor.role === 'admin') return true;
  if (actor.role === 'manager') return actor.managesMemberIds.length === 0 || actor.managesMemberIds.includes(target.id);
  return false;
}

/**
 * The acting member: the creator of the `X-API-KEY` (the Customer API's
 * authentication, since the spec shows none for these paths), in a team
 * matching `:team`. Throws the Customer API error answer otherwise.
 */
export function actingMember(ctx: RouteContext, deps: NotificationAccessDeps): NotificationMember {
  const key = ctx.header('x-api-key')?.trim();
  if (!key) throw new SimHttpError(customerError(401, 'unauthorized', 'An API key is required (X-API-KEY header).'));
  const actorId = deps.authenticate(key);
  const actor = actorId === null ? undefined : deps.members().find((m) => m.id === actorId);
  if (!actor) throw new SimHttpError(customerError(401, 'unauthorized', 'The API key is invalid or revoked.'));
  const team = pathId(ctx, 'team');
  // Another team is reported as not found: the key's creator cannot see it.
  if (team !== deps.teamId) throw new SimHttpError(customerError(404, 'not_found', `Team ${team} was not found.`));
  return actor;
}

/** The member named by `:user`, checked against the actor's rights (404 unknown, 403 not theirs to configure). */
export function targetMember(ctx: RouteContext, deps: NotificationAccessDeps, actor: NotificationMember): NotificationMember {
  const id = pathId(ctx, 'user');
  const target = deps.members().find((m) => m.id === id);
  if (!target) throw new SimHttpError(customerError(404, 'not_found', `User ${id} is not a member of this team.`));
  if (!canConfigure(actor, target)) {
    throw new SimHttpError(customerError(403, 'forbidden', `${actor.name} (${actor.role}) may not configure notifications of ${target.name}.`));
  }
  return target;
}

/** A positive integer path parameter; 400 `invalid_request` otherwise. */
function pathId(ctx: RouteContext, name: string): number {
  const raw = ctx.params[name] ?? '';
  if (!/^\d{1,15}$/.test(raw) || Number(raw) < 1) {
    throw new SimHttpError(invalidRequest([{ path: [name], message: `${name} must be a positive integer.` }]));
  }
  return Number(raw);
}
