/**
 * The Customer API (header `X-API-KEY`): team, phone lines, members, tasks,
 * notes, conversations, replies and contacts. Every request counts against
 * the user's general bucket; a reply also against the reply buckets. Input
 * rules the spec states are checked before any request is made.
 */
import { z } from 'zod';
import {
  ContactsPageSchema,
  ContactsPageSizeSchema,
  ContactsSearchTextSchema,
  ConversationIdParamSchema,
  ConversationMessageSchema,
  ConversationTaskIdSchema,
  FORM_TASK_ID_PATTERN,
  IdempotencyKeySchema,
  NoteRequestSchema,
  PageNumberSchema,
  ReplyRequestSchema,
  TaskIdSchema,
  TaskNoteSchema,
  TaskRangeSchema,
  TaskSchema,
  type ContactsPage,
  type ConversationMessage,
  type PhoneLine,
  type ReplyChannel,
  type Task,
  type TaskNote,
  type TaskRange,
} from '../../../common/api';
import {
  CONTACTS_QUERY,
  ConversationSchema,
  MemberListSchema,
  PhoneLineListSchema,
  TaskListSchema,
  TaskUpdateRequestSchema,
  TeamSchema,
  type Conversation,
  type Member,
  type Team,
} from '../../../common/api/assumed';
import type { Result } from '../../../common/views';
import { ApiCaller, type CallSpec, type ClientDeps, type Credentials, type ReadOptions } from './caller';
import { checkInput, dropUndefined, mapOk, refuse } from './input';
import { joinUrl, parseBaseUrl, segment, type QueryValue } from './urls';

/** A task change: new status and/or assignee (null unassigns), with optional guards on what the person saw. */
export interface TaskUpdate {
  status?: string;
  assigneeId?: number | null;
  /** The status the person saw; if it changed meanwhile the service answers 409 `conflict` and changes nothing. */
  expectedStatus?: string;
  /** The assignee the person saw (null = unassigned). */
  expectedAssigneeId?: number | null;
}

/** A reply: the text, and the channel when the conversation has both text and email. */
export interface ReplyInput {
  channel?: ReplyChannel;
  body: string;
}

/** A contacts search; `page` is the previous answer's `next_page`. */
export interface ContactsQuery {
  search?: string;
  page?: number;
  pageSize?: number;
}

/** Options of {@link CustomerApi}. */
export interface CustomerApiOptions {
  /** The service's base URL, ending in `/api/v1`. */
  baseUrl: string;
  /** Hands over the API key per request; never stored by the client. */
  apiKey: Credentials;
}

/** Client of the Customer API. Every method resolves to a {@link Result}; none throws. */
export class CustomerApi {
  private readonly caller: ApiCaller;
  private readonly base: URL;

  constructor(deps: ClientDeps, options: CustomerApiOptions) {
    this.base = parseBaseUrl(options.baseUrl);
    this.caller = new ApiCaller(deps, { credentials: options.apiKey, scheme: 'api-key', secretName: 'API key' });
  }

  /** `GET /team`: the team account (name, timezone...). */
  getTeam(options: ReadOptions = {}): Promise<Result<Team>> {
    return this.read('/team', TeamSchema, options);
  }

  /** `GET /phone-lines`. */
  async listPhoneLines(options: ReadOptions = {}): Promise<Result<PhoneLine[]>> {
    return mapOk(await this.read('/phone-lines', PhoneLineListSchema, options), (r) => r.phone_lines);
  }

  /** `GET /members`. */
  async listMembers(options: ReadOptions = {}): Promise<Result<Member[]>> {
    return mapOk(await this.read('/members', MemberListSchema, options), (r) => r.members);
  }

  /** `GET /tasks?range=today|yesterday`: the tasks created that day in the team's timezone. */
  async listTasks(range: TaskRange, options: ReadOptions = {}): Promise<Result<Task[]>> {
    const checked = checkInput(TaskRangeSchema, range, ['range']);
    if (!checked.ok) return checked;
    return mapOk(await this.read('/tasks', TaskListSchema, options, { range }), (r) => r.tasks);
  }

  /** `GET /tasks/{task_id}`. */
  getTask(taskId: string, options: ReadOptions = {}): Promise<Result<Task>> {
    const checked = checkInput(TaskIdSchema, taskId, ['taskId']);
    if (!checked.ok) return Promise.resolve(checked);
    return this.read(`/tasks/${segment(taskId)}`, TaskSchema, options);
  }

