import { describe, expect, it } from 'vitest';
import { mainWindowOptions } from '../../main/electron/window-options';

describe('the main window is locked down', () => {
  const options = mainWindowOptions({ preloadPath: '/app/out/preload/index.cjs' });
  const prefs = options.webPreferences ?? {};

  it('isolates the page: context isolation, sandbox, no Node', () => {
    expect(prefs.contextIsolation).toBe(true);
    expect(prefs.sandbox).toBe(true);
    expect(prefs.nodeIntegration).toBe(false);
    expect(prefs.nodeIntegrationInWorker).toBe(false);
    expect(prefs.nodeIntegrationInSubFrames).toBe(false);
  });

  it('keeps web security on and webviews off', () => {
    expect(prefs.webSecurity).toBe(true);
    expect(prefs.allowRunningInsecureContent).toBe(false);
    expect(prefs.webviewTag).toBe(false);
    expect(prefs.navigateOnDragDrop).toBe(false);
  });

  it('loads our preload and waits to be ready before showing', () => {
    expect(prefs.preload).toBe('/app/out/preload/index.cjs');
    expect(options.show).toBe(false);
    expect(options.title).toBe('Deskbell');
  });

  it('uses the icon only when given', () => {
    expect(options.icon).toBeUndefined();
    expect(mainWindowOptions({ preloadPath: 'p', iconPath: '/i.png' }).icon).toBe('/i.png');
  });
});
