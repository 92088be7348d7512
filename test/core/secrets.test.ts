/**
 * The keychain, tested against a real Secret Service. Run under
 * `sh test/support/with-keychain.sh npx vitest run test/core/secrets.test.ts`,
 * which starts a throwaway gnome-keyring in a private D-Bus session.
 */
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import {
  KeychainUnavailableError,
  SecretVault,
  keychainAdvice,
  secretSourceFromEnv,
  type SecretSource,
} from '../../main/core/secrets';
import type { SecretName } from '../../common/settings';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const secretsModule = fileURLToPath(new URL('../../main/core/secrets.ts', import.meta.url));

const onLinux = process.platform === 'linux';
// Linux needs a D-Bus session to reach a Secret Service (the wrapper script
// starts one); macOS and Windows keychains are opt-in so a test run never
// raises an OS permission prompt by surprise.
const hasSecretService = Boolean(process.env.DBUS_SESSION_BUS_ADDRESS) || process.env.DESKBELL_TEST_OS_KEYCHAIN === '1';
const noSecretServiceReason =
  'no Secret Service in this run (DBUS_SESSION_BUS_ADDRESS is not set): start one with ' +
  '`sh test/support/with-keychain.sh npx vitest run test/core/secrets.test.ts`, or set DESKBELL_TEST_OS_KEYCHAIN=1 on macOS/Windows';
if (!hasSecretService) console.warn(`keychain round-trip tests skipped: ${noSecretServiceReason}`);

const hasDbusRunSession = onLinux && spawnSync('sh', ['-c', 'command -v dbus-run-session && command -v gnome-keyring-daemon']).status === 0;

// A service name of our own: even against a desktop keychain, nothing real is touched.
const service = `deskbell-test-${randomUUID()}`;
const vault = new SecretVault({ service });

afterAll(async () => {
  if (!hasSecretService) return;
  for (const name of ['apiKey', 'liveUpdatesToken', 'webhookSecret'] as const) await vault.clear(name);
});

/** Runs a tiny script in a child Node (with tsx) that tries to store `secret`, and returns what it threw. */
function setInChild(secret: string, env: NodeJS.ProcessEnv, wrap: string[] = []): { name: string; code: string; message: string; stack: string; contractError: unknown } {
  const script = `
    const { SecretVault } = await import(${JSON.stringify(secretsModule)});
    try {
      await new SecretVault({ service: 'deskbell-test-unavailable', timeoutMs: 15000 }).set('apiKey', ${JSON.stringify(secret)});
      console.log(JSON.stringify({ name: 'none' }));
    } catch (e) {
      console.log(JSON.stringify({ name: e.name, code: e.code, message: e.message, stack: e.stack, contractError: e.contractError }));
    }`;
  const command = [...wrap, process.execPath, '--import', 'tsx', '--input-type=module', '-e', script];
  const child = spawnSync(command[0]!, command.slice(1), { cwd: repoRoot, env, encoding: 'utf8', timeout: 30_000 });
  const line = child.stdout.trim().split('\n').pop() ?? '';
  if (!line.startsWith('{')) throw new Error(`child printed no result (status ${child.status}): ${child.stderr}`);
  return JSON.parse(line);
}

/** The parent's environment without any way to reach a Secret Service. */
function envWithoutSession(extra: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, ...extra };
  delete env.DISPLAY;
  delete env.WAYLAND_DISPLAY;
  return env;
}

