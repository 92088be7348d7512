import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { test as base } from '@playwright/test';
import { startPreview, type Preview } from '../../main/preview';
import { startWebHost, type WebHost } from '../../main/web';
import { createStubCore } from '../web/stub-core';
import { InboxPage } from './pages/inbox-page';

/** The built renderer the hosts serve (`npm run test:e2e` builds it first). */
export const RENDERER_DIR = join(process.cwd(), 'out', 'renderer');

function requireBuild(): void {
  if (!existsSync(join(RENDERER_DIR, 'index.html'))) {
    throw new Error(`No renderer build in ${RENDERER_DIR}: run \`npm run build\` (npm run test:e2e does it).`);
  }
}

interface Fixtures {
  /** A stub core the test drives by hand (empty inbox, events on demand): for exact UI checks. */
  stubCore: ReturnType<typeof createStubCore>;
  /** The browser host on 127.0.0.1 with a free port over the stub core, closed after the test. */
  webHost: WebHost;
  /** The first screen over the stub core, opened and ready. */
  inbox: InboxPage;
  /** The whole app: the real core on the demo simulator behind the browser host, with a fresh data folder. */
  preview: Preview;
}

export const test = base.extend<Fixtures>({
  // eslint-disable-next-line no-empty-pattern -- Playwright requires a destructuring pattern here.
  stubCore: async ({}, use) => {
    await use(createStubCore());
  },
  webHost: async ({ stubCore }, use) => {
    requireBuild();
    const host = await startWebHost({ handler: stubCore, rendererDir: RENDERER_DIR, host: '127.0.0.1', port: 0 });
    await use(host);
    await host.close();
  },
  inbox: async ({ page, webHost }, use) => {
    const inbox = new InboxPage(page);
    await inbox.open(webHost.url);
    await use(inbox);
  },
  // eslint-disable-next-line no-empty-pattern -- Playwright requires a destructuring pattern here.
  preview: async ({}, use) => {
    requireBuild();
    // Demo arrivals are slowed right down: the test creates the tasks it waits for.
    const preview = await startPreview({ rendererDir: RENDERER_DIR, demoIntervalMs: 3_600_000 });
    await use(preview);
    await preview.close();
  },
});

export { expect } from '@playwright/test';
