import { expect, type Locator, type Page } from '@playwright/test';

/** The first screen, as a test sees it. */
export class InboxPage {
  readonly ready: Locator;
  readonly empty: Locator;
  readonly rows: Locator;
  readonly toasts: Locator;
  readonly connection: Locator;
  readonly heading: Locator;

  constructor(readonly page: Page) {
    this.ready = page.getByTestId('app-ready');
    this.empty = page.getByTestId('inbox-empty');
    this.rows = page.getByTestId('task-row');
    this.toasts = page.getByTestId('toast');
    this.connection = page.getByTestId('connection-status');
    this.heading = page.getByRole('heading', { name: 'Inbox' });
  }

  /** Opens the page and waits until the first snapshot has been read. */
  async open(url: string): Promise<void> {
    await this.page.goto(url);
    await this.waitUntilReady();
  }

  /** Waits for the readiness marker (never a fixed sleep). */
  async waitUntilReady(): Promise<void> {
    await expect(this.ready).toBeVisible();
  }

  /** The row of the task with this title. */
  row(title: string): Locator {
    return this.rows.filter({ has: this.page.getByRole('heading', { name: title }) });
  }
}
