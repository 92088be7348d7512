import type { Settings as LoginItemSettings } from 'electron';

/** The command-line flag that starts Deskbell in the tray, without its window. */
export const HIDDEN_FLAG = '--hidden';

/**
 * What to tell the OS about starting at login. Electron manages login items
 * on macOS and Windows only; on Linux we write an XDG autostart entry
 * instead (see {@link linuxAutostartEntry}), so this answers null there.
 */
export function loginItemSettings(launchAtLogin: boolean, platform: NodeJS.Platform): LoginItemSettings | null {
  if (platform === 'win32') return { openAtLogin: launchAtLogin, args: [HIDDEN_FLAG] };
  if (platform === 'darwin') return { openAtLogin: launchAtLogin };
  return null;
}

/** The XDG autostart file for Linux (~/.config/autostart/deskbell.desktop). */
export function linuxAutostartEntry(executable: string): string {
  // Quote per the Desktop Entry spec: wrap in double quotes, escape ", `, $ and \.
  const quoted = `"${executable.replace(/(["`$\\])/g, '\\$1')}"`;
  return ['[Desktop Entry]', 'Type=Application', 'Name=Deskbell', 'Comment=New answering-service tasks at the front desk', `Exec=${quoted} ${HIDDEN_FLAG}`, 'X-GNOME-Autostart-enabled=true', 'Terminal=false', ''].join('\n');
}

/** Whether this launch should stay in the tray (started at login). */
export function startsHidden(argv: readonly string[], openedAtLogin = false): boolean {
  return openedAtLogin || argv.includes(HIDDEN_FLAG);
}
