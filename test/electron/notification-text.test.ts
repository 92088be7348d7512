import { describe, expect, it } from 'vitest';
import type { Task } from '../../common/api/customer';
import { MAX_BODY, MAX_TITLE, newTaskNotification, truncate } from '../../main/electron/notification-text';

const task = (over: Partial<Task> = {}): Task => ({
  id: 'conversation-12',
  url: 'https://app.answering.example/tasks/conversation-12',
  title: 'Call back about the boiler service',
  status: 'open',
  assignee: null,
  category: 'callback',
  priority: 'normal',
  created_at: '2026-03-02T09:15:00Z',
  customer: { name: 'Maria Lopez', phone: '+15551230012', email: null },
  conversation: { id: 12, url: 'https://app.answering.example/c/12', channel: 'phone', phone_line: null },
  form: null,
  description: 'Boiler makes a noise.',
  ...over,
});

describe('a new task notification names channel, customer and title', () => {
  it('puts channel and customer (name and phone) in the title and the task title in the body', () => {
    expect(newTaskNotification(task())).toEqual({ title: 'New phone call: Maria Lopez (+15551230012)', body: 'Call back about the boiler service' });
  });

  it('names each channel the way the desk says it', () => {
    const on = (channel: 'phone' | 'text' | 'web_chat' | 'email') => newTaskNotification(task({ conversation: { id: 12, url: 'u', channel, phone_line: null } })).title;
    expect(on('text')).toMatch(/^New text: /);
    expect(on('web_chat')).toMatch(/^New web chat: /);
    expect(on('email')).toMatch(/^New email: /);
    expect(newTaskNotification(task({ id: 'form-submission-3', conversation: null, form: { a: 1 } })).title).toMatch(/^New web form: /);
  });

  it('falls back to phone, then email, then "unknown customer"', () => {
    expect(newTaskNotification(task({ customer: { name: null, phone: '+15550000000', email: 'a@b.c' } })).title).toBe('New phone call: +15550000000');
    expect(newTaskNotification(task({ customer: { name: '  ', phone: null, email: 'a@b.c' } })).title).toBe('New phone call: a@b.c');
    expect(newTaskNotification(task({ customer: { name: null, phone: null, email: null } })).title).toBe('New phone call: unknown customer');
  });

  it('uses the description, then a hint, when the title is empty', () => {
    expect(newTaskNotification(task({ title: ' ' })).body).toBe('Boiler makes a noise.');
    expect(newTaskNotification(task({ title: '', description: '' })).body).toBe('Open Deskbell to see the task.');
  });

  it('truncates long text with an ellipsis and collapses whitespace', () => {
    const long = newTaskNotification(task({ title: 'word '.repeat(100), customer: { name: 'N'.repeat(100), phone: null, email: null } }));
    expect(Array.from(long.title).length).toBe(MAX_TITLE);
    expect(long.title.endsWith('…')).toBe(true);
    expect(Array.from(long.body).length).toBeLessThanOrEqual(MAX_BODY);
    expect(long.body.endsWith('…')).toBe(true);
    expect(newTaskNotification(task({ title: 'Line one\n\n  line two\t end' })).body).toBe('Line one line two end');
  });

  it('never cuts an emoji in half', () => {
    const cut = truncate('😀'.repeat(10), 5);
    expect(cut).toBe('😀😀😀😀…');
    expect(truncate('short', 5)).toBe('short');
  });
});
