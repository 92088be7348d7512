/**
 * Customer API resources (conversation message, error object, task note,
 * task, contact, contacts page) and the request bodies of the reply and note
 * operations.
 *
 * Response schemas use plain `z.object`, which strips unknown keys: the
 * service may add fields and the app must keep working (DESIGN.md). Only the
 * reply body is a strict object, because the spec says no other properties are
 * allowed there.
 */
import { z } from 'zod';
import {
  ConversationChannelSchema,
  DeliveryStatusSchema,
  ErrorCodeSchema,
  ReplyChannelSchema,
} from './enums';
import {
  DateTimeSchema,
  IdSchema,
  IdempotencyKeySchema,
  NoteContentSchema,
  ReplyBodySchema,
  TaskIdSchema,
  parseTaskId,
} from './primitives';

/**
 * The message a reply returns (201). Every field is always present; `from` is
 * always `business` because the API only sends on the business's behalf.
 * `error` is a reason exactly when `delivery_status` is `failed`: the spec
 * says it is set on failure and null otherwise, and a failed send still
 * returns 201, so this pairing is how a caller tells "sent" from "failed".
 */
export const ConversationMessageSchema = z
  .object({
    id: IdSchema,
    conversation_id: IdSchema,
    from: z.literal('business'),
    channel: ReplyChannelSchema,
    text: z.string(),
    sent_at: DateTimeSchema,
    delivery_status: DeliveryStatusSchema,
    error: z.string().nullable(),
  })
  .superRefine((message, ctx) => {
    if (message.delivery_status === 'failed' && message.error === null) {
      ctx.addIssue({ code: 'custom', path: ['error'], message: 'A failed message must say why in error.' });
    }
    if (message.delivery_status !== 'failed' && message.error !== null) {
      ctx.addIssue({ code: 'custom', path: ['error'], message: 'error must be null unless delivery_status is failed.' });
    }
  });
/** A sent (or failed) reply as the service returns it. */
export type ConversationMessage = z.infer<typeof ConversationMessageSchema>;

/** One failed input of an `invalid_request` error: where (`path` segments) and why. */
export const ApiIssueSchema = z.object({
  path: z.array(z.union([z.string(), z.number()])),
  message: z.string(),
});
/** One entry of an error's `issues`. */
export type ApiIssue = z.infer<typeof ApiIssueSchema>;

/**
 * The Customer API error object. Branch on `code`, never on `error` (its text
 * can change). `issues` is present, with at least one entry, exactly when
 * `code` is `invalid_request`: the spec says one entry per failed input and
 * "present only when code is invalid_request", so an empty list or a list on
 * another code is a malformed body.
 */
export const ApiErrorBodySchema = z
  .object({
    error: z.string(),
    code: ErrorCodeSchema,
    issues: z.array(ApiIssueSchema).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.code === 'invalid_request' && (body.issues === undefined || body.issues.length === 0)) {
      ctx.addIssue({ code: 'custom', path: ['issues'], message: 'issues is required and non-empty when code is invalid_request.' });
    }
    if (body.code !== 'invalid_request' && body.issues !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['issues'], message: 'issues is present only when code is invalid_request.' });
    }
  });
/** A Customer API error body. */
export type ApiErrorBody = z.infer<typeof ApiErrorBodySchema>;

/** A person referenced by id and name: a task's assignee, a note's author. */
export const PersonRefSchema = z.object({
  id: IdSchema,
  name: z.string(),
});
/** A person referenced by id and name. */
export type PersonRef = z.infer<typeof PersonRefSchema>;

/** An internal note on a conversation task; its author is the API key's creator. */
export const TaskNoteSchema = z.object({
  id: IdSchema,
  // Not length-checked: the 1..5000 rule is on input, and the server's own
  // record is shown as it is.
  content: z.string(),
  author: PersonRefSchema,
  created_at: DateTimeSchema,
});
/** A task note. */
export type TaskNote = z.infer<typeof TaskNoteSchema>;

/** A phone line (`id`, `name`, `phone_number`) as nested in a task's conversation. */
export const PhoneLineSchema = z.object({
  id: IdSchema,
  name: z.string(),
  phone_number: z.string(),
});
/** A phone line reference. */
export type PhoneLine = z.infer<typeof PhoneLineSchema>;

/** The conversation block of a conversation task. */
export const TaskConversationSchema = z.object({
  id: IdSchema,
  url: z.string(),
  channel: ConversationChannelSchema,
  // The spec shows an object; a web chat or an email need not come in on a
  // phone line (the webhook's location can be null too), so null is
  // accepted. Whether it can be null: not shown.
  phone_line: PhoneLineSchema.nullable(),
});
/** A task's conversation block. */
export type TaskConversation = z.infer<typeof TaskConversationSchema>;

