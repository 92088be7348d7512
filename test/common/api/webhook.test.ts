import { describe, it, expect } from 'vitest';
import {
  LegacyCallerSchema,
  LegacyLocationSchema,
  LegacyTaskSchema,
  TaskCreatedEventSchema,
  WebhookEventSchema,
  WebhookTestEventSchema,
  eventIdForSource,
  taskIdForSource,
  testEventIdFor,
} from '../../../common/api';
import {
  TEAM_ID,
  aFormTaskCreatedEvent,
  aTask,
  aTaskCreatedEvent,
  aWebhookTestEvent,
} from './fixtures';
import { issuePaths, without } from './helpers';

describe('taskIdForSource', () => {
  it('builds conversation-<n> and form-submission-<n>', () => {
    expect(taskIdForSource('conversation', 12)).toBe('conversation-12');
    expect(taskIdForSource('form_submission', 7)).toBe('form-submission-7');
  });
});

describe('eventIdForSource', () => {
  it('builds <source_type>:<source_id>:task.created', () => {
    expect(eventIdForSource('conversation', 12)).toBe('conversation:12:task.created');
    expect(eventIdForSource('form_submission', 7)).toBe('form_submission:7:task.created');
  });
});

describe('testEventIdFor', () => {
  it('builds webhook:<team_id>:test:<epoch_ms>', () => {
    expect(testEventIdFor(42, 1791208980000)).toBe('webhook:42:test:1791208980000');
  });
});

describe('LegacyLocationSchema', () => {
  it('accepts every field null', () => {
    expect(issuePaths(LegacyLocationSchema, { phone_number_id: null, name: null, phone_number: null })).toEqual([]);
  });

  it('rejects a phone_number_id that is not an integer', () => {
    expect(issuePaths(LegacyLocationSchema, { phone_number_id: '9', name: null, phone_number: null })).toEqual(['phone_number_id']);
  });
});

describe('LegacyCallerSchema', () => {
  it('accepts null name and phone', () => {
    expect(issuePaths(LegacyCallerSchema, { name: null, phone: null })).toEqual([]);
  });

  it('requires both keys', () => {
    expect(issuePaths(LegacyCallerSchema, { name: 'Dana' })).toEqual(['phone']);
  });
});

describe('LegacyTaskSchema', () => {
  it('accepts the legacy block of a conversation task', () => {
    expect(issuePaths(LegacyTaskSchema, aTaskCreatedEvent().task)).toEqual([]);
  });

  it('rejects a legacy channel outside phone_call/sms/chat_widget/email', () => {
    expect(issuePaths(LegacyTaskSchema, { ...aTaskCreatedEvent().task, channel: 'text' })).toEqual(['channel']);
  });

  it('rejects a source_type outside conversation/form_submission', () => {
    expect(issuePaths(LegacyTaskSchema, { ...aTaskCreatedEvent().task, source_type: 'call' })).toEqual(['source_type']);
  });
});

