/**
 * Every closed set of values the spec lists, as zod enums.
 *
 * Each set is exported three ways: the `const` array (for menus, loops and
 * the simulator), the schema (for validation) and the inferred type. The
 * array is the single source; schema and type are derived from it so they
 * can never drift apart.
 */
import { z } from 'zod';

/** States of a reply's `delivery_status` (spec: Conversation message, Message delivery). */
export const DELIVERY_STATUSES = ['queued', 'sent', 'delivered', 'failed', 'unknown'] as const;
/** A reply's delivery state; `unknown` means the provider did not answer and the thread should be checked later. */
export const DeliveryStatusSchema = z.enum(DELIVERY_STATUSES);
/** One of {@link DELIVERY_STATUSES}. */
export type DeliveryStatus = z.infer<typeof DeliveryStatusSchema>;

/** Channels a reply can be sent on (spec: reply `channel`, message `channel`). */
export const REPLY_CHANNELS = ['text', 'email'] as const;
/** The channel of a reply; web chats and calls cannot be replied to, so only these two exist. */
export const ReplyChannelSchema = z.enum(REPLY_CHANNELS);
/** One of {@link REPLY_CHANNELS}. */
export type ReplyChannel = z.infer<typeof ReplyChannelSchema>;

/** Channels of a task's conversation (`data.conversation.channel`, the current names). */
export const CONVERSATION_CHANNELS = ['phone', 'text', 'web_chat', 'email'] as const;
/** The channel a conversation came in on, as the Task object names it. */
export const ConversationChannelSchema = z.enum(CONVERSATION_CHANNELS);
/** One of {@link CONVERSATION_CHANNELS}. */
export type ConversationChannel = z.infer<typeof ConversationChannelSchema>;

/** Channel names of the webhook's legacy `task.channel`; they differ from {@link CONVERSATION_CHANNELS}. */
export const LEGACY_CHANNELS = ['phone_call', 'sms', 'chat_widget', 'email'] as const;
/** The legacy channel name kept for older webhook integrations. */
export const LegacyChannelSchema = z.enum(LEGACY_CHANNELS);
/** One of {@link LEGACY_CHANNELS}. */
export type LegacyChannel = z.infer<typeof LegacyChannelSchema>;

/**
 * Which current conversation channel each legacy name stands for. The spec
 * lists the two name sets in the same order and says only the names differ;
 * the simulator uses this to fill the legacy field from a conversation.
 */
export const LEGACY_TO_CONVERSATION_CHANNEL: Readonly<Record<LegacyChannel, ConversationChannel>> = {
  phone_call: 'phone',
  sms: 'text',
  chat_widget: 'web_chat',
  email: 'email',
};

/** The legacy name of each current conversation channel; the inverse of {@link LEGACY_TO_CONVERSATION_CHANNEL}. */
export const CONVERSATION_TO_LEGACY_CHANNEL: Readonly<Record<ConversationChannel, LegacyChannel>> = {
  phone: 'phone_call',
  text: 'sms',
  web_chat: 'chat_widget',
  email: 'email',
};

/** What a task was made from (webhook legacy `task.source_type`). */
export const TASK_SOURCE_TYPES = ['conversation', 'form_submission'] as const;
/** A task's origin: a conversation or a website form submission. */
export const TaskSourceTypeSchema = z.enum(TASK_SOURCE_TYPES);
/** One of {@link TASK_SOURCE_TYPES}. */
export type TaskSourceType = z.infer<typeof TaskSourceTypeSchema>;

/** Values of the `range` query of `GET /tasks`; the only two the spec names. */
export const TASK_RANGES = ['today', 'yesterday'] as const;
/** The task list range; `yesterday` is read after the webhook or poller was off across midnight. */
export const TaskRangeSchema = z.enum(TASK_RANGES);
/** One of {@link TASK_RANGES}. */
export type TaskRange = z.infer<typeof TaskRangeSchema>;

