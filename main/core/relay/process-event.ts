/**
 * What the relay does with an accepted, first-seen event, after the service
 * already has its 2xx: a task goes to the inbox (read again through the API
 * when `data` is null, and dropped when the key's owner cannot see it); a
 * test or unknown event is only logged.
 */
import type { Task } from '../../../common/api/customer';
import { legacyTaskId, type Intake } from './event-intake';
import type { RelayLogger } from './relay-server';

/** The parts of the relay's options processing needs. */
export interface EventSinks {
  onTask: (task: Task, eventId: string) => void | Promise<void>;
  lookupLegacyTask: (taskId: string) => Promise<Task | null>;
}

/**
 * Acts on one event. Never throws: a failed lookup or inbox is logged, and
 * the poller picks the task up on its next run (the event id stays recorded,
 * since the service will not redeliver an event it got a 2xx for).
 */
export async function processEvent(intake: Exclude<Intake, { kind: 'invalid' }>, sinks: EventSinks, log: RelayLogger): Promise<void> {
  const eventId = intake.kind === 'unknown' ? intake.id : intake.event.id;
  try {
    if (intake.kind === 'unknown') {
      log.info('unknown event kind acknowledged and ignored', { eventId, event: intake.eventKind });
      return;
    }
    if (intake.kind === 'test') {
      log.info('webhook test received: relay verified', { eventId });
      return;
    }
    let task = intake.event.data;
    if (task === null) {
      // The dashboard does not show the task to the key's owner: ask the API, which applies the same visibility.
      const taskId = legacyTaskId(intake.event);
      task = await sinks.lookupLegacyTask(taskId);
      if (task === null) {
        log.info('event dropped: task not visible to this API key', { eventId, taskId });
        return;
      }
    }
    await sinks.onTask(task, eventId);
  } catch (err) {
    log.warn('event processing failed; the next poll will pick the task up', { eventId, error: err instanceof Error ? err.message : String(err) });
  }
}
