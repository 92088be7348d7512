/**
 * The one module that touches secrets: the API key, the live-updates bearer
 * token and the webhook secret live only in the OS keychain (through keytar),
 * or, for the headless command, in environment variables. Nothing here writes
 * a secret to a file or log, and no error message ever contains one.
 */
import { createRequire } from 'node:module';
import { SECRET_NAMES, type SecretName, type SecretStatus } from '../../common/settings';
import type { ContractError } from '../../common/views';

/** The keychain service name Deskbell's secrets are filed under (the account is the secret's name). */
export const DEFAULT_KEYCHAIN_SERVICE = 'deskbell';

/** The part of keytar this module uses; tests may hand in a stand-in. */
export interface KeytarLike {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
  findCredentials(service: string): Promise<Array<{ account: string; password: string }>>;
}

/** Where secrets are read from: the keychain, or the environment for the headless command. */
export interface SecretSource {
  /** The secret's value, or null when it is not set. */
  get(name: SecretName): Promise<string | null>;
  /** Whether each secret is set; the only thing about secrets the renderer may learn. */
  status(): Promise<SecretStatus>;
}

/** A secret source that can also be written (the keychain). */
export interface SecretStore extends SecretSource {
  set(name: SecretName, value: string): Promise<void>;
  clear(name: SecretName): Promise<void>;
}

/**
 * The keychain could not be used. Carries the contract error the core hands
 * to the renderer; the message says what is missing and how to fix it.
 */
export class KeychainUnavailableError extends Error {
  /** The contract error (`code: 'keychain_unavailable'`). */
  readonly contractError: ContractError;
  /** Always `keychain_unavailable`, so callers can branch without `instanceof`. */
  readonly code = 'keychain_unavailable' as const;

  constructor(message: string) {
    super(message);
    this.name = 'KeychainUnavailableError';
    this.contractError = { code: 'keychain_unavailable', message };
  }
}

/** Options of {@link SecretVault}. */
export interface SecretVaultOptions {
  /** Keychain service name; tests use their own so they never touch a real entry. */
  service?: string;
  /** Which OS the advice is written for; defaults to `process.platform`. */
  platform?: NodeJS.Platform;
  /** Loads keytar; defaults to requiring the native module on first use. */
  loadKeytar?: () => KeytarLike;
  /**
   * How long one keychain call may take. A locked keyring may show an unlock
   * prompt, so this is generous; past it the keychain counts as unavailable
   * rather than leaving the caller waiting forever.
   */
  timeoutMs?: number;
}

/** Requires keytar at first use, so a missing or broken native module is an error we can explain, not a crash at start-up. */
function requireKeytar(): KeytarLike {
  const require = createRequire(import.meta.url);
  return require('keytar') as KeytarLike;
}

/**
 * Secrets in the OS keychain through keytar: macOS Keychain, Windows
 * Credential Manager, or the Secret Service (gnome-keyring, KWallet) on Linux.
 * Every failure of the keychain becomes a {@link KeychainUnavailableError};
 * there is deliberately no plaintext fallback.
 */
export class SecretVault implements SecretStore {
  private readonly service: string;
  private readonly platform: NodeJS.Platform;
  private readonly loadKeytar: () => KeytarLike;
  private readonly timeoutMs: number;
  private keytar: KeytarLike | null = null;

  constructor(options: SecretVaultOptions = {}) {
    this.service = options.service ?? DEFAULT_KEYCHAIN_SERVICE;
    this.platform = options.platform ?? process.platform;
    this.loadKeytar = options.loadKeytar ?? requireKeytar;
    this.timeoutMs = options.timeoutMs ?? 60_000;
  }

  /** The secret's value, or null when it is not set. */
  async get(name: SecretName): Promise<string | null> {
    return this.call((k) => k.getPassword(this.service, name), []);
  }

  /** Stores (or replaces) a secret. An empty value is refused: use {@link clear}. */
  async set(name: SecretName, value: string): Promise<void> {
    if (value.length === 0) throw new RangeError(`The ${name} value is empty; clear the secret instead.`);
    // The value is passed for redaction only: should a keychain library ever
    // echo its input in an error, the message still never shows it.
    await this.call((k) => k.setPassword(this.service, name, value), [value]);
  }

  /** Removes a secret; clearing one that is not set is not an error. */
  async clear(name: SecretName): Promise<void> {
    await this.call((k) => k.deletePassword(this.service, name), []);
  }

  /** Whether each secret is set, in one keychain call (one unlock prompt at most). */
  async status(): Promise<SecretStatus> {
    const found = await this.call((k) => k.findCredentials(this.service), []);
    const set = new Set(found.filter((c) => c.password.length > 0).map((c) => c.account));
    return Object.fromEntries(SECRET_NAMES.map((name) => [name, set.has(name)])) as SecretStatus;
  }

