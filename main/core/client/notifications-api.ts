/**
 * Team notification preferences: the four `/api/teams/{team}/notification-preferences`
 * operations. These paths are written in full in the spec and are NOT under
 * `/api/v1`, so they hang from {@link apiRootOf} the base URL. Authentication
 * is not shown in the spec; the Customer API key (`X-API-KEY`) is the
 * simulator's choice, and the requests count against the user's general bucket.
 */
import { z } from 'zod';
import { EventChannelSchema, type EventChannel } from '../../../common/api';
import {
  MemberPreferencesSchema,
  NOTIFICATION_PHONE_QUERY,
  TeamPreferencesSchema,
  type MemberPreferences,
  type TeamPreferences,
} from '../../../common/api/assumed';
import { e164Problem } from '../../../common/phone';
import type { ContractError, Result } from '../../../common/views';
import { ApiCaller, type ClientDeps, type Credentials, type ReadOptions } from './caller';
import { checkInput, refuse } from './input';
import { apiRootOf, joinUrl, parseBaseUrl, segment } from './urls';

/** Options of {@link NotificationsApi}. */
export interface NotificationsApiOptions {
  /** The service's base URL, ending in `/api/v1`. */
  baseUrl: string;
  /** Hands over the API key per request; never stored by the client. */
  apiKey: Credentials;
}

/** What the app knows of the member being configured; `undefined` fields are not checked. */
export interface KnownContact {
  phone?: string | null;
  email?: string | null;
}

const Id = z.int().positive();
const UNKNOWN = 'The preferences may or may not have been saved. Reload them before changing them again.';

/** Client of the notification preference endpoints. Every method resolves to a {@link Result}; none throws. */
export class NotificationsApi {
  private readonly caller: ApiCaller;
  private readonly root: URL;

  constructor(deps: ClientDeps, options: NotificationsApiOptions) {
    this.root = apiRootOf(parseBaseUrl(options.baseUrl));
    this.caller = new ApiCaller(deps, { credentials: options.apiKey, scheme: 'api-key', secretName: 'API key' });
  }

  /** `GET /api/teams/{team}/notification-preferences`: every member the caller may configure. */
  getTeamPreferences(teamId: number, options: ReadOptions = {}): Promise<Result<TeamPreferences>> {
    const team = checkInput(Id, teamId, ['teamId']);
    if (!team.ok) return Promise.resolve(team);
    return this.read(this.url(teamId), TeamPreferencesSchema, options);
  }

  /** `GET …/users/{user}`: a member's effective preferences, for one phone number when given. */
  getMemberPreferences(teamId: number, userId: number, phoneNumberId?: number, options: ReadOptions = {}): Promise<Result<MemberPreferences>> {
    const ids = checkInput(z.object({ teamId: Id, userId: Id, phoneNumberId: Id.optional() }), { teamId, userId, phoneNumberId });
    if (!ids.ok) return Promise.resolve(ids);
    return this.read(this.url(teamId, userId, '', { [NOTIFICATION_PHONE_QUERY]: phoneNumberId }), MemberPreferencesSchema, options);
  }

  /**
   * Saves a member's preferences: team-wide (`PUT …/users/{user}`) or for one
   * phone number (`PATCH …/users/{user}/phone`). When the member's contact
   * details are known, enabling SMS without an E.164 phone or email without
   * an address is refused before any request (the service would refuse too).
   */
  saveMemberPreferences(
    teamId: number,
    userId: number,
    eventChannel: EventChannel,
    scope: { phoneNumberId?: number; member?: KnownContact } = {},
  ): Promise<Result<MemberPreferences>> {
    const ids = checkInput(z.object({ teamId: Id, userId: Id, phoneNumberId: Id.optional() }), { teamId, userId, phoneNumberId: scope.phoneNumberId });
    if (!ids.ok) return Promise.resolve(ids);
    const map = checkInput(EventChannelSchema, eventChannel, ['eventChannel']);
    if (!map.ok) return Promise.resolve(map);
    const contact = contactProblem(map.value, scope.member);
    if (contact) return Promise.resolve(contact);
    return scope.phoneNumberId === undefined
      ? this.write('PUT', this.url(teamId, userId), { event_channel: map.value })
      : this.write('PATCH', this.url(teamId, userId, '/phone'), { phone_number_id: scope.phoneNumberId, event_channel: map.value });
  }

  /** Resets a scope to defaults, which clears every notification in it (nothing is sent until reconfigured). */
  resetMemberPreferences(teamId: number, userId: number, phoneNumberId?: number): Promise<Result<MemberPreferences>> {
    const ids = checkInput(z.object({ teamId: Id, userId: Id, phoneNumberId: Id.optional() }), { teamId, userId, phoneNumberId });
    if (!ids.ok) return Promise.resolve(ids);
    return phoneNumberId === undefined
      ? this.write('PUT', this.url(teamId, userId), { reset: true })
      : this.write('PATCH', this.url(teamId, userId, '/phone'), { phone_number_id: phoneNumberId, reset: true });
  }

  private url(teamId: number, userId?: number, suffix = '', query: Record<string, number | undefined> = {}): URL {
    const user = userId === undefined ? '' : `/users/${segment(userId)}${suffix}`;
    return joinUrl(this.root, `/teams/${segment(teamId)}/notification-preferences${user}`, query);
  }

  private read<T>(url: URL, schema: z.ZodType<T>, options: ReadOptions): Promise<Result<T>> {
    return this.caller.call({ method: 'GET', url, schema, retry: 'read', buckets: ['general'], priority: options.priority ?? 'user' });
  }

  private write(method: 'PUT' | 'PATCH', url: URL, body: unknown): Promise<Result<MemberPreferences>> {
    return this.caller.call({
      method,
      url,
      body,
      schema: MemberPreferencesSchema,
      retry: 'single-write',
      buckets: ['general'],
      priority: 'user',
      unknownOutcomeMessage: UNKNOWN,
    });
  }
}

/** A refusal when a channel is enabled without the contact detail it needs (only when that detail is known). */
function contactProblem(map: EventChannel, member: KnownContact | undefined): { ok: false; error: ContractError } | null {
  const channels = new Set(Object.values(map).flatMap((list) => list ?? []));
  if (channels.has('sms') && member?.phone !== undefined) {
    if (member.phone === null) return refuse('This member has no phone number, so SMS notifications cannot be turned on.', ['eventChannel']);
    const problem = e164Problem(member.phone);
    if (problem) return refuse(`SMS notifications need the member's phone in E.164 format. ${problem}`, ['eventChannel']);
  }
  if (channels.has('email') && member?.email === null) {
    return refuse('This member has no email address, so email notifications cannot be turned on.', ['eventChannel']);
  }
  return null;
}
