import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { EventName, EventPayloads } from '../../common/contract';
import type { Task } from '../../common/api/customer';
import type { LiveUpdate } from '../../common/api/live-updates';
import { Inbox, type InboxMemory } from '../../main/core/inbox';
import { StateStore } from '../../main/core/store';
import { aConversationTask } from '../common/api/fixtures';

const BASE = Date.now();

function task(id: number, patch: Partial<Task> = {}): Task {
  return aConversationTask(id, { created_at: new Date(BASE - id * 1000).toISOString(), ...patch });
}

/** The part of the state store the inbox uses, in memory. */
class MemoryFake implements InboxMemory {
  seen = new Set<string>();
  unread = new Set<string>();
  lastSync: string | null = null;
  hasSeenTask = (id: string) => this.seen.has(id);
  markTasksSeen = (ids: Iterable<string>) => [...ids].filter((id) => !this.seen.has(id) && this.seen.add(id));
  unreadTaskIds = () => [...this.unread];
  markUnread = (ids: Iterable<string>) => [...ids].forEach((id) => this.unread.add(id));
  markRead = (ids: Iterable<string>) => ([...ids].forEach((id) => this.unread.delete(id)), this.unread.size);
  getLastSyncAt = () => this.lastSync;
}

type Emitted = { [E in EventName]: { event: E; payload: EventPayloads[E] } }[EventName];

function inboxWith(memory: InboxMemory) {
  const events: Emitted[] = [];
  const inbox = new Inbox({ memory, now: () => Date.now(), emit: (event, payload) => events.push({ event, payload } as Emitted) });
  const of = <E extends EventName>(name: E) => events.filter((e) => e.event === name).map((e) => e.payload as EventPayloads[E]);
  return { inbox, events, of };
}

describe('one task:new per task id, ever', () => {
  it('alerts a webhook task once, and not again when the poll lists it', () => {
    const memory = new MemoryFake();
    memory.lastSync = new Date().toISOString();
    const { inbox, of } = inboxWith(memory);
    expect(inbox.acceptWebhookTask(task(1))).toBe(true);
    expect(inbox.acceptWebhookTask(task(1))).toBe(false);
    inbox.acceptPoll([task(1), task(2)]);
    inbox.acceptPoll([task(1), task(2)]);
    expect(of('task:new').map((e) => [e.task.id, e.source])).toEqual([
      ['conversation-1', 'webhook'],
      ['conversation-2', 'poll'],
    ]);
  });

  it('does not alert a task first seen by the person (opened or changed by them)', () => {
    const memory = new MemoryFake();
    memory.lastSync = new Date().toISOString();
    const { inbox, of } = inboxWith(memory);
    inbox.acceptUserTask(task(5));
    inbox.acceptPoll([task(5)]);
    expect(of('task:new')).toHaveLength(0);
  });
});

describe('first sync: a summary instead of a toast per task', () => {
  it('records what is waiting without alerts and emits one notice', () => {
    const memory = new MemoryFake();
    const { inbox, of } = inboxWith(memory);
    const intake = inbox.acceptPoll(Array.from({ length: 40 }, (_, i) => task(i + 1)));
    expect(intake.firstSync).toBe(true);
    expect(of('task:new')).toHaveLength(0);
    expect(of('notice')).toHaveLength(1);
    expect(of('notice')[0]?.message).toMatch(/^40 tasks already waiting/);
    expect(inbox.list()).toHaveLength(40);
    expect(inbox.unreadCount).toBe(0);
  });

  it('still alerts a webhook task that came before the first poll, once', () => {
    const memory = new MemoryFake();
    const { inbox, of } = inboxWith(memory);
    inbox.acceptWebhookTask(task(9));
    inbox.acceptPoll([task(9), task(8)]);
    expect(of('task:new').map((e) => e.task.id)).toEqual(['conversation-9']);
    expect(of('notice')[0]?.message).toMatch(/^1 task already waiting/);
  });

  it('emits no summary when nothing is waiting', () => {
    const { inbox, of } = inboxWith(new MemoryFake());
    inbox.acceptPoll([]);
    expect(of('notice')).toHaveLength(0);
  });
});

