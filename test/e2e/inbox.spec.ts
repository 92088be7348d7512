import WebSocket from 'ws';
import type { Task } from '../../common/api/customer';
import { expect, test } from './fixtures';

/** Opens a bridge socket from Node; resolves with the HTTP status that refused it, or 101 when it opened. */
function tryConnect(url: string, origin: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { origin });
    ws.once('open', () => {
      ws.close();
      resolve(101);
    });
    ws.once('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      ws.terminate();
    });
    ws.once('error', reject);
  });
}

function bridgeUrl(origin: string, token?: string): string {
  return `${origin.replace('http:', 'ws:')}/bridge${token ? `?token=${token}` : ''}`;
}

const task = (over: Partial<Task> = {}): Task => ({
  id: 'conversation-41',
  url: 'https://dashboard.example.com/tasks/conversation-41',
  title: 'Call back about a table for six on Friday',
  status: 'open',
  assignee: null,
  category: 'booking',
  priority: 'normal',
  created_at: new Date().toISOString(),
  customer: { name: 'Maria Lopez', phone: '+15551230041', email: null },
  conversation: { id: 41, url: 'https://dashboard.example.com/c/41', channel: 'phone', phone_line: null },
  form: null,
  description: 'Wants a table for six on Friday at 7pm.',
  ...over,
});

test.describe('the inbox through the browser host', () => {
  test('loads with no console error or CSP violation', async ({ page, webHost }) => {
    const problems: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error' || msg.type() === 'warning') problems.push(msg.text());
    });
    page.on('pageerror', (err) => problems.push(err.message));
    await page.goto(webHost.url);
    await expect(page.getByTestId('app-ready')).toBeVisible();
    await expect(page.getByTestId('inbox-empty')).toBeVisible();
    expect(problems).toEqual([]);
  });

  test('shows the empty inbox in real Chromium', async ({ inbox }) => {
    await expect(inbox.heading).toBeVisible();
    await expect(inbox.empty).toHaveText('No tasks yet — new tasks appear here the moment they arrive.');
    await expect(inbox.rows).toHaveCount(0);
  });

  test('shows the connection state in the header', async ({ inbox }) => {
    await expect(inbox.connection).toContainText('Not set up');
  });

  test('a new task appears as a row and a toast the moment it arrives', async ({ inbox, stubCore }) => {
    const t = task();
    stubCore.emit('task:new', { task: t, source: 'webhook' });
    const row = inbox.row(t.title);
    await expect(row).toBeVisible();
    await expect(row).toContainText('Maria Lopez');
    await expect(row.getByTestId('task-channel')).toHaveText('Phone call');
    await expect(row.getByTestId('task-status')).toHaveText('Open');
    await expect(row.locator('time')).toHaveAttribute('datetime', t.created_at);
    await expect(inbox.empty).toHaveCount(0);
    await expect(inbox.toasts).toContainText('New task · Phone call');
    await expect(inbox.toasts).toContainText(t.title);
    await inbox.page.getByRole('button', { name: 'Dismiss notification' }).click();
    await expect(inbox.toasts).toHaveCount(0);
  });

  test('tasks:changed replaces the list, newest first, with the unread count', async ({ inbox, stubCore }) => {
    const older = task({ id: 'form-submission-7', title: 'Quote request from the website', created_at: '2026-01-05T09:00:00Z', conversation: null, form: { message: 'Hi' }, customer: { name: null, phone: null, email: 'lee@example.com' } });
    const newer = task({ status: 'in_progress' });
    stubCore.emit('tasks:changed', {
      tasks: [
        { task: older, seenAt: older.created_at, unread: false },
        { task: newer, seenAt: newer.created_at, unread: true },
      ],
      unreadCount: 1,
    });
    await expect(inbox.rows).toHaveCount(2);
    await expect(inbox.rows.first()).toContainText(newer.title);
    await expect(inbox.rows.nth(1)).toContainText('lee@example.com');
    await expect(inbox.rows.nth(1).getByTestId('task-channel')).toHaveText('Web form');
    await expect(inbox.rows.first().getByTestId('task-status')).toHaveText('In progress');
    await expect(inbox.page.getByTestId('unread-count')).toHaveText('1 new');
  });

  test('when the host goes away, the header says the link is lost', async ({ inbox, webHost }) => {
    await expect(inbox.connection).toHaveAttribute('data-state', 'not_configured');
    await webHost.close();
    await expect(inbox.connection).toHaveAttribute('data-state', 'link-closed');
    await expect(inbox.connection).toContainText('No link');
  });
});

test.describe('the bridge refuses strangers', () => {
  test('a connection without the token is refused', async ({ webHost }) => {
    expect(await tryConnect(bridgeUrl(webHost.origin), webHost.origin)).toBe(401);
    expect(await tryConnect(bridgeUrl(webHost.origin, 'f'.repeat(64)), webHost.origin)).toBe(401);
  });

  test('a connection from another origin is refused', async ({ webHost }) => {
    expect(await tryConnect(bridgeUrl(webHost.origin, webHost.token), 'http://evil.example')).toBe(403);
    expect(await tryConnect(bridgeUrl(webHost.origin, webHost.token), webHost.origin)).toBe(101);
  });

  test('an unknown method gets an invalid_request result', async ({ webHost }) => {
    const ws = new WebSocket(bridgeUrl(webHost.origin, webHost.token), { origin: webHost.origin });
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    const reply = new Promise<unknown>((resolve) => ws.once('message', (data) => resolve(JSON.parse(String(data)))));
    ws.send(JSON.stringify({ id: 1, method: 'formatHardDrive', args: {} }));
    expect(await reply).toMatchObject({ id: 1, result: { ok: false, error: { code: 'invalid_request' } } });
    ws.close();
  });

  test('a page opened without its token says how to get in', async ({ page, webHost }) => {
    await page.goto(webHost.origin);
    await expect(page.getByTestId('app-ready')).toBeVisible();
    await expect(page.getByRole('alert')).toContainText('opened without its access token');
  });
});
