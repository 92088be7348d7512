/**
 * Reading a conversation thread for a reply that "may have gone out" (the
 * spec's rare 409): the outbox never resends before looking here.
 */
import type { Conversation } from '../../common/api/assumed';
import { DELIVERY_STATUSES, type ConversationMessage, type DeliveryStatus } from '../../common/api';
import type { Draft } from '../../common/views';

/** What the person is told after a 409 on a draft that was never edited. */
export const UNKNOWN_OUTCOME_MESSAGE =
  'The service could not confirm this reply: it may have gone out. Check the conversation before sending again — ' +
  'sending again first looks for it in the thread.';

/** Clocks of this PC and the service may disagree by this much. */
const CLOCK_SLACK_MS = 10 * 60_000;

/**
 * The business message in the thread that is this draft's reply, sent since
 * the attempt (with some slack for clock skew), as a reply result; or null.
 */
export function findSentCopy(conversation: Conversation, draft: Draft, sinceMs: number): ConversationMessage | null {
  const wanted = draft.body.trim();
  for (const m of [...conversation.messages].reverse()) {
    if (m.from !== 'business' || m.text.trim() !== wanted || m.channel !== draft.channel) continue;
    if (Date.parse(m.sent_at) < sinceMs - CLOCK_SLACK_MS) continue;
    const status: DeliveryStatus = (DELIVERY_STATUSES as readonly string[]).includes(m.delivery_status ?? '')
      ? (m.delivery_status as DeliveryStatus)
      : 'unknown';
    return {
      id: m.id,
      conversation_id: conversation.id,
      from: 'business',
      channel: draft.channel,
      text: m.text,
      sent_at: m.sent_at,
      delivery_status: status,
      error: status === 'failed' ? (m.error ?? 'The reply could not be delivered.') : null,
    };
  }
  return null;
}
