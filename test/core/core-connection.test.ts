import { describe, expect, it } from 'vitest';
import type { ConnectionState } from '../../common/views';
import { ConnectionTracker, stateForError } from '../../main/core/connection';

function tracker() {
  const changes: ConnectionState[] = [];
  let now = Date.parse('2026-01-15T12:00:00Z');
  const t = new ConnectionTracker({ now: () => now, demo: false, onChange: (s) => changes.push(s) });
  return { t, changes, tick: (ms: number) => (now += ms) };
}

describe('connection state from request outcomes', () => {
  it('maps each kind of failure to the state the status bar shows', () => {
    expect(stateForError({ code: 'offline', message: '' })).toBe('offline');
    expect(stateForError({ code: 'timeout', message: '' })).toBe('offline');
    expect(stateForError({ code: 'bad_response', message: '' })).toBe('offline');
    expect(stateForError({ code: 'internal', message: '', status: 503 })).toBe('offline');
    expect(stateForError({ code: 'rate_limited', message: '', status: 429 })).toBe('rate_limited');
    expect(stateForError({ code: 'unauthorized', message: '', status: 401 })).toBe('bad_key');
    expect(stateForError({ code: 'keychain_unavailable', message: '' })).toBe('keychain_unavailable');
    expect(stateForError({ code: 'not_configured', message: '' })).toBe('not_configured');
  });

  it('treats an answer about the request itself (404, 422, 409) as proof the service is reachable', () => {
    for (const code of ['not_found', 'unprocessable', 'conflict', 'forbidden', 'invalid_request'] as const) expect(stateForError({ code, message: '' })).toBeNull();
    const { t } = tracker();
    expect(t.report({ ok: false, error: { code: 'not_found', message: 'gone', status: 404 } }).state).toBe('online');
  });

  it('announces only changes, and keeps `since` while the state stays', () => {
    const { t, changes, tick } = tracker();
    t.report({ ok: true });
    t.report({ ok: true });
    tick(60_000);
    t.report({ ok: false, error: { code: 'offline', message: 'no route' } });
    const since = t.state.since;
    tick(60_000);
    t.report({ ok: false, error: { code: 'offline', message: 'no route' } });
    tick(60_000);
    t.report({ ok: false, error: { code: 'timeout', message: 'slow' } });
    expect(changes.map((c) => c.state)).toEqual(['online', 'offline', 'offline']);
    expect(t.state.since).toBe(since);
    expect(t.state.message).toMatch(/slow/);
  });

  it('carries when a rate limit ends', () => {
    const { t } = tracker();
    const s = t.report({ ok: false, error: { code: 'rate_limited', message: 'wait', retryAfterSec: 30 }, retryAt: Date.parse('2026-01-15T12:00:30Z') });
    expect(s).toMatchObject({ state: 'rate_limited', retryAt: '2026-01-15T12:00:30.000Z' });
  });

  it('says demo mode with the state', () => {
    const { t, changes } = tracker();
    t.setDemo(true);
    expect(changes.at(-1)).toMatchObject({ state: 'connecting', demo: true });
  });
});
