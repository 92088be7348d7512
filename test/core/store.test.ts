/** The state store against a real temp folder: persistence, recovery of bad files, bounded growth, no secrets. */
import { mkdtemp, mkdir, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, type SettingsPatch } from '../../common/settings';
import type { Draft, Notice } from '../../common/views';
import { PersistedStateSchema, STATE_FILE_NAME, StateStore, type StateStoreOptions } from '../../main/core/store';

let dir: string;
let clock: Date;
let notices: Notice[];
let opened: StateStore[];

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'deskbell-store-'));
  clock = new Date('2026-10-21T09:00:00.000Z');
  notices = [];
  opened = [];
});
afterEach(async () => {
  // Let every store finish its pending save before the folder goes away.
  await Promise.allSettled(opened.map((s) => s.flush()));
  await rm(dir, { recursive: true, force: true });
});

/** Opens a store in the test folder with the test clock. */
async function open(extra: Partial<StateStoreOptions> = {}): Promise<StateStore> {
  const store = await StateStore.open({ dir, now: () => clock, writeDelayMs: 0, onNotice: (n) => notices.push(n), ...extra });
  opened.push(store);
  return store;
}

const file = () => join(dir, STATE_FILE_NAME);
const readState = async () => JSON.parse(await readFile(file(), 'utf8'));

/** A draft as the outbox makes it. */
function draft(id: string, body = 'Your table is ready'): Draft {
  return {
    draftId: id,
    conversationId: 12,
    channel: 'text',
    body,
    idempotencyKey: `draft-${id}-1`,
    updatedAt: clock.toISOString(),
    lastAttempt: null,
  };
}

describe('persists everything across a restart', () => {
  it('starts fresh with defaults and saves settings, ids, unread, drafts and last sync', async () => {
    const store = await open();
    expect(store.loadReport.outcome).toBe('fresh');
    expect(store.getSettings()).toEqual(DEFAULT_SETTINGS);
    expect(store.getLastSyncAt()).toBeNull();

    store.updateSettings({ relayPort: 9999, forwardTargets: ['http://127.0.0.1:3000/hook'] });
    expect(store.markTasksSeen(['conversation-1', 'form-submission-2'])).toEqual(['conversation-1', 'form-submission-2']);
    expect(store.markTasksSeen(['conversation-1', 'conversation-3'])).toEqual(['conversation-3']);
    expect(store.markEventSeen('conversation:1:task.created')).toBe(true);
    expect(store.markEventSeen('conversation:1:task.created')).toBe(false);
    store.markUnread(['conversation-1', 'conversation-3']);
    expect(store.markRead(['conversation-1'])).toBe(1);
    store.putDraft(draft('d1', 'Grüße 👋'));
    store.setLastSyncAt(clock);
    await store.flush();

    const again = await open();
    expect(again.loadReport.outcome).toBe('loaded');
    expect(again.getSettings()).toMatchObject({ relayPort: 9999, forwardTargets: ['http://127.0.0.1:3000/hook'] });
    expect(again.hasSeenTask('form-submission-2')).toBe(true);
    expect(again.hasSeenTask('conversation-9')).toBe(false);
    expect(again.hasSeenEvent('conversation:1:task.created')).toBe(true);
    expect(again.unreadTaskIds()).toEqual(['conversation-3']);
    expect(again.listDrafts()).toEqual([draft('d1', 'Grüße 👋')]);
    expect(again.getLastSyncAt()).toBe('2026-10-21T09:00:00.000Z');
    expect(notices).toEqual([]);
  });

  it('keeps the file private to the user (drafts hold customers\' messages)', async () => {
    const store = await open();
    store.putDraft(draft('d1'));
    await store.flush();
    if (process.platform !== 'win32') expect((await stat(file())).mode & 0o777).toBe(0o600);
  });

  it('refuses invalid settings and a malformed draft without changing anything', async () => {
    const store = await open();
    expect(() => store.updateSettings({ relayPort: 70000 })).toThrow();
    expect(() => store.putDraft({ ...draft('d1'), idempotencyKey: 'has spaces' })).toThrow();
    expect(store.getSettings().relayPort).toBe(DEFAULT_SETTINGS.relayPort);
    expect(store.listDrafts()).toEqual([]);
  });
});

