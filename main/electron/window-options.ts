import type { BrowserWindowConstructorOptions } from 'electron';

/**
 * The main window's options. Every security setting is spelled out even
 * where it is Electron's default, so a reader (and a test) sees it.
 */
export function mainWindowOptions({ preloadPath, iconPath }: { preloadPath: string; iconPath?: string }): BrowserWindowConstructorOptions {
  return {
    width: 960,
    height: 720,
    minWidth: 420,
    minHeight: 360,
    title: 'Deskbell',
    show: false,
    autoHideMenuBar: true,
    ...(iconPath ? { icon: iconPath } : {}),
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      experimentalFeatures: false,
      navigateOnDragDrop: false,
      spellcheck: false,
    },
  };
}
