import { Notification } from 'electron';
import type { Task } from '../../common/api/customer';
import { newTaskNotification } from './notification-text';

// Notifications are kept referenced until closed: a collected Notification loses its click handler.
const shown = new Set<Notification>();

/** Shows the OS notification for a new task; a click brings Deskbell forward. */
export function showNewTaskNotification(task: Task, { silent, onClick }: { silent: boolean; onClick: () => void }): void {
  if (!Notification.isSupported()) return;
  const notification = new Notification({ ...newTaskNotification(task), silent });
  shown.add(notification);
  notification.on('click', () => onClick());
  notification.on('close', () => shown.delete(notification));
  notification.show();
}
