import { BrowserWindow } from 'electron';
import type { RendererLocation } from './renderer-location';
import { mainWindowOptions } from './window-options';

/** Options of {@link createMainWindow}. */
export interface MainWindowOptions {
  preloadPath: string;
  iconPath?: string;
  location: RendererLocation;
  /** Stay in the tray at start (launched at login). */
  startHidden: boolean;
  /** True once the person chose Quit: closing then really closes. */
  isQuitting: () => boolean;
  log?: (message: string) => void;
}

/**
 * Creates the one window. Closing it hides it to the tray, because new tasks
 * must keep arriving while the window is out of the way.
 */
export function createMainWindow({ preloadPath, iconPath, location, startHidden, isQuitting, log = (m) => console.error(m) }: MainWindowOptions): BrowserWindow {
  const win = new BrowserWindow(mainWindowOptions({ preloadPath, ...(iconPath ? { iconPath } : {}) }));
  win.once('ready-to-show', () => {
    if (!startHidden) win.show();
  });
  win.on('close', (event) => {
    if (isQuitting()) return;
    event.preventDefault();
    win.hide();
  });
  const loading = location.kind === 'url' ? win.loadURL(location.url) : win.loadFile(location.path);
  loading.catch((err: unknown) => log(`window: could not load the renderer: ${err instanceof Error ? err.message : String(err)}`));
  return win;
}

/** Brings the window to the front, restoring it if minimised or hidden. */
export function showWindow(win: BrowserWindow): void {
  if (win.isDestroyed()) return;
  if (win.isMinimized()) win.restore();
  win.show();
  win.focus();
}
