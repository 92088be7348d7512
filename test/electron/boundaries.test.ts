import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EVENT_CHANNEL, INVOKE_CHANNEL } from '../../main/electron/channels';

const root = join(import.meta.dirname, '..', '..');
const source = (path: string) => readFileSync(join(root, path), 'utf8');

describe('the pure Electron-side modules import Electron types only', () => {
  // These hold every decision and are tested in plain Node; a value import of
  // 'electron' would make them untestable here (it tries to download Electron).
  const pure = ['external-links.ts', 'renderer-location.ts', 'window-options.ts', 'tray-model.ts', 'notification-text.ts', 'login-item.ts', 'ipc.ts', 'channels.ts'];
  it.each(pure)('%s', (file) => {
    const text = source(`main/electron/${file}`);
    const valueImports = text.match(/^import\s+(?!type\b)[^;]*from\s+['"]electron['"]/gm) ?? [];
    expect(valueImports).toEqual([]);
  });
});

describe('preload and main agree on the IPC channels', () => {
  it('uses the same channel names', () => {
    const preload = source('preload/index.ts');
    expect(preload).toContain(`const INVOKE_CHANNEL = '${INVOKE_CHANNEL}';`);
    expect(preload).toContain(`const EVENT_CHANNEL = '${EVENT_CHANNEL}';`);
  });

  it('exposes exactly one object, window.deskbell', () => {
    const calls = source('preload/index.ts').match(/exposeInMainWorld\(/g) ?? [];
    expect(calls).toHaveLength(1);
    expect(source('preload/index.ts')).toContain("exposeInMainWorld('deskbell', api)");
  });
});
