import type { InboxTask } from '../../../common/views';
import { channelLabel, customerLabel, formatCreated, humanize } from '../format';

/** One task in the inbox list. */
export function TaskRow({ item }: { item: InboxTask }) {
  const { task, unread } = item;
  const created = formatCreated(task.created_at);
  return (
    <li className={unread ? 'task task--unread' : 'task'} data-testid="task-row" data-task-id={task.id}>
      <article className="task__body" aria-labelledby={`task-${task.id}-title`}>
        <div className="task__heading">
          {unread ? (
            <span className="task__unread" title="New">
              <span className="visually-hidden">New: </span>
            </span>
          ) : null}
          <h3 className="task__title" id={`task-${task.id}-title`}>
            {task.title || 'Untitled task'}
          </h3>
        </div>
        <p className="task__customer">{customerLabel(task)}</p>
        <dl className="task__meta">
          <div>
            <dt>Channel</dt>
            <dd data-testid="task-channel">{channelLabel(task)}</dd>
          </div>
          <div>
            <dt>Status</dt>
            <dd data-testid="task-status" className="task__status">
              {humanize(task.status)}
            </dd>
          </div>
          {created ? (
            <div>
              <dt>Created</dt>
              <dd>
                <time dateTime={task.created_at}>{created}</time>
              </dd>
            </div>
          ) : null}
        </dl>
      </article>
    </li>
  );
}
