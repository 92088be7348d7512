/**
 * `POST /conversations/{conversation_id}/messages`: a text or email reply to
 * the conversation's customer. Every check runs before anything is sent or
 * recorded; the order is: reply limits (429), input (400), visibility (404),
 * idempotent replay or key reuse (201 / 409), permission (403), then the
 * dashboard's refusals (422). A send that fails still answers 201.
 */
import { ReplyRequestSchema } from '../../../common/api/customer';
import { REPLY_CHANNELS, type DeliveryStatus, type ReplyChannel } from '../../../common/api/enums';
import { IdempotencyKeySchema } from '../../../common/api/primitives';
import { smsSegments } from '../../../common/sms';
import { customerError, invalidRequest, ok, SimHttpError, type SimIssue } from '../http';
import { replyMessageView } from '../resources';
import type { Router } from '../router';
import { check, positiveInt, refuseIfIssues } from '../validate';
import type { ContactRecord, ConversationRecord, World } from '../world';
import { API, customerRoute, notFound, readJsonInto, visibleConversation, type CustomerDeps } from './common';

/** Virtual delays after which a queued text is sent, then delivered. */
export const TEXT_SENT_AFTER_MS = 2_000;
/** See {@link TEXT_SENT_AFTER_MS}. */
export const TEXT_DELIVERED_AFTER_MS = 5_000;

/** The reply channels a conversation has, in the order text, email. */
function replyChannels(conversation: ConversationRecord): ReplyChannel[] {
  return REPLY_CHANNELS.filter((c) => conversation.channels.includes(c));
}

/** 422 `unprocessable`: the dashboard would refuse the same reply; nothing is sent. */
function refused(message: string): SimHttpError {
  return new SimHttpError(customerError(422, 'unprocessable', message));
}

/**
 * The channel a reply goes on, or why it cannot be sent (spec: reply rules
 * 2 and 8 and the `channel` rules). Leaving `channel` out is allowed only
 * when exactly one of text and email is on the conversation.
 */
function chooseChannel(conversation: ConversationRecord, requested: ReplyChannel | undefined): ReplyChannel {
  if (conversation.channel === 'web_chat') throw refused('Website chats cannot receive a reply.');
  const available = replyChannels(conversation);
  if (available.length === 0) throw refused('This conversation has no text or email thread to reply on.');
  if (requested === undefined) {
    if (available.length === 1) return available[0] as ReplyChannel;
    throw new SimHttpError(invalidRequest([{ path: ['channel'], message: 'This conversation has both text and email; choose a channel.' }]));
  }
  if (!available.includes(requested)) throw refused(`This conversation has no ${requested} thread; reply by ${available.join(' or ')}.`);
  return requested;
}

/** The dashboard's per-channel refusals: opt-out, texting not set up, length, missing contact detail. */
function checkSendable(world: World, conversation: ConversationRecord, contact: ContactRecord, channel: ReplyChannel, text: string): void {
  if (channel === 'email') {
    if (!contact.email) throw refused('The customer has no email address.');
    return;
  }
  if (contact.textOptedOut) throw refused('The customer opted out of texts by replying STOP; texts cannot be sent to them (email still can).');
  const line = conversation.phoneLineId === null ? undefined : world.phoneLines.get(conversation.phoneLineId);
  if (!line || !line.textingEnabled) throw refused('Texting is not set up for this phone line.');
  if (!contact.phone) throw refused('The customer has no phone number to text.');
  const sms = smsSegments(text);
  if (sms.exceedsLimit) throw refused(`The text is ${sms.segments} SMS segments long; the limit is ${sms.limit}.`);
}

