/**
 * Spec-conformant example values for every schema in common/api, as builders
 * that return a fresh object on each call (tests may mutate what they get).
 * `overrides` replace top-level fields only; build nested parts with the
 * smaller builders. Every builder's output is checked against its schema in
 * fixtures.test.ts, so other suites can rely on them being valid.
 */
import {
  type ApiErrorBody,
  type Contact,
  type ContactsPage,
  type ConversationMessage,
  type ErrorOnlyBody,
  type LiveUpdate,
  type LiveUpdateDetail,
  type LiveUpdateHistoryEntry,
  type LiveUpdateResponse,
  type LiveUpdatesPage,
  type MessageBody,
  type NoteRequest,
  type NotificationPreferences,
  type Organization,
  type OrganizationPhoneNumber,
  type PartnerUser,
  type ReplyRequest,
  type Task,
  type TaskCreatedEvent,
  type TaskNote,
  type ValidationErrorBody,
  type WebhookTestEvent,
  CONVERSATION_TO_LEGACY_CHANNEL,
  eventIdForSource,
  parseTaskId,
  testEventIdFor,
} from '../../../common/api';

/** The dashboard origin used in example links. */
export const DASHBOARD = 'https://dashboard.example.com';
/** The team every example belongs to. */
export const TEAM_ID = 42;
/** A fixed instant, so examples compare equal across runs. */
export const AT = '2026-10-05T14:03:00Z';

/** A reply as the service returns it: a text, delivered. */
export function aConversationMessage(overrides: Partial<ConversationMessage> = {}): ConversationMessage {
  return {
    id: 501,
    conversation_id: 12,
    from: 'business',
    channel: 'text',
    text: 'Hi Dana, your table for 4 at 7pm is confirmed.',
    sent_at: AT,
    delivery_status: 'delivered',
    error: null,
    ...overrides,
  };
}

/** A reply whose send failed: 201 with delivery_status failed and a reason. */
export function aFailedConversationMessage(overrides: Partial<ConversationMessage> = {}): ConversationMessage {
  return aConversationMessage({ delivery_status: 'failed', error: 'The carrier rejected the number.', ...overrides });
}

/** A Customer API error body without issues (a 404). */
export function anApiErrorBody(overrides: Partial<ApiErrorBody> = {}): ApiErrorBody {
  return { error: 'Task not found.', code: 'not_found', ...overrides };
}

/** A 400 invalid_request body with one issue. */
export function anInvalidRequestBody(overrides: Partial<ApiErrorBody> = {}): ApiErrorBody {
  return {
    error: 'The request is invalid.',
    code: 'invalid_request',
    issues: [{ path: ['body'], message: 'Must not be empty.' }],
    ...overrides,
  };
}

/** A note on conversation task 12. */
export function aTaskNote(overrides: Partial<TaskNote> = {}): TaskNote {
  return {
    id: 77,
    content: 'Called back, left a voicemail.',
    author: { id: 3, name: 'Robin Front' },
    created_at: AT,
    ...overrides,
  };
}

/** A conversation task (`conversation-12`), a text conversation, assigned. */
export function aTask(overrides: Partial<Task> = {}): Task {
  return {
    id: 'conversation-12',
    url: `${DASHBOARD}/conversations/12`,
    title: 'Book a table for 4',
    status: 'open',
    assignee: { id: 3, name: 'Robin Front' },
    category: 'reservation',
    priority: 'normal',
    created_at: AT,
    customer: { name: 'Dana Diner', phone: '+15551234567', email: 'dana@example.com' },
    conversation: {
      id: 12,
      url: `${DASHBOARD}/conversations/12`,
      channel: 'text',
      phone_line: { id: 9, name: 'Main line', phone_number: '+15557654321' },
    },
    form: null,
    description: 'Dana wants a table for 4 tonight at 7pm.',
    ...overrides,
  };
}

/** The conversation task `conversation-<id>`, its links and conversation block consistent with that id. */
export function aConversationTask(id: number, overrides: Partial<Task> = {}): Task {
  const base = aTask();
  return aTask({
    id: `conversation-${id}`,
    url: `${DASHBOARD}/conversations/${id}`,
    title: `Task ${id}`,
    conversation: { ...base.conversation!, id, url: `${DASHBOARD}/conversations/${id}` },
    ...overrides,
  });
}

