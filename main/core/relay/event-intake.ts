/**
 * What an authenticated body is: a task.created event, a webhook.test, an
 * event kind we do not know (acknowledged and ignored, so a future kind never
 * makes the service retry), or not a webhook event at all.
 */
import {
  TaskCreatedEventSchema,
  WebhookTestEventSchema,
  taskIdForSource,
  type TaskCreatedEvent,
  type WebhookTestEvent,
} from '../../../common/api/webhook';

/** The body, classified. */
export type Intake =
  | { kind: 'task'; event: TaskCreatedEvent }
  | { kind: 'test'; event: WebhookTestEvent }
  | { kind: 'unknown'; id: string; eventKind: string }
  | { kind: 'invalid'; reason: string };

/** Longest event id or kind accepted for an unknown event (the store caps ids at 200 characters). */
const MAX_ID_LENGTH = 200;

/**
 * Classifies parsed JSON. A known kind must match its schema exactly; the
 * reason of a refusal names only the failing fields, never their values.
 */
export function classifyEvent(body: unknown): Intake {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { kind: 'invalid', reason: 'the body is not a JSON object' };
  }
  const { id, event } = body as Record<string, unknown>;
  if (event === 'task.created') {
    const parsed = TaskCreatedEventSchema.safeParse(body);
    return parsed.success ? { kind: 'task', event: parsed.data } : { kind: 'invalid', reason: invalidReason('task.created', parsed.error.issues) };
  }
  if (event === 'webhook.test') {
    const parsed = WebhookTestEventSchema.safeParse(body);
    return parsed.success ? { kind: 'test', event: parsed.data } : { kind: 'invalid', reason: invalidReason('webhook.test', parsed.error.issues) };
  }
  if (typeof event === 'string' && event.length > 0 && event.length <= MAX_ID_LENGTH && typeof id === 'string' && id.length > 0 && id.length <= MAX_ID_LENGTH) {
    return { kind: 'unknown', id, eventKind: event };
  }
  return { kind: 'invalid', reason: 'the body is not a webhook event (no string "event" and "id")' };
}

/** "not a valid task.created event (fields: data.id, task.channel)". */
function invalidReason(kind: string, issues: readonly { path: readonly PropertyKey[] }[]): string {
  const fields = [...new Set(issues.map((i) => i.path.map(String).join('.') || '(body)'))].slice(0, 5);
  return `not a valid ${kind} event (fields: ${fields.join(', ')})`;
}

/** The API task id a task.created event is about, from its legacy `task` block (used when `data` is null). */
export function legacyTaskId(event: TaskCreatedEvent): string {
  return taskIdForSource(event.task.source_type, event.task.source_id);
}
