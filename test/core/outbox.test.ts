import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Conversation } from '../../common/api/assumed';
import type { ConversationMessage } from '../../common/api/customer';
import type { Draft, Result } from '../../common/views';
import { Outbox, type DraftMemory, type ReplyTransport } from '../../main/core/outbox';
import { StateStore } from '../../main/core/store';

const DRAFT = '6f1c0b7e-1d2a-4c3b-9e8f-0a1b2c3d4e5f';

class MemoryDrafts implements DraftMemory {
  drafts = new Map<string, Draft>();
  listDrafts = () => [...this.drafts.values()];
  putDraft = (d: Draft) => void this.drafts.set(d.draftId, d);
  removeDraft = (id: string) => this.drafts.delete(id);
  flush = async () => {};
}

function message(body: string, patch: Partial<ConversationMessage> = {}): ConversationMessage {
  return { id: 1, conversation_id: 7, from: 'business', channel: 'text', text: body, sent_at: new Date().toISOString(), delivery_status: 'queued', error: null, ...patch };
}

function thread(messages: Conversation['messages']): Conversation {
  return {
    id: 7, url: 'https://dash.example/c/7', channels: ['text'], subject: null,
    customer: { name: null, phone: '+15550100', email: null }, text_opted_out: false, can_message: true,
    merged_into_task_id: null, phone_line: null, created_at: new Date().toISOString(), messages,
  };
}

/** A transport that answers from a script and records the keys it was sent. */
function scripted(answers: Result<ConversationMessage>[], conversation?: Result<Conversation>) {
  const keys: string[] = [];
  const transport: ReplyTransport = {
    async sendReply(_id, reply, key) {
      keys.push(key);
      return answers.shift() ?? { ok: true, value: message(reply.body) };
    },
    async getConversation() {
      return conversation ?? { ok: true, value: thread([]) };
    },
  };
  return { transport, keys };
}

function outboxWith(transport: ReplyTransport, memory: DraftMemory = new MemoryDrafts()) {
  let n = 0;
  return new Outbox({ memory, transport, now: () => Date.now(), emit: () => {}, newKey: () => `key-${++n}` });
}

const send = (o: Outbox, body = 'Hello', channel: 'text' | 'email' = 'text') => o.send({ draftId: DRAFT, conversationId: 7, channel, body });

