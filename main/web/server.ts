import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ContractHandler } from '../../common/contract';
import { createBridge } from './bridge';
import { contentSecurityPolicy, createStaticHandler } from './static';
import { createLaunchToken } from './token';

/** Options of {@link startWebHost}. */
export interface WebHostOptions {
  /** The core (or any implementation of the contract). */
  handler: ContractHandler;
  /** The built renderer folder, normally out/renderer. */
  rendererDir: string;
  /** A loopback address; the host refuses anything else. Default 127.0.0.1. */
  host?: string;
  /** 0 picks a free port. Default 0. */
  port?: number;
  /** Where to report host-side problems. Default console.error. */
  log?: (message: string) => void;
}

/** A running browser host. */
export interface WebHost {
  /** The address to open, with the per-launch token: http://127.0.0.1:PORT/?token=… */
  url: string;
  /** The host's own origin, e.g. http://127.0.0.1:PORT. The only Origin the bridge accepts. */
  origin: string;
  /** The per-launch bridge token (64 hex characters). */
  token: string;
  /** Stops serving and closes every bridge connection. */
  close(): Promise<void>;
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '::1', 'localhost']);

/**
 * Starts the browser host: serves the built renderer on a loopback port and
 * bridges the contract over a WebSocket at /bridge. Only a page from this
 * very origin that knows the per-launch token can reach the core.
 */
export async function startWebHost({ handler, rendererDir, host = '127.0.0.1', port = 0, log = (m) => console.error(m) }: WebHostOptions): Promise<WebHost> {
  if (!LOOPBACK_HOSTS.has(host)) throw new Error(`The browser host listens on loopback only; "${host}" is not a loopback address.`);
  const token = createLaunchToken();
  let hostHeader = '';
  let origin = '';
  let headers: Record<string, string> = {};

  const bridge = createBridge({ handler, origin: () => origin, token, log });
  const serveStatic = createStaticHandler({ root: rendererDir, headers: () => headers });

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    // A page reached under another host name (DNS rebinding) gets nothing.
    if (req.headers.host !== hostHeader) {
      res.writeHead(421, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Misdirected request');
      return;
    }
    serveStatic(req, res).catch((err: unknown) => {
      log(`web host: ${err instanceof Error ? err.message : String(err)}`);
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  server.on('upgrade', (req, socket, head) => bridge.handleUpgrade(req, socket, head));
  server.on('clientError', (_err, socket) => socket.destroy());

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });

  const actualPort = (server.address() as AddressInfo).port;
  hostHeader = `${host.includes(':') ? `[${host}]` : host}:${actualPort}`;
  origin = `http://${hostHeader}`;
  headers = {
    'Content-Security-Policy': contentSecurityPolicy(`ws://${hostHeader}`),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
    'X-Frame-Options': 'DENY',
  };

  let closing: Promise<void> | null = null;
  return {
    url: `${origin}/?token=${token}`,
    origin,
    token,
    close() {
      closing ??= (async () => {
        await bridge.close();
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        });
      })();
      return closing;
    },
  };
}
