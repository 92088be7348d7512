/**
 * The Outbox: replies to customers, sent exactly once. Each draft owns an
 * idempotency key made with it and persisted with it *before* any send, so a
 * retry after a timeout — or after a crash mid-send — reuses the key and the
 * service returns the first message instead of sending a second. Any edit of
 * the body or channel gets a new key, which is also how the outbox knows that
 * a 409 on an unedited draft can only be the rare "may have gone out".
 */
import { randomUUID } from 'node:crypto';
import type { Conversation } from '../../common/api/assumed';
import type { ConversationMessage } from '../../common/api/customer';
import type { ContractError, Draft, Result } from '../../common/views';
import type { EmitEvent } from './core-events';
import { findSentCopy, UNKNOWN_OUTCOME_MESSAGE } from './outbox-thread';

/** Where drafts are kept across restarts: the part of the state store the outbox uses (`StateStore` satisfies it). */
export interface DraftMemory {
  listDrafts(): Draft[];
  putDraft(draft: Draft): void;
  removeDraft(draftId: string): unknown;
  /** Resolves once drafts are on disk; a send waits for it so a crash after the request still finds the key. */
  flush(): Promise<void>;
}

/** The two calls the outbox makes (the Customer API client, behind a narrow port). */
export interface ReplyTransport {
  sendReply(conversationId: number, reply: { channel: 'text' | 'email'; body: string }, idempotencyKey: string): Promise<Result<ConversationMessage>>;
  getConversation(conversationId: number): Promise<Result<Conversation>>;
}

/** Options of {@link Outbox}. */
export interface OutboxOptions {
  memory: DraftMemory;
  transport: ReplyTransport;
  now: () => number;
  emit: EmitEvent;
  /** Makes an idempotency key; the default is `dsk-` + a random UUID (matches the spec's key pattern). */
  newKey?: () => string;
  newDraftId?: () => string;
}

/** A draft as the composer saves it. */
export interface DraftInput {
  draftId?: string;
  conversationId: number;
  channel: 'text' | 'email';
  body: string;
}

/** A reply as the composer sends it. */
export type SendInput = Required<DraftInput>;

const SAFE_RETRY = 'Your reply is kept; sending it again is safe — the service will not send it twice.';

/** Drafts and exactly-once replies. */
export class Outbox {
  private readonly inFlight = new Map<string, { body: string; channel: string; result: Promise<Result<ConversationMessage>> }>();
  /** Drafts sent lately, so a late second click returns the first message instead of sending a new draft. */
  private readonly recentlySent = new Map<string, { body: string; channel: string; message: ConversationMessage }>();
  private readonly newKey: () => string;
  private readonly newDraftId: () => string;

  constructor(private readonly options: OutboxOptions) {
    this.newKey = options.newKey ?? (() => `dsk-${randomUUID()}`);
    this.newDraftId = options.newDraftId ?? randomUUID;
  }

  /** Every draft, newest first. */
  list(): Draft[] {
    return [...this.options.memory.listDrafts()].sort((a, b) => Date.parse(b.updatedAt) - Date.parse(a.updatedAt));
  }

  /** Creates or updates a draft. The key changes only when what would be sent changes. */
  save(input: DraftInput): Draft {
    const draft = this.upsert(input);
    this.changed();
    return draft;
  }

  /** Throws a draft away; returns the drafts left. */
  discard(draftId: string): Draft[] {
    if (this.find(draftId)) {
      this.options.memory.removeDraft(draftId);
      this.changed();
    }
    return this.list();
  }

  /**
   * Sends a draft's reply. Never throws. Two sends of the same draft at once
   * share one request; a sent draft is removed; a failed one keeps its text.
   */
  send(input: SendInput): Promise<Result<ConversationMessage>> {
    const running = this.inFlight.get(input.draftId);
    if (running && running.body === input.body && running.channel === input.channel) return running.result;
    const recent = this.recentlySent.get(input.draftId);
    if (recent && recent.body === input.body && recent.channel === input.channel && !this.find(input.draftId)) {
      return Promise.resolve({ ok: true, value: recent.message });
    }
    const result = this.sendOnce(input)
      .catch((err: unknown): Result<ConversationMessage> => ({
        ok: false,
        error: { code: 'bad_response', message: `The reply could not be sent (${err instanceof Error ? err.message : 'unexpected error'}). ${SAFE_RETRY}` },
      }))
      .finally(() => this.inFlight.delete(input.draftId));
    this.inFlight.set(input.draftId, { body: input.body, channel: input.channel, result });
    return result;
  }