describe('each draft owns an idempotency key', () => {
  it('is made with the draft and kept while the text stays the same', () => {
    const o = outboxWith(scripted([]).transport);
    const a = o.save({ draftId: DRAFT, conversationId: 7, channel: 'text', body: 'Hi' });
    const b = o.save({ draftId: DRAFT, conversationId: 7, channel: 'text', body: 'Hi' });
    expect(a.idempotencyKey).toBe('key-1');
    expect(b.idempotencyKey).toBe('key-1');
  });

  it('changes when the body or the channel is edited', () => {
    const o = outboxWith(scripted([]).transport);
    o.save({ draftId: DRAFT, conversationId: 7, channel: 'text', body: 'Hi' });
    expect(o.save({ draftId: DRAFT, conversationId: 7, channel: 'text', body: 'Hi!' }).idempotencyKey).toBe('key-2');
    expect(o.save({ draftId: DRAFT, conversationId: 7, channel: 'email', body: 'Hi!' }).idempotencyKey).toBe('key-3');
  });

  it('makes a new draft with a UUID when none is given', () => {
    const d = outboxWith(scripted([]).transport).save({ conversationId: 7, channel: 'text', body: '' });
    expect(d.draftId).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('exactly once: a retry reuses the key', () => {
  it('after a timeout the same key is sent again, and the sent draft is removed', async () => {
    const { transport, keys } = scripted([{ ok: false, error: { code: 'timeout', message: 'slow' } }]);
    const o = outboxWith(transport);
    const first = await send(o);
    expect(first.ok).toBe(false);
    if (!first.ok) expect(first.error.message).toMatch(/safe/);
    expect(o.list()[0]?.body).toBe('Hello');
    const second = await send(o);
    expect(second.ok).toBe(true);
    expect(keys).toEqual(['key-1', 'key-1']);
    expect(o.list()).toEqual([]);
  });

  it('two clicks at once share one request; a late click after success returns the first message', async () => {
    const { transport, keys } = scripted([]);
    const o = outboxWith(transport);
    const [a, b] = await Promise.all([send(o), send(o)]);
    const c = await send(o);
    expect(keys).toEqual(['key-1']);
    expect(a).toBe(b);
    expect(c.ok && a.ok && c.value.id === a.value.id).toBe(true);
  });

  it('survives a restart: the persisted key is reused', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'deskbell-outbox-'));
    try {
      const store1 = await StateStore.open({ dir });
      const crash = scripted([{ ok: false, error: { code: 'offline', message: 'lost' } }]);
      await send(outboxWith(crash.transport, store1));
      await store1.flush();
      const store2 = await StateStore.open({ dir });
      expect(store2.listDrafts()).toHaveLength(1);
      const again = scripted([]);
      const o2 = new Outbox({ memory: store2, transport: again.transport, now: () => Date.now(), emit: () => {} });
      expect((await send(o2)).ok).toBe(true);
      expect(again.keys).toEqual(crash.keys);
      expect(store2.listDrafts()).toEqual([]);
      await store2.flush();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('results keep delivery_status and error', () => {
  it('a failed delivery keeps the draft and its text, with a new key for the next try', async () => {
    const { transport, keys } = scripted([{ ok: true, value: message('Hello', { delivery_status: 'failed', error: 'Carrier rejected' }) }]);
    const o = outboxWith(transport);
    const r = await send(o);
    expect(r.ok && r.value.delivery_status === 'failed' && r.value.error).toBe('Carrier rejected');
    expect(o.list()[0]).toMatchObject({ body: 'Hello', lastAttempt: { outcome: 'failed', message: 'Carrier rejected' } });
    await send(o);
    expect(keys).toEqual(['key-1', 'key-2']);
  });

  it('a refusal (422) keeps the draft and says why', async () => {
    const { transport } = scripted([{ ok: false, error: { code: 'unprocessable', status: 422, message: 'Customer opted out' } }]);
    const o = outboxWith(transport);
    const r = await send(o);
    expect(!r.ok && r.error.message).toBe('Customer opted out');
    expect(o.list()[0]?.lastAttempt?.outcome).toBe('refused');
  });
});

describe('409 on an unedited draft: "may have gone out", never a blind resend', () => {
  it('reports unknown_outcome and offers the thread', async () => {
    const { transport, keys } = scripted([{ ok: false, error: { code: 'conflict', status: 409, message: 'conflict' } }]);
    const o = outboxWith(transport);
    const r = await send(o);
    expect(!r.ok && r.error.code).toBe('unknown_outcome');
    expect(!r.ok && r.error.message).toMatch(/check the conversation/i);
    expect(keys).toHaveLength(1);
    expect(o.list()[0]?.lastAttempt?.outcome).toBe('unknown_outcome');
  });

  it('sending again first finds the reply in the thread and sends nothing', async () => {
    const sentAt = new Date().toISOString();
    const inThread = thread([{ id: 44, from: 'business', channel: 'text', text: 'Hello', sent_at: sentAt, delivery_status: 'sent', error: null }]);
    const { transport, keys } = scripted([{ ok: false, error: { code: 'conflict', status: 409, message: 'conflict' } }], { ok: true, value: inThread });
    const o = outboxWith(transport);
    await send(o);
    const again = await send(o);
    expect(again.ok && again.value.id).toBe(44);
    expect(keys).toHaveLength(1);
    expect(o.list()).toEqual([]);
  });

  it('sending again when the thread does not have it sends as a new message', async () => {
    const { transport, keys } = scripted([{ ok: false, error: { code: 'conflict', status: 409, message: 'conflict' } }]);
    const o = outboxWith(transport);
    await send(o);
    expect((await send(o)).ok).toBe(true);
    expect(keys).toEqual(['key-1', 'key-2']);
  });

  it('does not resend when the thread cannot be read', async () => {
    const { transport, keys } = scripted([{ ok: false, error: { code: 'conflict', status: 409, message: 'conflict' } }], {
      ok: false,
      error: { code: 'offline', message: 'down' },
    });
    const o = outboxWith(transport);
    await send(o);
    const again = await send(o);
    expect(!again.ok && again.error.code).toBe('unknown_outcome');
    expect(keys).toHaveLength(1);
  });
});

describe('drafts', () => {
  it('discard removes a draft', () => {
    const o = outboxWith(scripted([]).transport);
    o.save({ draftId: DRAFT, conversationId: 7, channel: 'text', body: 'x' });
    expect(o.discard(DRAFT)).toEqual([]);
  });
});
