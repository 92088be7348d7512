/**
 * Input checks shared by the handlers: zod results turned into the spec's
 * `issues` (one entry per failed input), strict path parameters, and query
 * parameters. Handlers gather every issue first and refuse once, before any
 * state changes.
 */
import type { z } from 'zod';
import { invalidRequest, SimHttpError, type SimIssue } from './http';

/** Walks `value` along `path`; undefined when a step is missing. */
function valueAt(value: unknown, path: PropertyKey[]): unknown {
  let current = value;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

/**
 * zod issues as spec issues: an unknown property becomes its own entry
 * naming it; a missing field says "Required."; at most one entry per input
 * (the first failure of each path).
 */
export function issuesFromZod(error: z.ZodError, input: unknown, prefix: (string | number)[] = []): SimIssue[] {
  const out: SimIssue[] = [];
  const seen = new Set<string>();
  const push = (path: (string | number)[], message: string) => {
    const key = JSON.stringify(path);
    if (seen.has(key)) return;
    seen.add(key);
    out.push({ path, message });
  };
  for (const issue of error.issues) {
    const path = [...prefix, ...issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p))];
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) push([...path, key], `Unknown property "${key}"; no other properties are allowed.`);
    } else if (issue.code === 'invalid_type' && valueAt(input, issue.path) === undefined) {
      push(path, 'Required.');
    } else {
      push(path, issue.message);
    }
  }
  return out;
}

/** Parses `input` with `schema`; failures are appended to `issues` and the result is undefined. */
export function check<T>(schema: z.ZodType<T>, input: unknown, issues: SimIssue[], prefix: (string | number)[] = []): T | undefined {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  issues.push(...issuesFromZod(result.error, input, prefix));
  return undefined;
}

/** Throws 400 `invalid_request` when any issue was gathered. */
export function refuseIfIssues(issues: SimIssue[]): void {
  if (issues.length > 0) throw new SimHttpError(invalidRequest(issues));
}

/**
 * A positive integer path or query value written in plain digits: "0",
 * "-1", "1.5", "1e3", "12abc" and "abc" are refused rather than coerced.
 * Pushes an issue at `path` and returns undefined when invalid.
 */
export function positiveInt(raw: string, path: (string | number)[], issues: SimIssue[], max = Number.MAX_SAFE_INTEGER): number | undefined {
  if (!/^\d+$/.test(raw) || Number(raw) < 1) {
    issues.push({ path, message: 'Must be an integer of at least 1.' });
    return undefined;
  }
  const n = Number(raw);
  if (!Number.isSafeInteger(n) || n > max) {
    issues.push({ path, message: `Must be an integer from 1 to ${max}.` });
    return undefined;
  }
  return n;
}

/**
 * One query parameter, refusing repeats (`?page=1&page=2`), because a
 * service that silently picks one hides client bugs.
 */
export function queryParam(url: URL, name: string, issues: SimIssue[]): string | undefined {
  const all = url.searchParams.getAll(name);
  if (all.length > 1) {
    issues.push({ path: [name], message: 'Give this parameter once.' });
    return undefined;
  }
  return all[0];
}