/** A form-submission task (`form-submission-7`): no conversation, a form block. */
export function aFormTask(overrides: Partial<Task> = {}): Task {
  return aTask({
    id: 'form-submission-7',
    url: `${DASHBOARD}/form-submissions/7`,
    title: 'Catering enquiry',
    category: 'catering',
    customer: { name: 'Sam Caterer', phone: null, email: 'sam@example.com' },
    conversation: null,
    form: { company: 'Acme', guests: 40 },
    description: 'Catering for 40 on Friday.',
    ...overrides,
  });
}

/** A contact with every field filled. */
export function aContact(overrides: Partial<Contact> = {}): Contact {
  return {
    id: 31,
    url: `${DASHBOARD}/contacts/31`,
    name: 'Dana Diner',
    phone: '+15551234567',
    email: 'dana@example.com',
    company: 'Diner Co',
    stage: 'customer',
    tags: ['vip'],
    notes: 'Prefers the window table.',
    blocked: false,
    phone_call_count: 3,
    first_contact_at: '2026-09-01T10:00:00Z',
    last_call_at: AT,
    ...overrides,
  };
}

/** A first page of contacts search results with a next page. */
export function aContactsPage(overrides: Partial<ContactsPage> = {}): ContactsPage {
  return { total_matching: 21, page: 1, next_page: 2, contacts: [aContact()], ...overrides };
}

/** A live update without history: an active closure on one line. */
export function aLiveUpdate(overrides: Partial<LiveUpdate> = {}): LiveUpdate {
  return {
    id: 5,
    title: 'Closed for a private event',
    message: 'We are closed tonight from 6pm for a private event.',
    link: 'https://example.com/events',
    type: 'closure',
    starts_at: '2026-10-05T18:00:00Z',
    expires_at: '2026-10-05T23:59:00Z',
    is_cancelled: false,
    created_at: '2026-10-04T09:00:00Z',
    updated_at: '2026-10-04T09:30:00Z',
    phone_numbers: [{ id: 9, name: 'Main line', phone_number: '+15557654321' }],
    created_by: { id: 3, name: 'Robin Front', email: 'robin@example.com' },
    ...overrides,
  };
}

/** One history entry of a live update. */
export function aLiveUpdateHistoryEntry(overrides: Partial<LiveUpdateHistoryEntry> = {}): LiveUpdateHistoryEntry {
  return {
    id: 1,
    action: 'updated',
    changes: { title: { from: 'Closed', to: 'Closed for a private event' } },
    created_at: '2026-10-04T09:30:00Z',
    user: { id: 3, name: 'Robin Front', email: 'robin@example.com' },
    ...overrides,
  };
}

/** A live update as read singly, with one history entry. */
export function aLiveUpdateDetail(overrides: Partial<LiveUpdateDetail> = {}): LiveUpdateDetail {
  return { ...aLiveUpdate(), history: [aLiveUpdateHistoryEntry()], ...overrides };
}

/** A single-page live updates list (first page is also the last: prev and next null). */
export function aLiveUpdatesPage(overrides: Partial<LiveUpdatesPage> = {}): LiveUpdatesPage {
  return {
    data: [aLiveUpdate()],
    links: {
      first: 'https://api.example.com/api/v1/live-updates?page=1',
      last: 'https://api.example.com/api/v1/live-updates?page=1',
      prev: null,
      next: null,
    },
    meta: { current_page: 1, from: 1, last_page: 1, per_page: 15, to: 1, total: 1 },
    ...overrides,
  };
}

/** The response of reading one live update. */
export function aLiveUpdateResponse(overrides: Partial<LiveUpdateResponse> = {}): LiveUpdateResponse {
  return { data: aLiveUpdateDetail(), message: 'Live update retrieved successfully.', ...overrides };
}

/** A Partner API user who owns one organization. */
export function aPartnerUser(overrides: Partial<PartnerUser> = {}): PartnerUser {
  return {
    id: 200,
    external_id: 'reseller-user-1',
    email: 'owner@example.com',
    name: 'Olive Owner',
    created_at: '2026-09-01T10:00:00Z',
    updated_at: '2026-09-01T10:00:00Z',
    organizations: [{ id: 100, name: 'Diner Co', role: 'owner' }],
    ...overrides,
  };
}

/** An organization's location. */
export function anOrganizationPhoneNumber(overrides: Partial<OrganizationPhoneNumber> = {}): OrganizationPhoneNumber {
  return {
    id: 9,
    name: 'Main line',
    phone_number: '+15557654321',
    status: 'active',
    address: '1 Main St, Springfield',
    google_place_id: 'ChIJ-example',
    created_at: '2026-09-01T10:00:00Z',
    updated_at: '2026-09-01T10:00:00Z',
    ...overrides,
  };
}

