/**
 * Who is calling. Customer API keys are attributed to their creator, whose
 * dashboard permissions apply; a missing, wrong or revoked key, or a
 * deactivated creator, is 401 (spec: Authentication rule 2).
 */
import type { IncomingMessage } from 'node:http';
import { customerError, SimHttpError } from './http';
import type { ApiKeyRecord, MemberRecord, World } from './world';

/** The caller of a Customer API request. */
export interface CustomerCaller {
  key: ApiKeyRecord;
  /** The key's creator: actions are attributed to them and their visibility applies. */
  member: MemberRecord;
}

/** Why a key was refused; the message is for people and may change. */
export type KeyProblem = 'missing' | 'unknown' | 'revoked' | 'deactivated';

const KEY_MESSAGES: Record<KeyProblem, string> = {
  missing: 'An API key is required. Send it in the X-API-KEY header.',
  unknown: 'The API key is not valid.',
  revoked: 'The API key has been revoked.',
  deactivated: 'The API key belongs to a deactivated user.',
};

/** The `X-API-KEY` header value, or undefined when absent or blank. */
export function apiKeyHeader(req: IncomingMessage): string | undefined {
  const raw = req.headers['x-api-key'];
  const value = (Array.isArray(raw) ? raw[0] : raw)?.trim();
  return value ? value : undefined;
}

/**
 * Resolves a Customer API key to its creator, or says why it cannot be used.
 * Exported for the other areas (notification preferences) that also take
 * `X-API-KEY`.
 */
export function resolveApiKey(world: World, key: string | undefined): CustomerCaller | { problem: KeyProblem; message: string } {
  if (key === undefined) return { problem: 'missing', message: KEY_MESSAGES.missing };
  const record = world.apiKeys.get(key);
  if (!record) return { problem: 'unknown', message: KEY_MESSAGES.unknown };
  if (record.revoked) return { problem: 'revoked', message: KEY_MESSAGES.revoked };
  const member = world.members.get(record.creatorId);
  if (!member || !member.active) return { problem: 'deactivated', message: KEY_MESSAGES.deactivated };
  return { key: record, member };
}

/** Authenticates a Customer API request or throws the 401 `{error, code: "unauthorized"}`. */
export function authenticateCustomer(world: World, req: IncomingMessage): CustomerCaller {
  const result = resolveApiKey(world, apiKeyHeader(req));
  if ('problem' in result) throw new SimHttpError(customerError(401, 'unauthorized', result.message));
  return result;
}

/**
 * Resolves a live-updates bearer token to its member and the team they have
 * selected (null: none selected); null when the token is unknown or its
 * member deactivated.
 */
export function resolveBearer(world: World, token: string): { member: MemberRecord; teamId: number | null } | null {
  const record = world.bearerTokens.get(token);
  const member = record ? world.members.get(record.memberId) : undefined;
  if (!record || !member?.active) return null;
  return { member, teamId: record.teamId === undefined ? world.team.id : record.teamId };
}
