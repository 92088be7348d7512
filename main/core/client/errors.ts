/**
 * Turning what went wrong on the wire into a {@link ContractError}: the three
 * error-body styles of the service, network failures, and unreadable answers.
 * Every decision here is made on the HTTP status, the stable `code` and which
 * body shape matched — never on the text, which the spec says can change.
 */
import { ApiErrorBodySchema, ErrorOnlyBodySchema, MessageBodySchema, ValidationErrorBodySchema } from '../../../common/api';
import { ASSUMED_CODE_FOR_STATUS } from '../../../common/api/assumed';
import type { ContractError } from '../../../common/views';

/** The code a status stands for when the body carries no stable code (partner API, live updates, proxies). */
export function codeForStatus(status: number): ContractError['code'] {
  const code = ASSUMED_CODE_FOR_STATUS[status];
  if (code) return code;
  if (status === 408) return 'timeout';
  // Redirects are not followed (undici's default) and the service sends none: an unexpected answer.
  if (status < 400) return 'bad_response';
  if (status >= 500) return 'internal';
  return 'invalid_request';
}

/**
 * `Retry-After` as whole seconds. The spec promises integer seconds; an HTTP
 * date or garbage gives undefined and the caller uses its own default.
 */
export function parseRetryAfter(header: string | string[] | undefined): number | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || !/^\s*\d{1,7}\s*$/.test(value)) return undefined;
  return Number(value.trim());
}

/** A short, human summary of why a body did not parse, for `bad_response` messages. */
function describeBody(text: string): string {
  const head = text.trimStart().slice(0, 15).toLowerCase();
  if (text.trim() === '') return 'an empty body';
  if (head.startsWith('<!doctype') || head.startsWith('<html') || head.startsWith('<')) return 'an HTML page';
  return 'a body that is not the expected JSON';
}

/** A `bad_response` error: the service answered, but not with something Deskbell can read. */
export function badResponse(status: number | undefined, detail: string): ContractError {
  if (status === undefined) return { code: 'bad_response', message: `The service sent an unexpected answer (${detail}).` };
  const accepted = status >= 200 && status < 300 ? ' It accepted the request, but its answer could not be read.' : '';
  return { code: 'bad_response', status, message: `The service sent an unexpected answer (HTTP ${status}: ${detail}).${accepted}` };
}

/**
 * Normalizes a non-2xx answer from any of the three error-body styles:
 * Customer API `{error, code, issues?}`; partner/live-update `{error}` and
 * `{message}`; validation `{message, errors}` (→ `invalid_request` with
 * `fieldErrors`, and `issues` built from them so the UI shows one list).
 * A body matching none of them — an HTML error page, a truncated body — is
 * `bad_response`, except 429, which is always `rate_limited` because the
 * status alone is enough to know to slow down.
 */
export function errorFromResponse(status: number, bodyText: string, retryAfterHeader?: string | string[]): ContractError {
  const retryAfterSec = parseRetryAfter(retryAfterHeader);
  const withRetry = (e: ContractError): ContractError => (retryAfterSec === undefined ? e : { ...e, retryAfterSec });
  let body: unknown;
  try {
    body = JSON.parse(bodyText);
  } catch {
    body = undefined;
  }
  const customer = ApiErrorBodySchema.safeParse(body);
  if (customer.success) {
    const { error, code, issues } = customer.data;
    return withRetry(issues ? { code, status, message: error, issues } : { code, status, message: error });
  }
  const validation = ValidationErrorBodySchema.safeParse(body);
  if (validation.success) {
    const { message, errors } = validation.data;
    const issues = Object.entries(errors).flatMap(([field, messages]) => messages.map((m) => ({ path: field.split('.'), message: m })));
    return withRetry({ code: 'invalid_request', status, message, fieldErrors: errors, issues });
  }
  const errorOnly = ErrorOnlyBodySchema.safeParse(body);
  if (errorOnly.success) return withRetry({ code: codeForStatus(status), status, message: errorOnly.data.error });
  const messageOnly = MessageBodySchema.safeParse(body);
  if (messageOnly.success) return withRetry({ code: codeForStatus(status), status, message: messageOnly.data.message });
  if (status === 429) return withRetry({ code: 'rate_limited', status, message: 'Too many requests to the service; waiting before trying again.' });
  return withRetry(badResponse(status, describeBody(bodyText)));
}

/** Where a network failure happened: before a connection existed (nothing was sent), or after. */
export interface NetworkFailure {
  error: ContractError;
  /** False only when the request certainly never left this PC (refused, no DNS, connect timeout). */
  mayHaveBeenSent: boolean;
}

/** Failures that happen before a connection exists: the request was certainly not sent. */
const NOT_SENT_OFFLINE = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH', 'EHOSTDOWN', 'ENETDOWN', 'EADDRNOTAVAIL']);

function errorCode(err: unknown): string | undefined {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

/**
 * Classifies an error thrown by undici. `afterHeaders` is true when the
 * status line had already arrived: a connection lost then means the body was
 * cut off, which is an unreadable answer (`bad_response`), not "offline".
 * The message names the host but never the URL's query or any header.
 */
export function networkFailure(err: unknown, host: string, afterHeaders: boolean, status?: number): NetworkFailure {
  const code = errorCode(err) ?? 'UNKNOWN';
  if (NOT_SENT_OFFLINE.has(code)) {
    const why = code === 'ECONNREFUSED' ? 'connection refused' : code === 'ENOTFOUND' || code === 'EAI_AGAIN' ? 'name not found' : 'network unreachable';
    return { mayHaveBeenSent: false, error: { code: 'offline', message: `Cannot reach ${host} (${why}). Check the network connection.` } };
  }
  if (code === 'UND_ERR_CLOSED' || code === 'UND_ERR_DESTROYED') {
    return { mayHaveBeenSent: false, error: { code: 'offline', message: 'Deskbell has closed its connections to the service.' } };
  }
  if (code === 'UND_ERR_CONNECT_TIMEOUT') {
    return { mayHaveBeenSent: false, error: { code: 'timeout', message: `Connecting to ${host} took too long.` } };
  }
  if (code === 'UND_ERR_HEADERS_TIMEOUT') {
    return { mayHaveBeenSent: true, error: { code: 'timeout', message: `${host} did not answer in time.` } };
  }
  if (afterHeaders || code === 'UND_ERR_RES_CONTENT_LENGTH_MISMATCH' || code === 'UND_ERR_RES_EXCEEDED_MAX_SIZE' || code.startsWith('HPE_')) {
    // Once the status line is in, the service has answered: a body that
    // stalls or is cut off is an unreadable answer, and with a 2xx the
    // request is known to have been accepted.
    const detail =
      code === 'UND_ERR_BODY_TIMEOUT'
        ? 'the answer stalled part-way'
        : code === 'UND_ERR_RES_EXCEEDED_MAX_SIZE'
          ? 'the answer is too large'
          : code.startsWith('HPE_')
            ? 'not valid HTTP'
            : 'the answer was cut off';
    return { mayHaveBeenSent: true, error: badResponse(status, detail) };
  }
  // Reset, closed socket, broken pipe, TLS failures: the connection existed,
  // so the service may have received the request.
  return { mayHaveBeenSent: true, error: { code: 'offline', message: `The connection to ${host} was lost.` } };
}
