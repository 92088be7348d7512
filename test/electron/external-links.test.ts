import { describe, expect, it } from 'vitest';
import { dashboardOriginOf, decideNavigation, isAllowedExternalLink, isPermissionAllowed } from '../../main/electron/external-links';

const DASH = 'https://app.answering.example';

describe('shell.openExternal only for https links under the dashboard origin', () => {
  it('allows https links on the dashboard origin, any path', () => {
    expect(isAllowedExternalLink('https://app.answering.example/tasks/conversation-12', DASH)).toBe(true);
    expect(isAllowedExternalLink('https://app.answering.example/', DASH)).toBe(true);
    expect(isAllowedExternalLink('https://APP.answering.example/x?y=1#z', DASH)).toBe(true);
    expect(isAllowedExternalLink('https://app.answering.example:443/x', DASH)).toBe(true);
  });

  it('refuses http, even on the dashboard host', () => {
    expect(isAllowedExternalLink('http://app.answering.example/tasks', DASH)).toBe(false);
  });

  it('refuses other hosts, look-alikes and subdomains', () => {
    expect(isAllowedExternalLink('https://evil.example/tasks', DASH)).toBe(false);
    expect(isAllowedExternalLink('https://app.answering.example.evil.example/', DASH)).toBe(false);
    expect(isAllowedExternalLink('https://evil.app.answering.example/', DASH)).toBe(false);
    expect(isAllowedExternalLink('https://answering.example/', DASH)).toBe(false);
    expect(isAllowedExternalLink('https://app.answering.example:8443/', DASH)).toBe(false);
  });

  it('refuses links carrying credentials', () => {
    expect(isAllowedExternalLink('https://user:pw@app.answering.example/', DASH)).toBe(false);
    expect(isAllowedExternalLink('https://app.answering.example@evil.example/', DASH)).toBe(false);
  });

  it('refuses schemes that start programs or read files', () => {
    for (const url of ['file:///etc/passwd', 'javascript:alert(1)', 'ms-settings:', 'smb://host/share', 'data:text/html,x', 'mailto:a@b.c']) {
      expect(isAllowedExternalLink(url, DASH), url).toBe(false);
    }
  });

  it('refuses everything when the dashboard origin is unknown or not https', () => {
    expect(isAllowedExternalLink('https://app.answering.example/', null)).toBe(false);
    expect(isAllowedExternalLink('http://app.answering.example/', 'http://app.answering.example')).toBe(false);
    expect(isAllowedExternalLink('not a url', DASH)).toBe(false);
    expect(isAllowedExternalLink('https://app.answering.example/', 'not a url')).toBe(false);
  });
});

describe('the dashboard origin comes from the team dashboard address', () => {
  it('is the origin of an https address', () => {
    expect(dashboardOriginOf('https://app.answering.example/teams/4/dashboard')).toBe('https://app.answering.example');
  });
  it('is null for a missing, malformed or http address', () => {
    expect(dashboardOriginOf(null)).toBeNull();
    expect(dashboardOriginOf(undefined)).toBeNull();
    expect(dashboardOriginOf('')).toBeNull();
    expect(dashboardOriginOf('nope')).toBeNull();
    expect(dashboardOriginOf('http://app.answering.example')).toBeNull();
  });
});

describe('navigation is denied unless it stays in our renderer', () => {
  const isRenderer = (url: string) => url.startsWith('file:///app/out/renderer/index.html');
  it('allows our renderer, sends dashboard links out, denies the rest', () => {
    expect(decideNavigation('file:///app/out/renderer/index.html', { isRenderer, dashboardOrigin: DASH })).toBe('allow');
    expect(decideNavigation('https://app.answering.example/tasks/1', { isRenderer, dashboardOrigin: DASH })).toBe('open-external');
    expect(decideNavigation('https://evil.example/', { isRenderer, dashboardOrigin: DASH })).toBe('deny');
    expect(decideNavigation('file:///etc/passwd', { isRenderer, dashboardOrigin: DASH })).toBe('deny');
    expect(decideNavigation('https://app.answering.example/tasks/1', { isRenderer, dashboardOrigin: null })).toBe('deny');
  });
});

describe('permission requests are denied by default', () => {
  it('grants nothing', () => {
    for (const p of ['media', 'geolocation', 'notifications', 'clipboard-read', 'openExternal', 'fullscreen', 'unknown']) {
      expect(isPermissionAllowed(p), p).toBe(false);
    }
  });
});