  /**
   * `PATCH /tasks/{task_id}`: changes status or assignee. Not retried
   * automatically (see caller.ts): a 409 here is the service's guard
   * speaking, and a lost answer is `unknown_outcome`.
   */
  updateTask(taskId: string, change: TaskUpdate): Promise<Result<Task>> {
    const id = checkInput(TaskIdSchema, taskId, ['taskId']);
    if (!id.ok) return Promise.resolve(id);
    const body = checkInput(
      TaskUpdateRequestSchema,
      dropUndefined({
        status: change.status,
        assigned_to: change.assigneeId,
        expected_status: change.expectedStatus,
        expected_assigned_to: change.expectedAssigneeId,
      }),
    );
    if (!body.ok) return Promise.resolve(body);
    return this.write({
      method: 'PATCH',
      url: joinUrl(this.base, `/tasks/${segment(taskId)}`),
      body: body.value,
      schema: TaskSchema,
      unknownOutcomeMessage: 'The change may or may not have been saved. Reload the task before changing it again.',
    });
  }

  /**
   * `POST /tasks/{task_id}/notes`. Never retried: notes have no idempotency,
   * so a lost answer is `unknown_outcome` ("check the task").
   */
  addNote(taskId: string, content: string): Promise<Result<TaskNote>> {
    if (FORM_TASK_ID_PATTERN.test(taskId)) return Promise.resolve(refuse('Form tasks take no notes; only conversation tasks do.', ['taskId']));
    const id = checkInput(ConversationTaskIdSchema, taskId, ['taskId']);
    if (!id.ok) return Promise.resolve(id);
    const body = checkInput(NoteRequestSchema, { content });
    if (!body.ok) return Promise.resolve(body);
    return this.write({
      method: 'POST',
      url: joinUrl(this.base, `/tasks/${segment(taskId)}/notes`),
      body: body.value,
      schema: TaskNoteSchema,
      unknownOutcomeMessage: 'The note may or may not have been added. Check the task before adding it again.',
    });
  }

  /** `GET /conversations/{id}`: the conversation with its thread, channels and opt-out state. */
  getConversation(conversationId: number, options: ReadOptions = {}): Promise<Result<Conversation>> {
    const checked = checkInput(ConversationIdParamSchema, conversationId, ['conversationId']);
    if (!checked.ok) return Promise.resolve(checked);
    return this.read(`/conversations/${segment(conversationId)}`, ConversationSchema, options);
  }

  /**
   * `POST /conversations/{id}/messages` with the key in the `Idempotency-Key`
   * header only (sending it in the body too would be a 400). Retried on
   * network errors, 5xx and 429 with the same key, which the spec makes
   * exactly-once. A 409 is returned as-is (`conflict`, status 409): by code
   * alone the client cannot tell "key reused with a different body" from
   * "the send began but its result was not saved", so the outbox decides.
   */
  sendReply(conversationId: number, reply: ReplyInput, idempotencyKey: string): Promise<Result<ConversationMessage>> {
    const id = checkInput(ConversationIdParamSchema, conversationId, ['conversationId']);
    if (!id.ok) return Promise.resolve(id);
    const key = checkInput(IdempotencyKeySchema, idempotencyKey, ['idempotencyKey']);
    if (!key.ok) return Promise.resolve(key);
    const body = checkInput(ReplyRequestSchema, dropUndefined({ channel: reply.channel, body: reply.body }));
    if (!body.ok) return Promise.resolve(body);
    return this.caller.call({
      method: 'POST',
      url: joinUrl(this.base, `/conversations/${segment(conversationId)}/messages`),
      headers: { 'idempotency-key': idempotencyKey },
      body: body.value,
      schema: ConversationMessageSchema,
      retry: 'keyed-write',
      buckets: ['general', 'replies', `conversation:${conversationId}`],
      priority: 'user',
      unknownOutcomeMessage:
        'The reply may or may not have gone out. Sending it again from the same draft is safe: the service will not send it twice.',
    });
  }

  /** `GET /contacts`: search, newest first; page size 1–50, search text up to 100 characters. */
  searchContacts(query: ContactsQuery, options: ReadOptions = {}): Promise<Result<ContactsPage>> {
    const checked = checkInput(ContactsQueryInputSchema, dropUndefined({ ...query }));
    if (!checked.ok) return Promise.resolve(checked);
    return this.read('/contacts', ContactsPageSchema, options, {
      [CONTACTS_QUERY.search]: query.search,
      [CONTACTS_QUERY.page]: query.page,
      [CONTACTS_QUERY.pageSize]: query.pageSize,
    });
  }

  private read<T>(path: string, schema: z.ZodType<T>, options: ReadOptions, query: Record<string, QueryValue> = {}): Promise<Result<T>> {
    return this.caller.call({
      method: 'GET',
      url: joinUrl(this.base, path, query),
      schema,
      retry: 'read',
      buckets: ['general'],
      priority: options.priority ?? 'user',
    });
  }

  private write<T>(spec: Pick<CallSpec<T>, 'method' | 'url' | 'body' | 'schema' | 'unknownOutcomeMessage'>): Promise<Result<T>> {
    return this.caller.call({ ...spec, retry: 'single-write', buckets: ['general'], priority: 'user' });
  }
}

const ContactsQueryInputSchema = z
  .object({
    search: ContactsSearchTextSchema.optional(),
    page: PageNumberSchema.optional(),
    pageSize: ContactsPageSizeSchema.optional(),
  })
  .strict();
