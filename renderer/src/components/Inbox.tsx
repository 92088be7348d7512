import { useMemo } from 'react';
import { useApp } from '../store/context';
import { TaskRow } from './TaskRow';

/** The inbox: every task this PC knows about, newest first. */
export function Inbox() {
  const tasks = useApp((s) => s.tasks);
  const unreadCount = useApp((s) => s.unreadCount);
  const sorted = useMemo(() => [...tasks].sort((a, b) => Date.parse(b.task.created_at) - Date.parse(a.task.created_at)), [tasks]);

  return (
    <section className="inbox" aria-labelledby="inbox-heading">
      <div className="inbox__heading">
        <h2 id="inbox-heading">Inbox</h2>
        {unreadCount > 0 ? (
          <span className="inbox__count" data-testid="unread-count">
            {unreadCount} new
          </span>
        ) : null}
      </div>
      {sorted.length === 0 ? (
        <p className="inbox__empty" data-testid="inbox-empty">
          No tasks yet — new tasks appear here the moment they arrive.
        </p>
      ) : (
        <ul className="task-list" aria-label="Tasks">
          {sorted.map((item) => (
            <TaskRow key={item.task.id} item={item} />
          ))}
        </ul>
      )}
    </section>
  );
}
