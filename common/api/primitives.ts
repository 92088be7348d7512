/**
 * Small value schemas shared by the resource, request and event schemas:
 * timestamps, ids, the idempotency key, length-checked text and the task id
 * formats. Kept apart so every resource measures the same thing the same way.
 */
import { z } from 'zod';
import { type TaskSourceType } from './enums';

/**
 * An ISO 8601 date-time with a time zone (`Z` or `±hh:mm`), any fractional
 * precision. The spec says only "date-time"; a zone is required because a
 * time without one cannot be placed on the team's clock, and fractions are
 * allowed because Laravel-style servers emit microseconds.
 */
export const DateTimeSchema = z.iso.datetime({ offset: true });

/** A record id: the spec types ids as integers; none is ever 0 or negative. */
export const IdSchema = z.int().positive();

/** The pattern an idempotency key must match (spec: reply, Limits). */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9._:-]{1,120}$/;

/** A reply's idempotency key: 1 to 120 letters, digits, `.`, `_`, `:`, `-`. */
export const IdempotencyKeySchema = z
  .string()
  .regex(IDEMPOTENCY_KEY_PATTERN, 'Idempotency key must be 1 to 120 characters from letters, digits, ".", "_", ":" and "-".');

/** Maximum length of a reply body or note, after trimming (spec: Limits). */
export const MAX_TEXT_LENGTH = 5000;

/** Maximum length of the contacts search text (spec: Limits). */
export const MAX_CONTACTS_SEARCH_LENGTH = 100;

/**
 * The length of a text as the spec counts "characters": Unicode code points,
 * not UTF-16 units, so an emoji counts once. The spec does not say which unit
 * it means; code points are what a PHP `mb_strlen` server would count, and
 * never reject a text the server would accept for being "too long" in UTF-16.
 */
export function textLength(text: string): number {
  // The string iterator walks code points, so a surrogate pair is one element.
  return Array.from(text).length;
}

/**
 * A string whose length after removing leading and trailing whitespace is 1
 * to `max` characters. The value is not changed (no trim transform): the
 * server does its own trimming, and the idempotency of a reply is tied to the
 * exact body that was sent. "Spaces" in the spec is read as all whitespace
 * (`String.prototype.trim`), so a body of only newlines counts as empty.
 */
export function trimmedText(max: number) {
  return z.string().superRefine((text, ctx) => {
    const length = textLength(text.trim());
    if (length < 1) {
      ctx.addIssue({ code: 'custom', message: 'Must not be empty or only whitespace.' });
    } else if (length > max) {
      ctx.addIssue({ code: 'custom', message: `Must be at most ${max} characters after trimming (got ${length}).` });
    }
  });
}

/** A reply `body`: 1 to 5000 characters after trimming. */
export const ReplyBodySchema = trimmedText(MAX_TEXT_LENGTH);

/** A note `content`: 1 to 5000 characters after trimming. */
export const NoteContentSchema = trimmedText(MAX_TEXT_LENGTH);

/**
 * The `conversation_id` path parameter of the reply operation: integer ≥ 1.
 * Numbers only; a router must convert the path segment itself, so a value
 * like "12abc" is never silently coerced.
 */
export const ConversationIdParamSchema = z.int().min(1);

/** Pattern of a conversation task's API id. */
export const CONVERSATION_TASK_ID_PATTERN = /^conversation-(\d+)$/;

/** Pattern of a form-submission task's API id. */
export const FORM_TASK_ID_PATTERN = /^form-submission-(\d+)$/;

/** A conversation task id, `conversation-<conversation_id>`: the only kind that takes notes. */
export const ConversationTaskIdSchema = z
  .string()
  .regex(CONVERSATION_TASK_ID_PATTERN, 'Task id must look like conversation-<number>.');

/** A form-submission task id, `form-submission-<form_submission_id>`. */
export const FormTaskIdSchema = z
  .string()
  .regex(FORM_TASK_ID_PATTERN, 'Task id must look like form-submission-<number>.');

/** Any API task id: `conversation-<n>` or `form-submission-<n>`. */
export const TaskIdSchema = z
  .string()
  .refine(
    (id) => CONVERSATION_TASK_ID_PATTERN.test(id) || FORM_TASK_ID_PATTERN.test(id),
    'Task id must look like conversation-<number> or form-submission-<number>.',
  );

/** An API task id. */
export type TaskId = z.infer<typeof TaskIdSchema>;

/**
 * Splits an API task id into the source it names, or returns null when the id
 * has neither shape. Used to check that a task's id agrees with its other
 * fields and with the webhook's legacy `task.source_*`.
 */
export function parseTaskId(id: string): { sourceType: TaskSourceType; sourceId: number } | null {
  const conversation = CONVERSATION_TASK_ID_PATTERN.exec(id);
  if (conversation?.[1] !== undefined) return { sourceType: 'conversation', sourceId: Number(conversation[1]) };
  const form = FORM_TASK_ID_PATTERN.exec(id);
  if (form?.[1] !== undefined) return { sourceType: 'form_submission', sourceId: Number(form[1]) };
  return null;
}

/** A page number for paged reads: integer ≥ 1 (contacts: use the previous `next_page`). */
export const PageNumberSchema = z.int().min(1);

/** Contacts search page size: 1 to 50 (spec: Limits). */
export const ContactsPageSizeSchema = z.int().min(1).max(50);

/** Contacts search text: at most 100 characters, counted like {@link textLength}. */
export const ContactsSearchTextSchema = z
  .string()
  .refine((text) => textLength(text) <= MAX_CONTACTS_SEARCH_LENGTH, `Search text must be at most ${MAX_CONTACTS_SEARCH_LENGTH} characters.`);

/** Live updates page size: 1 to 100 (spec: Limits). */
export const LiveUpdatesPageSizeSchema = z.int().min(1).max(100);
