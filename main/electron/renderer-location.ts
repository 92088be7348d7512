import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** Where the renderer is loaded from: the dev server while developing, else the built file. */
export type RendererLocation = { kind: 'url'; url: string } | { kind: 'file'; path: string; fileUrl: string };

/**
 * Chooses the renderer's location. The dev server (electron-vite sets
 * ELECTRON_RENDERER_URL) is used only in an unpackaged app and only on
 * loopback, so a packaged app never loads remote code.
 */
export function rendererLocation({ appRoot, isPackaged, devServerUrl }: { appRoot: string; isPackaged: boolean; devServerUrl?: string | undefined }): RendererLocation {
  if (!isPackaged && devServerUrl && isLoopbackHttpUrl(devServerUrl)) return { kind: 'url', url: devServerUrl };
  const path = join(appRoot, 'out', 'renderer', 'index.html');
  return { kind: 'file', path, fileUrl: pathToFileURL(path).href };
}

function isLoopbackHttpUrl(raw: string): boolean {
  try {
    const url = new URL(raw);
    return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  } catch {
    return false;
  }
}

/** The frame that sent an IPC message, as far as the trust decision needs it. */
export interface SenderFrame {
  url: string;
  /** True for a top-level frame (no parent). */
  isMainFrame: boolean;
}

/**
 * Whether a URL is our renderer: the built index.html (same file, any query
 * or hash) or a page of the dev server's origin. Everything else — another
 * file, another origin, data:, about:blank — is not.
 */
export function isRendererUrl(raw: string, location: RendererLocation, { caseInsensitivePaths = false } = {}): boolean {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return false;
  }
  if (location.kind === 'url') {
    const dev = new URL(location.url);
    return url.protocol === dev.protocol && url.host === dev.host;
  }
  if (url.protocol !== 'file:' || url.host !== '') return false;
  const expected = new URL(location.fileUrl);
  const a = safeDecode(url.pathname);
  const b = safeDecode(expected.pathname);
  if (a === null || b === null) return false;
  return caseInsensitivePaths ? a.toLowerCase() === b.toLowerCase() : a === b;
}

/** Whether an IPC sender may call the contract: our renderer, in a top-level frame. */
export function isTrustedSender(frame: SenderFrame | null, location: RendererLocation, options?: { caseInsensitivePaths?: boolean }): boolean {
  if (!frame || !frame.isMainFrame) return false;
  return isRendererUrl(frame.url, location, options);
}

function safeDecode(path: string): string | null {
  try {
    return decodeURIComponent(path);
  } catch {
    return null;
  }
}

/**
 * The preload script to use, from the files the build produced. A sandboxed
 * preload cannot be an ES module, so only a CommonJS build (.cjs, or .js
 * under a CommonJS package) is accepted; null means the build is wrong.
 */
export function choosePreloadFile(existing: readonly string[]): string | null {
  for (const name of ['index.cjs', 'index.js']) if (existing.includes(name)) return name;
  return null;
}
