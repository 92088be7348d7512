/**
 * Checking the spec's input rules before a request is made, so a reply that is
 * too long or a note on a form task costs no request and no rate-limit token,
 * and the refusal reads like the service's own `invalid_request`.
 */
import type { z } from 'zod';
import type { ContractError, Result } from '../../../common/views';

/** An `invalid_request` refusal made locally (no `status`: nothing was sent). */
export function refuse(message: string, path: (string | number)[] = []): { ok: false; error: ContractError } {
  return { ok: false, error: { code: 'invalid_request', message, issues: [{ path, message }] } };
}

/** Parses `value` with `schema`; a failure becomes `invalid_request` with one issue per failed input, under `path`. */
export function checkInput<T>(schema: z.ZodType<T>, value: unknown, path: (string | number)[] = []): Result<T> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return { ok: true, value: parsed.data };
  const issues = parsed.error.issues.map((i) => ({
    path: [...path, ...i.path.map((p) => (typeof p === 'symbol' ? String(p) : p))],
    message: i.message,
  }));
  const message = issues.map((i) => (i.path.length > 0 ? `${i.path.join('.')}: ${i.message}` : i.message)).join('; ');
  return { ok: false, error: { code: 'invalid_request', message, issues } };
}

/** Maps a successful result's value. */
export function mapOk<A, B>(result: Result<A>, fn: (value: A) => B): Result<B> {
  return result.ok ? { ok: true, value: fn(result.value) } : result;
}

/** Leaves out undefined fields, so a body carries only what was given (and strict schemas see no undefined keys). */
export function dropUndefined<T extends Record<string, unknown>>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
