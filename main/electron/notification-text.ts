import type { Task } from '../../common/api/customer';

/** Longest title and body we hand the OS; longer ones are cut with an ellipsis. */
export const MAX_TITLE = 64;
export const MAX_BODY = 180;

const CHANNEL_NOUNS: Readonly<Record<string, string>> = {
  phone: 'phone call',
  text: 'text',
  web_chat: 'web chat',
  email: 'email',
};

/** Collapses whitespace and cuts to `max` characters (code points, so emoji stay whole). */
export function truncate(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const chars = Array.from(flat);
  if (chars.length <= max) return flat;
  return chars.slice(0, Math.max(0, max - 1)).join('').trimEnd() + '…';
}

/** Who the task is about: "Name (phone)", or whichever of name, phone, email is there. */
export function customerText(task: Task): string {
  const name = task.customer.name?.trim();
  const phone = task.customer.phone?.trim();
  const email = task.customer.email?.trim();
  if (name && phone) return `${name} (${phone})`;
  return name || phone || email || 'unknown customer';
}

/** What the task came in as: "phone call", "web chat", "web form"… Unknown channels are shown as-is. */
export function channelNoun(task: Task): string {
  if (task.conversation) return CHANNEL_NOUNS[task.conversation.channel] ?? task.conversation.channel.replace(/_/g, ' ');
  return task.form ? 'web form' : 'task';
}

/** The OS notification for a new task: channel and customer in the title, the task's title as the body. */
export function newTaskNotification(task: Task): { title: string; body: string } {
  const title = truncate(`New ${channelNoun(task)}: ${customerText(task)}`, MAX_TITLE);
  const summary = task.title.trim() || task.description.trim() || 'Open Deskbell to see the task.';
  return { title, body: truncate(summary, MAX_BODY) };
}
