/**
 * The browser host: serves the built renderer on loopback and bridges the
 * contract over a token- and origin-checked WebSocket. Used for development
 * previews and for end-to-end tests in Chromium where Electron is absent.
 */
export { startWebHost, type WebHost, type WebHostOptions } from './server';
export { BRIDGE_PATH, MAX_FRAME_BYTES, type BridgeEvent, type BridgeReply, type BridgeRequest } from './bridge';
