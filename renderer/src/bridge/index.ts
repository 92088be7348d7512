import type { DeskbellApi } from '../../../common/contract';
import type { Bridge, LinkStatus } from './types';
import { createUnreachableBridge, createWebSocketBridge } from './websocket';

export type { Bridge, LinkState, LinkStatus } from './types';

/**
 * The one module through which the renderer reaches the core. Under
 * Electron the preload's `window.deskbell` is the contract; in a browser the
 * browser host's WebSocket is, with the token from the page address. Tests
 * swap the whole thing with {@link setBridge}.
 */
let current: Bridge | null = null;

/** The bridge in use, chosen on first call. */
export function getBridge(): Bridge {
  current ??= pickBridge(window);
  return current;
}

/** Replaces the bridge (tests, previews). Call before the app starts. */
export function setBridge(bridge: Bridge): void {
  current = bridge;
}

/** Chooses the bridge for this window. */
export function pickBridge(win: Window): Bridge {
  if (win.deskbell) return fromPreload(win.deskbell);
  const token = new URLSearchParams(win.location.search).get('token');
  if (!token) {
    return createUnreachableBridge('This page was opened without its access token. Open the address Deskbell printed when it started.');
  }
  const scheme = win.location.protocol === 'https:' ? 'wss:' : 'ws:';
  return createWebSocketBridge({ url: `${scheme}//${win.location.host}/bridge?token=${encodeURIComponent(token)}` });
}

/** The preload's contract is in-process IPC: the link is always open. */
function fromPreload(api: DeskbellApi): Bridge {
  const open: LinkStatus = { state: 'open', problem: null };
  return { api, link: { current: () => open, subscribe: () => () => {} } };
}
