/**
 * The simulator's HTTP server on 127.0.0.1: routes requests to the service
 * or the control API, applies injected transport faults, turns every error
 * into a JSON answer (it never crashes on input), and closes every socket
 * and timer on `close()`.
 */
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { createSimClock, type SimClock } from './clock';
import { composeSimulator, type SimServices } from './compose';
import { codeForStatus, htmlErrorPage, type FaultRule } from './faults';
import { customerError, SimHttpError, type SimResponse } from './http';
import type { MemberRole } from '../../common/api/assumed';
import type { World } from './world';

/** Options of {@link startSimulator}. */
export interface SimulatorOptions {
  /** TCP port on 127.0.0.1; 0 (default) picks a free one. */
  port?: number;
  /** Demo mode: new tasks keep arriving. */
  demo?: boolean;
  /** Demo arrival interval (virtual ms); default 45 s. */
  demoIntervalMs?: number;
  /** Virtual start time (epoch ms); default now. */
  startTime?: number;
  /** False: virtual time stands still between `POST /_sim/clock` advances (exact timing in tests). Default true. */
  realTimeClock?: boolean;
  /** The team's IANA zone; default America/New_York. */
  timezone?: string;
  /** Webhook receiver deadline in real ms; default 8000. */
  webhookTimeoutMs?: number;
  /** Webhook waits before retries 1–4, virtual ms. */
  webhookRetryDelaysMs?: readonly number[];
}

/** The startup facts `npm run sim` prints as its first line. */
export interface SimulatorInfo {
  baseUrl: string;
  origin: string;
  teamId: number;
  keys: Record<MemberRole, string>;
  bearerToken: string;
  partnerKey: string;
}

/** A running simulator. */
export interface Simulator extends SimulatorInfo {
  clock: SimClock;
  world: World;
  /** Everything composed (faults, webhook, stores, seeded extra keys) for in-process tests. */
  services: SimServices;
  /** Stops listening, destroys every socket (keep-alive included) and clears every timer. */
  close(): Promise<void>;
}

/** Addresses that count as this machine for the control API. */
export function isLoopback(address: string | undefined): boolean {
  return address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1';
}

/** Writes a SimResponse as JSON (or nothing for HEAD / no body). */
function write(res: ServerResponse, r: SimResponse, head: boolean): void {
  if (res.headersSent || res.destroyed) return;
  const payload = r.body === undefined ? '' : JSON.stringify(r.body);
  const headers: Record<string, string> = { 'Cache-Control': 'no-store', ...r.headers, 'Content-Length': String(Buffer.byteLength(payload)) };
  if (r.body !== undefined) headers['Content-Type'] = 'application/json; charset=utf-8';
  res.writeHead(r.status, headers);
  res.end(head ? undefined : payload);
}

/** Writes half of the answer, then drops the connection: a body cut off in transit. */
function writeTruncated(res: ServerResponse, r: SimResponse): void {
  const payload = Buffer.from(r.body === undefined ? '{}' : JSON.stringify(r.body));
  res.writeHead(r.status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': String(payload.length) });
  res.write(payload.subarray(0, Math.floor(payload.length / 2)), () => res.socket?.destroy());
}

/** The answer of a `status` fault: a JSON error, an HTML page, or the raw body asked for. */
function writeFaultStatus(res: ServerResponse, fault: FaultRule, head: boolean): void {
  const status = fault.status ?? 500;
  const headers: Record<string, string> = {};
  if (fault.retryAfter !== undefined) headers['Retry-After'] = String(fault.retryAfter);
  let payload: string;
  if (fault.body !== undefined) {
    payload = fault.body;
    headers['Content-Type'] = fault.contentType ?? 'application/json';
  } else if (fault.html) {
    payload = htmlErrorPage(status);
    headers['Content-Type'] = 'text/html; charset=utf-8';
  } else {
    const code = codeForStatus(status);
    // Texts as the service words them where the spec gives them (the general 429), so a faked answer reads like a real one.
    const error =
      status >= 500 ? 'The service is temporarily unavailable. Try again later.'
      : status === 429 ? `Too many requests. Try again in ${fault.retryAfter ?? 60} seconds.`
      : `Injected ${status}.`;
    const body = code === 'invalid_request' ? { error: 'The request is invalid.', code, issues: [{ path: [], message: 'Injected fault.' }] } : { error, code };
    payload = JSON.stringify(body);
    headers['Content-Type'] = 'application/json; charset=utf-8';
  }
  headers['Content-Length'] = String(Buffer.byteLength(payload));
  res.writeHead(status, headers);
  res.end(head ? undefined : payload);
}

/** Starts a simulator on 127.0.0.1. */
export async function startSimulator(options: SimulatorOptions = {}): Promise<Simulator> {
  const clock = createSimClock(options.startTime, { realTime: options.realTimeClock });
  let info: SimulatorInfo | null = null;
  const services = composeSimulator({ ...options, clock, info: () => info });
  const sockets = new Set<Socket>();

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const head = req.method === 'HEAD';
    let truncate = false;
    let response: SimResponse;
    try {
      // The origin the client used (with the port), so absolute links in answers (live-update pages) point back here.
      const url = new URL(req.url ?? '/', `http://127.0.0.1:${req.socket.localPort ?? 80}`);
      if (url.pathname === '/_sim' || url.pathname.startsWith('/_sim/')) {
        // The control API changes the world; only this machine may use it.
        if (!isLoopback(req.socket.remoteAddress)) throw new SimHttpError(customerError(403, 'forbidden', 'The control API answers loopback clients only.'));
        response = (await services.control.dispatch(req, url)) ?? customerError(404, 'not_found', `No control route ${url.pathname}.`);
      } else {
        const fault = services.faults.takeTransport(req.method ?? 'GET', url.pathname);
        if (fault?.delayMs) await new Promise<void>((resolve) => clock.setTimer(resolve, fault.delayMs ?? 0));
        if (fault?.reset) {
          req.socket.destroy();
          return;
        }
        if (fault?.status !== undefined) {
          writeFaultStatus(res, fault, head);
          return;
        }
        truncate = fault?.truncate === true;
        response = (await services.api.dispatch(req, url)) ?? customerError(404, 'not_found', `No such endpoint: ${req.method ?? 'GET'} ${url.pathname}.`);
      }
    } catch (err) {
      if (err instanceof SimHttpError) response = err.response;
      else {
        // A bug in the simulator: answer like a service would, and say so on stderr.
        console.error('[sim] internal error:', err);
        response = customerError(500, 'internal', 'Something went wrong on our side.');
      }
    }
    if (truncate && !head) writeTruncated(res, response);
    else write(res, response, head);
  };

  const server = http.createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      console.error('[sim] failed to answer:', err);
      res.destroy();
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  // Malformed HTTP: answer 400 and close, never throw.
  server.on('clientError', (_err, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
    else socket.destroy();
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  info = { baseUrl: `${origin}/api/v1`, origin, teamId: services.world.team.id, keys: services.keys, bearerToken: services.bearerToken, partnerKey: services.partnerKey };

  let closing: Promise<void> | null = null;
  return {
    ...info,
    clock,
    world: services.world,
    services,
    close() {
      closing ??= new Promise<void>((resolve) => {
        services.stop();
        clock.dispose();
        server.close(() => resolve());
        server.closeAllConnections();
        for (const socket of sockets) socket.destroy();
      });
      return closing;
    },
  };
}