describe('round trip through the real Secret Service', () => {
  it.skipIf(!hasSecretService)('sets, reads and clears each secret; status reports only set / not set', async () => {
    expect(await vault.status()).toEqual({ apiKey: false, liveUpdatesToken: false, webhookSecret: false });
    await vault.set('apiKey', 'sk-live-123');
    await vault.set('webhookSecret', 'whsec-456');
    expect(await vault.get('apiKey')).toBe('sk-live-123');
    expect(await vault.get('webhookSecret')).toBe('whsec-456');
    expect(await vault.get('liveUpdatesToken')).toBeNull();
    expect(await vault.status()).toEqual({ apiKey: true, liveUpdatesToken: false, webhookSecret: true });

    await vault.set('apiKey', 'sk-live-789');
    expect(await vault.get('apiKey')).toBe('sk-live-789');

    await vault.clear('apiKey');
    await vault.clear('apiKey'); // clearing twice is not an error
    expect(await vault.get('apiKey')).toBeNull();
    expect(await vault.status()).toEqual({ apiKey: false, liveUpdatesToken: false, webhookSecret: true });
  });

  it.skipIf(!hasSecretService)('keeps unicode values exactly', async () => {
    const value = 'clé-🔑-密钥-ñ-\u00e9\u0301-Ω';
    await vault.set('liveUpdatesToken', value);
    expect(await vault.get('liveUpdatesToken')).toBe(value);
    await vault.clear('liveUpdatesToken');
  });

  it.skipIf(!hasSecretService)('keeps a secret per service name, so test entries never meet the real ones', async () => {
    const other = new SecretVault({ service: `${service}-other` });
    await vault.set('apiKey', 'mine');
    expect(await other.get('apiKey')).toBeNull();
    await vault.clear('apiKey');
  });

  it('refuses an empty value instead of storing it', async () => {
    await expect(vault.set('apiKey', '')).rejects.toThrow(RangeError);
  });
});