/** Registers the reply operation. */
export function registerMessages(router: Router, deps: CustomerDeps): void {
  const { world, limits, faults } = deps;
  router.add(
    'POST',
    `${API}/conversations/:conversationId/messages`,
    customerRoute(deps, async (ctx, { member }) => {
      const issues: SimIssue[] = [];
      const conversationId = positiveInt(ctx.params.conversationId ?? '', ['conversation_id'], issues);
      // Like throttle middleware: the reply limits count every reply request.
      limits.hitReply(member.id, conversationId ?? null);

      const headerKey = ctx.header('idempotency-key');
      const json = await readJsonInto(ctx, issues);
      const body = json === undefined ? undefined : check(ReplyRequestSchema, json, issues);
      if (headerKey !== undefined) check(IdempotencyKeySchema, headerKey, issues, ['Idempotency-Key']);
      if (headerKey !== undefined && json !== undefined && 'idempotency_key' in json) {
        issues.push({ path: ['idempotency_key'], message: 'Send the idempotency key in the Idempotency-Key header or in the body, not both.' });
      }
      refuseIfIssues(issues);
      if (!body || conversationId === undefined) throw new Error('unreachable: issues were empty');

      const conversation = visibleConversation(world, member, conversationId);
      if (conversation.mergedIntoId !== null) {
        const target = world.mergeTarget(conversation);
        throw notFound(`Conversation ${conversation.id} was merged into conversation ${target.id} (task conversation-${target.id}); reply there.`);
      }
      const text = body.body.trim();
      const key = headerKey ?? body.idempotency_key;
      const scope = key === undefined ? undefined : `${member.id}:${conversation.id}:${key}`;

      const previous = scope === undefined ? undefined : world.idempotency.get(scope);
      if (previous) {
        let channel = body.channel;
        if (channel === undefined) {
          const available = replyChannels(conversation);
          channel = available.length === 1 ? available[0] : undefined;
        }
        const first = conversation.messages.find((m) => m.id === previous.messageId);
        if (first && previous.text === text && previous.channel === channel) return ok(replyMessageView(first), 201);
        throw new SimHttpError(
          customerError(409, 'conflict', 'This idempotency key was already used on this conversation with a different body or channel; nothing was sent.'),
        );
      }

      const contact = world.contacts.get(conversation.contactId);
      if (!contact) throw notFound(`Conversation ${conversation.id} was not found.`);
      if (!world.canMessage(member, contact.id)) {
        throw new SimHttpError(customerError(403, 'forbidden', 'You are not allowed to message this customer.'));
      }
      const channel = chooseChannel(conversation, body.channel);
      checkSendable(world, conversation, contact, channel, text);

      // Every check passed: send. From here on the reply exists.
      const pathname = ctx.url.pathname;
      const ambiguous = faults.takeSend('ambiguous409', pathname);
      const forced = faults.takeSend('delivery', pathname)?.delivery;
      let status: DeliveryStatus = channel === 'text' ? 'queued' : 'sent';
      let error: string | null = null;
      if (forced) {
        status = forced.status;
        error = status === 'failed' ? (forced.error ?? 'The carrier rejected the message.') : null;
      } else if (contact.undeliverable[channel]) {
        status = 'failed';
        error = contact.undeliverable[channel] ?? 'The send failed.';
      }
      const message = world.addMessage(conversation, { from: 'business', channel, text, sentAt: world.clock.now(), deliveryStatus: status, error, authorId: member.id });
      if (scope !== undefined && key !== undefined) {
        world.idempotency.set(scope, { creatorId: member.id, conversationId: conversation.id, key, text, channel, messageId: message.id });
      }
      world.logActivity(member.id, 'reply', `conversation-${conversation.id}`, text);
      if (status === 'queued') {
        // The carrier works through its queue: queued → sent → delivered, on the virtual clock.
        const advance = (from: DeliveryStatus, to: DeliveryStatus) => () => {
          if (message.deliveryStatus === from) message.deliveryStatus = to;
        };
        world.clock.setTimer(advance('queued', 'sent'), TEXT_SENT_AFTER_MS);
        world.clock.setTimer(advance('sent', 'delivered'), TEXT_DELIVERED_AFTER_MS);
      }
      if (ambiguous) {
        throw new SimHttpError(
          customerError(409, 'conflict', 'The reply may have gone out, but its result could not be saved. Check the conversation before sending it again.'),
        );
      }
      return ok(replyMessageView(message), 201);
    }),
  );
}
