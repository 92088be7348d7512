import { describe, it, expect } from 'vitest';
import {
  ApiErrorBodySchema,
  ApiIssueSchema,
  ContactSchema,
  ContactsPageSchema,
  ConversationMessageSchema,
  NoteRequestSchema,
  ReplyRequestSchema,
  TaskNoteSchema,
  TaskSchema,
} from '../../../common/api';
import {
  aContact,
  aContactsPage,
  aConversationMessage,
  aFailedConversationMessage,
  aFormTask,
  aNoteRequest,
  aReplyRequest,
  aTask,
  aTaskNote,
  anApiErrorBody,
  anInvalidRequestBody,
} from './fixtures';
import { issuePaths, without } from './helpers';

describe('ConversationMessageSchema', () => {
  it('accepts a spec-conformant delivered message', () => {
    expect(issuePaths(ConversationMessageSchema, aConversationMessage())).toEqual([]);
  });

  it('accepts a failed message with its reason', () => {
    expect(issuePaths(ConversationMessageSchema, aFailedConversationMessage())).toEqual([]);
  });

  it('passes unknown extra fields and strips them', () => {
    const parsed = ConversationMessageSchema.parse({ ...aConversationMessage(), segments: 2 });
    expect(parsed).toEqual(aConversationMessage());
  });

  it('rejects a delivery_status outside queued/sent/delivered/failed/unknown', () => {
    expect(issuePaths(ConversationMessageSchema, aConversationMessage({ delivery_status: 'read' as never }))).toEqual(['delivery_status']);
  });

  it('rejects a from other than business', () => {
    expect(issuePaths(ConversationMessageSchema, aConversationMessage({ from: 'customer' as never }))).toEqual(['from']);
  });

  it('rejects a channel other than text or email', () => {
    expect(issuePaths(ConversationMessageSchema, aConversationMessage({ channel: 'web_chat' as never }))).toEqual(['channel']);
  });

  it('requires every field to be present (error too, as null)', () => {
    expect(issuePaths(ConversationMessageSchema, without(aConversationMessage(), 'error'))).toEqual(['error']);
    expect(issuePaths(ConversationMessageSchema, without(aConversationMessage(), 'sent_at'))).toEqual(['sent_at']);
  });

  it('rejects a sent_at that is not a date-time', () => {
    expect(issuePaths(ConversationMessageSchema, aConversationMessage({ sent_at: 'yesterday' }))).toEqual(['sent_at']);
  });

  it('requires an error reason when delivery_status is failed', () => {
    expect(issuePaths(ConversationMessageSchema, aConversationMessage({ delivery_status: 'failed', error: null }))).toEqual(['error']);
  });

  it('requires error to be null unless delivery_status is failed', () => {
    expect(issuePaths(ConversationMessageSchema, aConversationMessage({ delivery_status: 'queued', error: 'oops' }))).toEqual(['error']);
  });
});

describe('ApiIssueSchema', () => {
  it('accepts a path of strings and numbers with a message', () => {
    expect(issuePaths(ApiIssueSchema, { path: ['contacts', 0, 'email'], message: 'Invalid email.' })).toEqual([]);
  });

  it('rejects a path that is not an array', () => {
    expect(issuePaths(ApiIssueSchema, { path: 'body', message: 'Required.' })).toEqual(['path']);
  });

  it('rejects a path segment that is neither string nor number', () => {
    expect(issuePaths(ApiIssueSchema, { path: [true], message: 'Required.' })).toEqual(['path.0']);
  });

  it('requires a message', () => {
    expect(issuePaths(ApiIssueSchema, { path: [] })).toEqual(['message']);
  });
});

describe('ApiErrorBodySchema', () => {
  it('accepts an error without issues', () => {
    expect(issuePaths(ApiErrorBodySchema, anApiErrorBody())).toEqual([]);
  });

  it('accepts an invalid_request error with issues', () => {
    expect(issuePaths(ApiErrorBodySchema, anInvalidRequestBody())).toEqual([]);
  });

  it('rejects a code outside the stable error codes', () => {
    expect(issuePaths(ApiErrorBodySchema, anApiErrorBody({ code: 'bad_request' as never }))).toEqual(['code']);
  });

  it('requires issues when code is invalid_request', () => {
    expect(issuePaths(ApiErrorBodySchema, without(anInvalidRequestBody(), 'issues'))).toEqual(['issues']);
  });

  it('requires at least one issue when code is invalid_request', () => {
    expect(issuePaths(ApiErrorBodySchema, anInvalidRequestBody({ issues: [] }))).toEqual(['issues']);
  });

  it('rejects issues when code is not invalid_request', () => {
    expect(issuePaths(ApiErrorBodySchema, anApiErrorBody({ issues: [{ path: ['x'], message: 'y' }] }))).toEqual(['issues']);
  });

  it('requires the error text', () => {
    expect(issuePaths(ApiErrorBodySchema, without(anApiErrorBody(), 'error'))).toEqual(['error']);
  });
});

