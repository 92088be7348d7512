/**
 * The Inbox: the only place that decides a task is new. Tasks arrive from the
 * relay (webhook) and the poller, in any order and any number of times; each
 * task id is alerted once, ever — the seen ids are persisted, so neither the
 * second path nor a restart alerts again. It also keeps the task list and
 * live updates the UI shows, and the unread count for the badge.
 */
import type { Task } from '../../common/api/customer';
import type { LiveUpdate } from '../../common/api/live-updates';
import type { InboxTask } from '../../common/views';
import type { EmitEvent } from './core-events';

/**
 * What the inbox remembers across restarts: the part of the state store it
 * uses (`StateStore` satisfies it as is; tests hand in a small fake).
 */
export interface InboxMemory {
  /** Whether this PC has recorded the task id before. */
  hasSeenTask(taskId: string): boolean;
  /** Records task ids as seen now (persisted; refreshing keeps listed ids from being pruned). */
  markTasksSeen(taskIds: Iterable<string>): string[];
  /** Ids of tasks not yet opened at the desk. */
  unreadTaskIds(): string[];
  markUnread(taskIds: Iterable<string>): void;
  markRead(taskIds: Iterable<string>): number;
  /** The last successful sync (ISO), or null before the first one ever. */
  getLastSyncAt(): string | null;
}

/** Options of {@link Inbox}. */
export interface InboxOptions {
  memory: InboxMemory;
  now: () => number;
  emit: EmitEvent;
  /** Tasks older than this that the service no longer lists leave the list (default 48 h). */
  keepMs?: number;
  /** Most tasks kept in the list (default 500). */
  maxTasks?: number;
}

/** Where a task came from. `user` is a task read or changed by the person at the desk. */
export type TaskSource = 'webhook' | 'poll' | 'user';

/** What one poll did to the inbox. */
export interface PollIntake {
  /** Tasks alerted as new. */
  alerted: string[];
  /** True when this was the first sync ever: tasks were recorded without alerts. */
  firstSync: boolean;
}

/** Decides "new", keeps the list and the badge count. */
export class Inbox {
  private readonly tasks = new Map<string, InboxTask>();
  private readonly unread: Set<string>;
  private liveUpdates: LiveUpdate[] = [];
  /** Set when the app moved to another service: its backlog is not news either. */
  private freshService = false;
  private readonly keepMs: number;
  private readonly maxTasks: number;

  constructor(private readonly options: InboxOptions) {
    this.unread = new Set(options.memory.unreadTaskIds());
    this.keepMs = options.keepMs ?? 48 * 3_600_000;
    this.maxTasks = options.maxTasks ?? 500;
  }

  /** The list as the UI shows it, newest first. */
  list(): InboxTask[] {
    return [...this.tasks.values()].sort((a, b) => Date.parse(b.task.created_at) - Date.parse(a.task.created_at));
  }

  /** Tasks not yet opened at the desk (persisted, so the badge survives a restart). */
  get unreadCount(): number {
    return this.unread.size;
  }

  /** The live updates last read. */
  currentLiveUpdates(): LiveUpdate[] {
    return this.liveUpdates;
  }

  /** A task from the relay (`data` of a task.created event). Alerts it unless seen before. */
  acceptWebhookTask(task: Task): boolean {
    const alerted = this.intake(task, 'webhook', false);
    this.publish(alerted.changed);
    return alerted.isNew;
  }

  /**
   * The tasks of one successful poll. On the very first sync ever (no
   * successful sync before), what is already waiting is recorded without
   * alerting and one summary notice is emitted instead of a toast per task.
   * "First" is judged by the last sync, not by the seen ids: a webhook that
   * arrived before the first poll must not turn a day's backlog into alerts.
   */
  acceptPoll(tasks: Task[]): PollIntake {
    const firstSync = this.freshService || this.options.memory.getLastSyncAt() === null;
    this.freshService = false;
    const alerted: string[] = [];
    let changed = false;
    let recordedQuietly = 0;
    for (const task of tasks) {
      const wasSeen = this.options.memory.hasSeenTask(task.id);
      const r = this.intake(task, 'poll', firstSync);
      changed ||= r.changed;
      if (r.isNew) alerted.push(task.id);
      else if (firstSync && !wasSeen) recordedQuietly++;
    }
    changed = this.prune(new Set(tasks.map((t) => t.id))) || changed;
    if (firstSync && recordedQuietly > 0) {
      const n = recordedQuietly;
      this.options.emit('notice', {
        level: 'info',
        code: 'first_sync_summary',
        message: `${n} task${n === 1 ? '' : 's'} already waiting. They are in the list; only tasks that arrive from now on are announced.`,
        at: this.iso(),
      });
    }
    this.publish(changed);
    return { alerted, firstSync };
  }