  /** Runs one keychain call, turning every failure (including a hang) into a {@link KeychainUnavailableError}. */
  private async call<T>(op: (k: KeytarLike) => Promise<T>, redact: string[]): Promise<T> {
    let keytar: KeytarLike;
    try {
      keytar = this.keytar ??= this.loadKeytar();
    } catch (err) {
      throw new KeychainUnavailableError(
        `The keychain module (keytar) could not be loaded: ${reasonOf(err, redact)}. ` +
          'Reinstall Deskbell; from source, run "npm rebuild keytar" for this Node or Electron version.',
      );
    }
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`the keychain did not answer within ${Math.round(this.timeoutMs / 1000)} s`)),
        this.timeoutMs,
      );
      timer.unref();
    });
    try {
      return await Promise.race([op(keytar), timeout]);
    } catch (err) {
      throw new KeychainUnavailableError(keychainAdvice(this.platform, reasonOf(err, redact)));
    } finally {
      clearTimeout(timer);
    }
  }
}

/** The underlying error's message, with any of the given values cut out. */
function reasonOf(err: unknown, redact: string[]): string {
  let text = err instanceof Error ? err.message : String(err);
  for (const value of redact) if (value.length > 0) text = text.split(value).join('[redacted]');
  return text.trim() || 'unknown error';
}

/** What is missing and how to fix it, in the words of the person's own OS. */
export function keychainAdvice(platform: NodeJS.Platform, reason: string): string {
  if (platform === 'darwin') {
    return (
      `The macOS Keychain could not be used (${reason}). ` +
      'Unlock your login keychain in Keychain Access and allow Deskbell when macOS asks, then try again.'
    );
  }
  if (platform === 'win32') {
    return (
      `Windows Credential Manager could not be used (${reason}). ` +
      'Sign in to Windows with your own account (not a temporary profile) and try again.'
    );
  }
  const noBus = /D-Bus|DBUS|Could not connect|autolaunch|org\.freedesktop\.DBus\.Error\.(NoServer|FileNotFound|Spawn)/i.test(reason);
  const noService = /org\.freedesktop\.secrets|ServiceUnknown|was not provided by any \.service files/i.test(reason);
  const locked = /collection|locked|prompt|dismissed|Object does not exist/i.test(reason);
  const what = noService
    ? 'No Secret Service provider is running'
    : noBus
      ? 'There is no D-Bus session, so no Secret Service can be reached'
      : locked
        ? 'The keyring is locked or has no login collection'
        : 'The Secret Service keychain could not be used';
  return (
    `${what} (${reason}). Deskbell keeps its keys only in the system keychain and never in plain files. ` +
    'Install and unlock gnome-keyring (or another Secret Service provider such as KWallet) and log in to a desktop session; ' +
    'for a server without a desktop, give the headless command its keys in DESKBELL_API_KEY, DESKBELL_LIVE_UPDATES_TOKEN and DESKBELL_WEBHOOK_SECRET.'
  );
}

/** The environment variable that carries each secret for the headless command. */
export const SECRET_ENV_VARS: Record<SecretName, string> = {
  apiKey: 'DESKBELL_API_KEY',
  liveUpdatesToken: 'DESKBELL_LIVE_UPDATES_TOKEN',
  webhookSecret: 'DESKBELL_WEBHOOK_SECRET',
};

/**
 * A read-only source for the headless command: each secret from its
 * environment variable when set and non-empty, otherwise from `fallback`
 * (the keychain) when given. Values are copied now, so the caller may scrub
 * the variables from `process.env` afterwards (child processes then never
 * inherit them). A secret found in the environment never touches the
 * keychain, so a server with all three variables needs no keyring.
 */
export function secretSourceFromEnv(env: NodeJS.ProcessEnv, fallback: SecretSource | null): SecretSource {
  const fromEnv = new Map<SecretName, string>();
  for (const name of SECRET_NAMES) {
    const value = env[SECRET_ENV_VARS[name]];
    if (value !== undefined && value.trim() !== '') fromEnv.set(name, value.trim());
  }
  return {
    async get(name) {
      return fromEnv.get(name) ?? (fallback ? fallback.get(name) : null);
    },
    async status() {
      const needsKeychain = SECRET_NAMES.some((name) => !fromEnv.has(name));
      const kept = needsKeychain && fallback ? await fallback.status() : null;
      return Object.fromEntries(SECRET_NAMES.map((name) => [name, fromEnv.has(name) || (kept?.[name] ?? false)])) as SecretStatus;
    },
  };
}