describe('a clear keychain_unavailable error, never a plaintext fallback', () => {
  const secret = 'sk-never-show-me-0123456789';

  it.skipIf(!onLinux)('with a D-Bus address that leads nowhere', () => {
    const result = setInChild(secret, envWithoutSession({ DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/deskbell-bus' }));
    expect(result.name).toBe('KeychainUnavailableError');
    expect(result.code).toBe('keychain_unavailable');
    expect(result.contractError).toEqual({ code: 'keychain_unavailable', message: result.message });
    expect(result.message).toMatch(/no D-Bus session/);
    expect(result.message).toMatch(/gnome-keyring/);
    expect(result.message).toMatch(/log in to a desktop session/);
    expect(JSON.stringify(result)).not.toContain(secret);
  });

  it.skipIf(!onLinux)('with no D-Bus session and no display at all', () => {
    const env = envWithoutSession({});
    delete env.DBUS_SESSION_BUS_ADDRESS;
    const result = setInChild(secret, env);
    expect(result.code).toBe('keychain_unavailable');
    expect(result.message).toMatch(/no D-Bus session/);
    expect(result.message).toMatch(/DESKBELL_API_KEY/);
    expect(JSON.stringify(result)).not.toContain(secret);
  });

  it.skipIf(!hasDbusRunSession)('with a session whose keyring was never unlocked', () => {
    const home = mkdtempSync(join(tmpdir(), 'deskbell-locked-'));
    try {
      const env = envWithoutSession({ HOME: home, XDG_DATA_HOME: join(home, 'data'), XDG_CONFIG_HOME: join(home, 'config'), XDG_RUNTIME_DIR: home });
      delete env.DBUS_SESSION_BUS_ADDRESS;
      const result = setInChild(secret, env, ['dbus-run-session', '--']);
      expect(result.code).toBe('keychain_unavailable');
      expect(result.message).toMatch(/locked|Secret Service/);
      expect(result.message).toMatch(/unlock gnome-keyring/);
      expect(JSON.stringify(result)).not.toContain(secret);
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });

  it('when the native module cannot be loaded', async () => {
    const broken = new SecretVault({
      service,
      loadKeytar: () => {
        throw new Error("Cannot find module 'keytar'");
      },
    });
    const err = await broken.set('apiKey', secret).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(KeychainUnavailableError);
    expect((err as KeychainUnavailableError).message).toMatch(/could not be loaded.*npm rebuild keytar/);
  });

  it('never repeats the value, even if the keychain library echoes it', async () => {
    const echoing = new SecretVault({
      service,
      platform: 'linux',
      loadKeytar: () => ({
        getPassword: async () => null,
        deletePassword: async () => true,
        findCredentials: async () => [],
        setPassword: async (_s: string, _a: string, password: string) => {
          throw new Error(`collection is locked, could not store ${password}`);
        },
      }),
    });
    const err = (await echoing.set('apiKey', secret).catch((e: unknown) => e)) as KeychainUnavailableError;
    expect(err.code).toBe('keychain_unavailable');
    expect(`${err.message} ${err.stack}`).not.toContain(secret);
    expect(err.message).toMatch(/locked/);
  });

  it('a keychain that never answers times out as unavailable', async () => {
    const hanging = new SecretVault({
      service,
      timeoutMs: 50,
      loadKeytar: () => ({
        getPassword: () => new Promise<never>(() => {}),
        setPassword: async () => {},
        deletePassword: async () => true,
        findCredentials: async () => [],
      }),
    });
    await expect(hanging.get('apiKey')).rejects.toMatchObject({ code: 'keychain_unavailable' });
  });

  it('gives macOS and Windows their own advice', () => {
    expect(keychainAdvice('darwin', 'x')).toMatch(/Keychain Access/);
    expect(keychainAdvice('win32', 'x')).toMatch(/Credential Manager/);
    expect(keychainAdvice('linux', 'org.freedesktop.secrets was not provided by any .service files')).toMatch(/No Secret Service provider/);
  });
});

describe('secrets from the environment for the headless command', () => {
  /** A keychain stand-in that records which names were asked for. */
  function fakeVault(values: Partial<Record<SecretName, string>>): SecretSource & { asked: string[] } {
    const asked: string[] = [];
    return {
      asked,
      async get(name) {
        asked.push(name);
        return values[name] ?? null;
      },
      async status() {
        asked.push('status');
        return { apiKey: 'apiKey' in values, liveUpdatesToken: 'liveUpdatesToken' in values, webhookSecret: 'webhookSecret' in values };
      },
    };
  }

  it('reads each variable and falls back to the keychain for the rest', async () => {
    const fallback = fakeVault({ liveUpdatesToken: 'from-keychain' });
    const source = secretSourceFromEnv({ DESKBELL_API_KEY: 'env-key', DESKBELL_WEBHOOK_SECRET: '  env-secret ' }, fallback);
    expect(await source.get('apiKey')).toBe('env-key');
    expect(await source.get('webhookSecret')).toBe('env-secret');
    expect(await source.get('liveUpdatesToken')).toBe('from-keychain');
    expect(await source.status()).toEqual({ apiKey: true, liveUpdatesToken: true, webhookSecret: true });
    expect(fallback.asked).toEqual(['liveUpdatesToken', 'status']);
  });

  it('never touches the keychain when all three are set, and copies values at once', async () => {
    const env: NodeJS.ProcessEnv = { DESKBELL_API_KEY: 'a', DESKBELL_LIVE_UPDATES_TOKEN: 'b', DESKBELL_WEBHOOK_SECRET: 'c' };
    const fallback = fakeVault({});
    const source = secretSourceFromEnv(env, fallback);
    delete env.DESKBELL_API_KEY; // scrubbing the environment afterwards is allowed
    expect(await source.get('apiKey')).toBe('a');
    expect(await source.status()).toEqual({ apiKey: true, liveUpdatesToken: true, webhookSecret: true });
    expect(fallback.asked).toEqual([]);
  });

  it('without a fallback, an unset variable is simply not set', async () => {
    const source = secretSourceFromEnv({ DESKBELL_API_KEY: '' }, null);
    expect(await source.get('apiKey')).toBeNull();
    expect(await source.status()).toEqual({ apiKey: false, liveUpdatesToken: false, webhookSecret: false });
  });
});
