import { z } from 'zod';
import type { ContactsPage, ConversationMessage, Task, TaskNote } from './api/customer';
import type { LiveUpdate } from './api/live-updates';
import type { Conversation, MemberPreferences, TeamPreferences } from './api/assumed';
import { EventChannelSchema } from './api/notifications';
import { SecretNameSchema, SettingsPatchSchema, type SecretStatus, type Settings } from './settings';
import type {
  ConnectionReport,
  ConnectionState,
  Draft,
  InboxTask,
  Notice,
  RelayStatus,
  Result,
  Snapshot,
} from './views';

/*
 * The one contract between the renderer and the core. Hosts implement it
 * generically — one `invoke(method, args)` and one `on(event, handler)` — and
 * validate every argument with the schema below before it reaches the core.
 */

const taskId = z.string().regex(/^(conversation|form-submission)-\d+$/, 'A task id looks like conversation-12 or form-submission-7.');
const conversationId = z.number().int().min(1);
const userId = z.number().int().min(1);
const phoneNumberId = z.number().int().min(1).optional();
const empty = z.object({}).strict();
/** Reply and note text: the spec's 1 to 5000 characters after trimming, checked before any request. */
const text5000 = z
  .string()
  .refine((s) => s.trim().length >= 1, 'Write something first: the text is empty after removing spaces.')
  .refine((s) => s.trim().length <= 5000, 'The text is over 5000 characters after removing spaces.');

/** Argument schemas, one per contract method. */
export const methodArgs = {
  getSnapshot: empty,
  syncNow: empty,
  markTasksRead: z.object({ taskIds: z.array(taskId).max(500) }).strict(),
  getTask: z.object({ taskId }).strict(),
  updateTask: z
    .object({
      taskId,
      status: z.string().min(1).max(40).optional(),
      assigneeId: z.number().int().min(1).nullable().optional(),
      /** The status the person saw; a change made meanwhile gives `conflict`. */
      expectedStatus: z.string().min(1).max(40).optional(),
      /** The assignee the person saw (null = unassigned). */
      expectedAssigneeId: z.number().int().min(1).nullable().optional(),
    })
    .strict()
    .refine((a) => a.status !== undefined || a.assigneeId !== undefined, 'Choose a new status or assignee.'),
  addNote: z.object({ taskId, content: text5000 }).strict(),
  getConversation: z.object({ conversationId }).strict(),
  saveDraft: z
    .object({ draftId: z.string().uuid().optional(), conversationId, channel: z.enum(['text', 'email']), body: z.string().max(20_000) })
    .strict(),
  discardDraft: z.object({ draftId: z.string().uuid() }).strict(),
  sendReply: z.object({ draftId: z.string().uuid(), conversationId, channel: z.enum(['text', 'email']), body: text5000 }).strict(),
  searchContacts: z
    .object({
      search: z.string().max(100, 'Search words are limited to 100 characters.').optional(),
      page: z.number().int().min(1).optional(),
      pageSize: z.number().int().min(1).max(50).optional(),
    })
    .strict(),
  listLiveUpdates: empty,
  getTeamPreferences: empty,
  getMemberPreferences: z.object({ userId, phoneNumberId }).strict(),
  saveMemberPreferences: z.object({ userId, phoneNumberId, eventChannel: EventChannelSchema }).strict(),
  resetMemberPreferences: z.object({ userId, phoneNumberId }).strict(),
  getSettings: empty,
  saveSettings: SettingsPatchSchema,
  getSecretStatus: empty,
  setSecret: z.object({ name: SecretNameSchema, value: z.string().trim().min(1, 'Paste the value first.').max(4096) }).strict(),
  clearSecret: z.object({ name: SecretNameSchema }).strict(),
  testConnection: empty,
} satisfies Record<string, z.ZodType>;

/** The name of a contract method. */
export type MethodName = keyof typeof methodArgs;

/** The argument of each method, as the renderer passes it. */
export type MethodArgs = { [M in MethodName]: z.input<(typeof methodArgs)[M]> };

