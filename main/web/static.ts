import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, resolve, sep } from 'node:path';

/** Content types of the files a Vite build of the renderer emits. Anything else is served as bytes. */
const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/** The content type for a file name, by extension. */
export function contentTypeFor(fileName: string): string {
  return CONTENT_TYPES[extname(fileName).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * The Content-Security-Policy of every page the browser host serves: nothing
 * by default, our own scripts and styles, and the bridge WebSocket on this
 * very host and port.
 */
export function contentSecurityPolicy(wsOrigin: string): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    `connect-src ${wsOrigin}`,
    "img-src 'self' data:",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * Maps a request path to a file under `root`, or null when it must not be
 * served: undecodable, containing NUL or a backslash, or resolving outside
 * `root` (directory traversal). `/` means `index.html`.
 */
export function resolveStaticPath(root: string, requestPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(requestPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  const relative = decoded === '/' || decoded === '' ? 'index.html' : decoded.replace(/^\/+/, '');
  const base = resolve(root);
  const file = resolve(base, relative);
  if (file !== base && !file.startsWith(base + sep)) return null;
  return file;
}

/** Options of {@link createStaticHandler}. */
export interface StaticOptions {
  /** The built renderer folder (out/renderer). */
  root: string;
  /** Headers added to every response (CSP and friends). */
  headers: () => Record<string, string>;
}

/** Serves the built renderer read-only: GET and HEAD, regular files only, no listings. */
export function createStaticHandler({ root, headers }: StaticOptions) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const common = headers();
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { ...common, Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Method not allowed');
      return;
    }
    const pathname = new URL(req.url ?? '/', 'http://placeholder').pathname;
    const file = resolveStaticPath(root, pathname);
    const info = file ? await stat(file).catch(() => null) : null;
    if (!file || !info?.isFile()) {
      res.writeHead(404, { ...common, 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Not found');
      return;
    }
    res.writeHead(200, {
      ...common,
      'Content-Type': contentTypeFor(file),
      'Content-Length': String(info.size),
      // Built assets carry a content hash; the page itself must always be fresh.
      'Cache-Control': file.endsWith('.html') ? 'no-store' : 'public, max-age=31536000, immutable',
    });
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    const stream = createReadStream(file);
    stream.on('error', () => res.destroy());
    stream.pipe(res);
  };
}
