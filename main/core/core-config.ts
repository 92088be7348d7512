/**
 * What a host hands `createCore`: where the data lives, which service to talk
 * to, where secrets come from, and the clock. Everything else comes from the
 * saved settings; what is given here wins over them (the headless command's
 * flags, tests' short intervals).
 */
import type { RateSchedulerOptions, SchedulerClock } from './rate-scheduler';
import type { HttpTransportOptions, RetryOptions } from './client';
import type { RelayRejection } from './relay';
import type { SecretSource, SecretStore } from './secrets';
import type { PollPace } from './schedule/pace';

/** The clock and timers of the core; shaped like the rate scheduler's and the simulator's clocks. */
export type CoreClock = SchedulerClock;

/** Relay overrides; a field left out comes from the settings. */
export interface RelayConfig {
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  path?: string;
}

/** The configuration of one core. */
export interface CoreConfig {
  /** The data folder; the state file lives here. */
  dataDir: string;
  /**
   * The service's base URL (ending in `/api/v1`). When given it wins over the
   * saved setting; when left out, the setting is used.
   */
  baseUrl?: string | null;
  /**
   * The embedded simulator, composed by the host (the core never starts it):
   * used while no base URL is configured, with its own secrets. The
   * connection state then says `demo: true`.
   */
  demo?: { baseUrl: string; secrets: SecretSource } | null;
  /** Where secrets come from: the keychain (writable), or a read-only source such as the environment. */
  secrets: SecretSource | SecretStore;
  /** Relay overrides (the headless command's `--relay-port`). */
  relay?: RelayConfig;
  /** Poll pace overrides; by default derived from the settings' poll interval. */
  poll?: Partial<PollPace>;
  /** How long the relay may go without an event before polling speeds up again (ms, default 30 min). */
  relaySilenceMs?: number;
  /** Time and timers; default the wall clock. Tests pass the simulator's virtual clock. */
  clock?: CoreClock;
  /** HTTP timeouts and pool of the client. */
  http?: HttpTransportOptions;
  /** Bounds of the client's automatic retries. */
  retry?: Partial<RetryOptions>;
  /** Rate budgets (tests only; the defaults keep under the service's limits). */
  rate?: Omit<RateSchedulerOptions, 'clock'>;
  /** Jitter source. */
  random?: () => number;
  /** Told about each refused relay request (reason only, never the secret); the headless command prints these. */
  onRelayRejection?: (rejection: RelayRejection) => void;
}

/** Whether a secret source can also be written (the keychain). */
export function isSecretStore(source: SecretSource): source is SecretStore {
  const s = source as Partial<SecretStore>;
  return typeof s.set === 'function' && typeof s.clear === 'function';
}