  private async sendOnce(input: SendInput): Promise<Result<ConversationMessage>> {
    const before = this.find(input.draftId);
    let draft = this.upsert(input);
    if (before?.lastAttempt?.outcome === 'unknown_outcome' && before.idempotencyKey === draft.idempotencyKey) {
      // The last try may have gone out (409). Never resend blind: look at the
      // thread first, and only send again — as a new message — if it is not there.
      const checked = await this.checkThread(draft);
      if (checked) return checked;
      draft = this.put({ ...draft, idempotencyKey: this.newKey(), lastAttempt: null });
    }
    this.changed();
    // The key must be on disk before the request leaves, or a crash now could
    // lose it and a resend after restart would go out twice.
    await this.options.memory.flush().catch(() => undefined);
    const result = await this.options.transport.sendReply(draft.conversationId, { channel: draft.channel, body: draft.body }, draft.idempotencyKey);
    return this.settle(draft, result);
  }

  /** Applies a send's result to the draft. */
  private settle(draft: Draft, result: Result<ConversationMessage>): Result<ConversationMessage> {
    if (result.ok) {
      const message = result.value;
      if (message.delivery_status === 'failed') {
        // That send is finished (the same key would only return this failure):
        // a new attempt is a new message, so it needs a new key.
        this.put({ ...draft, idempotencyKey: this.newKey(), lastAttempt: this.attempt('failed', message.error ?? 'The reply could not be delivered.') });
      } else {
        this.markSent(draft, message);
      }
      this.changed();
      return result;
    }
    const error = this.explain(result.error);
    const outcome = error.code === 'unknown_outcome' && result.error.code === 'conflict' ? 'unknown_outcome' : isRefusal(result.error) ? 'refused' : 'failed';
    this.put({ ...draft, lastAttempt: this.attempt(outcome, error.message) });
    this.changed();
    return { ok: false, error };
  }

  /** Turns the client's error into what the person at the desk should know. */
  private explain(error: ContractError): ContractError {
    if (error.code === 'conflict') {
      // Every edit changes the key, so this key was never used with another
      // body: this 409 is the spec's "the send began but its result could not be saved".
      return { code: 'unknown_outcome', status: 409, message: UNKNOWN_OUTCOME_MESSAGE };
    }
    if (isRefusal(error) || error.code === 'unauthorized' || error.code === 'not_configured' || error.code === 'keychain_unavailable') return error;
    return { ...error, message: `${error.message} ${SAFE_RETRY}` };
  }

  /** Looks for the reply in the thread after a "may have gone out"; a result ends the send. */
  private async checkThread(draft: Draft): Promise<Result<ConversationMessage> | null> {
    const thread = await this.options.transport.getConversation(draft.conversationId);
    if (!thread.ok) {
      const message = `Deskbell could not check the conversation for your earlier reply (${thread.error.message}), so it did not send again.`;
      this.put({ ...draft, lastAttempt: this.attempt('unknown_outcome', message) });
      this.changed();
      return { ok: false, error: { code: 'unknown_outcome', message } };
    }
    const since = draft.lastAttempt ? Date.parse(draft.lastAttempt.at) : 0;
    const copy = findSentCopy(thread.value, draft, since);
    if (!copy) return null;
    this.markSent(draft, copy);
    this.changed();
    return { ok: true, value: copy };
  }

  private markSent(draft: Draft, message: ConversationMessage): void {
    this.options.memory.removeDraft(draft.draftId);
    this.recentlySent.set(draft.draftId, { body: draft.body, channel: draft.channel, message });
    // Bounded: only a late second click on the same draft needs this.
    if (this.recentlySent.size > 50) this.recentlySent.delete(this.recentlySent.keys().next().value as string);
  }

  /** Creates or updates a draft in memory; a change of what would be sent gets a new key. */
  private upsert(input: DraftInput): Draft {
    const existing = input.draftId ? this.find(input.draftId) : undefined;
    if (existing && existing.body === input.body && existing.channel === input.channel && existing.conversationId === input.conversationId) {
      return existing;
    }
    return this.put({
      draftId: existing?.draftId ?? input.draftId ?? this.newDraftId(),
      conversationId: input.conversationId,
      channel: input.channel,
      body: input.body,
      idempotencyKey: this.newKey(),
      updatedAt: this.iso(),
      lastAttempt: null,
    });
  }

  private put(draft: Draft): Draft {
    const stamped = { ...draft, updatedAt: this.iso() };
    this.options.memory.putDraft(stamped);
    return stamped;
  }

  private find(draftId: string): Draft | undefined {
    return this.options.memory.listDrafts().find((d) => d.draftId === draftId);
  }

  private attempt(outcome: NonNullable<Draft['lastAttempt']>['outcome'], message: string): Draft['lastAttempt'] {
    return { at: this.iso(), outcome, message };
  }

  private changed(): void {
    this.options.emit('drafts:changed', { drafts: this.list() });
  }

  private iso(): string {
    return new Date(this.options.now()).toISOString();
  }
}

/** Errors that say the service refused the reply and nothing was sent. */
function isRefusal(error: ContractError): boolean {
  return ['invalid_request', 'forbidden', 'not_found', 'method_not_allowed', 'unprocessable'].includes(error.code);
}
