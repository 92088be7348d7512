/**
 * The relay's request checks, each a small pure function: the content type,
 * the shared secret (constant time), a size-limited body read, and which
 * headers may be passed on to a forward target.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** The header the service sends the webhook secret in (spec: Authentication). */
export const SECRET_HEADER = 'x-service-secret';

/**
 * True for `application/json`, with or without parameters; a `charset`
 * other than UTF-8 is refused because JSON text is UTF-8 (RFC 8259).
 */
export function isJsonContentType(value: string | undefined): boolean {
  if (value === undefined) return false;
  const [type = '', ...params] = value.split(';');
  if (type.trim().toLowerCase() !== 'application/json') return false;
  for (const param of params) {
    const [key = '', raw = ''] = param.split('=');
    if (key.trim().toLowerCase() === 'charset' && raw.trim().replace(/^"|"$/g, '').toLowerCase() !== 'utf-8') return false;
  }
  return true;
}

/**
 * Compares the received secret with the expected one in constant time,
 * whatever their lengths: both are hashed to 32 bytes first, because
 * `timingSafeEqual` needs equal lengths and an early length check would tell
 * an attacker how long the secret is. A missing header never matches.
 */
export function secretMatches(received: string | string[] | undefined, expected: string): boolean {
  const given = typeof received === 'string' ? received : '';
  const a = createHash('sha256').update(given, 'utf8').digest();
  const b = createHash('sha256').update(expected, 'utf8').digest();
  // Evaluate timingSafeEqual first so the work done never depends on the other checks.
  const same = timingSafeEqual(a, b);
  return same && typeof received === 'string' && expected.length > 0;
}

/** What reading a body gave. */
export type BodyRead = { ok: true; bytes: Buffer } | { ok: false; reason: 'too_large' | 'aborted' };

/**
 * Reads the request body up to `limit` bytes. Past the limit it stops
 * reading at once (the rest is never buffered) and reports `too_large`.
 */
export function readBodyLimited(req: IncomingMessage, limit: number): Promise<BodyRead> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const finish = (result: BodyRead) => {
      if (settled) return;
      settled = true;
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onAbort);
      req.off('aborted', onAbort);
      resolve(result);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.pause();
        finish({ ok: false, reason: 'too_large' });
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => finish({ ok: true, bytes: Buffer.concat(chunks, size) });
    const onAbort = () => finish({ ok: false, reason: 'aborted' });
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onAbort);
    req.on('aborted', onAbort);
  });
}

/**
 * Hop-by-hop headers (RFC 9110 §7.6.1) and those the forwarding connection
 * sets itself; everything else — including `X-Service-Secret` exactly as
 * received — goes to a forward target unchanged.
 */
const NOT_FORWARDED = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
  'content-length',
  'expect',
]);

/**
 * The headers to send to a forward target, from the request's raw headers
 * (original names and order, repeated headers kept), minus hop-by-hop ones
 * and any the `Connection` header names. No header is added: the target sees
 * what the service sent. (A target that points back at a relay cannot loop:
 * the relay forwards an event id only the first time it sees it.)
 */
export function forwardHeaders(rawHeaders: string[]): Record<string, string | string[]> {
  const named = new Set<string>();
  for (let i = 0; i < rawHeaders.length; i += 2) {
    if (rawHeaders[i]!.toLowerCase() === 'connection') {
      for (const token of rawHeaders[i + 1]!.split(',')) named.add(token.trim().toLowerCase());
    }
  }
  const out: Record<string, string | string[]> = {};
  const canonical = new Map<string, string>();
  for (let i = 0; i < rawHeaders.length; i += 2) {
    const name = rawHeaders[i]!;
    const value = rawHeaders[i + 1]!;
    const lower = name.toLowerCase();
    if (NOT_FORWARDED.has(lower) || named.has(lower)) continue;
    // One key per header, spelled as first received; repeats become an array (sent as repeated lines).
    const key = canonical.get(lower) ?? name;
    canonical.set(lower, key);
    const prior = out[key];
    out[key] = prior === undefined ? value : [...(Array.isArray(prior) ? prior : [prior]), value];
  }
  return out;
}
