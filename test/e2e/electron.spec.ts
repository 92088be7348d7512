import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { _electron as electron, expect, test } from '@playwright/test';
import { findElectronBinary } from '../../main/electron-binary';
import { InboxPage } from './pages/inbox-page';

// Found without requiring the `electron` package, which would try to download the binary.
const binary = findElectronBinary();

test.describe('the Electron app', () => {
  test.skip(!binary.present, binary.present ? '' : `Electron binary absent: ${binary.reason}`);

  test('opens its window on the inbox', async () => {
    if (!binary.present) return;
    const userData = mkdtempSync(join(tmpdir(), 'deskbell-e2e-'));
    const app = await electron.launch({
      executablePath: binary.path,
      args: [process.cwd()],
      env: { ...process.env, DESKBELL_USER_DATA_DIR: userData, ELECTRON_RENDERER_URL: '' },
    });
    try {
      const page = await app.firstWindow();
      const inbox = new InboxPage(page);
      await inbox.waitUntilReady();
      await expect(inbox.heading).toBeVisible();
      expect(await page.title()).toBe('Deskbell');
      // The preload exposes the contract and nothing else; the page has no Node.
      const exposed = await page.evaluate(() => Object.keys((globalThis as { deskbell?: object }).deskbell ?? {}).sort());
      expect(exposed).toEqual(['invoke', 'on']);
      expect(await page.evaluate(() => typeof (globalThis as { require?: unknown }).require)).toBe('undefined');
      expect(await page.evaluate(() => typeof (globalThis as { process?: unknown }).process)).toBe('undefined');
    } finally {
      await app.close();
      rmSync(userData, { recursive: true, force: true });
    }
  });
});