/**
 * The customer of a task. The spec says `name`, `phone`, `email` are strings
 * but not whether they can be null; a web chat or email customer has no
 * phone and a caller often gives no name or email (the webhook's `caller`
 * fields can be null), so each is accepted as null rather than turning a
 * whole task list into a bad response.
 */
export const TaskCustomerSchema = z.object({
  name: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
});
/** A task's customer. */
export type TaskCustomer = z.infer<typeof TaskCustomerSchema>;

/**
 * A form task's `form` block. Its shape is not shown in the spec, so any
 * JSON object is accepted and kept as-is.
 */
export const TaskFormSchema = z.record(z.string(), z.unknown());
/** A form task's form block (shape not shown). */
export type TaskForm = z.infer<typeof TaskFormSchema>;

/**
 * A task, as read singly and as placed in a webhook event's `data`.
 *
 * Consistency rules the spec states, checked together so a task whose parts
 * disagree is reported instead of half-shown:
 * - a `conversation-<n>` task has a `form` of null and, when its
 *   `conversation` is given, that conversation's id is `n`;
 * - a `form-submission-<n>` task has a `conversation` of null (the block is
 *   "for conversation tasks").
 */
export const TaskSchema = z
  .object({
    id: TaskIdSchema,
    url: z.string(),
    title: z.string(),
    // Allowed values of status, priority and category keys: not shown, so
    // any string passes and the UI shows it as-is.
    status: z.string(),
    // The spec shows an object; a task the AI just created is not assigned
    // yet (the webhook re-reads `data` "after any automatic assignment"), so
    // null means unassigned. Whether it can be null: not shown.
    assignee: PersonRefSchema.nullable(),
    category: z.string(),
    priority: z.string(),
    created_at: DateTimeSchema,
    customer: TaskCustomerSchema,
    conversation: TaskConversationSchema.nullable(),
    form: TaskFormSchema.nullable(),
    description: z.string(),
  })
  .superRefine((task, ctx) => {
    const source = parseTaskId(task.id);
    if (source === null) return; // the id check has already reported it
    if (source.sourceType === 'conversation') {
      if (task.form !== null) {
        ctx.addIssue({ code: 'custom', path: ['form'], message: 'A conversation task has form null.' });
      }
      if (task.conversation !== null && task.conversation.id !== source.sourceId) {
        ctx.addIssue({
          code: 'custom',
          path: ['conversation', 'id'],
          message: `Task ${task.id} must carry conversation ${source.sourceId}.`,
        });
      }
    } else if (task.conversation !== null) {
      ctx.addIssue({ code: 'custom', path: ['conversation'], message: 'A form-submission task has conversation null.' });
    }
  });
/** A task. */
export type Task = z.infer<typeof TaskSchema>;

/**
 * A contact (customer) record. The spec gives every field a type but says
 * "which contact fields can be null: not shown", so every field except `id`
 * accepts null: one contact with a missing email must not make a whole search
 * page unreadable. Keys must still be present.
 */
export const ContactSchema = z.object({
  id: IdSchema,
  url: z.string().nullable(),
  name: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  company: z.string().nullable(),
  // Allowed values of stage: not shown.
  stage: z.string().nullable(),
  tags: z.array(z.string()).nullable(),
  notes: z.string().nullable(),
  blocked: z.boolean().nullable(),
  phone_call_count: z.int().min(0).nullable(),
  first_contact_at: DateTimeSchema.nullable(),
  last_call_at: DateTimeSchema.nullable(),
});
/** A contact. */
export type Contact = z.infer<typeof ContactSchema>;

/**
 * One page of a contacts search, newest first. `next_page` is the page
 * number to ask for next; whether it is null on the last page is not shown,
 * so null is accepted and means "no more pages".
 */
export const ContactsPageSchema = z.object({
  total_matching: z.int().min(0),
  page: z.int().min(1),
  next_page: z.int().min(1).nullable(),
  contacts: z.array(ContactSchema),
});
/** A contacts search page. */
export type ContactsPage = z.infer<typeof ContactsPageSchema>;

/**
 * Body of `POST /conversations/{id}/messages`. A strict object because the spec
 * says no other properties are allowed, so sending one would be a 400.
 * Rules the client cannot check from the body alone (channel must be one of
 * the conversation's channels; header and body key not both) live with the
 * caller.
 */
export const ReplyRequestSchema = z.strictObject({
  channel: ReplyChannelSchema.optional(),
  body: ReplyBodySchema,
  idempotency_key: IdempotencyKeySchema.optional(),
});
/** A reply request body. */
export type ReplyRequest = z.infer<typeof ReplyRequestSchema>;

/** Body of `POST /tasks/{task_id}/notes`: the note text, 1 to 5000 characters after trimming. */
export const NoteRequestSchema = z.object({
  content: NoteContentSchema,
});
/** A note request body. */
export type NoteRequest = z.infer<typeof NoteRequestSchema>;
