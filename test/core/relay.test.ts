/**
 * The relay's request rules, each with real POSTs to a relay on 127.0.0.1:0.
 * Every bad request must get its status and change nothing: no task handed
 * on, no event id recorded, not verified, no last-event time.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { aTask, aTaskCreatedEvent, aWebhookTestEvent } from '../common/api/fixtures';
import { SECRET, delay, postEvent, startRelay, type MemorySeenEvents, type RelayHarness } from './relay-fixtures';

let h: RelayHarness;
afterEach(async () => {
  await h?.relay.close();
});

/** Asserts the relay did nothing with what it was sent. */
async function expectNothingChanged(): Promise<void> {
  await h.relay.idle();
  expect(h.tasks).toEqual([]);
  expect((h.seen as MemorySeenEvents).ids.size).toBe(0);
  const status = h.relay.status();
  expect(status.verified).toBe(false);
  expect(status.lastEventAt).toBeNull();
}

describe('POST only: 405 with Allow', () => {
  it.each(['GET', 'PUT', 'DELETE', 'OPTIONS'])('%s gets 405 and Allow: POST', async (method) => {
    h = await startRelay();
    const res = await fetch(h.url, { method, headers: { 'X-Service-Secret': SECRET } });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
    await expectNothingChanged();
  });

  it('another path gets 404', async () => {
    h = await startRelay();
    const res = await postEvent(h.url.replace('/webhook', '/other'), aTaskCreatedEvent());
    expect(res.status).toBe(404);
    await expectNothingChanged();
  });
});

describe('JSON only: 415', () => {
  it('refuses text/plain', async () => {
    h = await startRelay();
    const res = await postEvent(h.url, aTaskCreatedEvent(), { 'Content-Type': 'text/plain' });
    expect(res.status).toBe(415);
    await expectNothingChanged();
  });

  it('refuses a body without a content type', async () => {
    h = await startRelay();
    const res = await fetch(h.url, { method: 'POST', headers: { 'X-Service-Secret': SECRET }, body: new TextEncoder().encode(JSON.stringify(aTaskCreatedEvent())) });
    expect(res.status).toBe(415);
    await expectNothingChanged();
  });

  it('refuses a charset other than UTF-8 but accepts application/json; charset=utf-8', async () => {
    h = await startRelay();
    expect((await postEvent(h.url, aTaskCreatedEvent(), { 'Content-Type': 'application/json; charset=iso-8859-1' })).status).toBe(415);
    expect((await postEvent(h.url, aTaskCreatedEvent(), { 'Content-Type': 'Application/JSON; charset="UTF-8"' })).status).toBe(200);
  });
});

describe('body limit: 413', () => {
  it('refuses a declared length over the limit without reading it', async () => {
    h = await startRelay({ maxBodyBytes: 1024 });
    const res = await postEvent(h.url, JSON.stringify({ pad: 'x'.repeat(2048) }));
    expect(res.status).toBe(413);
    await expectNothingChanged();
  });

  it('stops reading a chunked body once it passes the limit', async () => {
    h = await startRelay({ maxBodyBytes: 64 * 1024 });
    let sent = 0;
    const chunk = new TextEncoder().encode('x'.repeat(16 * 1024));
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (sent >= 8 * 1024 * 1024) return controller.close();
        sent += chunk.length;
        controller.enqueue(chunk);
        await delay(1);
      },
    });
    const res = await fetch(h.url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Service-Secret': SECRET },
      body,
      duplex: 'half',
    } as RequestInit).catch((err: unknown) => err);
    // Either the 413 arrives, or the relay closed the socket mid-upload; both stop an oversized body.
    if (res instanceof Response) expect(res.status).toBe(413);
    expect(sent).toBeLessThan(8 * 1024 * 1024);
    await expectNothingChanged();
    expect(h.rejections.map((r) => r.status)).toEqual([413]);
  });

  it('accepts a body of exactly the limit', async () => {
    const event = JSON.stringify(aTaskCreatedEvent());
    h = await startRelay({ maxBodyBytes: Buffer.byteLength(event) });
    expect((await postEvent(h.url, event)).status).toBe(200);
  });
});

describe('X-Service-Secret in constant time: 401', () => {
  it.each([
    ['missing', undefined],
    ['wrong, same length', SECRET.replace(/.$/, (c) => (c === 'f' ? 'e' : 'f'))],
    ['shorter', SECRET.slice(0, 5)],
    ['longer', `${SECRET}${SECRET}`],
    ['empty', ''],
  ])('%s secret gets 401', async (_label, secret) => {
    h = await startRelay();
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    if (secret !== undefined) headers['X-Service-Secret'] = secret;
    const res = await fetch(h.url, { method: 'POST', headers, body: JSON.stringify(aTaskCreatedEvent()) });
    expect(res.status).toBe(401);
    await expectNothingChanged();
  });

  it('503 while no secret is set or the keychain cannot give it, so the service retries later', async () => {
    h = await startRelay({ secret: () => null });
    expect((await postEvent(h.url, aTaskCreatedEvent())).status).toBe(503);
    await h.relay.close();
    h = await startRelay({
      secret: () => {
        throw new Error('keychain locked');
      },
    });
    expect((await postEvent(h.url, aTaskCreatedEvent())).status).toBe(503);
    await expectNothingChanged();
  });
});

