import type { z } from 'zod';
import { PhonePreferencesRequestSchema, TeamWidePreferencesRequestSchema } from '../../../common/api/assumed';
import { NOTIFICATION_EVENTS, type NotificationChannel } from '../../../common/api/enums';
import type { EventChannel } from '../../../common/api/notifications';
import { isE164 } from '../../../common/phone';
import { customerError, invalidRequest, SimHttpError, type SimIssue } from '../http';
import type { NotificationMember } from './access';

/** A parsed preferences request: a map to save, or a reset of the scope. */
export type PreferencesChange = { reset: true } | { reset: false; eventChannel: EventChannel };

/** Parses a `PUT …/users/{user}` body: `{event_channel}` or `{reset: true}`. */
export function parseTeamWideBody(body: Record<string, unknown>): PreferencesChange {
  const [save, reset] = TeamWidePreferencesRequestSchema.options;
  return parseChange(body, save, reset);
}

/** Parses a `PATCH …/users/{user}/phone` body: `{phone_number_id, event_channel}` or `{phone_number_id, reset: true}`. */
export function parsePhoneBody(body: Record<string, unknown>): PreferencesChange & { phoneNumberId: number } {
  const [save, reset] = PhonePreferencesRequestSchema.options;
  const change = parseChange(body, save, reset);
  return { ...change, phoneNumberId: body.phone_number_id as number };
}

/**
 * Picks the branch by the presence of `reset`, so the issues name the real
 * problem instead of zod's generic "no union member matched". Event keys
 * outside the spec's seven are refused too: the shared schema would drop
 * them silently, and a misspelt event must not read as "saved".
 */
function parseChange(body: Record<string, unknown>, save: z.ZodType, reset: z.ZodType): PreferencesChange {
  const schema = 'reset' in body ? reset : save;
  const parsed = schema.safeParse(body);
  const issues: SimIssue[] = parsed.success ? [] : parsed.error.issues.flatMap(toIssues);
  const map = body.event_channel;
  if (map !== null && typeof map === 'object' && !Array.isArray(map)) {
    for (const key of Object.keys(map)) {
      if (!(NOTIFICATION_EVENTS as readonly string[]).includes(key)) {
        issues.push({ path: ['event_channel', key], message: `Unknown event. Events are: ${NOTIFICATION_EVENTS.join(', ')}.` });
      }
    }
  }
  if (issues.length > 0) throw new SimHttpError(invalidRequest(issues));
  if ('reset' in body) return { reset: true };
  return { reset: false, eventChannel: (parsed.data as { event_channel: EventChannel }).event_channel };
}

/** A zod issue as Customer API issues; an unknown-keys issue becomes one issue per key. */
function toIssues(issue: z.core.$ZodIssue): SimIssue[] {
  const path = issue.path.filter((p): p is string | number => typeof p === 'string' || typeof p === 'number');
  if (issue.code === 'unrecognized_keys') return issue.keys.map((k) => ({ path: [...path, k], message: 'Unknown property.' }));
  return [{ path, message: issue.message }];
}

/**
 * Refuses a map that enables a channel the member has no contact detail for
 * (spec: email needs an email address, sms an E.164 phone): 422
 * `unprocessable`, with a message naming each missing contact method.
 */
export function requireContactDetails(member: NotificationMember, map: EventChannel): void {
  const used = new Set<NotificationChannel>(Object.values(map).flatMap((channels) => channels ?? []));
  const problems: string[] = [];
  if (used.has('email') && (member.email === null || member.email.trim() === '')) {
    problems.push(`${member.name} lacks contact information for the channel email: no email address`);
  }
  if (used.has('sms') && (member.phone === null || !isE164(member.phone))) {
    problems.push(`${member.name} lacks contact information for the channel sms: no phone number in E.164 format`);
  }
  if (problems.length > 0) throw new SimHttpError(customerError(422, 'unprocessable', `${problems.join('; ')}.`));
}
