/**
 * `POST /tasks/{task_id}/notes`: an internal note on a conversation task.
 * The customer is not contacted, the author is the key's creator, form
 * tasks take no notes (400), every request adds a note (no idempotency), and
 * a merged conversation's task is 404 naming the task to use.
 */
import { NoteRequestSchema } from '../../../common/api/customer';
import { CONVERSATION_TASK_ID_PATTERN, FORM_TASK_ID_PATTERN } from '../../../common/api/primitives';
import { ok, type SimIssue } from '../http';
import { noteView } from '../resources';
import type { Router } from '../router';
import { check, refuseIfIssues } from '../validate';
import { API, customerRoute, readJsonInto, visibleTask, type CustomerDeps } from './common';

/** Registers the notes operation. */
export function registerNotes(router: Router, deps: CustomerDeps): void {
  const { world } = deps;
  router.add(
    'POST',
    `${API}/tasks/:taskId/notes`,
    customerRoute(deps, async (ctx, { member }) => {
      const issues: SimIssue[] = [];
      const raw = ctx.params.taskId ?? '';
      const match = CONVERSATION_TASK_ID_PATTERN.exec(raw);
      if (FORM_TASK_ID_PATTERN.test(raw)) {
        issues.push({ path: ['task_id'], message: 'Form tasks take no notes; notes can be added to conversation tasks only.' });
      } else if (!match) {
        issues.push({ path: ['task_id'], message: 'Task id must look like conversation-<number>.' });
      }
      const json = await readJsonInto(ctx, issues);
      const body = json === undefined ? undefined : check(NoteRequestSchema, json, issues);
      refuseIfIssues(issues);
      if (!body || !match?.[1]) throw new Error('unreachable: issues were empty');

      // "conversation-007" names conversation 7 (visibleTask canonicalises the number).
      const task = visibleTask(world, member, raw);
      const content = body.content.trim();
      const note = world.addNote(task.id, content, member.id);
      world.logActivity(member.id, 'note', task.id, content);
      return ok(noteView(world, note), 201);
    }),
  );
}