describe('TaskCreatedEventSchema', () => {
  it('accepts a spec-conformant conversation task event', () => {
    expect(issuePaths(TaskCreatedEventSchema, aTaskCreatedEvent())).toEqual([]);
  });

  it('accepts a spec-conformant form task event', () => {
    expect(issuePaths(TaskCreatedEventSchema, aFormTaskCreatedEvent())).toEqual([]);
  });

  it('accepts data null (the dashboard does not show the task)', () => {
    expect(issuePaths(TaskCreatedEventSchema, aTaskCreatedEvent({ data: null }))).toEqual([]);
  });

  it('passes unknown extra fields and strips them', () => {
    const parsed = TaskCreatedEventSchema.parse({ ...aTaskCreatedEvent(), attempt: 2 });
    expect(parsed).toEqual(aTaskCreatedEvent());
  });

  it('rejects an id not shaped <source_type>:<source_id>:task.created', () => {
    // Both the pattern and the source cross-check report it; only `id` is blamed.
    expect(new Set(issuePaths(TaskCreatedEventSchema, aTaskCreatedEvent({ id: 'conversation-12:task.created' })))).toEqual(new Set(['id']));
  });

  it('rejects an id whose source differs from task.source_type/source_id', () => {
    expect(issuePaths(TaskCreatedEventSchema, aTaskCreatedEvent({ id: 'conversation:13:task.created' }))).toEqual(['id']);
    expect(issuePaths(TaskCreatedEventSchema, aTaskCreatedEvent({ id: 'form_submission:12:task.created' }))).toEqual(['id']);
  });

  it('rejects an event other than task.created', () => {
    expect(issuePaths(TaskCreatedEventSchema, aTaskCreatedEvent({ event: 'webhook.test' as never }))).toEqual(['event']);
  });

  it('rejects an occurred_at that is not a date-time', () => {
    expect(issuePaths(TaskCreatedEventSchema, aTaskCreatedEvent({ occurred_at: '1791208980' }))).toEqual(['occurred_at']);
  });

  it('rejects a team_id that is not an integer', () => {
    expect(issuePaths(TaskCreatedEventSchema, aTaskCreatedEvent({ team_id: '42' as never }))).toEqual(['team_id']);
  });

  it('requires the legacy location, task and caller blocks', () => {
    for (const key of ['location', 'task', 'caller'] as const) {
      expect(issuePaths(TaskCreatedEventSchema, without(aTaskCreatedEvent(), key))).toEqual([key]);
    }
  });

  it('requires a legacy channel for a conversation task', () => {
    const event = aTaskCreatedEvent();
    expect(issuePaths(TaskCreatedEventSchema, { ...event, task: { ...event.task, channel: null } })).toEqual(['task.channel']);
  });

  it('requires a null legacy channel for a form submission', () => {
    const event = aFormTaskCreatedEvent();
    expect(issuePaths(TaskCreatedEventSchema, { ...event, task: { ...event.task, channel: 'email' } })).toEqual(['task.channel']);
  });

  it("rejects data whose id is not the API task id of the event's source", () => {
    expect(issuePaths(TaskCreatedEventSchema, aTaskCreatedEvent({ data: aTask({ id: 'conversation-13', conversation: null }) }))).toEqual(['data.id']);
  });

  it('rejects a malformed Task in data', () => {
    expect(issuePaths(TaskCreatedEventSchema, aTaskCreatedEvent({ data: { ...aTask(), assignee: 'Robin' as never } }))).toEqual(['data.assignee']);
  });
});

describe('WebhookTestEventSchema', () => {
  it('accepts a spec-conformant test event', () => {
    expect(issuePaths(WebhookTestEventSchema, aWebhookTestEvent())).toEqual([]);
  });

  it('passes other unknown extra fields', () => {
    expect(issuePaths(WebhookTestEventSchema, { ...aWebhookTestEvent(), sent_by: 'dashboard' })).toEqual([]);
  });

  it('rejects an id not shaped webhook:<team_id>:test:<epoch_milliseconds>', () => {
    expect(issuePaths(WebhookTestEventSchema, aWebhookTestEvent({ id: `webhook:${TEAM_ID}:test` }))).toEqual(['id']);
  });

  it('rejects an id naming another team', () => {
    expect(issuePaths(WebhookTestEventSchema, aWebhookTestEvent({ id: testEventIdFor(TEAM_ID + 1, 1) }))).toEqual(['id']);
  });

  it('rejects an event other than webhook.test', () => {
    expect(issuePaths(WebhookTestEventSchema, aWebhookTestEvent({ event: 'task.created' as never }))).toEqual(['event']);
  });

  it('rejects location, task, caller or data', () => {
    const legacy = aTaskCreatedEvent();
    for (const key of ['location', 'task', 'caller', 'data'] as const) {
      expect(issuePaths(WebhookTestEventSchema, { ...aWebhookTestEvent(), [key]: legacy[key] })).toEqual([key]);
    }
  });
});

describe('WebhookEventSchema', () => {
  it('accepts both event kinds and keeps their kind', () => {
    expect(WebhookEventSchema.parse(aTaskCreatedEvent()).event).toBe('task.created');
    expect(WebhookEventSchema.parse(aWebhookTestEvent()).event).toBe('webhook.test');
  });

  it('rejects an event kind other than task.created and webhook.test', () => {
    expect(issuePaths(WebhookEventSchema, { ...aWebhookTestEvent(), event: 'task.updated' })).toEqual(['event']);
  });

  it('applies the rules of the matching kind', () => {
    expect(issuePaths(WebhookEventSchema, { ...aWebhookTestEvent(), task: aTaskCreatedEvent().task })).toEqual(['task']);
    expect(issuePaths(WebhookEventSchema, aTaskCreatedEvent({ id: 'conversation:99:task.created' }))).toEqual(['id']);
  });
});