describe('list and changes for the UI', () => {
  it('announces status and assignee changes, and nothing when nothing changed', () => {
    const memory = new MemoryFake();
    memory.lastSync = new Date().toISOString();
    const { inbox, of } = inboxWith(memory);
    inbox.acceptPoll([task(1)]);
    const before = of('tasks:changed').length;
    inbox.acceptPoll([task(1)]);
    expect(of('tasks:changed')).toHaveLength(before);
    inbox.acceptPoll([task(1, { status: 'done', assignee: { id: 3, name: 'Bo' } })]);
    const last = of('tasks:changed').at(-1)!;
    expect(last.tasks[0]?.task).toMatchObject({ status: 'done', assignee: { id: 3 } });
  });

  it('counts unread for the badge and clears with markRead', () => {
    const memory = new MemoryFake();
    memory.lastSync = new Date().toISOString();
    const { inbox, of } = inboxWith(memory);
    inbox.acceptPoll([task(1), task(2)]);
    expect(inbox.unreadCount).toBe(2);
    expect(inbox.markRead(['conversation-1', 'conversation-77'])).toBe(1);
    expect(of('tasks:changed').at(-1)?.unreadCount).toBe(1);
    expect(memory.unreadTaskIds()).toEqual(['conversation-2']);
  });

  it('lists newest first and drops old tasks the service no longer lists', () => {
    const memory = new MemoryFake();
    memory.lastSync = new Date().toISOString();
    const { inbox } = inboxWith(memory);
    const old = task(50, { created_at: new Date(Date.now() - 3 * 86_400_000).toISOString() });
    inbox.acceptPoll([task(2), task(1), old]);
    expect(inbox.list().map((t) => t.task.id)).toEqual(['conversation-1', 'conversation-2', 'conversation-50']);
    inbox.acceptPoll([task(1), task(2)]);
    expect(inbox.list().map((t) => t.task.id)).toEqual(['conversation-1', 'conversation-2']);
  });

  it('announces live updates only when they change', () => {
    const { inbox, of } = inboxWith(new MemoryFake());
    const lu = { id: 1, title: 'Closed' } as unknown as LiveUpdate;
    inbox.setLiveUpdates([lu]);
    inbox.setLiveUpdates([{ ...lu }]);
    inbox.setLiveUpdates([]);
    expect(of('liveUpdates:changed')).toHaveLength(2);
  });
});

describe('not again after a restart (seen ids persisted through the store)', () => {
  let dir = '';
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('a new Inbox on the same state folder alerts nothing it alerted before', async () => {
    dir = await mkdtemp(join(tmpdir(), 'deskbell-inbox-'));
    const first = await StateStore.open({ dir });
    first.setLastSyncAt(new Date());
    const a = inboxWith(first);
    a.inbox.acceptWebhookTask(task(1));
    a.inbox.acceptPoll([task(1), task(2)]);
    expect(a.of('task:new')).toHaveLength(2);
    await first.flush();

    const second = await StateStore.open({ dir });
    const b = inboxWith(second);
    b.inbox.acceptPoll([task(1), task(2), task(3)]);
    b.inbox.acceptWebhookTask(task(2));
    expect(b.of('task:new').map((e) => e.task.id)).toEqual(['conversation-3']);
    expect(b.inbox.unreadCount).toBe(3);
    await second.flush();
  });
});

describe('moving to another service', () => {
  it('treats the next poll as a first sync: the new backlog is summarised, not alerted', () => {
    const memory = new MemoryFake();
    memory.lastSync = new Date().toISOString();
    const { inbox, of } = inboxWith(memory);
    inbox.acceptPoll([task(1)]);
    inbox.switchedService();
    expect(inbox.list()).toEqual([]);
    expect(inbox.unreadCount).toBe(0);
    inbox.acceptPoll([task(2), task(3)]);
    expect(of('task:new').map((e) => e.task.id)).toEqual(['conversation-1']);
    expect(of('notice').at(-1)?.message).toMatch(/^2 tasks already waiting/);
    inbox.acceptPoll([task(2), task(3), task(4)]);
    expect(of('task:new').map((e) => e.task.id)).toEqual(['conversation-1', 'conversation-4']);
  });
});
