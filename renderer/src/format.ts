import type { Task } from '../../common/api/customer';
import type { ConnectionState } from '../../common/views';

/** Channel names as the front desk says them. */
const CHANNEL_LABELS: Readonly<Record<string, string>> = {
  phone: 'Phone call',
  text: 'Text',
  web_chat: 'Web chat',
  email: 'Email',
};

/** How the task came in: the conversation's channel, or "Web form" for a form submission. */
export function channelLabel(task: Task): string {
  if (task.conversation) return CHANNEL_LABELS[task.conversation.channel] ?? humanize(task.conversation.channel);
  return task.form ? 'Web form' : 'Other';
}

/** Who the task is about: name, else phone, else email. */
export function customerLabel(task: Task): string {
  const { name, phone, email } = task.customer;
  return name?.trim() || phone?.trim() || email?.trim() || 'Unknown customer';
}

/** A status value as words ("in_progress" → "In progress"); unknown values are shown as they are. */
export function humanize(value: string): string {
  const words = value.replace(/[_-]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : value;
}

/** A creation time: the time alone for today, with the date otherwise. Null when unreadable. */
export function formatCreated(iso: string, now: Date = new Date()): string | null {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return null;
  const sameDay = at.toDateString() === now.toDateString();
  return sameDay
    ? at.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' })
    : at.toLocaleString(undefined, { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });
}

/** A short label for the header's connection badge. */
export function connectionLabel(connection: ConnectionState | null): string {
  if (!connection) return 'Starting…';
  switch (connection.state) {
    case 'online':
      return connection.demo ? 'Demo mode' : 'Connected';
    case 'connecting':
      return 'Connecting…';
    case 'offline':
      return 'Offline';
    case 'rate_limited':
      return 'Slowed down';
    case 'bad_key':
      return 'API key refused';
    case 'keychain_unavailable':
      return 'Keychain unavailable';
    case 'not_configured':
      return 'Not set up';
    default:
      return humanize(String(connection.state));
  }
}

/** The header badge's tone: fine, attention or problem. */
export function connectionTone(connection: ConnectionState | null): 'ok' | 'warn' | 'bad' {
  if (!connection) return 'warn';
  if (connection.state === 'online') return 'ok';
  if (connection.state === 'connecting' || connection.state === 'rate_limited' || connection.state === 'not_configured') return 'warn';
  return 'bad';
}
