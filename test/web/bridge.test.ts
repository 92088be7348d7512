import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { ContractHandler } from '../../common/contract';
import { BRIDGE_PATH, MAX_FRAME_BYTES, startWebHost, type WebHost } from '../../main/web';
import { createStubCore } from './stub-core';

type Frame = { id?: unknown; result?: { ok: boolean; value?: unknown; error?: { code: string; message: string } }; event?: string; payload?: unknown };

/** Opens a bridge socket; resolves with the socket once open, or with the HTTP status that refused it. */
function connect(url: string, origin: string | undefined): Promise<{ ws: WebSocket } | { status: number }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, origin ? { origin } : {});
    ws.once('open', () => resolve({ ws }));
    ws.once('unexpected-response', (_req, res) => {
      resolve({ status: res.statusCode ?? 0 });
      ws.terminate();
    });
    ws.once('error', reject);
  });
}

/** A connected client that collects frames. */
class Client {
  readonly frames: Frame[] = [];
  private waiters: (() => void)[] = [];
  constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      this.frames.push(JSON.parse(String(data)) as Frame);
      this.waiters.splice(0).forEach((w) => w());
    });
  }
  async next(match: (f: Frame) => boolean): Promise<Frame> {
    for (;;) {
      const found = this.frames.find(match);
      if (found) return found;
      await new Promise<void>((r) => this.waiters.push(r));
    }
  }
  async call(id: unknown, method: unknown, args?: unknown): Promise<Frame> {
    this.ws.send(JSON.stringify({ id, method, args }));
    return this.next((f) => f.id === id);
  }
}

describe('the contract bridge', () => {
  let dir: string;
  let host: WebHost;
  const handler = createStubCore();
  let bridgeUrl: string;
  const open: WebSocket[] = [];

  async function client(): Promise<Client> {
    const res = await connect(bridgeUrl, host.origin);
    if (!('ws' in res)) throw new Error(`refused with ${res.status}`);
    open.push(res.ws);
    return new Client(res.ws);
  }

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'deskbell-bridge-'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html>');
    host = await startWebHost({ handler, rendererDir: dir, log: () => {} });
    bridgeUrl = `ws://${new URL(host.origin).host}${BRIDGE_PATH}?token=${host.token}`;
  });
  afterEach(() => open.splice(0).forEach((ws) => ws.terminate()));
  afterAll(async () => {
    await host.close();
    rmSync(dir, { recursive: true, force: true });
  });

  describe('who may connect', () => {
    it('refuses a connection without the token with 401', async () => {
      expect(await connect(`ws://${new URL(host.origin).host}${BRIDGE_PATH}`, host.origin)).toEqual({ status: 401 });
    });
    it('refuses a wrong token with 401', async () => {
      expect(await connect(`ws://${new URL(host.origin).host}${BRIDGE_PATH}?token=${'0'.repeat(64)}`, host.origin)).toEqual({ status: 401 });
    });
    it('refuses another origin with 403, even with the token', async () => {
      expect(await connect(bridgeUrl, 'http://evil.example')).toEqual({ status: 403 });
      expect(await connect(bridgeUrl, host.origin.replace('127.0.0.1', 'localhost'))).toEqual({ status: 403 });
    });
    it('refuses a client that sends no Origin with 403', async () => {
      expect(await connect(bridgeUrl, undefined)).toEqual({ status: 403 });
    });
    it('refuses other paths with 404', async () => {
      expect(await connect(bridgeUrl.replace(BRIDGE_PATH, '/other'), host.origin)).toEqual({ status: 404 });
    });
    it('lets the page of this origin with the token in', async () => {
      const c = await client();
      expect(c.ws.readyState).toBe(WebSocket.OPEN);
    });
  });

  describe('requests and replies', () => {
    it('answers a valid call with the handler result under the same id', async () => {
      const c = await client();
      const reply = await c.call(1, 'getSnapshot', {});
      expect(reply.result?.ok).toBe(true);
      expect((reply.result?.value as { tasks: unknown[] }).tasks).toEqual([]);
    });

    it('answers an unknown method with invalid_request', async () => {
      const c = await client();
      const reply = await c.call('a', 'dropDatabase', {});
      expect(reply.result).toMatchObject({ ok: false, error: { code: 'invalid_request' } });
    });

    it('validates arguments before the handler sees them', async () => {
      const c = await client();
      const reply = await c.call('b', 'getTask', { taskId: 'nope' });
      expect(reply.result).toMatchObject({ ok: false, error: { code: 'invalid_request' } });
      const extra = await c.call('c', 'getSnapshot', { sneaky: true });
      expect(extra.result).toMatchObject({ ok: false, error: { code: 'invalid_request' } });
    });

    it('answers malformed frames with an error and keeps the connection', async () => {
      const c = await client();
      c.ws.send('{not json');
      expect((await c.next((f) => f.id === null)).result).toMatchObject({ ok: false, error: { code: 'invalid_request' } });
      c.frames.length = 0;
      c.ws.send(JSON.stringify([1, 2]));
      expect((await c.next((f) => f.id === null)).result?.ok).toBe(false);
      c.frames.length = 0;
      c.ws.send(JSON.stringify({ method: 'getSnapshot' }));
      expect((await c.next((f) => f.id === null)).result?.ok).toBe(false);
      c.frames.length = 0;
      c.ws.send(Buffer.from([1, 2, 3]), { binary: true });
      expect((await c.next((f) => f.id === null)).result?.ok).toBe(false);
      const reply = await c.call(7, 'getSnapshot', {});
      expect(reply.result?.ok).toBe(true);
    });

    it('closes a connection that sends an oversized frame, and the host stays up', async () => {
      const c = await client();
      const closed = new Promise<number>((r) => c.ws.once('close', (code) => r(code)));
      c.ws.send('x'.repeat(MAX_FRAME_BYTES + 1));
      expect(await closed).toBe(1009);
      const again = await client();
      expect((await again.call(1, 'getSnapshot', {})).result?.ok).toBe(true);
    });
  });

  describe('events', () => {
    it('pushes core events to every open connection', async () => {
      const a = await client();
      const b = await client();
      const payload = { state: 'online' as const, message: 'Connected.', since: new Date().toISOString(), demo: true };
      handler.emit('connection:changed', payload);
      expect(await a.next((f) => f.event === 'connection:changed')).toEqual({ event: 'connection:changed', payload });
      expect(await b.next((f) => f.event === 'connection:changed')).toEqual({ event: 'connection:changed', payload });
    });
  });
});

describe('a handler that throws', () => {
  it('becomes an internal result, and the detail goes to the log only', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'deskbell-bridge-'));
    const logged: string[] = [];
    const throwing: ContractHandler = {
      handle: () => Promise.reject(new Error('secret detail sk_live_123')),
      on: () => () => {},
    };
    const host = await startWebHost({ handler: throwing, rendererDir: dir, log: (m) => logged.push(m) });
    try {
      const res = await connect(`ws://${new URL(host.origin).host}${BRIDGE_PATH}?token=${host.token}`, host.origin);
      if (!('ws' in res)) throw new Error('refused');
      const c = new Client(res.ws);
      const reply = await c.call(1, 'getSnapshot', {});
      expect(reply.result).toMatchObject({ ok: false, error: { code: 'internal' } });
      expect(reply.result?.error?.message).not.toContain('sk_live_123');
      expect(logged.join('\n')).toContain('secret detail');
      res.ws.terminate();
    } finally {
      await host.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
