import { BrowserWindow, app, ipcMain, powerMonitor, session } from 'electron';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { ContractHandler } from '../../common/contract';
import { DEFAULT_SETTINGS, type Settings } from '../../common/settings';
import type { ConnectionState } from '../../common/views';
import windowIconPath from '../../build/icons/256x256.png?asset';
import trayIconPath from '../../build/tray.png?asset';
import trayTemplatePath from '../../build/trayTemplate.png?asset';
import { applyLaunchAtLogin } from './autostart';
import { dashboardOriginOf } from './external-links';
import { forwardContractEvents, registerContractIpc } from './ipc';
import { startsHidden } from './login-item';
import { showNewTaskNotification } from './notifications';
import { choosePreloadFile, isRendererUrl, isTrustedSender, rendererLocation } from './renderer-location';
import { hardenSession, hardenWebContents } from './security';
import { createDeskbellTray } from './tray';
import { trayModel } from './tray-model';
import { createMainWindow, showWindow } from './window';

/** Windows groups notifications and taskbar entries by this id; keep it equal to electron-builder's appId. */
export const APP_USER_MODEL_ID = 'app.deskbell.desktop';

const log = (message: string) => console.error(message);

/**
 * Claims the single-instance lock and fixes the app's paths. Call it first,
 * before the core is created. Returns the data folder for the core, or null
 * when another Deskbell already runs (this one then quits).
 *
 * DESKBELL_USER_DATA_DIR points the data folder elsewhere (end-to-end tests
 * give each run a fresh folder).
 */
export function prepareElectronApp(): { dataDir: string } | null {
  const override = process.env.DESKBELL_USER_DATA_DIR;
  if (override) app.setPath('userData', override);
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return null;
  }
  app.setAppUserModelId(APP_USER_MODEL_ID);
  return { dataDir: app.getPath('userData') };
}

function preloadPath(appRoot: string): string {
  const dir = join(appRoot, 'out', 'preload');
  const name = choosePreloadFile(readdirSync(dir));
  if (!name) throw new Error(`No CommonJS preload in ${dir}: a sandboxed preload cannot be an ES module. Build it as CommonJS (index.cjs).`);
  return join(dir, name);
}

/** Options of {@link startElectronHost}. */
export interface ElectronHostOptions {
  /** The core, behind the contract. */
  handler: ContractHandler;
  /** The computer woke from sleep (the core syncs at once). */
  onWake?: () => void;
  /** Runs once before the app exits (the core stops and saves its state). */
  onQuit?: () => Promise<void>;
}

/**
 * Runs the Electron host around a core: the window, the tray, IPC, OS
 * notifications and the login item. Every decision is made by the pure
 * modules beside this file; this function only wires them to Electron.
 */
export async function startElectronHost({ handler, onWake, onQuit }: ElectronHostOptions): Promise<void> {
  await app.whenReady();

  const appRoot = app.getAppPath();
  const location = rendererLocation({ appRoot, isPackaged: app.isPackaged, devServerUrl: process.env.ELECTRON_RENDERER_URL });
  const pathOptions = { caseInsensitivePaths: process.platform === 'win32' || process.platform === 'darwin' };
  let dashboardOrigin: string | null = null;
  const policy = { isRenderer: (url: string) => isRendererUrl(url, location, pathOptions), dashboardOrigin: () => dashboardOrigin };

  app.on('web-contents-created', (_event, contents) => hardenWebContents(contents, policy, log));
  hardenSession(session.defaultSession);
  registerContractIpc({ ipcMain, handler, isTrusted: (frame) => isTrustedSender(frame, location, pathOptions), log });

  let unreadCount = 0;
  let connection: ConnectionState | null = null;
  let settings: Settings = DEFAULT_SETTINGS;
  const snapshot = await handler.handle('getSnapshot', {});
  if (snapshot.ok) {
    ({ unreadCount, connection, settings } = snapshot.value);
    dashboardOrigin = dashboardOriginOf(snapshot.value.team?.dashboard_url);
  } else {
    log(`host: could not read the first snapshot: ${snapshot.error.message}`);
  }

  let quitting = false;
  let stopped = false;
  app.on('before-quit', (event) => {
    quitting = true;
    if (stopped || !onQuit) return;
    // Let the core stop and save before the process ends, then quit for real.
    event.preventDefault();
    stopped = true;
    onQuit()
      .catch((err: unknown) => log(`host: stopping the core: ${String(err)}`))
      .finally(() => app.quit());
  });
  if (onWake) powerMonitor.on('resume', onWake);
  // A tray app keeps running with no window open.
  app.on('window-all-closed', () => {});

  const win = createMainWindow({
    preloadPath: preloadPath(appRoot),
    iconPath: windowIconPath,
    location,
    startHidden: startsHidden(process.argv, app.getLoginItemSettings().wasOpenedAtLogin),
    isQuitting: () => quitting,
    log,
  });
  const open = () => showWindow(win);
  app.on('second-instance', open);
  app.on('activate', open);

  forwardContractEvents(handler, () => BrowserWindow.getAllWindows().map((w) => w.webContents));

  const tray = createDeskbellTray({ iconPath: trayIconPath, templateIconPath: trayTemplatePath, actions: { open, quit: () => app.quit() } });
  const redrawTray = () => tray.apply(trayModel({ unreadCount, connection, showBadge: settings.alerts.trayBadge }));
  redrawTray();
  app.on('will-quit', () => tray.destroy());

  handler.on('tasks:changed', (payload) => {
    unreadCount = payload.unreadCount;
    redrawTray();
  });
  handler.on('connection:changed', (next) => {
    connection = next;
    redrawTray();
    // The team (with its dashboard address) loads after start; pick it up once it is there.
    if (!dashboardOrigin) {
      void handler.handle('getSnapshot', {}).then((r) => {
        if (r.ok) dashboardOrigin = dashboardOriginOf(r.value.team?.dashboard_url);
      });
    }
  });
  handler.on('settings:changed', (next) => {
    const loginChanged = next.launchAtLogin !== settings.launchAtLogin;
    settings = next;
    redrawTray();
    if (loginChanged) applyLaunchAtLogin(next.launchAtLogin).catch((err: unknown) => log(`host: login item: ${String(err)}`));
  });
  handler.on('task:new', ({ task }) => {
    if (settings.alerts.osNotification) showNewTaskNotification(task, { silent: !settings.alerts.sound, onClick: open });
  });
  applyLaunchAtLogin(settings.launchAtLogin).catch((err: unknown) => log(`host: login item: ${String(err)}`));
}
