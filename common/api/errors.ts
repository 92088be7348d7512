/**
 * Error bodies of the Partner API and live updates, which do not use the
 * Customer API's `{error, code, issues}` object (see `ApiErrorBodySchema` in
 * customer.ts). They carry no stable code, so callers branch on the HTTP
 * status and on which of these shapes matched, never on the text.
 */
import { z } from 'zod';

/** A 401 body: only `error`, e.g. a message that an API key is required. */
export const ErrorOnlyBodySchema = z.object({
  error: z.string(),
});
/** A body with only `error`. */
export type ErrorOnlyBody = z.infer<typeof ErrorOnlyBodySchema>;

/** A 403 or 404 body, and the "no team selected" body: only `message`. */
export const MessageBodySchema = z.object({
  message: z.string(),
});
/** A body with only `message`. */
export type MessageBody = z.infer<typeof MessageBodySchema>;

/**
 * A validation error body. The spec says only that `errors` is an object;
 * it is read as the Laravel convention its siblings follow: field name to a
 * list of messages.
 */
export const ValidationErrorBodySchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())),
});
/** A validation error body. */
export type ValidationErrorBody = z.infer<typeof ValidationErrorBodySchema>;
