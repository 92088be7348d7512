/**
 * The webhook's view of the world: the facts of a task source, read afresh
 * on every delivery attempt so `data` shows the task as it is at that
 * moment (after automatic assignment, after any later change).
 */
import { phoneLineView, taskView } from './resources';
import { iso } from './time';
import type { TaskEventFacts, TaskSource } from './webhook/legacy';
import type { World } from './world';

/**
 * Reads a task source's facts; null when the source does not exist. `data`
 * is null when the dashboard does not show the task: its conversation was
 * merged into another.
 */
export function readTaskEvent(world: World, source: TaskSource): TaskEventFacts | null {
  const id = source.sourceType === 'conversation' ? `conversation-${source.sourceId}` : `form-submission-${source.sourceId}`;
  const task = world.tasks.get(id);
  if (!task) return null;
  const view = taskView(world, task);
  if (!view) return null;
  if (source.sourceType === 'conversation') {
    const conversation = world.conversations.get(source.sourceId);
    if (!conversation) return null;
    const line = conversation.phoneLineId === null ? undefined : world.phoneLines.get(conversation.phoneLineId);
    const contact = world.contacts.get(conversation.contactId);
    return {
      occurredAt: iso(conversation.createdAt),
      data: conversation.mergedIntoId === null ? view : null,
      phoneLine: line ? phoneLineView(line) : null,
      channel: conversation.channel,
      caller: { name: contact?.name ?? null, phone: contact?.phone ?? null },
      firstFollowUp: { ...task.firstFollowUp },
      categoryKey: task.category,
      url: view.url,
    };
  }
  const form = world.formSubmissions.get(source.sourceId);
  if (!form) return null;
  return {
    occurredAt: iso(form.createdAt),
    data: view,
    phoneLine: null,
    channel: null,
    caller: { name: view.customer.name, phone: view.customer.phone },
    firstFollowUp: { ...task.firstFollowUp },
    categoryKey: task.category,
    url: view.url,
  };
}
