import type { IncomingMessage } from 'node:http';

/** What a simulator handler answers. `body` undefined means no body. */
export interface SimResponse {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/** One entry of a Customer API `issues` list. */
export interface SimIssue {
  path: (string | number)[];
  message: string;
}

/** A Customer API error answer: `{error, code, issues?}`. */
export function customerError(status: number, code: string, error: string, issues?: SimIssue[], headers?: Record<string, string>): SimResponse {
  return { status, body: issues ? { error, code, issues } : { error, code }, headers };
}

/** 400 `invalid_request` with one issue per failed input. */
export function invalidRequest(issues: SimIssue[], error = 'The request is invalid.'): SimResponse {
  return customerError(400, 'invalid_request', error, issues);
}

/** A 2xx JSON answer. */
export function ok(body: unknown, status = 200): SimResponse {
  return { status, body };
}

/** Thrown by handlers to answer at once with a given response (caught by the router). */
export class SimHttpError extends Error {
  constructor(readonly response: SimResponse) {
    super(`simulated ${response.status}`);
  }
}

/** Largest request body the simulator reads (the spec caps texts at 5000 characters; leave room for JSON). */
export const MAX_BODY_BYTES = 256 * 1024;

/** Reads a request body as text, refusing more than MAX_BODY_BYTES. */
export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of req) {
      const buf = chunk as Buffer;
      size += buf.length;
      if (size > MAX_BODY_BYTES) throw new SimHttpError(customerError(413, 'invalid_request', 'The request body is too large.', [{ path: [], message: 'Body over 256 KiB.' }]));
      chunks.push(buf);
    }
  } catch (err) {
    if (err instanceof SimHttpError) throw err;
    // The client hung up mid-body: nobody is left to answer, and it is not a simulator bug.
    throw new SimHttpError(invalidRequest([{ path: [], message: 'The request body was cut off.' }]));
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** True for `application/json` or a `+json` type, with or without parameters such as `charset`. */
export function isJsonContentType(header: string | undefined): boolean {
  const type = (header ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  return type === 'application/json' || /^application\/[a-z0-9.+-]+\+json$/.test(type);
}

/**
 * Parses a JSON body. Malformed JSON, a non-object body, and a body sent
 * with another content type (the spec: bodies are `application/json`) are 400
 * `invalid_request` with one issue, as the spec asks for bad input.
 */
export function parseJsonObject(text: string, contentType?: string): Record<string, unknown> {
  if (text.trim() === '') throw new SimHttpError(invalidRequest([{ path: [], message: 'A JSON object body is required.' }]));
  if (!isJsonContentType(contentType)) {
    throw new SimHttpError(invalidRequest([{ path: ['Content-Type'], message: 'Send the body as JSON with Content-Type: application/json.' }]));
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new SimHttpError(invalidRequest([{ path: [], message: 'The body is not valid JSON.' }], 'Malformed JSON body.'));
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new SimHttpError(invalidRequest([{ path: [], message: 'The body must be a JSON object.' }]));
  }
  return value as Record<string, unknown>;
}
