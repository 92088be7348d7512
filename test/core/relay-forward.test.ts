/** Forward targets: the original bytes and headers, retries after a 5xx or a network error, and a log of deliveries. */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { aTaskCreatedEvent } from '../common/api/fixtures';
import { SECRET, postEvent, startRelay, type RelayHarness } from './relay-fixtures';

/** What a forward target received. */
interface Received {
  method: string;
  rawHeaders: string[];
  body: Buffer;
}

let h: RelayHarness | undefined;
const targets: Server[] = [];
afterEach(async () => {
  await h?.relay.close();
  h = undefined;
  await Promise.all(targets.splice(0).map((t) => new Promise((resolve) => t.close(resolve))));
});

/** A receiver on 127.0.0.1 that answers with the next status of `statuses` (the last one repeats). */
async function startTarget(statuses: number[]): Promise<{ url: string; received: Received[] }> {
  const received: Received[] = [];
  const server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ method: req.method ?? '', rawHeaders: req.rawHeaders, body: Buffer.concat(chunks) });
      res.statusCode = statuses[Math.min(received.length - 1, statuses.length - 1)]!;
      res.end();
    });
  });
  targets.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/deskbell`, received };
}

/** Header value by name, case-insensitively. */
function header(raw: string[], name: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < raw.length; i += 2) if (raw[i]!.toLowerCase() === name) out.push(raw[i + 1]!);
  return out;
}

const fast = { baseDelayMs: 10, timeoutMs: 2_000 };

describe('forward targets get the original request', () => {
  it('receives the exact bytes and headers, secret included, minus hop-by-hop headers', async () => {
    const target = await startTarget([200]);
    h = await startRelay({ forwardTargets: [target.url], forwardRetry: fast });
    // Odd spacing and unicode: a re-serialised body would differ.
    const body = JSON.stringify(aTaskCreatedEvent(), null, 3).replace('Book a table', 'Réserver 🍽 a table');
    const res = await postEvent(h.url, body, { 'X-Trace-Id': 'trace-1', 'Content-Type': 'application/json; charset=utf-8' });
    expect(res.status).toBe(200);
    await h.relay.idle();

    expect(target.received).toHaveLength(1);
    const got = target.received[0]!;
    expect(got.method).toBe('POST');
    expect(got.body.equals(Buffer.from(body, 'utf8'))).toBe(true);
    expect(header(got.rawHeaders, 'x-service-secret')).toEqual([SECRET]);
    expect(header(got.rawHeaders, 'content-type')).toEqual(['application/json; charset=utf-8']);
    expect(header(got.rawHeaders, 'x-trace-id')).toEqual(['trace-1']);
    expect(header(got.rawHeaders, 'content-length')).toEqual([String(Buffer.byteLength(body))]);
    // The relay's own connection headers, not the sender's.
    expect(header(got.rawHeaders, 'host')).toEqual([new URL(target.url).host]);
    expect(h.relay.status().forwards).toMatchObject([{ target: target.url, eventId: 'conversation:12:task.created', status: 200, error: null, attempt: 1 }]);
  });

  it('retries after a 503 and logs each attempt', async () => {
    const target = await startTarget([503, 200]);
    h = await startRelay({ forwardTargets: [target.url], forwardRetry: fast });
    await postEvent(h.url, aTaskCreatedEvent());
    await h.relay.idle();
    expect(target.received).toHaveLength(2);
    expect(target.received[1]!.body.equals(target.received[0]!.body)).toBe(true);
    expect(h.relay.status().forwards.map((d) => [d.attempt, d.status])).toEqual([
      [2, 200],
      [1, 503],
    ]);
  });

  it('gives up after three attempts at an unreachable target, without disturbing the relay', async () => {
    const gone = await startTarget([200]);
    await new Promise((resolve) => targets.pop()!.close(resolve));
    h = await startRelay({ forwardTargets: [gone.url], forwardRetry: fast });
    expect((await postEvent(h.url, aTaskCreatedEvent())).status).toBe(200);
    await h.relay.idle();
    const forwards = h.relay.status().forwards;
    expect(forwards.map((d) => d.attempt)).toEqual([3, 2, 1]);
    expect(forwards.every((d) => d.status === null && d.error === 'ECONNREFUSED')).toBe(true);
    expect(h.tasks).toHaveLength(1);
  });

  it('does not retry a 4xx answer', async () => {
    const target = await startTarget([400]);
    h = await startRelay({ forwardTargets: [target.url], forwardRetry: fast });
    await postEvent(h.url, aTaskCreatedEvent());
    await h.relay.idle();
    expect(target.received).toHaveLength(1);
  });

  it('forwards nothing that was refused, and a duplicate only once', async () => {
    const target = await startTarget([200]);
    h = await startRelay({ forwardTargets: [target.url], forwardRetry: fast });
    await postEvent(h.url, aTaskCreatedEvent(), { 'X-Service-Secret': 'wrong' });
    await postEvent(h.url, '{broken');
    await postEvent(h.url, aTaskCreatedEvent());
    await postEvent(h.url, aTaskCreatedEvent());
    await h.relay.idle();
    expect(target.received).toHaveLength(1);
  });

  it('a target pointing back at the relay cannot loop', async () => {
    h = await startRelay({ forwardRetry: fast });
    h.relay.setForwardTargets([h.url]);
    await postEvent(h.url, aTaskCreatedEvent());
    await h.relay.idle();
    await new Promise((resolve) => setTimeout(resolve, 50));
    await h.relay.idle();
    // One forward (answered as a duplicate), then nothing more.
    expect(h.relay.status().forwards).toHaveLength(1);
    expect(h.tasks).toHaveLength(1);
  });

  it('never shows a target\'s password in the log', async () => {
    const target = await startTarget([200]);
    const withPassword = target.url.replace('http://', 'http://user:hunter2@');
    h = await startRelay({ forwardTargets: [withPassword], forwardRetry: fast });
    await postEvent(h.url, aTaskCreatedEvent());
    await h.relay.idle();
    expect(JSON.stringify(h.relay.status())).not.toContain('hunter2');
    expect(header(target.received[0]!.rawHeaders, 'authorization')).toHaveLength(1); // the URL's credentials still go to the target
  });
});