describe('the file a save writes', () => {
  /** Passes the schema with nothing stripped or changed, in the layout JSON.stringify(state, null, 2) gives (as before saves stopped re-validating). */
  async function expectCanonicalFile(): Promise<void> {
    const text = await readFile(file(), 'utf8');
    expect(text).toBe(`${JSON.stringify(PersistedStateSchema.parse(JSON.parse(text)), null, 2)}\n`);
  }

  it('is exactly what validating the whole state and writing it out would give', async () => {
    const store = await open();
    store.markRead([]); // any change saves; this one leaves a fresh install's defaults
    await store.flush();
    await expectCanonicalFile();
    store.updateSettings({ baseUrl: 'https://service.example.com/api/v1', forwardTargets: ['http://127.0.0.1:3000/hook'], alerts: { toast: false, osNotification: true, trayBadge: true, sound: true } });
    store.markTasksSeen(['conversation-1', 'form-submission-2']);
    clock = new Date(clock.getTime() + 1000);
    store.markTasksSeen(['conversation-3', 'conversation-1']);
    store.markEventSeen('conversation:1:task.created');
    store.markEventSeen('some "odd" id\\ with\nescapes ✓');
    store.markUnread(['conversation-3', 'form-submission-2']);
    store.putDraft(draft('d1', 'Line one\nline "two" — Grüße 👋'));
    store.putDraft({ ...draft('d2'), lastAttempt: { at: clock.toISOString(), outcome: 'failed', message: 'timed out' } });
    store.setLastSyncAt('2026-10-21T11:00:00+02:00');
    await store.flush();
    await expectCanonicalFile();
    const saved = await readState();
    expect(Object.keys(saved.seenTaskIds)).toEqual(['form-submission-2', 'conversation-3', 'conversation-1']);
    expect(saved.lastSyncAt).toBe('2026-10-21T09:00:00.000Z');
  });

  it('loads a file as earlier versions and hand edits left it (any date form, any order) and saves it oldest first', async () => {
    // Format version 1 as written before saves were reworked, plus the liberties a hand edit may take.
    await writeFile(
      file(),
      JSON.stringify({
        version: 1,
        settings: { ...DEFAULT_SETTINGS, relayPort: 9001 },
        seenTaskIds: { 'conversation-3': '2026-10-21T10:30:00+02:00', 'conversation-1': '2026-10-20T09:00:00Z', 'conversation-2': '2026-10-21T08:00:00.000Z' },
        seenEventIds: { 'conversation:1:task.created': '2026-10-20T09:00:00.000Z' },
        unreadTaskIds: ['conversation-3'],
        drafts: [draft('d1')],
        lastSyncAt: '2026-10-21T08:59:00.000Z',
      }),
    );
    const store = await open();
    expect(store.loadReport.outcome).toBe('loaded');
    expect(store.hasSeenTask('conversation-1')).toBe(true);
    store.markTasksSeen(['conversation-4']);
    await store.flush();
    await expectCanonicalFile();
    expect((await readState()).seenTaskIds).toEqual({
      'conversation-1': '2026-10-20T09:00:00.000Z',
      'conversation-2': '2026-10-21T08:00:00.000Z',
      'conversation-3': '2026-10-21T08:30:00.000Z',
      'conversation-4': '2026-10-21T09:00:00.000Z',
    });
    expect(Object.keys((await readState()).seenTaskIds)).toEqual(['conversation-1', 'conversation-2', 'conversation-3', 'conversation-4']);
    expect((await open()).listDrafts()).toEqual([draft('d1')]);
  });

  it('refuses an invalid id where it comes in, recording nothing of the batch, and later saves still work', async () => {
    const store = await open();
    const tooLong = `conversation-${'9'.repeat(200)}`;
    expect(() => store.markTasksSeen(['conversation-1', ''])).toThrow();
    expect(() => store.markTasksSeen(['conversation-1', tooLong])).toThrow();
    expect(() => store.markEventSeen('')).toThrow();
    expect(() => store.markUnread(['conversation-1', tooLong])).toThrow();
    expect(() => store.setLastSyncAt('not a date')).toThrow();
    expect(store.hasSeenTask('conversation-1')).toBe(false);
    expect(store.unreadTaskIds()).toEqual([]);
    expect(store.getLastSyncAt()).toBeNull();

    store.markTasksSeen(['conversation-1']);
    await store.flush();
    await expectCanonicalFile();
    expect(Object.keys((await readState()).seenTaskIds)).toEqual(['conversation-1']);
    expect(notices).toEqual([]);
  });

  it('refuses a clock the file cannot hold instead of failing every later save', async () => {
    const store = await open();
    clock = new Date(Number.NaN);
    expect(() => store.markTasksSeen(['conversation-1'])).toThrow(RangeError);
    expect(store.hasSeenTask('conversation-1')).toBe(false);
    clock = new Date('2026-10-21T09:00:00.000Z');
    store.markTasksSeen(['conversation-2']);
    await store.flush();
    expect(Object.keys((await readState()).seenTaskIds)).toEqual(['conversation-2']);
  });

  it('what was validated cannot change afterwards: later edits to the objects passed in are not saved', async () => {
    const store = await open();
    const patch: SettingsPatch = { forwardTargets: ['http://127.0.0.1:3000/hook'] };
    const input = { ...draft('d1'), lastAttempt: { at: clock.toISOString(), outcome: 'sent' as const, message: 'ok' } };
    store.updateSettings(patch);
    store.putDraft(input);
    // The caller's own objects stay theirs (not frozen), and changing them changes nothing stored.
    expect(Object.isFrozen(input) || Object.isFrozen(input.lastAttempt) || Object.isFrozen(patch.forwardTargets)).toBe(false);
    patch.forwardTargets!.push('http://127.0.0.1:4000/SECRET-1');
    (input as Record<string, unknown>).webhookSecret = 'SECRET-2';
    (input.lastAttempt as Record<string, unknown>).token = 'SECRET-3';
    input.body = 'changed';
    // Neither do the copies the store hands out.
    store.getSettings().forwardTargets.push('http://127.0.0.1:5000/SECRET-4');
    store.getDraft('d1')!.body = 'SECRET-5';
    store.markTasksSeen(['conversation-1']);
    await store.flush();
    const text = await readFile(file(), 'utf8');
    expect(text).not.toMatch(/SECRET|webhookSecret|token|changed/);
    expect(store.getSettings().forwardTargets).toEqual(['http://127.0.0.1:3000/hook']);
    await expectCanonicalFile();
  });
});

