/**
 * New work arriving: a call, text, web chat or email that the AI turns into
 * a task, or a website form submission. Used by `POST /_sim/tasks` and by
 * the demo's timer; each arrival announces its task (webhook delivery).
 */
import type { ConversationChannel, TaskSourceType } from '../../common/api/enums';
import type { TaskRecord, World } from './world';

/** What to create. */
export interface ArrivalRequest {
  kind: 'conversation' | 'form';
  /** For conversations; default `phone`. */
  channel?: ConversationChannel;
  title?: string;
  /** The category key (default: the story's). */
  category?: string;
  /** The AI's first follow-up title (the webhook's legacy title); null: it wrote none. Default: the title, now and then none. */
  followUpTitle?: string | null;
  /** A repeat call: the same customer again, linked (merged) at once to this conversation's task, so no new task is announced. */
  repeatOf?: number;
}

/** What was created. */
export interface Arrival {
  task: TaskRecord;
  /** The API id of the task the arrival belongs to: its own, or for a repeat call the task it was linked to. */
  taskId: string;
  conversationId: number | null;
  formSubmissionId: number | null;
}

/** Rotating material so a demo's stream of tasks reads like a real day. */
const STORIES = [
  { who: 'Nora Quinn', title: 'New patient appointment request', description: 'Wants a first check-up next week; has Delta Dental insurance.', category: 'appointment', priority: 'normal', said: 'Hi, I am new in town and need a check-up.' },
  { who: 'Ben Carter', title: 'Broken crown: same-day visit?', description: 'Crown came off at lunch; asks for a same-day slot.', category: 'appointment', priority: 'urgent', said: 'My crown just came off, can you see me today?' },
  { who: 'Ivy Morales', title: 'Question about a bill', description: 'Charged twice for the last cleaning; asks for a refund.', category: 'billing', priority: 'high', said: 'I think I was charged twice.' },
  { who: 'Kenji Watanabe', title: 'Cancel Tuesday appointment', description: 'Cannot make Tuesday 3 pm; will rebook later.', category: 'cancellation', priority: 'low', said: 'I need to cancel Tuesday.' },
  { who: 'Aisha Bello', title: 'Does the clinic take Cigna?', description: 'Asks whether Cigna PPO is accepted before booking.', category: 'question', priority: 'normal', said: 'Do you take Cigna?' },
  { who: 'Pete Novak', title: 'Callback about treatment plan', description: 'Wants to go over the cost of the treatment plan.', category: 'callback', priority: 'normal', said: 'Can someone explain my treatment plan costs?' },
] as const;

/** Creates a new conversation or form submission with its task. */
export function createArrival(world: World, request: ArrivalRequest): Arrival {
  const n = world.tasks.size;
  const story = STORIES[n % STORIES.length] ?? STORIES[0];
  const now = world.clock.now();
  const serial = 200 + world.contacts.size;
  const slug = story.who.toLowerCase().replace(/\W+/g, '.');
  const repeated = request.repeatOf === undefined ? undefined : world.conversations.get(request.repeatOf);
  if (request.repeatOf !== undefined && (!repeated || request.kind !== 'conversation')) throw new RangeError('repeatOf names an existing conversation, for a conversation');
  const repeatedContact = repeated && world.contacts.get(repeated.contactId);
  const contact = repeatedContact ?? world.addContact({
    name: story.who,
    phone: `+1617555${String(serial).padStart(4, '0')}`,
    email: `${slug}@mail.example`,
    company: null,
    stage: 'lead',
    tags: [],
    notes: null,
    blocked: false,
    phoneCallCount: request.kind === 'conversation' && (request.channel ?? 'phone') === 'phone' ? 1 : 0,
    firstContactAt: now,
    lastCallAt: request.kind === 'conversation' && (request.channel ?? 'phone') === 'phone' ? now : null,
    textOptedOut: false,
    undeliverable: {},
  });
  const title = request.title ?? story.title;
  // The AI's first follow-up gives the webhook's legacy title: the request's `followUpTitle` when given
  // (null: the AI wrote none, so the legacy title is the placeholder), else now and then none.
  const followUpTitle = request.followUpTitle !== undefined ? request.followUpTitle : n % 4 === 3 ? null : title;
  const newTask = (sourceType: TaskSourceType, sourceId: number) =>
    world.createTask({
      sourceType,
      sourceId,
      title,
      description: story.description,
      status: 'open',
      priority: story.priority,
      category: request.category ?? story.category,
      createdAt: now,
      firstFollowUp: { title: followUpTitle, description: story.description },
    });

  if (request.kind === 'form') {
    const form = world.addFormSubmission({
      formName: 'Website contact form',
      contactId: contact.id,
      createdAt: now,
      fields: { name: story.who, email: contact.email ?? '', phone: contact.phone ?? '', message: story.said },
    });
    const task = newTask('form_submission', form.id);
    return { task, taskId: task.id, conversationId: null, formSubmissionId: form.id };
  }

  const channel = request.channel ?? 'phone';
  // Lines rotate so automatic assignment (line 2) shows up now and then; email is line-less.
  const lineIds = [...world.phoneLines.keys()].filter((id) => world.phoneLines.get(id)?.textingEnabled);
  const phoneLineId = repeated ? repeated.phoneLineId : channel === 'email' ? null : (lineIds[n % Math.max(1, lineIds.length)] ?? null);
  const conversation = world.addConversation({
    channel,
    channels: [channel],
    subject: channel === 'email' ? title : null,
    contactId: contact.id,
    phoneLineId,
    createdAt: now,
    transcript: channel === 'phone' ? [{ speaker: 'ai', text: 'Thanks for calling, how can I help?', offsetSeconds: 0 }, { speaker: 'customer', text: story.said, offsetSeconds: 4 }] : null,
    recording: channel === 'phone' ? { durationSeconds: 45 + (n % 5) * 17 } : null,
    messages:
      channel === 'phone'
        ? // After a call the AI texts the caller, so the thread gains a text channel.
          [{ from: 'ai', channel: 'text', text: `Thanks ${story.who.split(' ')[0]}, the team will get back to you shortly.`, sentAt: now, deliveryStatus: 'delivered', error: null, authorId: null }]
        : [{ from: 'customer', channel, text: story.said, sentAt: now, deliveryStatus: null, error: null, authorId: null }],
  });
  // A repeat call is linked to the existing task before its own is made, so it is never announced as new.
  if (repeated) world.mergeConversation(conversation.id, repeated.id);
  const task = newTask('conversation', conversation.id);
  const taskId = `conversation-${world.mergeTarget(conversation).id}`;
  return { task, taskId, conversationId: conversation.id, formSubmissionId: null };
}
