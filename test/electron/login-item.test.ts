import { describe, expect, it } from 'vitest';
import { HIDDEN_FLAG, linuxAutostartEntry, loginItemSettings, startsHidden } from '../../main/electron/login-item';

describe('launch at login follows the setting', () => {
  it('registers a hidden start on Windows', () => {
    expect(loginItemSettings(true, 'win32')).toEqual({ openAtLogin: true, args: [HIDDEN_FLAG] });
    expect(loginItemSettings(false, 'win32')).toEqual({ openAtLogin: false, args: [HIDDEN_FLAG] });
  });
  it('registers a login item on macOS', () => {
    expect(loginItemSettings(true, 'darwin')).toEqual({ openAtLogin: true });
    expect(loginItemSettings(false, 'darwin')).toEqual({ openAtLogin: false });
  });
  it('leaves Linux to an XDG autostart file', () => {
    expect(loginItemSettings(true, 'linux')).toBeNull();
    const entry = linuxAutostartEntry('/opt/Deskbell/deskbell');
    expect(entry).toContain('[Desktop Entry]');
    expect(entry).toContain('Exec="/opt/Deskbell/deskbell" --hidden');
  });
  it('quotes odd characters in the autostart command', () => {
    expect(linuxAutostartEntry('/home/a "b"/$x`y`\\z')).toContain('Exec="/home/a \\"b\\"/\\$x\\`y\\`\\\\z" --hidden');
  });
  it('starts in the tray when launched at login', () => {
    expect(startsHidden(['/opt/deskbell', HIDDEN_FLAG])).toBe(true);
    expect(startsHidden(['/opt/deskbell'], true)).toBe(true);
    expect(startsHidden(['/opt/deskbell'])).toBe(false);
  });
});
