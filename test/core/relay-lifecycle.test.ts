/** The relay's life: dedupe across a restart with the real state store, port in use, close, and the public address check. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { aFormTaskCreatedEvent, aTaskCreatedEvent } from '../common/api/fixtures';
import { checkPublicAddress, isJsonContentType, RelayServer, secretMatches } from '../../main/core/relay';
import { StateStore } from '../../main/core/store';
import { MemorySeenEvents, SECRET, postEvent, startRelay, type RelayHarness } from './relay-fixtures';

const running: RelayHarness[] = [];
const stores: StateStore[] = [];
let dir: string | null = null;
afterEach(async () => {
  await Promise.all(running.splice(0).map((h) => h.relay.close()));
  await Promise.all(stores.splice(0).map((s) => s.flush()));
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = null;
});

/** Starts a relay that is closed after the test. */
async function start(...args: Parameters<typeof startRelay>): Promise<RelayHarness> {
  const h = await startRelay(...args);
  running.push(h);
  return h;
}

describe('dedupe by event id survives a restart', () => {
  it('a redelivery after the app restarted is skipped, with the same state folder', async () => {
    dir = await mkdtemp(join(tmpdir(), 'deskbell-relay-'));
    const store1 = await StateStore.open({ dir });
    stores.push(store1);
    const first = await start({ seenEvents: store1 });
    expect((await postEvent(first.url, aTaskCreatedEvent())).status).toBe(200);
    await first.relay.idle();
    expect(first.tasks).toHaveLength(1);
    await first.relay.close();
    await store1.flush();

    const store2 = await StateStore.open({ dir });
    stores.push(store2);
    const second = await start({ seenEvents: store2 });
    const again = await postEvent(second.url, aTaskCreatedEvent());
    expect(await again.json()).toEqual({ received: true, duplicate: true });
    expect((await postEvent(second.url, aFormTaskCreatedEvent())).status).toBe(200);
    await second.relay.idle();
    expect(second.tasks.map((t) => t.eventId)).toEqual(['form_submission:7:task.created']);
  });
});

describe('listening', () => {
  it('binds 127.0.0.1 by default and reports its URL', async () => {
    const h = await start();
    expect(h.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/webhook$/);
    expect(h.relay.status()).toMatchObject({ listening: true, error: null, verified: false, recentRejections: [], forwards: [] });
  });

  it('takes a configured path', async () => {
    const h = await start({ path: '/hooks/answering-service' });
    expect(h.url).toMatch(/\/hooks\/answering-service$/);
    expect((await postEvent(h.url, aTaskCreatedEvent())).status).toBe(200);
  });

  it('a port in use is a clear error in the status, not a crash', async () => {
    const h = await start();
    const port = Number(new URL(h.url).port);
    const clash = new RelayServer({ port, secret: () => SECRET, seenEvents: new MemorySeenEvents(), onTask: () => {}, lookupLegacyTask: async () => null });
    const status = await clash.start();
    expect(status.listening).toBe(false);
    expect(status.url).toBeNull();
    expect(status.error).toMatch(new RegExp(`Port ${port} on 127\\.0\\.0\\.1 is already in use.*another relay port in Settings`));
    await clash.close(); // closing a relay that never listened is fine
  });

  it('close() stops listening and drops open connections', async () => {
    const h = await start();
    expect((await postEvent(h.url, aTaskCreatedEvent())).status).toBe(200); // leaves a keep-alive connection open
    await h.relay.close();
    expect(h.relay.status().listening).toBe(false);
    await expect(postEvent(h.url, aTaskCreatedEvent())).rejects.toThrow();
  });
});

describe('the public webhook address', () => {
  const relayUrl = 'http://127.0.0.1:8787/webhook';

  it('explains that a tunnel or reverse proxy must carry a good address to the relay', () => {
    const check = checkPublicAddress('https://hooks.example.com/deskbell', relayUrl);
    expect(check).toMatchObject({ outcome: 'ok', url: 'https://hooks.example.com/deskbell', problem: null });
    expect(check.message).toMatch(/cannot reach 127\.0\.0\.1/);
    expect(check.message).toMatch(/tunnel .* or a reverse proxy that carries https:\/\/hooks\.example\.com\/deskbell to http:\/\/127\.0\.0\.1:8787\/webhook/);
  });

  it.each([
    ['http://hooks.example.com/x', /must start with https/],
    ['https://127.0.0.1:8787/webhook', /IP address/],
    ['https://localhost/webhook', /this computer/],
    ['https://desk.local/webhook', /local network name/],
  ])('refuses %s with the rule and the same explanation', (address, rule) => {
    const check = checkPublicAddress(address, relayUrl);
    expect(check.outcome).toBe('refused');
    expect(check.problem).toMatch(rule);
    expect(check.message).toMatch(/tunnel/);
  });

  it('with no address, says polling carries the load', () => {
    expect(checkPublicAddress(null, relayUrl)).toMatchObject({ outcome: 'not_set', problem: null });
    expect(checkPublicAddress(null, relayUrl).message).toMatch(/polling only/);
  });

  it('the status carries the saved address\'s problem', async () => {
    const h = await start({ publicWebhookAddress: 'https://localhost/webhook' });
    expect(h.relay.status().publicAddressProblem).toMatch(/this computer/);
    h.relay.setPublicWebhookAddress('https://hooks.example.com/deskbell');
    expect(h.relay.status().publicAddressProblem).toBeNull();
  });
});

describe('request checks', () => {
  it('content types', () => {
    expect(isJsonContentType('application/json')).toBe(true);
    expect(isJsonContentType('application/json;charset=UTF-8')).toBe(true);
    expect(isJsonContentType('application/json; charset=latin1')).toBe(false);
    expect(isJsonContentType('application/jsonp')).toBe(false);
    expect(isJsonContentType('text/json')).toBe(false);
    expect(isJsonContentType(undefined)).toBe(false);
  });

  it('secret comparison', () => {
    expect(secretMatches(SECRET, SECRET)).toBe(true);
    expect(secretMatches(undefined, SECRET)).toBe(false);
    expect(secretMatches([SECRET, SECRET], SECRET)).toBe(false);
    expect(secretMatches('', '')).toBe(false); // an empty expected secret never matches
    expect(secretMatches('x'.repeat(10_000), SECRET)).toBe(false);
  });
});
