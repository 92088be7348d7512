/**
 * The core as hosts see it: it composes everything behind the contract,
 * starts without crashing when the keychain cannot be used, runs in demo
 * mode on a simulator the host composed, and answers every method with a
 * Result, never a throw.
 */
import { access, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { SecretName } from '../../common/settings';
import { createCore } from '../../main/core/core';
import { KeychainUnavailableError, type SecretStore } from '../../main/core/secrets';
import { EventLog, MemorySecrets, Rig, waitFor } from './integration/support/harness';

let rig: Rig | null = null;
afterEach(async () => {
  await rig?.close();
  rig = null;
});

/** A keychain that is locked: every call fails the way the secrets module reports it. */
const lockedKeychain: SecretStore = {
  get: async (_name: SecretName) => {
    throw new KeychainUnavailableError('The keyring is locked. Unlock it and try again.');
  },
  status: async () => {
    throw new KeychainUnavailableError('The keyring is locked. Unlock it and try again.');
  },
  set: async () => {
    throw new KeychainUnavailableError('The keyring is locked. Unlock it and try again.');
  },
  clear: async () => {
    throw new KeychainUnavailableError('The keyring is locked. Unlock it and try again.');
  },
};

describe('start-up never crashes on keychain errors', () => {
  it('starts, shows keychain_unavailable, and answers every call with a Result', async () => {
    rig = await Rig.start();
    const { core, log } = rig.core({ secrets: lockedKeychain });
    await core.start();
    await waitFor(() => log.of('connection:changed').some((s) => s.state === 'keychain_unavailable'), 'keychain_unavailable');
    const status = await core.handle('getSecretStatus', {});
    expect(!status.ok && status.error.code).toBe('keychain_unavailable');
    const set = await core.handle('setSecret', { name: 'apiKey', value: 'x' });
    expect(!set.ok && set.error.message).toMatch(/locked/);
    const sync = await core.handle('syncNow', {});
    expect(!sync.ok && sync.error.code).toBe('keychain_unavailable');
    const snap = await core.handle('getSnapshot', {});
    expect(snap.ok && snap.value.connection.state).toBe('keychain_unavailable');
    expect(snap.ok && snap.value.secrets).toEqual({ apiKey: false, liveUpdatesToken: false, webhookSecret: false });
  });
});

describe('not configured and demo mode', () => {
  it('without a base URL or demo, says not configured and still runs', async () => {
    rig = await Rig.start();
    const { core, log } = rig.core({ baseUrl: null });
    await core.start();
    expect(log.of('connection:changed').at(-1)?.state).toBe('not_configured');
    const sync = await core.handle('syncNow', {});
    expect(!sync.ok && sync.error.code).toBe('not_configured');
  });

  it('with the host-composed simulator as demo, syncs from it and says demo', async () => {
    rig = await Rig.start();
    const demoSecrets = new MemorySecrets({ apiKey: rig.sim.keys.owner, liveUpdatesToken: rig.sim.bearerToken });
    const { core, log } = rig.core({ baseUrl: undefined, secrets: new MemorySecrets(), demo: { baseUrl: rig.sim.baseUrl, secrets: demoSecrets } });
    await core.start();
    const snap = await waitFor(async () => {
      const s = await core.handle('getSnapshot', {});
      return s.ok && s.value.lastSyncAt !== null ? s : null;
    }, 'a sync with the simulator');
    expect(log.of('connection:changed').at(-1)).toMatchObject({ state: 'online', demo: true });
    expect(snap.ok && snap.value.tasks.length).toBeGreaterThan(0);
    expect(snap.ok && snap.value.secrets.apiKey).toBe(false); // the person's own keychain, not the demo's keys
  });
});

describe('the contract over the simulator', () => {
  it('returns Results for reads, writes and settings, and emits what changed', async () => {
    rig = await Rig.start();
    const { core, log } = await rig.started();
    const snap = await core.handle('getSnapshot', {});
    expect(snap.ok).toBe(true);
    if (!snap.ok) return;
    const task = snap.value.tasks.find((t) => t.task.conversation !== null)!.task;
    expect(snap.value.team?.timezone).toBeTruthy();

    const updated = await core.handle('updateTask', { taskId: task.id, status: 'in_progress' });
    expect(updated.ok && updated.value.status).toBe('in_progress');
    expect(log.of('tasks:changed').at(-1)?.tasks.find((t) => t.task.id === task.id)?.task.status).toBe('in_progress');

    const note = await core.handle('addNote', { taskId: task.id, content: 'Called back, left a voicemail.' });
    expect(note.ok).toBe(true);
    const formNote = await core.handle('addNote', { taskId: 'form-submission-1', content: 'x' });
    expect(!formNote.ok && formNote.error.code).toBe('invalid_request');

    const live = await core.handle('listLiveUpdates', {});
    expect(live.ok).toBe(true);
    const contacts = await core.handle('searchContacts', { search: 'a', pageSize: 5 });
    expect(contacts.ok).toBe(true);
    const prefs = await core.handle('getTeamPreferences', {});
    expect(prefs.ok).toBe(true);
    const report = await core.handle('testConnection', {});
    expect(report.ok && report.value.customerApi.ok).toBe(true);
    expect(report.ok && report.value.relay.ok).toBe(false); // no event has reached the relay yet

    const bad = await core.handle('saveSettings', { pollIntervalMs: 10 } as never);
    expect(!bad.ok && bad.error.code).toBe('invalid_request');
    const moved = await core.handle('saveSettings', { relayPort: 0, relayPath: '/hooks/answering' });
    expect(moved.ok).toBe(true);
    expect(log.of('settings:changed')).toHaveLength(1);
    expect(core.relayStatus().url).toMatch(/\/hooks\/answering$/);

    expect((await core.handle('markTasksRead', { taskIds: [task.id] })).ok).toBe(true);
  });

  it('saves state on stop and refuses calls it cannot serve yet', async () => {
    rig = await Rig.start();
    const { core } = rig.core();
    const early = createCore({ dataDir: rig.dir, baseUrl: rig.sim.baseUrl, secrets: new MemorySecrets() });
    const before = await early.handle('getSnapshot', {});
    expect(before.ok).toBe(false);
    await core.start();
    await waitFor(async () => {
      const s = await core.handle('getSnapshot', {});
      return s.ok && s.value.lastSyncAt;
    }, 'a sync');
    await core.stop();
    await core.stop(); // twice is harmless
    await access(join(rig.dir, 'state.json'));
    const state = JSON.parse(await readFile(join(rig.dir, 'state.json'), 'utf8')) as { lastSyncAt: string | null };
    expect(state.lastSyncAt).not.toBeNull();
  });

  it('a listener that throws does not stop the others or the core', async () => {
    rig = await Rig.start();
    const { core } = rig.core();
    core.on('connection:changed', () => {
      throw new Error('faulty host handler');
    });
    const log = new EventLog();
    log.attach(core);
    await core.start();
    await waitFor(() => log.of('connection:changed').some((s) => s.state === 'online'), 'online despite the faulty handler');
  });
});