describe('atomic writes', () => {
  it('leaves no temp file behind and removes one a crash left', async () => {
    await writeFile(join(dir, `${STATE_FILE_NAME}.tmp-999-deadbeef`), '{"half": ');
    const store = await open();
    store.markTasksSeen(['conversation-1']);
    await store.flush();
    expect(await readdir(dir)).toEqual([STATE_FILE_NAME]);
  });

  it('writes bursts serially and ends with the latest state', async () => {
    const store = await open({ writeDelayMs: 5 });
    for (let i = 0; i < 500; i++) store.markTasksSeen([`conversation-${i + 1}`]);
    const pending = store.flush();
    store.markUnread(['conversation-500']); // a change during the write is saved by one more write
    await pending;
    await store.flush();
    const saved = await readState();
    expect(Object.keys(saved.seenTaskIds)).toHaveLength(500);
    expect(saved.unreadTaskIds).toEqual(['conversation-500']);
  });

  it('reports a failed save, keeps working and saves again once it can', async () => {
    const store = await open();
    store.markTasksSeen(['conversation-1']);
    await store.flush();
    // A folder in the file's place makes the rename fail for real.
    await rm(file());
    await mkdir(join(file(), 'blocker'), { recursive: true });
    store.markTasksSeen(['conversation-2']);
    await expect(store.flush()).rejects.toThrow();
    expect(notices.map((n) => n.code)).toEqual(['state_write_failed']);
    expect(store.hasSeenTask('conversation-2')).toBe(true);

    await rm(file(), { recursive: true });
    await store.flush();
    expect(notices.map((n) => n.code)).toEqual(['state_write_failed', 'state_write_recovered']);
    expect(Object.keys((await readState()).seenTaskIds)).toEqual(['conversation-1', 'conversation-2']);
  });
});

