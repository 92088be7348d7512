/**
 * World records as the API shows them. One function per resource, so every
 * endpoint (and the webhook's `data`) serialises a record the same way.
 */
import type { Contact, ConversationMessage, Task, TaskNote } from '../../common/api/customer';
import type { Conversation, Member, Team, ThreadMessage } from '../../common/api/assumed';
import type { PhoneLine } from '../../common/api/customer';
import type { ReplyChannel } from '../../common/api/enums';
import { iso } from './time';
import type {
  ContactRecord,
  ConversationRecord,
  MemberRecord,
  MessageRecord,
  NoteRecord,
  PhoneLineRecord,
  TaskRecord,
  TeamRecord,
  World,
} from './world';

/** `GET /team`. */
export function teamView(team: TeamRecord): Team {
  return {
    id: team.id,
    name: team.name,
    timezone: team.timezone,
    dashboard_url: team.dashboardUrl,
    requires_note_before_done: team.requiresNoteBeforeDone,
  };
}

/** A phone line (also nested in tasks and conversations). */
export function phoneLineView(line: PhoneLineRecord): PhoneLine {
  return { id: line.id, name: line.name, phone_number: line.phoneNumber };
}

/** A member. */
export function memberView(member: MemberRecord): Member {
  return { id: member.id, name: member.name, email: member.email, phone: member.phone, role: member.role, active: member.active };
}

/** Dashboard links, all under the team's dashboard URL. */
export const links = {
  conversation: (world: World, id: number) => `${world.team.dashboardUrl}/conversations/${id}`,
  form: (world: World, id: number) => `${world.team.dashboardUrl}/form-submissions/${id}`,
  contact: (world: World, id: number) => `${world.team.dashboardUrl}/contacts/${id}`,
  recording: (world: World, id: number) => `${world.team.dashboardUrl}/conversations/${id}/recording.mp3`,
};

/** A task's customer block from a contact (all null when there is none). */
function customerOf(contact: ContactRecord | undefined): Task['customer'] {
  return { name: contact?.name ?? null, phone: contact?.phone ?? null, email: contact?.email ?? null };
}

/**
 * The Task object. Returns null when the source record is gone, which a
 * consistent world never has; callers treat it as not found.
 */
export function taskView(world: World, task: TaskRecord): Task | null {
  const assignee = task.assigneeId === null ? undefined : world.members.get(task.assigneeId);
  // Keys in the spec's table order, so a raw answer reads like the spec.
  const base = {
    id: task.id,
    url: '',
    title: task.title,
    status: task.status,
    assignee: assignee ? { id: assignee.id, name: assignee.name } : null,
    category: task.category,
    priority: task.priority,
    created_at: iso(task.createdAt),
  };
  if (task.sourceType === 'conversation') {
    const conversation = world.conversations.get(task.sourceId);
    if (!conversation) return null;
    const line = conversation.phoneLineId === null ? undefined : world.phoneLines.get(conversation.phoneLineId);
    const url = links.conversation(world, conversation.id);
    return {
      ...base,
      url,
      customer: customerOf(world.contacts.get(conversation.contactId)),
      conversation: { id: conversation.id, url, channel: conversation.channel, phone_line: line ? phoneLineView(line) : null },
      form: null,
      description: task.description,
    };
  }
  const form = world.formSubmissions.get(task.sourceId);
  if (!form) return null;
  const contact = form.contactId === null ? undefined : world.contacts.get(form.contactId);
  return {
    ...base,
    url: links.form(world, form.id),
    customer: contact ? customerOf(contact) : { name: form.fields.name ?? null, phone: form.fields.phone ?? null, email: form.fields.email ?? null },
    conversation: null,
    form: { id: form.id, name: form.formName, submitted_at: iso(form.createdAt), fields: { ...form.fields } },
    description: task.description,
  };
}

/** A thread message (business messages carry delivery status). */
export function threadMessageView(m: MessageRecord): ThreadMessage {
  return { id: m.id, from: m.from, channel: m.channel, text: m.text, sent_at: iso(m.sentAt), delivery_status: m.deliveryStatus, error: m.error };
}

/** The Conversation message object a reply returns. */
export function replyMessageView(m: MessageRecord): ConversationMessage {
  return {
    id: m.id,
    conversation_id: m.conversationId,
    from: 'business',
    channel: m.channel as ReplyChannel,
    text: m.text,
    sent_at: iso(m.sentAt),
    delivery_status: m.deliveryStatus ?? 'unknown',
    error: m.deliveryStatus === 'failed' ? (m.error ?? 'The send failed.') : null,
  };
}

/** The conversation record as `viewer` sees it (`can_message` is about the viewer). */
export function conversationView(world: World, c: ConversationRecord, viewer: MemberRecord): Conversation {
  const contact = world.contacts.get(c.contactId);
  const line = c.phoneLineId === null ? undefined : world.phoneLines.get(c.phoneLineId);
  const target = c.mergedIntoId === null ? null : world.mergeTarget(c);
  return {
    id: c.id,
    url: links.conversation(world, c.id),
    channels: [...c.channels],
    subject: c.subject,
    customer: customerOf(contact),
    text_opted_out: contact?.textOptedOut ?? false,
    can_message: world.canMessage(viewer, c.contactId),
    merged_into_task_id: target ? `conversation-${target.id}` : null,
    phone_line: line ? phoneLineView(line) : null,
    created_at: iso(c.createdAt),
    messages: c.messages.map(threadMessageView),
  };
}

/** A task note. */
export function noteView(world: World, note: NoteRecord): TaskNote {
  const author = world.members.get(note.authorId);
  return { id: note.id, content: note.content, author: { id: note.authorId, name: author?.name ?? 'Unknown' }, created_at: iso(note.createdAt) };
}

/** A contact. */
export function contactView(world: World, c: ContactRecord): Contact {
  return {
    id: c.id,
    url: links.contact(world, c.id),
    name: c.name,
    phone: c.phone,
    email: c.email,
    company: c.company,
    stage: c.stage,
    tags: [...c.tags],
    notes: c.notes,
    blocked: c.blocked,
    phone_call_count: c.phoneCallCount,
    first_contact_at: iso(c.firstContactAt),
    last_call_at: c.lastCallAt === null ? null : iso(c.lastCallAt),
  };
}
