/**
 * Webhook events the service POSTs to the team's address: `task.created`
 * (with the Task in `data` plus legacy `location`, `task`, `caller` blocks)
 * and `webhook.test`. The spec says there are no other kinds, so
 * {@link WebhookEventSchema} is a closed union on `event`.
 */
import { z } from 'zod';
import { LegacyChannelSchema, type TaskSourceType, TaskSourceTypeSchema } from './enums';
import { DateTimeSchema, IdSchema } from './primitives';
import { TaskSchema } from './customer';

/** Pattern of a `task.created` event id: `<source_type>:<source_id>:task.created`. */
export const TASK_CREATED_EVENT_ID_PATTERN = /^(conversation|form_submission):(\d+):task\.created$/;

/** Pattern of a `webhook.test` event id: `webhook:<team_id>:test:<epoch_milliseconds>`. */
export const TEST_EVENT_ID_PATTERN = /^webhook:(\d+):test:(\d+)$/;

/**
 * The API task id of a task's source: `conversation-12` for conversation 12,
 * `form-submission-7` for form submission 7. Note the hyphen in the task id
 * where the source type has an underscore.
 */
export function taskIdForSource(sourceType: TaskSourceType, sourceId: number): string {
  return `${sourceType === 'conversation' ? 'conversation' : 'form-submission'}-${sourceId}`;
}

/**
 * The stable `task.created` event id of a task's source, identical on every
 * retry so receivers can skip ids already processed.
 */
export function eventIdForSource(sourceType: TaskSourceType, sourceId: number): string {
  return `${sourceType}:${sourceId}:task.created`;
}

/** The id of a `webhook.test` event sent for `teamId` at `epochMs`. */
export function testEventIdFor(teamId: number, epochMs: number): string {
  return `webhook:${teamId}:test:${epochMs}`;
}

/** Legacy `location` of a task.created event; each field can be null (e.g. a form not tied to a line). */
export const LegacyLocationSchema = z.object({
  phone_number_id: IdSchema.nullable(),
  name: z.string().nullable(),
  phone_number: z.string().nullable(),
});
/** Legacy location block. */
export type LegacyLocation = z.infer<typeof LegacyLocationSchema>;

/**
 * Legacy `task` of a task.created event, kept for older integrations. Its
 * `channel` uses the legacy names, its `category` is a display label (not a
 * key) and its title/description may differ from `data`'s: new code reads
 * `data`.
 */
export const LegacyTaskSchema = z.object({
  source_type: TaskSourceTypeSchema,
  source_id: IdSchema,
  channel: LegacyChannelSchema.nullable(),
  title: z.string(),
  description: z.string(),
  category: z.string(),
  url: z.string(),
});
/** Legacy task block. */
export type LegacyTask = z.infer<typeof LegacyTaskSchema>;

/** Legacy `caller` of a task.created event; either field can be null. */
export const LegacyCallerSchema = z.object({
  name: z.string().nullable(),
  phone: z.string().nullable(),
});
/** Legacy caller block. */
export type LegacyCaller = z.infer<typeof LegacyCallerSchema>;

/**
 * A `task.created` event.
 *
 * `occurred_at` is documented as UTC; any explicit offset is accepted since
 * the instant is still unambiguous, and rejecting the event would lose the
 * fast path for that task.
 *
 * Cross-field rules the spec states, checked so a receiver never files a
 * task under the wrong id:
 * - the id names the same source as `task.source_type` / `task.source_id`;
 * - `task.channel` is null exactly for form submissions;
 * - when `data` is present, its id is the API task id of that source.
 */
export const TaskCreatedEventSchema = z
  .object({
    id: z.string().regex(TASK_CREATED_EVENT_ID_PATTERN, 'Event id must look like <source_type>:<source_id>:task.created.'),
    event: z.literal('task.created'),
    occurred_at: DateTimeSchema,
    team_id: IdSchema,
    // Null when the dashboard does not show the task.
    data: TaskSchema.nullable(),
    location: LegacyLocationSchema,
    task: LegacyTaskSchema,
    caller: LegacyCallerSchema,
  })
  .superRefine((event, ctx) => {
    const { source_type: sourceType, source_id: sourceId, channel } = event.task;
    if (event.id !== eventIdForSource(sourceType, sourceId)) {
      ctx.addIssue({
        code: 'custom',
        path: ['id'],
        message: `Event id must be ${eventIdForSource(sourceType, sourceId)} for this task's source.`,
      });
    }
    if (sourceType === 'form_submission' && channel !== null) {
      ctx.addIssue({ code: 'custom', path: ['task', 'channel'], message: 'A form submission has no channel (null).' });
    }
    if (sourceType === 'conversation' && channel === null) {
      ctx.addIssue({ code: 'custom', path: ['task', 'channel'], message: 'A conversation task names its channel.' });
    }
    if (event.data !== null && event.data.id !== taskIdForSource(sourceType, sourceId)) {
      ctx.addIssue({
        code: 'custom',
        path: ['data', 'id'],
        message: `data.id must be ${taskIdForSource(sourceType, sourceId)} for this task's source.`,
      });
    }
  });
/** A task.created event. */
export type TaskCreatedEvent = z.infer<typeof TaskCreatedEventSchema>;

/**
 * A `webhook.test` event from the dashboard's Send test. It has no
 * `location`, `task`, `caller` or `data`; those four keys are rejected if
 * present (other unknown keys pass), so a test event can never be mistaken
 * for a task. The id carries the team id, which must equal `team_id`.
 */
export const WebhookTestEventSchema = z
  .object({
    id: z.string().regex(TEST_EVENT_ID_PATTERN, 'Event id must look like webhook:<team_id>:test:<epoch_milliseconds>.'),
    event: z.literal('webhook.test'),
    occurred_at: DateTimeSchema,
    team_id: IdSchema,
    location: z.never({ error: 'A webhook.test event has no location.' }).optional(),
    task: z.never({ error: 'A webhook.test event has no task.' }).optional(),
    caller: z.never({ error: 'A webhook.test event has no caller.' }).optional(),
    data: z.never({ error: 'A webhook.test event has no data.' }).optional(),
  })
  .superRefine((event, ctx) => {
    const teamInId = TEST_EVENT_ID_PATTERN.exec(event.id)?.[1];
    if (teamInId !== undefined && Number(teamInId) !== event.team_id) {
      ctx.addIssue({ code: 'custom', path: ['id'], message: `Test event id must name team ${event.team_id}.` });
    }
  });
/** A webhook.test event. */
export type WebhookTestEvent = z.infer<typeof WebhookTestEventSchema>;

/** Any webhook event, told apart by `event`; an unknown `event` is rejected (there are no others). */
export const WebhookEventSchema = z.discriminatedUnion('event', [TaskCreatedEventSchema, WebhookTestEventSchema]);
/** Any webhook event. */
export type WebhookEvent = z.infer<typeof WebhookEventSchema>;