describe('TaskNoteSchema', () => {
  it('accepts a spec-conformant note', () => {
    expect(issuePaths(TaskNoteSchema, aTaskNote())).toEqual([]);
  });

  it('requires the author id and name', () => {
    expect(issuePaths(TaskNoteSchema, aTaskNote({ author: { id: 3 } as never }))).toEqual(['author.name']);
  });

  it('rejects a created_at that is not a date-time', () => {
    expect(issuePaths(TaskNoteSchema, aTaskNote({ created_at: '05/10/2026' }))).toEqual(['created_at']);
  });
});

describe('TaskSchema', () => {
  it('accepts a spec-conformant conversation task', () => {
    expect(issuePaths(TaskSchema, aTask())).toEqual([]);
  });

  it('accepts a spec-conformant form-submission task', () => {
    expect(issuePaths(TaskSchema, aFormTask())).toEqual([]);
  });

  it('passes unknown extra fields and strips them', () => {
    const parsed = TaskSchema.parse({ ...aTask(), sla_due_at: '2026-10-06T00:00:00Z' });
    expect(parsed).toEqual(aTask());
  });

  it('rejects an id that is neither conversation-<n> nor form-submission-<n>', () => {
    expect(issuePaths(TaskSchema, aTask({ id: 'task-12' }))).toEqual(['id']);
  });

  it('accepts any status, priority and category string (allowed values not shown)', () => {
    expect(issuePaths(TaskSchema, aTask({ status: 'waiting_on_customer', priority: 'p0', category: 'anything' }))).toEqual([]);
  });

  it('accepts an unassigned task (assignee null)', () => {
    expect(issuePaths(TaskSchema, aTask({ assignee: null }))).toEqual([]);
  });

  it('accepts null customer name, phone and email', () => {
    expect(issuePaths(TaskSchema, aTask({ customer: { name: null, phone: null, email: null } }))).toEqual([]);
  });

  it('rejects a conversation channel outside phone/text/web_chat/email', () => {
    const task = aTask();
    const conversation = { ...task.conversation, channel: 'sms' };
    expect(issuePaths(TaskSchema, { ...task, conversation })).toEqual(['conversation.channel']);
  });

  it('requires the phone_line id, name and phone_number when a phone line is given', () => {
    const task = aTask();
    const conversation = { ...task.conversation, phone_line: { id: 9, name: 'Main line' } };
    expect(issuePaths(TaskSchema, { ...task, conversation })).toEqual(['conversation.phone_line.phone_number']);
  });

  it('rejects a form that is not an object', () => {
    expect(issuePaths(TaskSchema, aFormTask({ form: 'name=Sam' as never }))).toEqual(['form']);
  });

  it('rejects a form on a conversation task', () => {
    expect(issuePaths(TaskSchema, aTask({ form: { a: 1 } }))).toEqual(['form']);
  });

  it('rejects a conversation on a form-submission task', () => {
    expect(issuePaths(TaskSchema, aFormTask({ conversation: aTask().conversation }))).toEqual(['conversation']);
  });

  it('rejects a conversation whose id differs from the task id', () => {
    const task = aTask();
    const conversation = task.conversation === null ? null : { ...task.conversation, id: 13 };
    expect(issuePaths(TaskSchema, { ...task, conversation })).toEqual(['conversation.id']);
  });

  it('rejects a created_at that is not a date-time', () => {
    expect(issuePaths(TaskSchema, aTask({ created_at: 'today' }))).toEqual(['created_at']);
  });

  it('requires the description', () => {
    expect(issuePaths(TaskSchema, without(aTask(), 'description'))).toEqual(['description']);
  });
});

