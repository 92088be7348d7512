import { describe, it, expect } from 'vitest';
import { type z } from 'zod';
import {
  CHAT_DELIVERY_FAILURES,
  CONVERSATION_CHANNELS,
  CONVERSATION_TO_LEGACY_CHANNEL,
  ChatDeliveryFailureSchema,
  ConversationChannelSchema,
  DELIVERY_STATUSES,
  DeliveryStatusSchema,
  ERROR_CODES,
  ErrorCodeSchema,
  LEGACY_CHANNELS,
  LEGACY_TO_CONVERSATION_CHANNEL,
  LIVE_UPDATE_STATUSES,
  LIVE_UPDATE_TYPES,
  LegacyChannelSchema,
  LiveUpdateStatusSchema,
  LiveUpdateTypeSchema,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_EVENTS,
  NotificationChannelSchema,
  NotificationEventSchema,
  PARTNER_TYPES,
  PartnerTypeSchema,
  REPLY_CHANNELS,
  ReplyChannelSchema,
  TASK_RANGES,
  TASK_SOURCE_TYPES,
  TaskRangeSchema,
  TaskSourceTypeSchema,
  WEBHOOK_EVENT_KINDS,
  WebhookEventKindSchema,
} from '../../../common/api';

/** Each enum with the exact values the spec lists and a near-miss it must reject. */
const enums: { name: string; schema: z.ZodType; values: readonly string[]; expected: string[]; outsider: string }[] = [
  { name: 'DeliveryStatusSchema', schema: DeliveryStatusSchema, values: DELIVERY_STATUSES, expected: ['queued', 'sent', 'delivered', 'failed', 'unknown'], outsider: 'read' },
  { name: 'ReplyChannelSchema', schema: ReplyChannelSchema, values: REPLY_CHANNELS, expected: ['text', 'email'], outsider: 'web_chat' },
  { name: 'ConversationChannelSchema', schema: ConversationChannelSchema, values: CONVERSATION_CHANNELS, expected: ['phone', 'text', 'web_chat', 'email'], outsider: 'sms' },
  { name: 'LegacyChannelSchema', schema: LegacyChannelSchema, values: LEGACY_CHANNELS, expected: ['phone_call', 'sms', 'chat_widget', 'email'], outsider: 'text' },
  { name: 'TaskSourceTypeSchema', schema: TaskSourceTypeSchema, values: TASK_SOURCE_TYPES, expected: ['conversation', 'form_submission'], outsider: 'form-submission' },
  { name: 'TaskRangeSchema', schema: TaskRangeSchema, values: TASK_RANGES, expected: ['today', 'yesterday'], outsider: 'week' },
  { name: 'LiveUpdateTypeSchema', schema: LiveUpdateTypeSchema, values: LIVE_UPDATE_TYPES, expected: ['announcement', 'wait_time', 'flash_sale', 'closure', 'schedule_change'], outsider: 'holiday' },
  { name: 'LiveUpdateStatusSchema', schema: LiveUpdateStatusSchema, values: LIVE_UPDATE_STATUSES, expected: ['scheduled', 'active', 'expired', 'cancelled'], outsider: 'canceled' },
  { name: 'ErrorCodeSchema', schema: ErrorCodeSchema, values: ERROR_CODES, expected: ['invalid_request', 'unauthorized', 'forbidden', 'not_found', 'method_not_allowed', 'conflict', 'unprocessable', 'rate_limited', 'internal'], outsider: 'bad_request' },
  { name: 'NotificationEventSchema', schema: NotificationEventSchema, values: NOTIFICATION_EVENTS, expected: ['task_created', 'task_assigned', 'task_updated', 'task_completed', 'call_received', 'text_sent', 'question_created'], outsider: 'task.created' },
  { name: 'NotificationChannelSchema', schema: NotificationChannelSchema, values: NOTIFICATION_CHANNELS, expected: ['email', 'sms'], outsider: 'push' },
  { name: 'PartnerTypeSchema', schema: PartnerTypeSchema, values: PARTNER_TYPES, expected: ['provisioned', 'linked'], outsider: 'owned' },
  { name: 'WebhookEventKindSchema', schema: WebhookEventKindSchema, values: WEBHOOK_EVENT_KINDS, expected: ['task.created', 'webhook.test'], outsider: 'task.updated' },
  { name: 'ChatDeliveryFailureSchema', schema: ChatDeliveryFailureSchema, values: CHAT_DELIVERY_FAILURES, expected: ['not_in_channel', 'channel_not_found', 'missing_scope', 'invalid_or_revoked_authorization', 'archived_channel', 'rate_limited'], outsider: 'timeout' },
];

for (const { name, schema, values, expected, outsider } of enums) {
  describe(name, () => {
    it(`lists exactly ${expected.join('/')}`, () => {
      expect([...values]).toEqual(expected);
    });

    it('accepts each listed value', () => {
      for (const value of values) expect(schema.safeParse(value).success).toBe(true);
    });

    it(`rejects a value outside ${expected.join('/')}`, () => {
      expect(schema.safeParse(outsider).success).toBe(false);
    });

    it('is case-sensitive', () => {
      expect(schema.safeParse(expected[0]?.toUpperCase()).success).toBe(false);
    });
  });
}

describe('LEGACY_TO_CONVERSATION_CHANNEL', () => {
  it('maps every legacy channel to a current one and back', () => {
    for (const legacy of LEGACY_CHANNELS) {
      expect(CONVERSATION_TO_LEGACY_CHANNEL[LEGACY_TO_CONVERSATION_CHANNEL[legacy]]).toBe(legacy);
    }
    expect(Object.keys(CONVERSATION_TO_LEGACY_CHANNEL).sort()).toEqual([...CONVERSATION_CHANNELS].sort());
  });
});
