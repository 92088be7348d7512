import type { ConnectionState } from '../../common/views';

/** One entry of the tray menu, independent of Electron's Menu. */
export type TrayMenuItem =
  | { kind: 'action'; id: 'open' | 'show-new' | 'quit'; label: string; enabled: boolean }
  | { kind: 'info'; id: 'connection'; label: string }
  | { kind: 'separator' };

/** Everything the tray shows. */
export interface TrayModel {
  tooltip: string;
  /** Text beside the tray icon / on the dock badge: '' for none, '99+' past 99. */
  badgeText: string;
  /** The number for app.setBadgeCount (0 clears it). */
  badgeCount: number;
  items: TrayMenuItem[];
}

/** What the tray is computed from. */
export interface TrayInput {
  unreadCount: number;
  connection: ConnectionState | null;
  /** The person's "tray badge" alert setting. */
  showBadge: boolean;
}

/** "1 new task", "3 new tasks", "No new tasks". */
export function unreadLabel(count: number): string {
  if (count <= 0) return 'No new tasks';
  return count === 1 ? '1 new task' : `${count} new tasks`;
}

/** The connection line, short enough for a menu. */
export function connectionLine(connection: ConnectionState | null): string {
  if (!connection) return 'Starting…';
  const demo = connection.demo ? ' (demo)' : '';
  switch (connection.state) {
    case 'online':
      return connection.demo ? 'Demo mode: simulated service' : 'Connected';
    case 'connecting':
      return `Connecting…${demo}`;
    case 'offline':
      return `Offline, retrying${demo}`;
    case 'rate_limited':
      return `Slowed down by the service${demo}`;
    case 'bad_key':
      return 'API key refused: check Settings';
    case 'keychain_unavailable':
      return 'Keychain unavailable: see Settings';
    case 'not_configured':
      return 'Not set up yet: open Settings';
    default:
      return String(connection.state);
  }
}

/** Computes the tray's tooltip, badge and menu. */
export function trayModel({ unreadCount, connection, showBadge }: TrayInput): TrayModel {
  const count = Math.max(0, Math.floor(unreadCount));
  const badgeCount = showBadge ? count : 0;
  const badgeText = badgeCount === 0 ? '' : badgeCount > 99 ? '99+' : String(badgeCount);
  const line = connectionLine(connection);
  return {
    tooltip: count > 0 ? `Deskbell: ${unreadLabel(count)} · ${line}` : `Deskbell · ${line}`,
    badgeText,
    badgeCount,
    items: [
      { kind: 'action', id: 'open', label: 'Open Deskbell', enabled: true },
      { kind: 'action', id: 'show-new', label: unreadLabel(count), enabled: count > 0 },
      { kind: 'info', id: 'connection', label: line },
      { kind: 'separator' },
      { kind: 'action', id: 'quit', label: 'Quit', enabled: true },
    ],
  };
}
