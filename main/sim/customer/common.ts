/**
 * What every Customer API handler shares: authentication and the general
 * rate limit in front of it, body reading that adds to the issue list
 * instead of refusing alone, and record lookups that honour visibility and
 * merges.
 */
import { TaskRangeSchema, type TaskRange } from '../../../common/api/enums';
import { authenticateCustomer, type CustomerCaller } from '../auth';
import type { Faults } from '../faults';
import { customerError, SimHttpError, type SimIssue, type SimResponse } from '../http';
import type { RateLimits } from '../rate-limit';
import type { RouteContext, RouteHandler } from '../router';
import { dayKey, previousDayKey } from '../time';
import { check, queryParam, refuseIfIssues } from '../validate';
import type { ConversationRecord, MemberRecord, TaskRecord, World } from '../world';

/** Base path of the Customer API. */
export const API = '/api/v1';

/** What the Customer API handlers need. */
export interface CustomerDeps {
  world: World;
  limits: RateLimits;
  faults: Faults;
}

/** A Customer API handler, called once the caller is known and within the general limit. */
export type CustomerHandler = (ctx: RouteContext, caller: CustomerCaller) => Promise<SimResponse> | SimResponse;

/**
 * Wraps a handler with `X-API-KEY` authentication (401) and the 120/min
 * per-user limit (429). Authentication comes first: the limit is per user,
 * so the user must be known.
 */
export function customerRoute(deps: CustomerDeps, handler: CustomerHandler): RouteHandler {
  return async (ctx) => {
    const caller = authenticateCustomer(deps.world, ctx.req);
    deps.limits.hitGeneral(caller.member.id);
    return handler(ctx, caller);
  };
}

/**
 * Reads the JSON body. A malformed body adds its issue to `issues` (so a bad
 * path parameter is reported in the same answer) and yields undefined.
 */
export async function readJsonInto(ctx: RouteContext, issues: SimIssue[]): Promise<Record<string, unknown> | undefined> {
  try {
    return await ctx.json();
  } catch (err) {
    const body = err instanceof SimHttpError ? (err.response.body as { issues?: SimIssue[] } | undefined) : undefined;
    if (err instanceof SimHttpError && err.response.status === 400 && body?.issues) {
      issues.push(...body.issues);
      return undefined;
    }
    throw err;
  }
}

/**
 * The `range` query (`today` or `yesterday`, days of the team's timezone)
 * and the day it names as `YYYY-MM-DD`; 400 for any other value. When the
 * query is absent: today if `defaultToday`, else undefined (no day filter).
 */
export function rangeQuery(ctx: RouteContext, world: World, defaultToday: true): { range: TaskRange; day: string };
export function rangeQuery(ctx: RouteContext, world: World, defaultToday: false): { range: TaskRange; day: string } | undefined;
export function rangeQuery(ctx: RouteContext, world: World, defaultToday: boolean): { range: TaskRange; day: string } | undefined {
  const issues: SimIssue[] = [];
  const raw = queryParam(ctx.url, 'range', issues);
  const range = raw === undefined ? (defaultToday ? 'today' : undefined) : check(TaskRangeSchema, raw, issues, ['range']);
  refuseIfIssues(issues);
  if (range === undefined) return undefined;
  const today = dayKey(world.clock.now(), world.team.timezone);
  return { range, day: range === 'today' ? today : previousDayKey(today) };
}

/** A task id with the number in canonical form: `conversation-007` names conversation 7 (the id patterns allow leading zeros). */
export function canonicalTaskId(taskId: string): string {
  return taskId.replace(/-(\d+)$/, (_, digits: string) => `-${BigInt(digits).toString()}`);
}

/** 404 `not_found`. */
export function notFound(message: string): SimHttpError {
  return new SimHttpError(customerError(404, 'not_found', message));
}

/**
 * A conversation the member may see, or 404. A merged conversation is
 * returned as is: callers decide what a merge means for them.
 */
export function visibleConversation(world: World, member: MemberRecord, id: number): ConversationRecord {
  const conversation = world.conversations.get(id);
  // Not visible is reported exactly like not existing (spec: Authentication rule 1).
  if (!conversation || !world.canSeeConversation(member, conversation)) throw notFound(`Conversation ${id} was not found.`);
  return conversation;
}

/**
 * A task the member may see, or 404. A task whose conversation was merged
 * into another is 404 `not_found` with a message naming the task to use
 * instead (spec: notes rule 5; applied to every task operation).
 */
export function visibleTask(world: World, member: MemberRecord, taskId: string): TaskRecord {
  const task = world.tasks.get(canonicalTaskId(taskId));
  if (!task || !world.canSeeTask(member, task)) throw notFound(`Task ${taskId} was not found.`);
  if (task.sourceType === 'conversation') {
    const conversation = world.conversations.get(task.sourceId);
    if (conversation && conversation.mergedIntoId !== null) {
      const target = world.mergeTarget(conversation);
      throw notFound(`Task ${taskId} was merged into another conversation; use task conversation-${target.id} instead.`);
    }
  }
  return task;
}
