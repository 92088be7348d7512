import { z } from 'zod';
import { ConversationChannelSchema, NotificationChannelSchema, ReplyChannelSchema } from './enums';
import { PhoneLineSchema, TaskSchema } from './customer';
import { OrganizationSchema } from './partner';
import { DateTimeSchema } from './primitives';
import { EventChannelSchema } from './notifications';

/*
 * Shapes the spec marks "not shown". The simulator serves exactly these and
 * the client expects exactly these, so moving to the real service is a change
 * to this one file (and main/sim/ASSUMPTIONS.md, which explains each choice).
 * Every schema here stays tolerant: unknown extra fields pass.
 */

/** Task status values the simulator uses. The client shows any other string as-is. */
export const ASSUMED_TASK_STATUSES = ['open', 'in_progress', 'waiting', 'done'] as const;

/** Task priority values the simulator uses. The client shows any other string as-is. */
export const ASSUMED_TASK_PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;

/** Team member roles, as the spec names them for notification rights. */
export const MemberRoleSchema = z.enum(['owner', 'admin', 'manager', 'user']);
/** A team member role. */
export type MemberRole = z.infer<typeof MemberRoleSchema>;

/** `GET /tasks?range=today|yesterday` response: the tasks created in that day of the team's timezone, newest first. */
export const TaskListSchema = z.object({ tasks: z.array(TaskSchema) });
/** A task list response. */
export type TaskList = z.infer<typeof TaskListSchema>;

/**
 * `PATCH /tasks/{task_id}` body. `assigned_to` is a member id (null
 * unassigns); its name follows the spec's guard `expected_assigned_to`. A
 * guard that no longer matches gives 409 `conflict` and changes nothing.
 */
export const TaskUpdateRequestSchema = z
  .object({
    status: z.string().min(1).max(40).optional(),
    assigned_to: z.number().int().positive().nullable().optional(),
    expected_status: z.string().min(1).max(40).optional(),
    expected_assigned_to: z.number().int().positive().nullable().optional(),
  })
  .strict()
  .refine((b) => b.status !== undefined || b.assigned_to !== undefined, {
    message: 'Give a status or assigned_to to change.',
  });
/** A task update request body. */
export type TaskUpdateRequest = z.infer<typeof TaskUpdateRequestSchema>;

/** `GET /team`: the team account. `timezone` is an IANA name; "today" and "yesterday" are days in it. */
export const TeamSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  timezone: z.string(),
  dashboard_url: z.string(),
  requires_note_before_done: z.boolean(),
});
/** The team account. */
export type Team = z.infer<typeof TeamSchema>;

/** `GET /phone-lines` response: the team's phone lines (a line has the spec's `{id, name, phone_number}`). */
export const PhoneLineListSchema = z.object({ phone_lines: z.array(PhoneLineSchema) });

/** One team member (`GET /members` → `{ members }`). */
export const MemberSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  role: z.union([MemberRoleSchema, z.string()]),
  active: z.boolean(),
});
/** A team member. */
export type Member = z.infer<typeof MemberSchema>;
/** `GET /members` response. */
export const MemberListSchema = z.object({ members: z.array(MemberSchema) });

/** Who wrote a thread message: the customer, the AI agent, or the business (a person, or a reply through the API). */
export const ThreadAuthorSchema = z.enum(['customer', 'ai', 'business']);

/** One message of a conversation thread. Business messages carry their delivery status. */
export const ThreadMessageSchema = z.object({
  id: z.number().int(),
  from: z.union([ThreadAuthorSchema, z.string()]),
  channel: z.union([ConversationChannelSchema, z.string()]),
  text: z.string(),
  sent_at: DateTimeSchema,
  delivery_status: z.string().nullable(),
  error: z.string().nullable(),
});
/** A thread message. */
export type ThreadMessage = z.infer<typeof ThreadMessageSchema>;

/**
 * `GET /conversations/{id}`: a conversation with its channels, its thread,
 * and whether the customer opted out of texts (replied STOP).
 * `merged_into_task_id` is set when the conversation was merged into another.
 */
export const ConversationSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  channels: z.array(z.union([ConversationChannelSchema, z.string()])),
  subject: z.string().nullable(),
  customer: z.object({ name: z.string().nullable(), phone: z.string().nullable(), email: z.string().nullable() }),
  text_opted_out: z.boolean(),
  can_message: z.boolean(),
  merged_into_task_id: z.string().nullable(),
  phone_line: PhoneLineSchema.nullable(),
  created_at: DateTimeSchema,
  messages: z.array(ThreadMessageSchema),
});
/** A conversation with its thread. */
export type Conversation = z.infer<typeof ConversationSchema>;

/** Which channels a reply may use on a conversation: text and email, in that order, when the conversation has them. */
export const REPLY_CAPABLE_CHANNELS = ReplyChannelSchema.options;

