/**
 * A stand-in for the tunnel or reverse proxy that carries the service's
 * webhook to the relay. Tests script what it does with each request: pass it
 * on, pass it on twice (a duplicate delivery), answer 503 (the receiver
 * failing, so the service retries), or drop the connection (relay down).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the tunnel does with one request. */
export type TunnelAction = 'forward' | 'forward-twice' | 'fail-503' | 'drop';

/** A scriptable tunnel in front of the relay. */
export class Tunnel {
  /** Actions for the next requests, in order; when empty, `fallback` applies. */
  readonly script: TunnelAction[] = [];
  fallback: TunnelAction = 'forward';
  /** Statuses the relay answered to each forwarded copy. */
  readonly relayAnswers: number[] = [];
  private constructor(
    private readonly server: Server,
    readonly url: string,
    private target: string,
  ) {}

  static async open(target: string): Promise<Tunnel> {
    let tunnel: Tunnel | null = null;
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        void tunnel?.handle(req.headers, Buffer.concat(chunks)).then(
          (status) => {
            if (status === null) req.socket.destroy();
            else res.writeHead(status, { 'content-type': 'application/json' }).end('{}');
          },
          () => req.socket.destroy(),
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    tunnel = new Tunnel(server, `http://127.0.0.1:${port}/hook`, target);
    return tunnel;
  }

  /** Points the tunnel at another relay address (the relay moved after a restart). */
  retarget(target: string): void {
    this.target = target;
  }

  private async handle(headers: NodeJS.Dict<string | string[]>, body: Buffer): Promise<number | null> {
    const action = this.script.shift() ?? this.fallback;
    if (action === 'drop') return null;
    if (action === 'fail-503') return 503;
    const copies = action === 'forward-twice' ? 2 : 1;
    let status = 502;
    for (let i = 0; i < copies; i++) {
      const res = await fetch(this.target, {
        method: 'POST',
        headers: { 'content-type': String(headers['content-type'] ?? ''), 'x-service-secret': String(headers['x-service-secret'] ?? '') },
        body,
      });
      await res.text();
      status = res.status;
      this.relayAnswers.push(status);
    }
    return status;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