/** What each method returns on success. */
export interface MethodResults {
  getSnapshot: Snapshot;
  syncNow: { syncedAt: string };
  markTasksRead: { unreadCount: number };
  getTask: Task;
  updateTask: Task;
  addNote: TaskNote;
  getConversation: Conversation;
  saveDraft: Draft;
  discardDraft: { drafts: Draft[] };
  sendReply: ConversationMessage;
  searchContacts: ContactsPage;
  listLiveUpdates: LiveUpdate[];
  getTeamPreferences: TeamPreferences;
  getMemberPreferences: MemberPreferences;
  saveMemberPreferences: MemberPreferences;
  resetMemberPreferences: MemberPreferences;
  getSettings: Settings;
  saveSettings: Settings;
  getSecretStatus: SecretStatus;
  setSecret: SecretStatus;
  clearSecret: SecretStatus;
  testConnection: ConnectionReport;
}

/** Events the core tells the renderer about, with their payloads. */
export interface EventPayloads {
  /** A task this PC has never alerted before: emitted once per task id, ever. */
  'task:new': { task: Task; source: 'webhook' | 'poll' };
  'tasks:changed': { tasks: InboxTask[]; unreadCount: number };
  'liveUpdates:changed': { liveUpdates: LiveUpdate[] };
  'connection:changed': ConnectionState;
  'relay:changed': RelayStatus;
  'drafts:changed': { drafts: Draft[] };
  'settings:changed': Settings;
  'secrets:changed': SecretStatus;
  notice: Notice;
}

/** The name of a contract event. */
export type EventName = keyof EventPayloads;

/** Every event name, for hosts that subscribe to all of them. */
export const EVENT_NAMES = [
  'task:new',
  'tasks:changed',
  'liveUpdates:changed',
  'connection:changed',
  'relay:changed',
  'drafts:changed',
  'settings:changed',
  'secrets:changed',
  'notice',
] as const satisfies readonly EventName[];

/** Every method name. */
export const METHOD_NAMES = Object.keys(methodArgs) as MethodName[];

// Compile-time check: every method has a result type and every result type a
// method; every event payload is listed in EVENT_NAMES.
type SameKeys<A, B> = [Exclude<keyof A, keyof B>, Exclude<keyof B, keyof A>] extends [never, never] ? true : false;
const methodsComplete: SameKeys<typeof methodArgs, MethodResults> = true;
const eventsComplete: [Exclude<EventName, (typeof EVENT_NAMES)[number]>] extends [never] ? true : false = true;
void methodsComplete;
void eventsComplete;

/** The contract as a host implements it: one generic call and one generic subscription. */
export interface DeskbellApi {
  invoke<M extends MethodName>(method: M, args: MethodArgs[M]): Promise<Result<MethodResults[M]>>;
  /** Subscribes to an event; returns the function that unsubscribes. */
  on<E extends EventName>(event: E, handler: (payload: EventPayloads[E]) => void): () => void;
}

/** The core's side: what a host calls after validating arguments. */
export interface ContractHandler {
  handle<M extends MethodName>(method: M, args: z.output<(typeof methodArgs)[M]>): Promise<Result<MethodResults[M]>>;
  on<E extends EventName>(event: E, handler: (payload: EventPayloads[E]) => void): () => void;
}

/** Validates a method's arguments; a refusal names every failed input. */
export function parseMethodArgs<M extends MethodName>(
  method: M,
  args: unknown,
): Result<z.output<(typeof methodArgs)[M]>> {
  const schema = methodArgs[method] as z.ZodType;
  const parsed = schema.safeParse(args ?? {});
  if (parsed.success) return { ok: true, value: parsed.data as z.output<(typeof methodArgs)[M]> };
  const issues = parsed.error.issues.map((i) => ({ path: i.path.map((p) => (typeof p === 'symbol' ? String(p) : p)), message: i.message }));
  return {
    ok: false,
    error: { code: 'invalid_request', message: issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message)).join('; '), issues },
  };
}

/** True when `name` is a contract method (hosts refuse anything else). */
export function isMethodName(name: unknown): name is MethodName {
  return typeof name === 'string' && Object.prototype.hasOwnProperty.call(methodArgs, name);
}