describe('a corrupt file is moved aside, reported, and the app goes on', () => {
  it('bad JSON: moved to state.json.corrupt-<time>, defaults, a notice', async () => {
    await writeFile(file(), '{"version": 1, "settings": {');
    const store = await open();
    expect(store.loadReport.outcome).toBe('recovered');
    expect(store.loadReport.movedTo).toBe(join(dir, 'state.json.corrupt-2026-10-21T09-00-00-000Z'));
    expect(await readFile(store.loadReport.movedTo!, 'utf8')).toBe('{"version": 1, "settings": {');
    expect(store.getSettings()).toEqual(DEFAULT_SETTINGS);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ level: 'warning', code: 'state_recovered' });
    expect(notices[0]!.message).toMatch(/not valid JSON.*state\.json\.corrupt-/);
    await store.flush();
    expect((await readState()).version).toBe(1); // a valid file replaced it at once
    expect((await open()).loadReport.outcome).toBe('loaded');
  });

  it.each([
    ['an array', '[]', /not a JSON object/],
    ['a string', '"hello"', /not a JSON object/],
    ['no version', '{"settings": {}}', /no known format version/],
    ['a newer format', '{"version": 2}', /newer Deskbell/],
  ])('wrong shape (%s): moved aside with defaults', async (_label, text, reason) => {
    await writeFile(file(), text);
    const store = await open();
    expect(store.loadReport.outcome).toBe('recovered');
    expect(store.loadReport.problems.join()).toMatch(reason);
    expect(store.getSettings()).toEqual(DEFAULT_SETTINGS);
    expect((await readdir(dir)).some((n) => n.startsWith('state.json.corrupt-'))).toBe(true);
  });

  it('one bad section costs only that section: a bad setting takes its default, the rest is kept', async () => {
    const good = await open();
    good.updateSettings({ relayPort: 9000, pollIntervalMs: 30_000 });
    good.markTasksSeen(['conversation-1']);
    good.putDraft(draft('d1'));
    good.setLastSyncAt(clock);
    await good.flush();
    const saved = await readState();
    saved.settings.relayPort = 'eighty';
    saved.drafts.push({ draftId: 'broken' });
    await writeFile(file(), JSON.stringify(saved));

    const store = await open();
    expect(store.loadReport.outcome).toBe('recovered');
    expect(store.loadReport.problems).toEqual(['setting relayPort was invalid and was reset to its default', '1 invalid drafts entry was dropped']);
    expect(store.getSettings()).toMatchObject({ relayPort: DEFAULT_SETTINGS.relayPort, pollIntervalMs: 30_000 });
    expect(store.hasSeenTask('conversation-1')).toBe(true);
    expect(store.listDrafts()).toEqual([draft('d1')]);
    expect(store.getLastSyncAt()).not.toBeNull();
    // The original, with the broken draft's data, is kept for a person to look at.
    expect(await readFile(store.loadReport.movedTo!, 'utf8')).toContain('broken');
  });

  it('losing the seen task ids also forgets the last sync, so the next sync alerts nothing twice', async () => {
    await writeFile(file(), JSON.stringify({ version: 1, seenTaskIds: 'oops', lastSyncAt: '2026-10-21T08:00:00Z' }));
    const store = await open();
    expect(store.loadReport.outcome).toBe('recovered');
    expect(store.getLastSyncAt()).toBeNull();
  });
});

