import { app } from 'electron';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { linuxAutostartEntry, loginItemSettings } from './login-item';

/**
 * Applies the "launch at login" setting. Only a packaged app registers
 * itself: in development the executable is Electron itself.
 */
export async function applyLaunchAtLogin(launchAtLogin: boolean): Promise<void> {
  if (!app.isPackaged) return;
  const settings = loginItemSettings(launchAtLogin, process.platform);
  if (settings) {
    app.setLoginItemSettings(settings);
    return;
  }
  if (process.platform !== 'linux') return;
  const dir = join(process.env.XDG_CONFIG_HOME || join(homedir(), '.config'), 'autostart');
  const file = join(dir, 'deskbell.desktop');
  if (!launchAtLogin) {
    await rm(file, { force: true });
    return;
  }
  await mkdir(dir, { recursive: true });
  // An AppImage runs from a temporary mount: start the AppImage file itself.
  await writeFile(file, linuxAutostartEntry(process.env.APPIMAGE || process.execPath), 'utf8');
}
