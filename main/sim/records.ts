/**
 * The records the simulated world is made of, one interface per kind.
 * Plain data: the World (world.ts) owns them and changes them.
 */
import type { ConversationChannel, DeliveryStatus, ReplyChannel, TaskSourceType } from '../../common/api/enums';
import type { MemberRole } from '../../common/api/assumed';

/** The team account. */
export interface TeamRecord {
  id: number;
  name: string;
  /** IANA zone: "today"/"yesterday" are days here. */
  timezone: string;
  dashboardUrl: string;
  /** When true, a task needs at least one note before its status may become `done`. */
  requiresNoteBeforeDone: boolean;
}

/** A team member (a dashboard user). */
export interface MemberRecord {
  id: number;
  name: string;
  email: string | null;
  /** E.164 or null. */
  phone: string | null;
  role: MemberRole;
  /** A deactivated member's keys answer 401. */
  active: boolean;
  /** For a manager: the members they are assigned (empty = all members). */
  managesMemberIds: number[];
  /** Phone lines whose conversations the member may see; null = all. Line-less records are visible to all. */
  phoneLineIds: number[] | null;
  /** Customers (contact ids) this member may not message: a reply gives 403. */
  mayNotMessageContactIds: number[];
}

/** A Customer API key; actions with it are attributed to its creator. */
export interface ApiKeyRecord {
  key: string;
  creatorId: number;
  revoked: boolean;
}

/** A live-updates bearer token of a member. */
export interface BearerTokenRecord {
  token: string;
  memberId: number;
  /** The team the user has selected; undefined = this team, null = none selected. */
  teamId?: number | null;
}

/** A phone line (a location's number). */
export interface PhoneLineRecord {
  id: number;
  name: string;
  phoneNumber: string;
  /** False: texting is not set up on this line, so text replies on its conversations give 422. */
  textingEnabled: boolean;
  /** Automatic assignment of new tasks on this line; null = left unassigned. */
  defaultAssigneeId: number | null;
}

/** A customer (contact). */
export interface ContactRecord {
  id: number;
  name: string | null;
  phone: string | null;
  email: string | null;
  company: string | null;
  stage: string | null;
  tags: string[];
  notes: string | null;
  blocked: boolean;
  phoneCallCount: number;
  firstContactAt: number;
  lastCallAt: number | null;
  /** Replied STOP: receives no texts until they opt back in. */
  textOptedOut: boolean;
  /** A send on this channel fails with this reason (bad mailbox, landline...). */
  undeliverable: Partial<Record<ReplyChannel, string>>;
}

/** One message of a conversation thread. */
export interface MessageRecord {
  id: number;
  conversationId: number;
  from: 'customer' | 'ai' | 'business';
  channel: ConversationChannel;
  text: string;
  sentAt: number;
  /** Business messages only; null for customer and AI messages. */
  deliveryStatus: DeliveryStatus | null;
  error: string | null;
  /** The member who sent a business message; null otherwise. */
  authorId: number | null;
}

/** One line of a call transcript. */
export interface TranscriptLine {
  speaker: 'ai' | 'customer';
  text: string;
  offsetSeconds: number;
}

/** A conversation: a call, text thread, web chat or email, with its thread. */
export interface ConversationRecord {
  id: number;
  /** The channel it came in on. */
  channel: ConversationChannel;
  /** Every channel the thread uses (a call the AI followed up by text has phone and text). */
  channels: ConversationChannel[];
  subject: string | null;
  contactId: number;
  phoneLineId: number | null;
  createdAt: number;
  /** Set when merged into another conversation: its task is then that one's. */
  mergedIntoId: number | null;
  messages: MessageRecord[];
  transcript: TranscriptLine[] | null;
  recording: { durationSeconds: number } | null;
}

/** A website form submission. */
export interface FormSubmissionRecord {
  id: number;
  formName: string;
  fields: Record<string, string>;
  contactId: number | null;
  createdAt: number;
}

/** A task, made from a conversation or a form submission. */
export interface TaskRecord {
  /** API id: `conversation-<id>` or `form-submission-<id>`. */
  id: string;
  sourceType: TaskSourceType;
  sourceId: number;
  title: string;
  description: string;
  status: string;
  priority: string;
  category: string;
  assigneeId: number | null;
  createdAt: number;
  /** The AI's first follow-up, which the webhook's legacy title/description come from. */
  firstFollowUp: { title: string | null; description: string | null };
}

/** An internal note on a conversation task. */
export interface NoteRecord {
  id: number;
  taskId: string;
  content: string;
  authorId: number;
  createdAt: number;
}

/** A reply's idempotency record, scoped to (key creator, conversation, key). */
export interface IdempotencyRecord {
  creatorId: number;
  conversationId: number;
  key: string;
  /** The trimmed reply text and the channel it went on: a retry must match both. */
  text: string;
  channel: ReplyChannel;
  messageId: number;
}

/** An entry of the dashboard's Activity, attributed to a member. */
export interface ActivityRecord {
  at: number;
  memberId: number;
  kind: 'reply' | 'note' | 'task_update';
  subject: string;
  detail: string;
}