describe('ContactSchema', () => {
  it('accepts a spec-conformant contact', () => {
    expect(issuePaths(ContactSchema, aContact())).toEqual([]);
  });

  it('accepts null in every field except id (nullability not shown)', () => {
    const allNull = Object.fromEntries(Object.keys(aContact()).map((key) => [key, key === 'id' ? 31 : null]));
    expect(issuePaths(ContactSchema, allNull)).toEqual([]);
  });

  it('rejects a null id', () => {
    expect(issuePaths(ContactSchema, aContact({ id: null as never }))).toEqual(['id']);
  });

  it('rejects tags that are not an array of strings', () => {
    expect(issuePaths(ContactSchema, aContact({ tags: [1] as never }))).toEqual(['tags.0']);
  });

  it('rejects a blocked that is not a boolean', () => {
    expect(issuePaths(ContactSchema, aContact({ blocked: 'no' as never }))).toEqual(['blocked']);
  });

  it('rejects a negative or fractional phone_call_count', () => {
    expect(issuePaths(ContactSchema, aContact({ phone_call_count: -1 }))).toEqual(['phone_call_count']);
    expect(issuePaths(ContactSchema, aContact({ phone_call_count: 1.5 }))).toEqual(['phone_call_count']);
  });

  it('rejects a last_call_at that is not a date-time', () => {
    expect(issuePaths(ContactSchema, aContact({ last_call_at: 'last week' }))).toEqual(['last_call_at']);
  });
});

describe('ContactsPageSchema', () => {
  it('accepts a spec-conformant page', () => {
    expect(issuePaths(ContactsPageSchema, aContactsPage())).toEqual([]);
  });

  it('accepts a null next_page on the last page', () => {
    expect(issuePaths(ContactsPageSchema, aContactsPage({ next_page: null }))).toEqual([]);
  });

  it('rejects a page below 1', () => {
    expect(issuePaths(ContactsPageSchema, aContactsPage({ page: 0 }))).toEqual(['page']);
  });

  it('rejects a negative total_matching', () => {
    expect(issuePaths(ContactsPageSchema, aContactsPage({ total_matching: -1 }))).toEqual(['total_matching']);
  });

  it('rejects a malformed contact in the list', () => {
    expect(issuePaths(ContactsPageSchema, aContactsPage({ contacts: [aContact({ id: 0 })] }))).toEqual(['contacts.0.id']);
  });
});

describe('ReplyRequestSchema', () => {
  it('accepts a body with channel and idempotency key', () => {
    expect(issuePaths(ReplyRequestSchema, aReplyRequest())).toEqual([]);
  });

  it('accepts a body alone (channel and key are optional)', () => {
    expect(issuePaths(ReplyRequestSchema, { body: 'Hello' })).toEqual([]);
  });

  it('rejects any other property', () => {
    expect(issuePaths(ReplyRequestSchema, { ...aReplyRequest(), subject: 'Re: booking' })).toEqual(['']);
  });

  it('rejects a channel other than text or email', () => {
    expect(issuePaths(ReplyRequestSchema, aReplyRequest({ channel: 'web_chat' as never }))).toEqual(['channel']);
  });

  it('requires a body', () => {
    expect(issuePaths(ReplyRequestSchema, without(aReplyRequest(), 'body'))).toEqual(['body']);
  });

  it('rejects a reply body that is only whitespace', () => {
    expect(issuePaths(ReplyRequestSchema, aReplyRequest({ body: '   ' }))).toEqual(['body']);
  });

  it('measures reply body length after trimming', () => {
    expect(issuePaths(ReplyRequestSchema, aReplyRequest({ body: ` ${'x'.repeat(5000)} ` }))).toEqual([]);
    expect(issuePaths(ReplyRequestSchema, aReplyRequest({ body: 'x'.repeat(5001) }))).toEqual(['body']);
  });

  it('rejects an idempotency key of 121 characters', () => {
    expect(issuePaths(ReplyRequestSchema, aReplyRequest({ idempotency_key: 'k'.repeat(121) }))).toEqual(['idempotency_key']);
  });

  it('rejects an idempotency key with a space', () => {
    expect(issuePaths(ReplyRequestSchema, aReplyRequest({ idempotency_key: 'draft 1' }))).toEqual(['idempotency_key']);
  });
});

describe('NoteRequestSchema', () => {
  it('accepts a note content', () => {
    expect(issuePaths(NoteRequestSchema, aNoteRequest())).toEqual([]);
  });

  it('requires content', () => {
    expect(issuePaths(NoteRequestSchema, {})).toEqual(['content']);
  });

  it('rejects note content that is only whitespace', () => {
    expect(issuePaths(NoteRequestSchema, aNoteRequest({ content: '\n \n' }))).toEqual(['content']);
  });

  it('measures note content length after trimming', () => {
    expect(issuePaths(NoteRequestSchema, aNoteRequest({ content: `\n${'x'.repeat(5000)}\n` }))).toEqual([]);
    expect(issuePaths(NoteRequestSchema, aNoteRequest({ content: 'x'.repeat(5001) }))).toEqual(['content']);
  });
});
