/**
 * Assertion helpers for the schema tests: reduce a parse to the paths of its
 * issues, so a test can say not only that a value is rejected but that it is
 * rejected for the rule under test and nothing else.
 */
import { type z } from 'zod';

/**
 * The dotted paths of every issue `schema` reports for `value` (`''` for the
 * root), or `[]` when the value parses.
 */
export function issuePaths(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  if (result.success) return [];
  return result.error.issues.map((issue) => issue.path.map(String).join('.'));
}

/** The messages of every issue `schema` reports for `value`, or `[]` when it parses. */
export function issueMessages(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

/** A copy of `value` without `key`, for "field is required" tests. */
export function without<T extends object, K extends keyof T>(value: T, key: K): Omit<T, K> {
  const copy = { ...value };
  delete copy[key];
  return copy;
}
