import { expect, test } from './fixtures';
import { InboxPage } from './pages/inbox-page';

/** Asks the simulator to create a task, as a caller would; returns its id. */
async function simulateArrival(origin: string, channel: 'phone' | 'text' | 'web_chat' | 'email'): Promise<string> {
  const res = await fetch(`${origin}/_sim/tasks`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ kind: 'conversation', channel }) });
  if (!res.ok) throw new Error(`POST /_sim/tasks → ${res.status} ${await res.text()}`);
  return ((await res.json()) as { taskId: string }).taskId;
}

test.describe('the whole app on the demo simulator', () => {
  test('shows the demo business inbox through the real core', async ({ page, preview }) => {
    const inbox = new InboxPage(page);
    await inbox.open(preview.host.url);
    await expect(inbox.connection).toContainText('Demo mode');
    await expect(inbox.rows.first()).toBeVisible();
    await expect(inbox.empty).toHaveCount(0);
  });

  test('a task the service creates appears at once, with a toast', async ({ page, preview }) => {
    const inbox = new InboxPage(page);
    await inbox.open(preview.host.url);
    const before = await inbox.rows.count();
    const taskId = await simulateArrival(preview.sim.origin, 'text');
    const row = page.locator(`[data-testid="task-row"][data-task-id="${taskId}"]`);
    await expect(row).toBeVisible();
    await expect(row.getByTestId('task-channel')).toHaveText('Text');
    await expect(inbox.toasts.first()).toContainText('New task · Text');
    await expect(inbox.rows).toHaveCount(before + 1);
  });
});
