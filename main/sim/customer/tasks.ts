/**
 * Tasks: `GET /tasks?range=today|yesterday`, `GET /tasks/{task_id}` and
 * `PATCH /tasks/{task_id}` (status or assignee, with the concurrency guards
 * `expected_status` / `expected_assigned_to`).
 */
import { ASSUMED_TASK_STATUSES, TaskUpdateRequestSchema } from '../../../common/api/assumed';
import { TaskIdSchema } from '../../../common/api/primitives';
import { customerError, ok, SimHttpError, type SimIssue } from '../http';
import { taskView } from '../resources';
import type { RouteContext, Router } from '../router';
import { dayKey } from '../time';
import { check, refuseIfIssues } from '../validate';
import type { TaskRecord, World } from '../world';
import { API, customerRoute, notFound, rangeQuery, readJsonInto, visibleTask, type CustomerDeps } from './common';

/** The message of the 422 when a note is required before done. */
export const NOTE_REQUIRED_MESSAGE = 'Add a note before marking this task done.';

const STATUSES: readonly string[] = ASSUMED_TASK_STATUSES;

/** The `task_id` path parameter (either kind), adding an issue when malformed. */
function taskIdParam(ctx: RouteContext, issues: SimIssue[]): string | undefined {
  return check(TaskIdSchema, ctx.params.taskId ?? '', issues, ['task_id']);
}

/** The task as the API shows it, or 404 if its source vanished. */
function present(world: World, task: TaskRecord) {
  const view = taskView(world, task);
  if (!view) throw notFound(`Task ${task.id} was not found.`);
  return view;
}

/** Registers the task reads and the task update. */
export function registerTasks(router: Router, deps: CustomerDeps): void {
  const { world } = deps;

  router.add(
    'GET',
    `${API}/tasks`,
    customerRoute(deps, (ctx, { member }) => {
      const { day } = rangeQuery(ctx, world, true);
      const tasks = [...world.tasks.values()]
        .filter((t) => dayKey(t.createdAt, world.team.timezone) === day)
        .filter((t) => world.canSeeTask(member, t))
        // A merged conversation's task is not a task of its own any more.
        .filter((t) => !world.isMergedAway(t))
        .sort((a, b) => b.createdAt - a.createdAt || b.sourceId - a.sourceId);
      return ok({ tasks: tasks.map((t) => taskView(world, t)).filter((t) => t !== null) });
    }),
  );

  router.add(
    'GET',
    `${API}/tasks/:taskId`,
    customerRoute(deps, (ctx, { member }) => {
      const issues: SimIssue[] = [];
      const id = taskIdParam(ctx, issues);
      refuseIfIssues(issues);
      return ok(present(world, visibleTask(world, member, id as string)));
    }),
  );

  router.add(
    'PATCH',
    `${API}/tasks/:taskId`,
    customerRoute(deps, async (ctx, { member }) => {
      // Gather every issue (path and body) and refuse once, before any change.
      const issues: SimIssue[] = [];
      const id = taskIdParam(ctx, issues);
      const json = await readJsonInto(ctx, issues);
      const body = json === undefined ? undefined : check(TaskUpdateRequestSchema, json, issues);
      if (body) {
        for (const field of ['status', 'expected_status'] as const) {
          const value = body[field];
          if (value !== undefined && !STATUSES.includes(value)) {
            issues.push({ path: [field], message: `Unknown status "${value}"; use one of ${STATUSES.join(', ')}.` });
          }
        }
        if (body.assigned_to !== undefined && body.assigned_to !== null) {
          const assignee = world.members.get(body.assigned_to);
          if (!assignee) issues.push({ path: ['assigned_to'], message: `No team member has id ${body.assigned_to}.` });
          else if (!assignee.active) issues.push({ path: ['assigned_to'], message: `${assignee.name} is deactivated and cannot be assigned tasks.` });
        }
      }
      refuseIfIssues(issues);
      if (!body || id === undefined) throw new Error('unreachable: issues were empty');

      const task = visibleTask(world, member, id);
      // The guards: someone changed the task since the caller read it.
      if (body.expected_status !== undefined && body.expected_status !== task.status) {
        throw new SimHttpError(customerError(409, 'conflict', `The task changed meanwhile: its status is now ${task.status}.`));
      }
      if (body.expected_assigned_to !== undefined && body.expected_assigned_to !== task.assigneeId) {
        throw new SimHttpError(customerError(409, 'conflict', 'The task changed meanwhile: it has been assigned to someone else.'));
      }
      const becomesDone = body.status === 'done' && task.status !== 'done';
      if (becomesDone && world.team.requiresNoteBeforeDone && task.sourceType === 'conversation' && world.notesOf(task.id).length === 0) {
        throw new SimHttpError(customerError(422, 'unprocessable', NOTE_REQUIRED_MESSAGE));
      }

      const changes: string[] = [];
      if (body.status !== undefined && body.status !== task.status) {
        changes.push(`status ${task.status} → ${body.status}`);
        task.status = body.status;
      }
      if (body.assigned_to !== undefined && body.assigned_to !== task.assigneeId) {
        changes.push(`assignee → ${body.assigned_to === null ? 'nobody' : (world.members.get(body.assigned_to)?.name ?? body.assigned_to)}`);
        task.assigneeId = body.assigned_to;
      }
      if (changes.length > 0) world.logActivity(member.id, 'task_update', task.id, changes.join('; '));
      return ok(present(world, task));
    }),
  );
}