/** A provisioned organization with one user and one location. */
export function anOrganization(overrides: Partial<Organization> = {}): Organization {
  return {
    id: 100,
    name: 'Diner Co',
    partner_type: 'provisioned',
    permissions: { can_view_dashboard: true, can_manage_dashboard_viewers: false },
    created_at: '2026-09-01T10:00:00Z',
    updated_at: '2026-09-02T10:00:00Z',
    users: [aPartnerUser()],
    phone_numbers: [anOrganizationPhoneNumber()],
    ...overrides,
  };
}

/** A 401 body of the Partner API or live updates. */
export function anErrorOnlyBody(overrides: Partial<ErrorOnlyBody> = {}): ErrorOnlyBody {
  return { error: 'An API key is required.', ...overrides };
}

/** A 403/404 body of the Partner API or live updates. */
export function aMessageBody(overrides: Partial<MessageBody> = {}): MessageBody {
  return { message: 'Live update not found.', ...overrides };
}

/** A Partner API validation error body. */
export function aValidationErrorBody(overrides: Partial<ValidationErrorBody> = {}): ValidationErrorBody {
  return {
    message: 'The name field must be a string.',
    errors: { name: ['The name field must be a string.'] },
    ...overrides,
  };
}

/** Preferences with all seven keys: the new-member default (task_created and task_assigned by email). */
export function aNotificationPreferences(overrides: Partial<NotificationPreferences> = {}): NotificationPreferences {
  return {
    event_channel: {
      task_created: ['email'],
      task_assigned: ['email'],
      task_updated: [],
      task_completed: [],
      call_received: [],
      text_sent: [],
      question_created: [],
    },
    ...overrides,
  };
}

/** A reply request body with every optional field set. */
export function aReplyRequest(overrides: Partial<ReplyRequest> = {}): ReplyRequest {
  return { channel: 'text', body: 'See you at 7!', idempotency_key: 'draft-1:v1', ...overrides };
}

/** A note request body. */
export function aNoteRequest(overrides: Partial<NoteRequest> = {}): NoteRequest {
  return { content: 'Customer confirmed by phone.', ...overrides };
}

/**
 * A task.created event whose id, legacy blocks and `data` all describe
 * `task`, so the cross-field rules hold. Use it to wrap any task fixture.
 */
export function aTaskCreatedEventFor(task: Task, overrides: Partial<TaskCreatedEvent> = {}): TaskCreatedEvent {
  const source = parseTaskId(task.id);
  if (source === null) throw new Error(`Fixture task has an invalid id: ${task.id}`);
  const line = task.conversation?.phone_line ?? null;
  return {
    id: eventIdForSource(source.sourceType, source.sourceId),
    event: 'task.created',
    occurred_at: task.created_at,
    team_id: TEAM_ID,
    data: task,
    location: { phone_number_id: line?.id ?? null, name: line?.name ?? null, phone_number: line?.phone_number ?? null },
    task: {
      source_type: source.sourceType,
      source_id: source.sourceId,
      channel: task.conversation === null ? null : CONVERSATION_TO_LEGACY_CHANNEL[task.conversation.channel],
      title: task.title,
      description: task.description,
      category: 'Reservations',
      url: task.url,
    },
    caller: { name: task.customer.name, phone: task.customer.phone },
    ...overrides,
  };
}

/** A task.created event for the conversation task of {@link aTask}. */
export function aTaskCreatedEvent(overrides: Partial<TaskCreatedEvent> = {}): TaskCreatedEvent {
  return aTaskCreatedEventFor(aTask(), overrides);
}

/** A task.created event for the form task of {@link aFormTask} (legacy channel null, location all null). */
export function aFormTaskCreatedEvent(overrides: Partial<TaskCreatedEvent> = {}): TaskCreatedEvent {
  return aTaskCreatedEventFor(aFormTask(), overrides);
}

/** A webhook.test event for {@link TEAM_ID}. */
export function aWebhookTestEvent(overrides: Partial<WebhookTestEvent> = {}): WebhookTestEvent {
  return {
    id: testEventIdFor(TEAM_ID, Date.parse(AT)),
    event: 'webhook.test',
    occurred_at: AT,
    team_id: TEAM_ID,
    ...overrides,
  };
}
