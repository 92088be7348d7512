import { describe, expect, it } from 'vitest';
import type { ConnectionState } from '../../common/views';
import { connectionLine, trayModel, unreadLabel } from '../../main/electron/tray-model';

const conn = (state: ConnectionState['state'], demo = false): ConnectionState => ({ state, message: 'm', since: '2026-01-01T00:00:00Z', demo });

describe('the tray menu', () => {
  it('reads Open Deskbell, the unread count, the connection, Quit', () => {
    const model = trayModel({ unreadCount: 3, connection: conn('online'), showBadge: true });
    expect(model.items).toEqual([
      { kind: 'action', id: 'open', label: 'Open Deskbell', enabled: true },
      { kind: 'action', id: 'show-new', label: '3 new tasks', enabled: true },
      { kind: 'info', id: 'connection', label: 'Connected' },
      { kind: 'separator' },
      { kind: 'action', id: 'quit', label: 'Quit', enabled: true },
    ]);
  });

  it('says "No new tasks", disabled, when nothing is unread', () => {
    const item = trayModel({ unreadCount: 0, connection: conn('online'), showBadge: true }).items[1];
    expect(item).toEqual({ kind: 'action', id: 'show-new', label: 'No new tasks', enabled: false });
  });

  it('counts in plain words', () => {
    expect(unreadLabel(0)).toBe('No new tasks');
    expect(unreadLabel(1)).toBe('1 new task');
    expect(unreadLabel(2)).toBe('2 new tasks');
    expect(unreadLabel(-4)).toBe('No new tasks');
  });
});

describe('the badge', () => {
  it('shows the unread count, capped at 99+', () => {
    expect(trayModel({ unreadCount: 7, connection: null, showBadge: true })).toMatchObject({ badgeText: '7', badgeCount: 7 });
    expect(trayModel({ unreadCount: 99, connection: null, showBadge: true }).badgeText).toBe('99');
    expect(trayModel({ unreadCount: 120, connection: null, showBadge: true })).toMatchObject({ badgeText: '99+', badgeCount: 120 });
  });
  it('is empty with nothing unread', () => {
    expect(trayModel({ unreadCount: 0, connection: null, showBadge: true })).toMatchObject({ badgeText: '', badgeCount: 0 });
  });
  it('is off when the person turned the tray badge off, but the menu still counts', () => {
    const model = trayModel({ unreadCount: 5, connection: null, showBadge: false });
    expect(model).toMatchObject({ badgeText: '', badgeCount: 0 });
    expect(model.items[1]).toMatchObject({ label: '5 new tasks' });
  });
});

describe('the tooltip and connection line', () => {
  it('names the unread count and the connection', () => {
    expect(trayModel({ unreadCount: 2, connection: conn('offline'), showBadge: true }).tooltip).toBe('Deskbell: 2 new tasks · Offline, retrying');
    expect(trayModel({ unreadCount: 0, connection: conn('online'), showBadge: true }).tooltip).toBe('Deskbell · Connected');
  });
  it('has a short line for every connection state', () => {
    expect(connectionLine(null)).toBe('Starting…');
    expect(connectionLine(conn('online', true))).toBe('Demo mode: simulated service');
    expect(connectionLine(conn('connecting'))).toBe('Connecting…');
    expect(connectionLine(conn('offline', true))).toBe('Offline, retrying (demo)');
    expect(connectionLine(conn('rate_limited'))).toBe('Slowed down by the service');
    expect(connectionLine(conn('bad_key'))).toBe('API key refused: check Settings');
    expect(connectionLine(conn('keychain_unavailable'))).toBe('Keychain unavailable: see Settings');
    expect(connectionLine(conn('not_configured'))).toBe('Not set up yet: open Settings');
  });
});
