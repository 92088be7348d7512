/**
 * A reply retried after a forced timeout goes out once (the draft's
 * idempotency key makes the retry safe), and a corrupt state file is moved
 * aside, reported, and replaced by defaults while the core carries on.
 */
import { readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../common/settings';
import { control, createTask, Rig, waitFor } from './support/harness';

let rig: Rig | null = null;
afterEach(async () => {
  await rig?.close();
  rig = null;
});

const DRAFT = '0b7d3f4e-5a6b-4c7d-8e9f-a0b1c2d3e4f5';

describe('a reply retried after a forced timeout is sent once', () => {
  it('stalls the first attempt past the client timeout; the retry reuses the key; the thread has one copy', async () => {
    rig = await Rig.start();
    const { sim } = rig;
    const { core } = await rig.started({ http: { timeouts: { headersMs: 300 } } });
    const { conversationId } = await createTask(sim, 'conversation', 'text');
    const path = `/api/v1/conversations/${conversationId}/messages`;
    // The first attempt stalls 1.5 s; the client gives up after 0.3 s and retries with the same key.
    await control(sim, 'POST', '/_sim/faults', { path, method: 'POST', delayMs: 1_500, count: 1 });
    const body = 'We can see you at 3 pm today.';
    const draft = await core.handle('saveDraft', { draftId: DRAFT, conversationId: conversationId!, channel: 'text', body });
    expect(draft.ok).toBe(true);

    let sent = await core.handle('sendReply', { draftId: DRAFT, conversationId: conversationId!, channel: 'text', body });
    // The client retries on its own with the same key; should it give up, the person's retry reuses the key too.
    if (!sent.ok) sent = await core.handle('sendReply', { draftId: DRAFT, conversationId: conversationId!, channel: 'text', body });
    expect(sent.ok).toBe(true);

    // Let the stalled first attempt finish on the server, then read the thread.
    await sim.clock.advance(2_000);
    const copies = await waitFor(async () => {
      const thread = await core.handle('getConversation', { conversationId: conversationId! });
      if (!thread.ok) return null;
      return thread.value.messages.filter((m) => m.from === 'business' && m.text === body).length || null;
    }, 'the reply in the thread');
    await new Promise((r) => setTimeout(r, 300));
    const thread = await core.handle('getConversation', { conversationId: conversationId! });
    expect(copies).toBe(1);
    expect((await control<{ faults: unknown[] }>(sim, 'GET', '/_sim/faults')).faults).toEqual([]); // the stall did fire
    expect(thread.ok && thread.value.messages.filter((m) => m.from === 'business' && m.text === body)).toHaveLength(1);
    const snap = await core.handle('getSnapshot', {});
    expect(snap.ok && snap.value.drafts).toEqual([]); // a sent draft is removed
  });
});

describe('a reply whose answer was lost after it was sent is not sent again', () => {
  it('the service sends it, the answer is cut off; the retry with the same key returns the first message', async () => {
    rig = await Rig.start();
    const { sim } = rig;
    const { core } = await rig.started();
    const { conversationId } = await createTask(sim, 'conversation', 'text');
    await control(sim, 'POST', '/_sim/faults', { path: `/api/v1/conversations/${conversationId}/messages`, method: 'POST', truncate: true, count: 1 });
    const body = 'Your order is ready for pickup.';
    const args = { draftId: DRAFT, conversationId: conversationId!, channel: 'text' as const, body };
    let sent = await core.handle('sendReply', args);
    if (!sent.ok) sent = await core.handle('sendReply', args);
    expect(sent.ok).toBe(true);
    const thread = await core.handle('getConversation', { conversationId: conversationId! });
    expect(thread.ok && thread.value.messages.filter((m) => m.from === 'business' && m.text === body)).toHaveLength(1);
  });
});

describe('the rare 409 "may have gone out" is never resent blind', () => {
  it('reports unknown_outcome; sending again finds the reply in the thread and sends nothing', async () => {
    rig = await Rig.start();
    const { sim } = rig;
    const { core } = await rig.started();
    const { conversationId } = await createTask(sim, 'conversation', 'text');
    await control(sim, 'POST', '/_sim/faults', { path: `/api/v1/conversations/${conversationId}/messages`, ambiguous409: true, count: 1 });
    const body = 'We have moved your appointment to Friday.';
    const args = { draftId: DRAFT, conversationId: conversationId!, channel: 'text' as const, body };
    const first = await core.handle('sendReply', args);
    expect(!first.ok && first.error.code).toBe('unknown_outcome');
    expect(!first.ok && first.error.message).toMatch(/check the conversation/i);
    const kept = await core.handle('getSnapshot', {});
    expect(kept.ok && kept.value.drafts.map((d) => [d.body, d.lastAttempt?.outcome])).toEqual([[body, 'unknown_outcome']]);

    const again = await core.handle('sendReply', args);
    expect(again.ok).toBe(true);
    const thread = await core.handle('getConversation', { conversationId: conversationId! });
    expect(thread.ok && thread.value.messages.filter((m) => m.from === 'business' && m.text === body)).toHaveLength(1);
  });
});

describe('a corrupt state file is recovered', () => {
  it('moves it aside, reports it, starts from defaults, and then works normally', async () => {
    rig = await Rig.start();
    await writeFile(join(rig.dir, 'state.json'), '{"version":1,"settings":{"relayPort":"garb');
    const { core, log } = rig.core();
    await core.start();
    const notice = await waitFor(() => log.of('notice').find((n) => n.code === 'state_recovered'), 'the recovery notice');
    expect(notice.level).toBe('warning');
    expect((await readdir(rig.dir)).some((f) => f.startsWith('state.json.corrupt'))).toBe(true);

    const settings = await core.handle('getSettings', {});
    expect(settings.ok && settings.value).toEqual(DEFAULT_SETTINGS);
    // Defaults mean a first sync: what is waiting is summarised, not alerted one by one.
    await waitFor(() => log.of('notice').some((n) => n.code === 'first_sync_summary'), 'the first-sync summary');
    expect(log.of('task:new')).toEqual([]);

    const { taskId } = await createTask(rig.sim);
    await core.handle('syncNow', {});
    expect(log.alerts()).toEqual([[taskId, 'poll']]);
    const saved = await core.handle('saveSettings', { pollIntervalMs: 120_000 });
    expect(saved.ok && saved.value.pollIntervalMs).toBe(120_000);
  });
});
