/**
 * Live updates: short business notices (closures, wait times...) attached to
 * phone numbers. The list returns items without history, in a Laravel-style
 * `data` / `links` / `meta` envelope; the single read adds `history` and a
 * `message`.
 */
import { z } from 'zod';
import { LiveUpdateTypeSchema } from './enums';
import { DateTimeSchema, IdSchema } from './primitives';

/** A phone number a live update is attached to. */
export const LiveUpdatePhoneNumberSchema = z.object({
  id: IdSchema,
  name: z.string(),
  phone_number: z.string(),
});
/** A live update's phone number. */
export type LiveUpdatePhoneNumber = z.infer<typeof LiveUpdatePhoneNumberSchema>;

/** A user as live updates reference one: who created an update, who changed it. */
export const LiveUpdateUserSchema = z.object({
  id: IdSchema,
  name: z.string(),
  email: z.string(),
});
/** A user reference in a live update. */
export type LiveUpdateUser = z.infer<typeof LiveUpdateUserSchema>;

/** A live update as listed (no `history`; a `history` sent anyway is stripped). */
export const LiveUpdateSchema = z.object({
  id: IdSchema,
  title: z.string(),
  message: z.string(),
  // The spec says "string, URL". A notice such as a closure often has no
  // link, and whether the field can be null is not shown, so null is
  // accepted. No URL format check: the app never opens it without its own
  // check, and a malformed link must not hide the notice.
  link: z.string().nullable(),
  type: LiveUpdateTypeSchema,
  starts_at: DateTimeSchema,
  expires_at: DateTimeSchema,
  is_cancelled: z.boolean(),
  created_at: DateTimeSchema,
  updated_at: DateTimeSchema,
  phone_numbers: z.array(LiveUpdatePhoneNumberSchema),
  created_by: LiveUpdateUserSchema,
});
/** A live update without history. */
export type LiveUpdate = z.infer<typeof LiveUpdateSchema>;

/** One change in a live update's history. */
export const LiveUpdateHistoryEntrySchema = z.object({
  id: IdSchema,
  // Allowed values of action and the contents of changes: not shown, so any
  // string and any object pass and are shown as-is.
  action: z.string(),
  changes: z.record(z.string(), z.unknown()),
  created_at: DateTimeSchema,
  user: LiveUpdateUserSchema,
});
/** A live update history entry. */
export type LiveUpdateHistoryEntry = z.infer<typeof LiveUpdateHistoryEntrySchema>;

/** A live update as read singly: the list fields plus `history`. */
export const LiveUpdateDetailSchema = LiveUpdateSchema.extend({
  history: z.array(LiveUpdateHistoryEntrySchema),
});
/** A live update with history. */
export type LiveUpdateDetail = z.infer<typeof LiveUpdateDetailSchema>;

/**
 * Page links of the list. The spec types all four as strings; Laravel-style
 * pagination sends `prev` null on the first page and `next` null on the last,
 * so those two accept null. `first` and `last` always exist.
 */
export const PageLinksSchema = z.object({
  first: z.string(),
  last: z.string(),
  prev: z.string().nullable(),
  next: z.string().nullable(),
});
/** Page links. */
export type PageLinks = z.infer<typeof PageLinksSchema>;

/**
 * Page metadata of the list. The spec types all six as integers; on an empty
 * page Laravel-style pagination sends `from` and `to` as null (there is no
 * first or last item), so those two accept null.
 */
export const PageMetaSchema = z.object({
  current_page: z.int().min(1),
  from: z.int().min(1).nullable(),
  last_page: z.int().min(1),
  per_page: z.int().min(1),
  to: z.int().min(1).nullable(),
  total: z.int().min(0),
});
/** Page metadata. */
export type PageMeta = z.infer<typeof PageMetaSchema>;

/** The response of `GET /live-updates`: one page of live updates without history. */
export const LiveUpdatesPageSchema = z.object({
  data: z.array(LiveUpdateSchema),
  links: PageLinksSchema,
  meta: PageMetaSchema,
});
/** A live updates list page. */
export type LiveUpdatesPage = z.infer<typeof LiveUpdatesPageSchema>;

/** The response of `GET /live-updates/{id}`: the update with history, and a message. */
export const LiveUpdateResponseSchema = z.object({
  data: LiveUpdateDetailSchema,
  message: z.string(),
});
/** A single live update response. */
export type LiveUpdateResponse = z.infer<typeof LiveUpdateResponseSchema>;