  /**
   * The app now talks to another service (demo → real, a new base URL): the
   * next poll is a first sync again, so that service's backlog is summarised
   * instead of alerted task by task. The list and badge start over too.
   */
  switchedService(): void {
    this.freshService = true;
    this.tasks.clear();
    const unread = [...this.unread];
    this.unread.clear();
    if (unread.length > 0) this.options.memory.markRead(unread);
    this.setLiveUpdates([]);
    this.publish(true);
  }

  /** A task the person read or changed (getTask, updateTask): refreshed in the list, never alerted. */
  acceptUserTask(task: Task): void {
    this.publish(this.intake(task, 'user', true).changed);
  }

  /** Marks tasks opened; returns the unread count after. */
  markRead(taskIds: string[]): number {
    let changed = false;
    for (const id of taskIds) {
      if (this.unread.delete(id)) changed = true;
      const held = this.tasks.get(id);
      if (held?.unread) this.tasks.set(id, { ...held, unread: false });
    }
    if (changed) {
      this.options.memory.markRead(taskIds);
      this.publish(true);
    }
    return this.unread.size;
  }

  /** Replaces the live updates; announces only a real change. */
  setLiveUpdates(liveUpdates: LiveUpdate[]): void {
    if (JSON.stringify(liveUpdates) === JSON.stringify(this.liveUpdates)) return;
    this.liveUpdates = liveUpdates;
    this.options.emit('liveUpdates:changed', { liveUpdates });
  }

  /**
   * Records or refreshes one task. `quiet` records an unseen task without an
   * alert (first sync, or a task the person opened themselves).
   */
  private intake(task: Task, source: TaskSource, quiet: boolean): { isNew: boolean; changed: boolean } {
    const at = this.iso();
    const held = this.tasks.get(task.id);
    const seen = this.options.memory.hasSeenTask(task.id);
    // Refresh the seen time on every sighting, so the store's pruning of old
    // ids never forgets a task the service still lists.
    this.options.memory.markTasksSeen([task.id]);
    if (!seen && !quiet && source !== 'user') {
      this.unread.add(task.id);
      this.options.memory.markUnread([task.id]);
      this.tasks.set(task.id, { task, seenAt: at, unread: true });
      this.options.emit('task:new', { task, source: source === 'webhook' ? 'webhook' : 'poll' });
      return { isNew: true, changed: true };
    }
    if (held && sameTask(held.task, task)) return { isNew: false, changed: false };
    this.tasks.set(task.id, { task, seenAt: held?.seenAt ?? at, unread: this.unread.has(task.id) });
    return { isNew: false, changed: true };
  }

  /** Drops tasks the service no longer lists once they are old, and keeps the list bounded. */
  private prune(listed: Set<string>): boolean {
    const cutoff = this.options.now() - this.keepMs;
    let changed = false;
    for (const [id, held] of this.tasks) {
      if (!listed.has(id) && Date.parse(held.task.created_at) < cutoff) {
        this.tasks.delete(id);
        changed = true;
      }
    }
    const overflow = this.list().slice(this.maxTasks);
    for (const held of overflow) this.tasks.delete(held.task.id);
    changed ||= overflow.length > 0;
    // Unread ids of tasks gone from the list would leave a badge nobody can
    // clear, so after each poll the badge counts only what the list shows.
    const gone = [...this.unread].filter((id) => !this.tasks.has(id));
    if (gone.length > 0) {
      for (const id of gone) this.unread.delete(id);
      this.options.memory.markRead(gone);
      changed = true;
    }
    return changed;
  }

  private publish(changed: boolean): void {
    if (changed) this.options.emit('tasks:changed', { tasks: this.list(), unreadCount: this.unread.size });
  }

  private iso(): string {
    return new Date(this.options.now()).toISOString();
  }
}

/** Whether two versions of a task show the same thing (status, assignee, text...). */
function sameTask(a: Task, b: Task): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
