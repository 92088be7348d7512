import type { ErrorCode } from './api/enums';
import type { ConversationMessage, Task } from './api/customer';
import type { LiveUpdate } from './api/live-updates';
import type { Member, Team } from './api/assumed';
import type { SecretStatus, Settings } from './settings';

/** Error codes of our own, beside the spec's stable codes. */
export const LOCAL_ERROR_CODES = [
  'offline',
  'timeout',
  'bad_response',
  'keychain_unavailable',
  'not_configured',
  'unknown_outcome',
] as const;
/** One of our own error codes. */
export type LocalErrorCode = (typeof LOCAL_ERROR_CODES)[number];

/** What went wrong, as it crosses a process boundary: a value, never a thrown Error. */
export interface ContractError {
  /** The spec's stable code, or one of ours. Branch on this, never on `message`. */
  code: ErrorCode | LocalErrorCode;
  /** Text for people. */
  message: string;
  /** HTTP status when the service answered. */
  status?: number;
  /** Seconds to wait before trying again (429). */
  retryAfterSec?: number;
  /** One entry per failed input (`invalid_request`). */
  issues?: { path: (string | number)[]; message: string }[];
  /** Field errors of a `{message, errors}` validation body. */
  fieldErrors?: Record<string, string[]>;
}

/** The result of every contract method. */
export type Result<T> = { ok: true; value: T } | { ok: false; error: ContractError };

/** Where the link to the service stands, as the status bar shows it. */
export const CONNECTION_STATES = [
  'connecting',
  'online',
  'offline',
  'rate_limited',
  'bad_key',
  'keychain_unavailable',
  'not_configured',
] as const;
/** A connection state. */
export type ConnectionStateKind = (typeof CONNECTION_STATES)[number];

/** The connection state with what the person at the desk needs to know about it. */
export interface ConnectionState {
  state: ConnectionStateKind;
  /** Plain sentence for the status bar. */
  message: string;
  /** When this state began (ISO). */
  since: string;
  /** When the next attempt is due (ISO), while offline or rate limited. */
  retryAt?: string;
  /** Whether the app runs on the embedded simulator. */
  demo: boolean;
}

/** A forward target's most recent deliveries (newest first). */
export interface ForwardDelivery {
  target: string;
  eventId: string | null;
  at: string;
  status: number | null;
  error: string | null;
  attempt: number;
}

/** The local webhook relay, as the settings screen shows it. */
export interface RelayStatus {
  listening: boolean;
  /** Where the relay listens, e.g. http://127.0.0.1:8787/webhook. */
  url: string | null;
  /** True once a `webhook.test` (or any authenticated event) arrived. */
  verified: boolean;
  lastEventAt: string | null;
  /** Why the saved public webhook address is refused, if it is. */
  publicAddressProblem: string | null;
  /** Recent relay rejections, reason only (never the secret). */
  recentRejections: { at: string; status: number; reason: string }[];
  forwards: ForwardDelivery[];
  /** Why the relay is not listening (port in use...). */
  error: string | null;
}

/** A reply being written. Its idempotency key is made with the draft and changes only when the body or channel does. */
export interface Draft {
  draftId: string;
  conversationId: number;
  channel: 'text' | 'email';
  body: string;
  idempotencyKey: string;
  updatedAt: string;
  /** The last send attempt's result, kept so nothing typed is lost on failure. */
  lastAttempt: { at: string; outcome: 'sent' | 'failed' | 'unknown_outcome' | 'refused'; message: string } | null;
}

/** A task as the inbox holds it: the service's task plus what this PC knows about it. */
export interface InboxTask {
  task: Task;
  /** First seen by this PC (ISO). */
  seenAt: string;
  /** Not yet opened at the desk; counts toward the badge. */
  unread: boolean;
}

/** Everything the UI needs at start, in one read. */
export interface Snapshot {
  tasks: InboxTask[];
  liveUpdates: LiveUpdate[];
  connection: ConnectionState;
  relay: RelayStatus;
  secrets: SecretStatus;
  settings: Settings;
  drafts: Draft[];
  team: Team | null;
  members: Member[];
  lastSyncAt: string | null;
  unreadCount: number;
}

/** A notice for the person at the desk (first-sync summary, a corrupt state file moved aside...). */
export interface Notice {
  level: 'info' | 'warning' | 'error';
  code: string;
  message: string;
  at: string;
}

/** What "test connection" found, area by area. */
export interface ConnectionReport {
  customerApi: { ok: boolean; message: string };
  liveUpdates: { ok: boolean; message: string };
  relay: { ok: boolean; message: string };
}

/** A sent reply, as the composer shows it (the service's message record). */
export type SentReply = ConversationMessage;