/** Kinds of live update (spec: Live update `type`, list filter). */
export const LIVE_UPDATE_TYPES = ['announcement', 'wait_time', 'flash_sale', 'closure', 'schedule_change'] as const;
/** The kind of a live update notice. */
export const LiveUpdateTypeSchema = z.enum(LIVE_UPDATE_TYPES);
/** One of {@link LIVE_UPDATE_TYPES}. */
export type LiveUpdateType = z.infer<typeof LiveUpdateTypeSchema>;

/** Live update status filter values; a status is not a field of the resource, only a list filter. */
export const LIVE_UPDATE_STATUSES = ['scheduled', 'active', 'expired', 'cancelled'] as const;
/** A live update status, as used by the list filter. */
export const LiveUpdateStatusSchema = z.enum(LIVE_UPDATE_STATUSES);
/** One of {@link LIVE_UPDATE_STATUSES}. */
export type LiveUpdateStatus = z.infer<typeof LiveUpdateStatusSchema>;

/** Stable Customer API error codes; the value to branch on (the `error` text can change). */
export const ERROR_CODES = [
  'invalid_request',
  'unauthorized',
  'forbidden',
  'not_found',
  'method_not_allowed',
  'conflict',
  'unprocessable',
  'rate_limited',
  'internal',
] as const;
/** A Customer API error `code`. */
export const ErrorCodeSchema = z.enum(ERROR_CODES);
/** One of {@link ERROR_CODES}. */
export type ErrorCode = z.infer<typeof ErrorCodeSchema>;

/** Team notification event keys (keys of the `event_channel` map); not webhook events. */
export const NOTIFICATION_EVENTS = [
  'task_created',
  'task_assigned',
  'task_updated',
  'task_completed',
  'call_received',
  'text_sent',
  'question_created',
] as const;
/** A notification event key. */
export const NotificationEventSchema = z.enum(NOTIFICATION_EVENTS);
/** One of {@link NOTIFICATION_EVENTS}. */
export type NotificationEvent = z.infer<typeof NotificationEventSchema>;

/** Per-user notification channels; `sms` needs an E.164 phone, `email` an email address. */
export const NOTIFICATION_CHANNELS = ['email', 'sms'] as const;
/** A per-user notification channel. */
export const NotificationChannelSchema = z.enum(NOTIFICATION_CHANNELS);
/** One of {@link NOTIFICATION_CHANNELS}. */
export type NotificationChannel = z.infer<typeof NotificationChannelSchema>;

/** Kinds of Partner API organization: `provisioned` is editable, `linked` is read-only. */
export const PARTNER_TYPES = ['provisioned', 'linked'] as const;
/** An organization's `partner_type`. */
export const PartnerTypeSchema = z.enum(PARTNER_TYPES);
/** One of {@link PARTNER_TYPES}. */
export type PartnerType = z.infer<typeof PartnerTypeSchema>;

/** The only webhook event kinds; the spec says there are no others. */
export const WEBHOOK_EVENT_KINDS = ['task.created', 'webhook.test'] as const;
/** A webhook event's `event` value. */
export const WebhookEventKindSchema = z.enum(WEBHOOK_EVENT_KINDS);
/** One of {@link WEBHOOK_EVENT_KINDS}. */
export type WebhookEventKind = z.infer<typeof WebhookEventKindSchema>;

/**
 * Delivery-failure reasons of the team chat-workspace destination. The spec
 * gives them only in prose ("not in channel", ...); these snake_case keys are
 * our spelling of them.
 */
export const CHAT_DELIVERY_FAILURES = [
  'not_in_channel',
  'channel_not_found',
  'missing_scope',
  'invalid_or_revoked_authorization',
  'archived_channel',
  'rate_limited',
] as const;
/** Why a new-task notification to the chat workspace was not delivered. */
export const ChatDeliveryFailureSchema = z.enum(CHAT_DELIVERY_FAILURES);
/** One of {@link CHAT_DELIVERY_FAILURES}. */
export type ChatDeliveryFailure = z.infer<typeof ChatDeliveryFailureSchema>;
