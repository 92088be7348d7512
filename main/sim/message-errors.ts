/**
 * Error answers of the Partner API and live updates, which do not use the
 * Customer API's `{error, code, issues}` object: 401 is `{error}`, 403/404 and
 * "no team selected" are `{message}`, validation is `{message, errors}` with
 * errors mapping each field to its messages (the Laravel convention).
 */
import type { SimResponse } from './http';
import type { MethodNotAllowedStyle } from './router';

/** A `{error}` answer (401 of the Partner API and live updates). */
export function errorOnly(status: number, error: string): SimResponse {
  return { status, body: { error } };
}

/** A `{message}` answer (403, 404, no team selected). */
export function messageOnly(status: number, message: string): SimResponse {
  return { status, body: { message } };
}

/** Field name → messages, in the order they were found. */
export type FieldErrors = Record<string, string[]>;

/**
 * Adds a message under a field. The field name can come from the request
 * (an unknown body property), so `__proto__`, `constructor` or `toString`
 * must become plain own keys rather than reach Object.prototype.
 */
export function addFieldError(errors: FieldErrors, field: string, message: string): void {
  if (Object.hasOwn(errors, field)) errors[field]?.push(message);
  else Object.defineProperty(errors, field, { value: [message], enumerable: true, writable: true, configurable: true });
}

/**
 * A validation answer: 422 `{message, errors}`. The spec does not show the
 * status; 422 is what a Laravel-style service sends with this body. `message`
 * is the first error plus how many more, as Laravel words it.
 */
export function validationFailed(errors: FieldErrors): SimResponse {
  const all = Object.values(errors).flat();
  const first = all[0] ?? 'The given data was invalid.';
  const more = all.length - 1;
  const message = more > 0 ? `${first} (and ${more} more error${more === 1 ? '' : 's'})` : first;
  return { status: 422, body: { message, errors } };
}

/** 405 in the `{message}` style, with the `Allow` header (HEAD is served wherever GET is). */
export const messageMethodNotAllowed: MethodNotAllowedStyle = (allow) => {
  const methods = allow.includes('GET') && !allow.includes('HEAD') ? allow.flatMap((m) => (m === 'GET' ? ['GET', 'HEAD'] : [m])) : allow;
  const list = methods.join(', ');
  return { status: 405, body: { message: `This method is not supported for this route. Supported methods: ${list}.` }, headers: { Allow: list } };
};
