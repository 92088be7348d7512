/**
 * Injected failures for the client's tests (`POST /_sim/faults`). A rule
 * matches requests whose pathname starts with `path` (and, if given, whose
 * method matches) and fires for the next `count` of them.
 *
 * Two stages: transport faults (status, HTML page, raw body, stall, dropped
 * connection, truncated answer) act before or around the handler; send
 * faults (the ambiguous 409, a forced delivery outcome) act inside the
 * reply handler at the moment of sending, after every check has passed.
 */
import { z } from 'zod';
import { ASSUMED_CODE_FOR_STATUS } from '../../common/api/assumed';
import { DeliveryStatusSchema } from '../../common/api/enums';

/** The body of `POST /_sim/faults`. */
export const FaultRequestSchema = z
  .strictObject({
    path: z.string().startsWith('/', 'Must be a pathname starting with "/".'),
    method: z.string().regex(/^[A-Za-z]+$/).optional(),
    count: z.int().min(1).max(10_000).default(1),
    /** Answer this status instead of running the handler. */
    status: z.int().min(100).max(599).optional(),
    /** With `status`: answer an HTML error page (a proxy in the way). */
    html: z.literal(true).optional(),
    /** With `status`: answer exactly this raw body (a wrong shape or a cut-off JSON). */
    body: z.string().max(1_000_000).optional(),
    /** With `body`: its content type (default application/json). */
    contentType: z.string().max(200).optional(),
    /** With `status`: a `Retry-After` header. */
    retryAfter: z.int().min(0).max(86_400).optional(),
    /** Stall this long (virtual clock; `POST /_sim/clock` ends it early), then go on. */
    delayMs: z.int().min(0).max(600_000).optional(),
    /** Destroy the socket without answering. */
    reset: z.literal(true).optional(),
    /** Run the handler (state changes happen) but cut the answer off halfway and drop the connection. */
    truncate: z.literal(true).optional(),
    /** Reply only: the message is sent and recorded, but the answer is 409 "may have gone out". */
    ambiguous409: z.literal(true).optional(),
    /** Reply only: the send's delivery outcome. */
    delivery: z.strictObject({ status: DeliveryStatusSchema, error: z.string().min(1).max(500).optional() }).optional(),
  })
  .superRefine((f, ctx) => {
    const kinds = [f.status !== undefined, f.reset, f.truncate, f.ambiguous409, f.delivery !== undefined].filter(Boolean).length;
    if (kinds > 1) ctx.addIssue({ code: 'custom', path: [], message: 'Give one of status, reset, truncate, ambiguous409 or delivery.' });
    if (kinds === 0 && f.delayMs === undefined) {
      ctx.addIssue({ code: 'custom', path: [], message: 'Give status, delayMs, reset, truncate, ambiguous409 or delivery.' });
    }
    if (f.status === undefined) {
      for (const k of ['html', 'body', 'contentType', 'retryAfter'] as const) {
        if (f[k] !== undefined) ctx.addIssue({ code: 'custom', path: [k], message: `${k} needs status.` });
      }
    }
    if (f.html && f.body !== undefined) ctx.addIssue({ code: 'custom', path: ['body'], message: 'Give html or body, not both.' });
    if ((f.ambiguous409 || f.delivery) && f.delayMs !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['delayMs'], message: 'A send fault cannot stall.' });
    }
  });

/** A fault as requested. */
export type FaultRequest = z.infer<typeof FaultRequestSchema>;

/** A pending fault rule. */
export interface FaultRule extends FaultRequest {
  id: number;
  /** How many more matching requests it fires for. */
  remaining: number;
}

/** Whether a rule acts at the transport stage (everything except the reply's send faults). */
function isTransport(rule: FaultRule): boolean {
  return !rule.ambiguous409 && rule.delivery === undefined;
}

/** The pending faults. */
export class Faults {
  private rules: FaultRule[] = [];
  private nextId = 1;

  /** Adds a rule; the earliest added matching rule fires first. */
  add(request: FaultRequest): FaultRule {
    const rule: FaultRule = { ...request, id: this.nextId++, remaining: request.count };
    this.rules.push(rule);
    return rule;
  }

  /** The pending rules (copies). */
  list(): FaultRule[] {
    return this.rules.map((r) => ({ ...r }));
  }

  /** Drops every rule. */
  clear(): void {
    this.rules = [];
  }

  /** Takes one firing of the first transport rule matching the request, if any. */
  takeTransport(method: string, pathname: string): FaultRule | undefined {
    return this.take((r) => isTransport(r) && matches(r, method, pathname));
  }

  /** Takes one firing of the first send rule of `kind` matching a reply request, if any. */
  takeSend(kind: 'ambiguous409' | 'delivery', pathname: string): FaultRule | undefined {
    return this.take((r) => (kind === 'ambiguous409' ? r.ambiguous409 === true : r.delivery !== undefined) && matches(r, 'POST', pathname));
  }

  private take(predicate: (r: FaultRule) => boolean): FaultRule | undefined {
    const rule = this.rules.find(predicate);
    if (!rule) return undefined;
    rule.remaining -= 1;
    if (rule.remaining <= 0) this.rules = this.rules.filter((r) => r !== rule);
    return { ...rule };
  }
}

/** Prefix match on the pathname, and the method when the rule names one. */
function matches(rule: FaultRule, method: string, pathname: string): boolean {
  if (rule.method !== undefined && rule.method.toUpperCase() !== method.toUpperCase()) return false;
  return pathname.startsWith(rule.path);
}

/** The error code a faked status would carry, so a faked answer looks like the real service's. */
export function codeForStatus(status: number): string {
  return ASSUMED_CODE_FOR_STATUS[status] ?? 'internal';
}

/** A plausible HTML error page, as a proxy or load balancer in front of the service would serve. */
export function htmlErrorPage(status: number): string {
  return `<!DOCTYPE html>\n<html><head><title>${status} Error</title></head><body><center><h1>${status} Error</h1></center><hr><center>nginx</center></body></html>\n`;
}
