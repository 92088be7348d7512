import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentTypeFor, resolveStaticPath } from '../../main/web/static';
import { startWebHost, type WebHost } from '../../main/web';
import { createStubCore } from './stub-core';

/** A raw GET that keeps the path exactly as written (fetch would normalise `..`). */
function rawGet(url: string, path: string, headers: Record<string, string> = {}, method = 'GET') {
  const { hostname, port } = new URL(url);
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }>((resolve, reject) => {
    const req = request({ host: hostname, port, path, method, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('static file rules', () => {
  const root = '/srv/renderer';

  it('maps / to index.html and paths under the root to files', () => {
    expect(resolveStaticPath(root, '/')).toBe('/srv/renderer/index.html');
    expect(resolveStaticPath(root, '/assets/index-abc.js')).toBe('/srv/renderer/assets/index-abc.js');
  });

  it('refuses every way out of the root', () => {
    expect(resolveStaticPath(root, '/../secret.txt')).toBeNull();
    expect(resolveStaticPath(root, '/assets/../../secret.txt')).toBeNull();
    expect(resolveStaticPath(root, '/..%2f..%2fetc%2fpasswd')).toBeNull();
    expect(resolveStaticPath(root, '/%2e%2e/secret.txt')).toBeNull();
    expect(resolveStaticPath(root, '/..%5csecret.txt')).toBeNull();
    expect(resolveStaticPath(root, '/index.html%00.js')).toBeNull();
    expect(resolveStaticPath(root, '/%E0%A4%A')).toBeNull();
    expect(resolveStaticPath(root, '/../renderer-evil/x.js')).toBeNull();
  });

  it('names the content type of each built file', () => {
    expect(contentTypeFor('index.html')).toBe('text/html; charset=utf-8');
    expect(contentTypeFor('a.JS')).toBe('text/javascript; charset=utf-8');
    expect(contentTypeFor('a.css')).toBe('text/css; charset=utf-8');
    expect(contentTypeFor('a.svg')).toBe('image/svg+xml');
    expect(contentTypeFor('a.png')).toBe('image/png');
    expect(contentTypeFor('a.woff2')).toBe('font/woff2');
    expect(contentTypeFor('noext')).toBe('application/octet-stream');
  });
});

describe('the browser host serves the built renderer', () => {
  let dir: string;
  let host: WebHost;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'deskbell-web-'));
    mkdirSync(join(dir, 'renderer', 'assets'), { recursive: true });
    writeFileSync(join(dir, 'renderer', 'index.html'), '<!doctype html><title>Deskbell</title>');
    writeFileSync(join(dir, 'renderer', 'assets', 'app.js'), 'console.log(1)');
    writeFileSync(join(dir, 'renderer', 'assets', 'app.css'), 'body{}');
    writeFileSync(join(dir, 'secret.txt'), 'do not serve');
    host = await startWebHost({ handler: createStubCore(), rendererDir: join(dir, 'renderer'), log: () => {} });
  });

  afterAll(async () => {
    await host.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers the page with a CSP that starts from default-src none and allows only this bridge', async () => {
    const res = await fetch(host.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp.startsWith("default-src 'none'")).toBe(true);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self'");
    expect(csp).toContain(`connect-src ws://${new URL(host.origin).host}`);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await res.text()).toContain('<title>Deskbell</title>');
  });

  it('serves scripts and styles with their content types', async () => {
    const js = await fetch(`${host.origin}/assets/app.js`);
    expect(js.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    const css = await fetch(`${host.origin}/assets/app.css`);
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');
  });

  it('never serves a file outside the renderer folder', async () => {
    for (const path of ['/../secret.txt', '/assets/../../secret.txt', '/..%2fsecret.txt', '/%2e%2e/secret.txt', '/..%5csecret.txt']) {
      const res = await rawGet(host.origin, path, { host: new URL(host.origin).host });
      expect(res.status, path).toBe(404);
      expect(res.body).not.toContain('do not serve');
    }
  });

  it('lists no directories and 404s unknown files', async () => {
    expect((await fetch(`${host.origin}/assets`)).status).toBe(404);
    expect((await fetch(`${host.origin}/assets/`)).status).toBe(404);
    expect((await fetch(`${host.origin}/nope.js`)).status).toBe(404);
  });

  it('answers HEAD without a body and refuses other methods', async () => {
    const head = await rawGet(host.origin, '/', { host: new URL(host.origin).host }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
    const post = await fetch(host.origin, { method: 'POST', body: 'x' });
    expect(post.status).toBe(405);
  });

  it('refuses a request made under another host name (DNS rebinding)', async () => {
    const res = await rawGet(host.origin, '/', { host: `evil.example:${new URL(host.origin).port}` });
    expect(res.status).toBe(421);
  });

  it('listens on loopback only', async () => {
    await expect(startWebHost({ handler: createStubCore(), rendererDir: dir, host: '0.0.0.0' })).rejects.toThrow(/loopback/);
    expect(new URL(host.url).hostname).toBe('127.0.0.1');
    expect(new URL(host.url).searchParams.get('token')).toBe(host.token);
  });
});