describe('malformed or invalid bodies: 400', () => {
  it.each([
    ['malformed JSON', '{"id": "conversation:12:task.created", '],
    ['invalid UTF-8', Buffer.from([0x7b, 0xff, 0x7d])],
    ['a JSON array', '[]'],
    ['no event kind', '{"id": "x"}'],
    ['a task.created of the wrong shape', JSON.stringify({ ...aTaskCreatedEvent(), data: { id: 'conversation-99' } })],
    ['a task.created whose data names another task', JSON.stringify(aTaskCreatedEvent({ data: aTask({ id: 'conversation-13' }) }))],
  ])('%s gets 400', async (_label, body) => {
    h = await startRelay();
    const res = await fetch(h.url, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Service-Secret': SECRET }, body });
    expect(res.status).toBe(400);
    await expectNothingChanged();
  });
});

describe('answers 2xx before processing', () => {
  it('the response arrives while onTask is still running', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const order: string[] = [];
    h = await startRelay({
      onTask: async () => {
        order.push('onTask started');
        await gate;
        order.push('onTask finished');
      },
    });
    const res = await postEvent(h.url, aTaskCreatedEvent());
    order.push(`response ${res.status}`);
    expect(await res.json()).toEqual({ received: true });
    await delay(20);
    // The answer is in while the inbox is still busy (it may have started: same process).
    expect(order).toContain('response 200');
    expect(order).not.toContain('onTask finished');
    release();
    await h.relay.idle();
    expect(order.at(-1)).toBe('onTask finished');
  });
});

describe('task.created', () => {
  it('hands data to onTask with the event id', async () => {
    h = await startRelay();
    expect((await postEvent(h.url, aTaskCreatedEvent())).status).toBe(200);
    await h.relay.idle();
    expect(h.tasks).toEqual([{ task: aTask(), eventId: 'conversation:12:task.created' }]);
    expect(h.lookups).toEqual([]);
  });

  it('data null: looks the task up by its legacy source', async () => {
    const visible = aTask({ title: 'Read again' });
    h = await startRelay({ lookupLegacyTask: async (taskId) => (h.lookups.push(taskId), visible) });
    await postEvent(h.url, aTaskCreatedEvent({ data: null }));
    await h.relay.idle();
    expect(h.lookups).toEqual(['conversation-12']);
    expect(h.tasks).toEqual([{ task: visible, eventId: 'conversation:12:task.created' }]);
  });

  it('data null and the task not visible: dropped', async () => {
    h = await startRelay();
    expect((await postEvent(h.url, aTaskCreatedEvent({ data: null }))).status).toBe(200);
    await h.relay.idle();
    expect(h.lookups).toEqual(['conversation-12']);
    expect(h.tasks).toEqual([]);
    expect(h.logs.join('\n')).toMatch(/dropped: task not visible/);
  });

  it('a failing lookup or inbox is logged, never a crash', async () => {
    h = await startRelay({
      lookupLegacyTask: async () => {
        throw new Error('offline');
      },
    });
    expect((await postEvent(h.url, aTaskCreatedEvent({ data: null }))).status).toBe(200);
    await h.relay.idle();
    expect(h.logs.join('\n')).toMatch(/processing failed.*offline/);
    expect((await postEvent(h.url, aWebhookTestEvent())).status).toBe(200); // still serving
  });
});

describe('dedupe by event id', () => {
  it('a redelivery is acknowledged and skipped', async () => {
    h = await startRelay();
    expect((await postEvent(h.url, aTaskCreatedEvent())).status).toBe(200);
    const again = await postEvent(h.url, aTaskCreatedEvent({ data: aTask({ status: 'assigned' }) }));
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ received: true, duplicate: true });
    await h.relay.idle();
    expect(h.tasks).toHaveLength(1);
  });

  it('two deliveries at the same moment still reach onTask once', async () => {
    h = await startRelay();
    const answers = await Promise.all([postEvent(h.url, aTaskCreatedEvent()), postEvent(h.url, aTaskCreatedEvent())]);
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    await h.relay.idle();
    expect(h.tasks).toHaveLength(1);
  });
});

describe('webhook.test', () => {
  it('marks the relay verified and hands nothing to the inbox', async () => {
    h = await startRelay({ now: () => new Date('2026-10-21T09:30:00Z') });
    expect(h.relay.status().verified).toBe(false);
    expect((await postEvent(h.url, aWebhookTestEvent())).status).toBe(200);
    await h.relay.idle();
    expect(h.relay.status()).toMatchObject({ verified: true, lastEventAt: '2026-10-21T09:30:00.000Z' });
    expect(h.tasks).toEqual([]);
    expect(h.statuses.at(-1)?.verified).toBe(true);
  });
});

describe('unknown event kinds', () => {
  it('are acknowledged and ignored', async () => {
    h = await startRelay();
    const res = await postEvent(h.url, { id: 'conversation:12:task.updated', event: 'task.updated', team_id: 42 });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true, ignored: true });
    await h.relay.idle();
    expect(h.tasks).toEqual([]);
    expect(h.logs.join('\n')).toMatch(/unknown event kind acknowledged and ignored/);
  });
});

describe('the secret is never logged or echoed', () => {
  it('appears in no log line, rejection, status or response', async () => {
    const wrong = 'whsec_attacker-guess-4242';
    h = await startRelay();
    const bodies: string[] = [];
    for (const secret of [wrong, '', SECRET]) {
      const res = await postEvent(h.url, aTaskCreatedEvent(), { 'X-Service-Secret': secret });
      bodies.push(await res.text());
    }
    bodies.push(await (await postEvent(h.url, 'not json')).text());
    await h.relay.idle();
    const everything = [...h.logs, JSON.stringify(h.rejections), JSON.stringify(h.statuses), JSON.stringify(h.relay.status()), ...bodies].join('\n');
    expect(everything).not.toContain(SECRET);
    expect(everything).not.toContain(wrong);
    expect(h.rejections.map((r) => [r.status, r.reason])).toEqual([
      [401, 'wrong X-Service-Secret'],
      [401, 'wrong X-Service-Secret'],
      [400, 'the body is not valid JSON'],
    ]);
  });
});
