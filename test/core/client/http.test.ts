import { afterEach, describe, expect, it } from 'vitest';
import { createServer } from 'node:net';
import type { ServiceClient } from '../../../main/core/client';
import { json, startScriptedServer, type Script, type ScriptedServer } from './scripted-server';
import { makeClient, TEAM } from './fixtures';

let server: ScriptedServer | undefined;
let client: ServiceClient | undefined;
afterEach(async () => {
  await client?.close();
  await server?.close();
  client = undefined;
  server = undefined;
});

async function setup(script: Script, overrides: Parameters<typeof makeClient>[1] = {}) {
  server = await startScriptedServer(script);
  client = makeClient(server.baseUrl, overrides);
  return { server, client };
}

/** A loopback port with nothing listening on it. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((r) => probe.close(() => r()));
  return port;
}

describe('reuses one keep-alive connection for consecutive requests', () => {
  it('sends five reads over a single TCP connection', async () => {
    const { server, client } = await setup((_req, res) => json(res, 200, TEAM));
    for (let i = 0; i < 5; i++) expect((await client.customer.getTeam()).ok).toBe(true);
    expect(server.requests).toHaveLength(5);
    expect(server.connections()).toBe(1);
  });
});

describe('wrong shape becomes bad_response', () => {
  it('reports a 200 whose body does not match the schema, without throwing', async () => {
    const { client } = await setup((_req, res) => json(res, 200, { id: 'one', name: 3 }));
    const result = await client.customer.getTeam();
    expect(result).toMatchObject({ ok: false, error: { code: 'bad_response', status: 200 } });
  });

  it('reports a 200 that is not JSON', async () => {
    const { client } = await setup((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"id": 1, '));
    expect(await client.customer.getTeam()).toMatchObject({ ok: false, error: { code: 'bad_response', status: 200 } });
  });
});

describe('HTML error page becomes bad_response', () => {
  it('reports a proxy page as bad_response with its status, after retrying the read', async () => {
    const { server, client } = await setup((_req, res) =>
      res.writeHead(502, { 'content-type': 'text/html' }).end('<!DOCTYPE html><html><body><h1>502 Bad Gateway</h1></body></html>'),
    );
    const result = await client.customer.getTeam();
    expect(result).toMatchObject({ ok: false, error: { code: 'bad_response', status: 502 } });
    expect(server.requests).toHaveLength(3);
  });
});

describe('truncated body becomes bad_response', () => {
  it('reports an answer cut off before its announced length', async () => {
    const { client } = await setup((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '500' });
      res.write('{"id": 1, "name": "Har');
      setTimeout(() => res.socket?.destroy(), 20);
    });
    const result = await client.customer.getTeam();
    expect(result).toMatchObject({ ok: false, error: { code: 'bad_response', status: 200 } });
  });
});

describe('stall past the headers timeout becomes timeout', () => {
  it('gives up on a service that accepts the request and never answers', async () => {
    const { client } = await setup(() => undefined, { http: { timeouts: { headersMs: 200 } }, retry: { maxRetries: 0 } });
    expect(await client.customer.getTeam()).toMatchObject({ ok: false, error: { code: 'timeout' } });
  });
});

describe('reset connection becomes offline', () => {
  it('reports a dropped connection as offline after the bounded retries', async () => {
    const { server, client } = await setup((_req, res) => res.socket?.destroy());
    const result = await client.customer.getTeam();
    expect(result).toMatchObject({ ok: false, error: { code: 'offline' } });
    expect(server.requests).toHaveLength(3);
  });

  it('reports a refused connection as offline, even for a note (nothing was sent)', async () => {
    const port = await closedPort();
    client = makeClient(`http://127.0.0.1:${port}/api/v1`);
    expect(await client.customer.getTeam()).toMatchObject({ ok: false, error: { code: 'offline' } });
    expect(await client.customer.addNote('conversation-12', 'hello')).toMatchObject({ ok: false, error: { code: 'offline' } });
  });
});

describe('a closed client sends nothing', () => {
  it('answers offline, not unknown_outcome, for a note after close()', async () => {
    const { server, client } = await setup((_req, res) => json(res, 200, TEAM));
    await client.close();
    expect(await client.customer.addNote('conversation-1', 'late')).toMatchObject({ ok: false, error: { code: 'offline' } });
    expect(server.requests).toHaveLength(0);
  });
});
