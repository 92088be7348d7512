/**
 * The simulated service's data: one team and everything in it. Records are
 * plain objects in maps, keyed by id; the Customer API handlers read them
 * through `resources.ts` and change them only through the methods here, so
 * every change goes through one place and can be announced (new tasks).
 */
import type { SimClock } from './clock';
import type {
  ActivityRecord,
  ApiKeyRecord,
  BearerTokenRecord,
  ContactRecord,
  ConversationRecord,
  FormSubmissionRecord,
  IdempotencyRecord,
  MemberRecord,
  MessageRecord,
  NoteRecord,
  PhoneLineRecord,
  TaskRecord,
  TeamRecord,
} from './records';

export type * from './records';

type Sequence = 'member' | 'phoneLine' | 'contact' | 'conversation' | 'message' | 'form' | 'note';

/** Called once per new task (not for merges or repeat calls). */
export type TaskCreatedListener = (task: TaskRecord) => void;

/** The whole simulated team. Construct through `seedWorld` (seed.ts) or by hand in tests. */
export class World {
  readonly members = new Map<number, MemberRecord>();
  readonly apiKeys = new Map<string, ApiKeyRecord>();
  readonly bearerTokens = new Map<string, BearerTokenRecord>();
  readonly phoneLines = new Map<number, PhoneLineRecord>();
  readonly contacts = new Map<number, ContactRecord>();
  readonly conversations = new Map<number, ConversationRecord>();
  readonly formSubmissions = new Map<number, FormSubmissionRecord>();
  readonly tasks = new Map<string, TaskRecord>();
  readonly notes = new Map<number, NoteRecord>();
  readonly idempotency = new Map<string, IdempotencyRecord>();
  readonly activity: ActivityRecord[] = [];
  private readonly seqs = new Map<Sequence, number>();
  private readonly taskListeners = new Set<TaskCreatedListener>();

  constructor(
    readonly clock: SimClock,
    readonly team: TeamRecord,
  ) {}

  /** The next id of a kind: 1, 2, 3... */
  nextId(kind: Sequence): number {
    const id = (this.seqs.get(kind) ?? 0) + 1;
    this.seqs.set(kind, id);
    return id;
  }

  /** Subscribes to new tasks; returns the unsubscribe function. */
  onTaskCreated(listener: TaskCreatedListener): () => void {
    this.taskListeners.add(listener);
    return () => this.taskListeners.delete(listener);
  }

  /** Adds a record created elsewhere (seed, control API) under its id. */
  addMember(m: Omit<MemberRecord, 'id'>): MemberRecord {
    const member = { ...m, id: this.nextId('member') };
    this.members.set(member.id, member);
    return member;
  }

  /** Adds a phone line. */
  addPhoneLine(p: Omit<PhoneLineRecord, 'id'>): PhoneLineRecord {
    const line = { ...p, id: this.nextId('phoneLine') };
    this.phoneLines.set(line.id, line);
    return line;
  }

  /** Adds a contact. */
  addContact(c: Omit<ContactRecord, 'id'>): ContactRecord {
    const contact = { ...c, id: this.nextId('contact') };
    this.contacts.set(contact.id, contact);
    return contact;
  }

  /** Adds a conversation (without a task: see `createTask`). Its messages get fresh ids. */
  addConversation(c: Omit<ConversationRecord, 'id' | 'messages' | 'mergedIntoId'> & { messages?: Omit<MessageRecord, 'id' | 'conversationId'>[] }): ConversationRecord {
    const id = this.nextId('conversation');
    const conversation: ConversationRecord = { ...c, id, mergedIntoId: null, messages: [] };
    this.conversations.set(id, conversation);
    for (const m of c.messages ?? []) this.addMessage(conversation, m);
    return conversation;
  }

  /** Appends a message to a thread and returns it. */
  addMessage(conversation: ConversationRecord, m: Omit<MessageRecord, 'id' | 'conversationId'>): MessageRecord {
    const message: MessageRecord = { ...m, id: this.nextId('message'), conversationId: conversation.id };
    conversation.messages.push(message);
    if (!conversation.channels.includes(m.channel)) conversation.channels.push(m.channel);
    return message;
  }