describe('bounded growth', () => {
  const limits = { maxEntries: 3, maxAgeMs: 10 * 86_400_000, protectMs: 72 * 3_600_000 };

  it('prunes seen task ids oldest-first past the cap, and their unread flags with them', async () => {
    const store = await open({ taskIdLimits: { ...limits, maxAgeMs: 100 * 86_400_000 } });
    for (const id of ['conversation-1', 'conversation-2', 'conversation-3', 'conversation-4', 'conversation-5']) {
      store.markTasksSeen([id]);
      store.markUnread([id]);
      clock = new Date(clock.getTime() + 4 * 86_400_000); // four days apart: only the newest is protected
    }
    await store.flush();
    const saved = await readState();
    expect(Object.keys(saved.seenTaskIds)).toEqual(['conversation-3', 'conversation-4', 'conversation-5']);
    expect(saved.unreadTaskIds).toEqual(['conversation-3', 'conversation-4', 'conversation-5']);
    expect(store.hasSeenTask('conversation-1')).toBe(false);
  });

  it('never prunes an id still listed today or yesterday, even past the cap', async () => {
    const store = await open({ taskIdLimits: limits });
    store.markTasksSeen(['conversation-1', 'conversation-2', 'conversation-3', 'conversation-4', 'conversation-5']);
    clock = new Date(clock.getTime() + 5 * 86_400_000);
    // The inbox re-marks every id of each polled list; these two are still listed.
    store.markTasksSeen(['conversation-1', 'conversation-2']);
    await store.flush();
    expect(Object.keys((await readState()).seenTaskIds).sort()).toEqual(['conversation-1', 'conversation-2', 'conversation-5']);

    store.markTasksSeen(['conversation-6', 'conversation-7', 'conversation-8', 'conversation-9']);
    await store.flush();
    // Over the cap (6 > 3), but every one was seen within 72 h: none is dropped.
    expect(Object.keys((await readState()).seenTaskIds)).toHaveLength(6);
  });

  it('forgets event ids past their age', async () => {
    const store = await open({ eventIdLimits: { maxEntries: 100, maxAgeMs: 86_400_000, protectMs: 0 } });
    store.markEventSeen('conversation:1:task.created');
    clock = new Date(clock.getTime() + 2 * 86_400_000);
    store.markEventSeen('conversation:2:task.created');
    await store.flush();
    expect(Object.keys((await readState()).seenEventIds)).toEqual(['conversation:2:task.created']);
  });

  it('prunes by time, not by when ids were touched, after the clock was set back', async () => {
    const store = await open({ taskIdLimits: { maxEntries: 2, maxAgeMs: 30 * 86_400_000, protectMs: 3_600_000 } });
    const start = clock;
    clock = new Date(start.getTime() + 10 * 86_400_000); // the PC's clock runs 10 days fast
    store.markTasksSeen(['conversation-ahead']);
    clock = start; // and is corrected
    store.markTasksSeen(['conversation-old']);
    store.markUnread(['conversation-old']);
    clock = new Date(start.getTime() + 1000);
    store.markTasksSeen(['conversation-new']);
    clock = new Date(start.getTime() + 5 * 86_400_000);
    await store.flush();
    const saved = await readState();
    expect(Object.keys(saved.seenTaskIds)).toEqual(['conversation-new', 'conversation-ahead']);
    expect(saved.unreadTaskIds).toEqual([]);
  });

  it('keeps pruning the oldest as ids keep coming, save after save', async () => {
    const store = await open({ eventIdLimits: { maxEntries: 5, maxAgeMs: 86_400_000, protectMs: 60_000 } });
    for (let i = 0; i < 30; i++) {
      clock = new Date(clock.getTime() + 120_000);
      store.markEventSeen(`conversation:${i}:task.created`);
      if (i % 4 === 0) await store.flush();
    }
    await store.flush();
    expect(Object.keys((await readState()).seenEventIds)).toEqual([25, 26, 27, 28, 29].map((i) => `conversation:${i}:task.created`));
    expect(store.hasSeenEvent('conversation:24:task.created')).toBe(false);
  });

  it('never prunes drafts, however old', async () => {
    const store = await open({ taskIdLimits: limits });
    store.putDraft(draft('old'));
    clock = new Date(clock.getTime() + 400 * 86_400_000);
    store.markTasksSeen(['conversation-1']);
    await store.flush();
    expect((await open()).listDrafts().map((d) => d.draftId)).toEqual(['old']);
  });
});

describe('never stores secrets', () => {
  it('drops secret-looking values passed through settings or drafts', async () => {
    const store = await open();
    const secrets = ['sk-live-SECRET-1', 'bearer-SECRET-2', 'whsec-SECRET-3'];
    store.updateSettings({ apiKey: secrets[0], liveUpdatesToken: secrets[1], relayPort: 8788 } as unknown as SettingsPatch);
    store.putDraft({ ...draft('d1'), webhookSecret: secrets[2] } as unknown as Draft);
    await store.flush();
    const text = await readFile(file(), 'utf8');
    for (const secret of secrets) expect(text).not.toContain(secret);
    expect(text).not.toMatch(/apiKey|liveUpdatesToken|webhookSecret/);
    expect(JSON.parse(text).settings.relayPort).toBe(8788);
  });
});