/** Query parameter names of `GET /contacts` (spec: "not shown"). */
export const CONTACTS_QUERY = { search: 'search', pageSize: 'per_page', page: 'page' } as const;

/** Query parameter names of `GET /live-updates` (spec: "not shown"). Booleans are `true`/`false`. */
export const LIVE_UPDATES_QUERY = {
  phoneNumber: 'phone_number_id',
  type: 'type',
  status: 'status',
  activeOnly: 'active_only',
  activeAndScheduled: 'active_and_scheduled',
  pageSize: 'per_page',
  page: 'page',
} as const;

/** Query parameter name of `GET /users/by-email` (spec: "not shown"). */
export const USER_BY_EMAIL_QUERY = 'email';

/** Query parameter of the phone-number scope on the notification preference reads (spec: "not shown"). */
export const NOTIFICATION_PHONE_QUERY = 'phone_number_id';

/** Which scope a member's effective notification preferences came from. */
export const PreferenceScopeSchema = z.enum(['phone_number', 'team', 'default']);
/** A preference scope. */
export type PreferenceScope = z.infer<typeof PreferenceScopeSchema>;

/**
 * `GET|PUT /api/teams/{team}/notification-preferences/users/{user}` and the
 * `PATCH …/phone` response: the member's effective preferences, with the
 * scope they resolved from.
 */
export const MemberPreferencesSchema = z.object({
  user_id: z.number().int(),
  scope: PreferenceScopeSchema,
  phone_number_id: z.number().int().nullable(),
  event_channel: EventChannelSchema,
});
/** A member's effective notification preferences. */
export type MemberPreferences = z.infer<typeof MemberPreferencesSchema>;

/** `PUT …/users/{user}` body: team-wide preferences, or `{ reset: true }` to clear the team-wide scope. */
export const TeamWidePreferencesRequestSchema = z.union([
  z.object({ event_channel: EventChannelSchema }).strict(),
  z.object({ reset: z.literal(true) }).strict(),
]);

/** `PATCH …/users/{user}/phone` body: preferences for one phone number, or `{ phone_number_id, reset: true }`. */
export const PhonePreferencesRequestSchema = z.union([
  z.object({ phone_number_id: z.number().int().positive(), event_channel: EventChannelSchema }).strict(),
  z.object({ phone_number_id: z.number().int().positive(), reset: z.literal(true) }).strict(),
]);

/**
 * One chat-workspace setup: new-task notifications (task_created only) to one
 * channel of a connected workspace, with its last success and its last
 * delivery-failure reason (one of CHAT_DELIVERY_FAILURES, shown as-is if new).
 */
export const ChatSetupSchema = z.object({
  id: z.number().int(),
  workspace: z.string(),
  channel: z.string(),
  events: z.array(z.literal('task_created')),
  last_success_at: DateTimeSchema.nullable(),
  last_failure_at: DateTimeSchema.nullable(),
  last_failure_reason: z.string().nullable(),
});
/** A chat-workspace setup. */
export type ChatSetup = z.infer<typeof ChatSetupSchema>;

/** `GET /api/teams/{team}/notification-preferences`: every member the caller may configure, and the chat-workspace setups. */
export const TeamPreferencesSchema = z.object({
  team_id: z.number().int(),
  members: z.array(
    z.object({
      user_id: z.number().int(),
      name: z.string(),
      email: z.string().nullable(),
      phone: z.string().nullable(),
      team_wide: EventChannelSchema.nullable(),
      phone_numbers: z.array(z.object({ phone_number_id: z.number().int(), event_channel: EventChannelSchema })),
      effective: EventChannelSchema,
    }),
  ),
  chat_workspace: z.object({ setups: z.array(ChatSetupSchema) }),
});
/** The team's notification overview. */
export type TeamPreferences = z.infer<typeof TeamPreferencesSchema>;

/** A notification channel a member may enable (re-exported for the settings UI). */
export const PreferenceChannelSchema = NotificationChannelSchema;

/** `GET /organizations` (Partner API) response: the reseller's organizations. */
export const OrganizationListSchema = z.object({ data: z.array(OrganizationSchema) });

/**
 * Which stable error code goes with which HTTP status (spec: "pairing of the
 * remaining codes with statuses: not shown"). The simulator answers with
 * these; the client uses them when a body carries no code (partner API,
 * live updates, a proxy's page).
 */
export const ASSUMED_CODE_FOR_STATUS: Readonly<Record<number, 'invalid_request' | 'unauthorized' | 'forbidden' | 'not_found' | 'method_not_allowed' | 'conflict' | 'unprocessable' | 'rate_limited'>> = {
  400: 'invalid_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'conflict',
  422: 'unprocessable',
  429: 'rate_limited',
};