  /** Adds a form submission (without a task). */
  addFormSubmission(f: Omit<FormSubmissionRecord, 'id'>): FormSubmissionRecord {
    const form = { ...f, id: this.nextId('form') };
    this.formSubmissions.set(form.id, form);
    return form;
  }

  /**
   * Creates the task of a conversation or form submission, applies automatic
   * assignment (the phone line's default assignee), then announces it, unless
   * its conversation is already merged into another. The assignment happens
   * first so a webhook's `data` already shows it.
   */
  createTask(t: Omit<TaskRecord, 'id' | 'assigneeId'> & { assigneeId?: number | null }): TaskRecord {
    const id = t.sourceType === 'conversation' ? `conversation-${t.sourceId}` : `form-submission-${t.sourceId}`;
    let assigneeId = t.assigneeId ?? null;
    if (t.assigneeId === undefined && t.sourceType === 'conversation') {
      const line = this.conversations.get(t.sourceId)?.phoneLineId;
      assigneeId = line ? (this.phoneLines.get(line)?.defaultAssigneeId ?? null) : null;
    }
    const task: TaskRecord = { ...t, id, assigneeId };
    this.tasks.set(id, task);
    // A conversation already merged into another (a repeat call linked to an existing task) is not a new task.
    if (!this.isMergedAway(task)) for (const listener of this.taskListeners) listener(task);
    return task;
  }

  /**
   * Merges a conversation into another, as staff do with a repeat call: it
   * stops being a task of its own (no task.created; reads name the target).
   */
  mergeConversation(fromId: number, intoId: number): void {
    const from = this.conversations.get(fromId);
    if (!from || !this.conversations.has(intoId) || fromId === intoId) throw new Error(`cannot merge ${fromId} into ${intoId}`);
    from.mergedIntoId = intoId;
  }

  /** Whether a task's conversation was merged into another: it is no task of its own any more (not listed, not counted, not announced). */
  isMergedAway(task: Pick<TaskRecord, 'sourceType' | 'sourceId'>): boolean {
    return task.sourceType === 'conversation' && (this.conversations.get(task.sourceId)?.mergedIntoId ?? null) !== null;
  }

  /** The conversation a merged one finally lives in (follows chains of merges). */
  mergeTarget(conversation: ConversationRecord): ConversationRecord {
    let current = conversation;
    for (let hops = 0; current.mergedIntoId !== null && hops < 20; hops++) {
      const next = this.conversations.get(current.mergedIntoId);
      if (!next) break;
      current = next;
    }
    return current;
  }

  /** Adds a note to a task. */
  addNote(taskId: string, content: string, authorId: number): NoteRecord {
    const note: NoteRecord = { id: this.nextId('note'), taskId, content, authorId, createdAt: this.clock.now() };
    this.notes.set(note.id, note);
    return note;
  }

  /** The notes of a task, oldest first. */
  notesOf(taskId: string): NoteRecord[] {
    return [...this.notes.values()].filter((n) => n.taskId === taskId);
  }

  /** Records an Activity entry under a member. */
  logActivity(memberId: number, kind: ActivityRecord['kind'], subject: string, detail: string): void {
    this.activity.push({ at: this.clock.now(), memberId, kind, subject, detail });
    if (this.activity.length > 5000) this.activity.splice(0, this.activity.length - 5000);
  }

  /** Whether a member may see a conversation (line restrictions; owners and admins see all). */
  canSeeConversation(member: MemberRecord, conversation: ConversationRecord): boolean {
    if (member.role === 'owner' || member.role === 'admin' || member.phoneLineIds === null) return true;
    return conversation.phoneLineId === null || member.phoneLineIds.includes(conversation.phoneLineId);
  }

  /** Whether a member may see a task: its conversation must be visible; form tasks are visible to all. */
  canSeeTask(member: MemberRecord, task: TaskRecord): boolean {
    if (task.sourceType === 'form_submission') return true;
    const conversation = this.conversations.get(task.sourceId);
    return conversation !== undefined && this.canSeeConversation(member, conversation);
  }

  /** Whether a member may message a customer in the dashboard. */
  canMessage(member: MemberRecord, contactId: number): boolean {
    return !member.mayNotMessageContactIds.includes(contactId);
  }
}
