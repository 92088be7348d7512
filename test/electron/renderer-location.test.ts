import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { choosePreloadFile, isRendererUrl, isTrustedSender, rendererLocation } from '../../main/electron/renderer-location';

const appRoot = '/opt/Deskbell/resources/app.asar';
const built = rendererLocation({ appRoot, isPackaged: true });
const builtUrl = pathToFileURL('/opt/Deskbell/resources/app.asar/out/renderer/index.html').href;

describe('where the renderer is loaded from', () => {
  it('is the built index.html in a packaged app, even if a dev server URL is set', () => {
    expect(built).toEqual({ kind: 'file', path: '/opt/Deskbell/resources/app.asar/out/renderer/index.html', fileUrl: builtUrl });
    expect(rendererLocation({ appRoot, isPackaged: true, devServerUrl: 'http://localhost:5173' }).kind).toBe('file');
  });
  it('is the dev server while developing, on loopback only', () => {
    expect(rendererLocation({ appRoot, isPackaged: false, devServerUrl: 'http://localhost:5173' })).toEqual({ kind: 'url', url: 'http://localhost:5173' });
    expect(rendererLocation({ appRoot, isPackaged: false, devServerUrl: 'http://evil.example:5173' }).kind).toBe('file');
    expect(rendererLocation({ appRoot, isPackaged: false, devServerUrl: 'not a url' }).kind).toBe('file');
    expect(rendererLocation({ appRoot, isPackaged: false }).kind).toBe('file');
  });
});

describe('IPC is answered only for our renderer', () => {
  it('trusts the built index.html in the main frame, with any query or hash', () => {
    expect(isTrustedSender({ url: builtUrl, isMainFrame: true }, built)).toBe(true);
    expect(isTrustedSender({ url: `${builtUrl}?x=1#/inbox`, isMainFrame: true }, built)).toBe(true);
  });

  it('does not trust a sub-frame, a vanished frame, or another page', () => {
    expect(isTrustedSender({ url: builtUrl, isMainFrame: false }, built)).toBe(false);
    expect(isTrustedSender(null, built)).toBe(false);
    for (const url of [
      pathToFileURL('/opt/Deskbell/resources/app.asar/out/renderer/other.html').href,
      pathToFileURL('/tmp/index.html').href,
      'file://remote-host/opt/Deskbell/resources/app.asar/out/renderer/index.html',
      'https://evil.example/index.html',
      'about:blank',
      'data:text/html,hi',
      'devtools://devtools/bundled/inspector.html',
      '',
    ]) {
      expect(isTrustedSender({ url, isMainFrame: true }, built), url).toBe(false);
    }
  });

  it('compares encoded paths as paths', () => {
    const spaced = rendererLocation({ appRoot: '/Users/Front Desk/Deskbell.app/Contents/Resources/app.asar', isPackaged: true });
    const url = 'file:///Users/Front%20Desk/Deskbell.app/Contents/Resources/app.asar/out/renderer/index.html';
    expect(isRendererUrl(url, spaced)).toBe(true);
    expect(isRendererUrl(url.replace('Front%20Desk', 'front%20desk'), spaced)).toBe(false);
    expect(isRendererUrl(url.replace('Front%20Desk', 'front%20desk'), spaced, { caseInsensitivePaths: true })).toBe(true);
    expect(isRendererUrl('file:///%E0%A4%A', spaced)).toBe(false);
  });

  it('trusts the dev server origin only while developing', () => {
    const dev = rendererLocation({ appRoot, isPackaged: false, devServerUrl: 'http://localhost:5173' });
    expect(isTrustedSender({ url: 'http://localhost:5173/', isMainFrame: true }, dev)).toBe(true);
    expect(isTrustedSender({ url: 'http://localhost:5174/', isMainFrame: true }, dev)).toBe(false);
    expect(isTrustedSender({ url: 'https://localhost:5173/', isMainFrame: true }, dev)).toBe(false);
    expect(isTrustedSender({ url: builtUrl, isMainFrame: true }, dev)).toBe(false);
  });
});

describe('the preload must be CommonJS (sandboxed preloads cannot be ES modules)', () => {
  it('takes index.cjs, else index.js, never index.mjs', () => {
    expect(choosePreloadFile(['index.cjs', 'index.mjs'])).toBe('index.cjs');
    expect(choosePreloadFile(['index.js'])).toBe('index.js');
    expect(choosePreloadFile(['index.mjs'])).toBeNull();
    expect(choosePreloadFile([])).toBeNull();
  });
});
