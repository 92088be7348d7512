/**
 * Where the link to the service stands (online, offline, rate limited, bad
 * key, keychain unavailable, not configured), derived from the results of
 * real requests: every poll and every user action reports here. Only a
 * change of state or message is announced, so a poll every minute while
 * offline does not flood the status bar.
 */
import type { ContractError, ConnectionState, ConnectionStateKind } from '../../common/views';

/** How the tracker tells the world about a change. */
export type ConnectionListener = (state: ConnectionState) => void;

/** Options of {@link ConnectionTracker}. */
export interface ConnectionTrackerOptions {
  now: () => number;
  /** Whether the app runs on the embedded simulator (shown with the state). */
  demo: boolean;
  onChange: ConnectionListener;
}

/** The outcome of one request, as the tracker sees it. */
export type ConnectionOutcome = { ok: true } | { ok: false; error: ContractError; retryAt?: number };

/**
 * Which connection state an error means, or null when the error proves the
 * service is reachable and our key works (a refused reply, a missing record):
 * those are about the request, not the connection.
 */
export function stateForError(error: ContractError): ConnectionStateKind | null {
  switch (error.code) {
    case 'offline':
    case 'timeout':
    case 'bad_response':
    case 'internal':
      return 'offline';
    case 'rate_limited':
      return 'rate_limited';
    case 'unauthorized':
      return 'bad_key';
    case 'keychain_unavailable':
      return 'keychain_unavailable';
    case 'not_configured':
      return 'not_configured';
    default:
      return null;
  }
}

/** The sentence the status bar shows for a state. */
function messageFor(kind: ConnectionStateKind, error: ContractError | null): string {
  switch (kind) {
    case 'connecting':
      return 'Connecting to the answering service…';
    case 'online':
      return 'Connected to the answering service.';
    case 'offline':
      // The error's own message says what went wrong (no network, a stalled
      // or unreadable answer); it is written for people and holds no secret.
      return error ? `Cannot reach the answering service: ${error.message}` : 'Cannot reach the answering service.';
    case 'rate_limited':
      return 'The service asked Deskbell to slow down; new tasks may show a little late.';
    case 'bad_key':
      return 'The service refused the API key. Check or replace it in Settings.';
    case 'keychain_unavailable':
      return error?.message ?? 'The system keychain is unavailable, so Deskbell cannot read its keys.';
    case 'not_configured':
      return error?.message ?? 'Deskbell is not set up yet: add the API key in Settings.';
  }
}

/** Tracks the connection state and announces changes. */
export class ConnectionTracker {
  private current: ConnectionState;

  constructor(private readonly options: ConnectionTrackerOptions) {
    this.current = { state: 'connecting', message: messageFor('connecting', null), since: this.iso(), demo: options.demo };
  }

  /** The state now. */
  get state(): ConnectionState {
    return this.current;
  }

  /** Switches demo mode on or off (the base URL changed); announced with the state. */
  setDemo(demo: boolean): void {
    if (this.options.demo === demo) return;
    this.options.demo = demo;
    this.current = { ...this.current, demo };
    this.options.onChange(this.current);
  }

  /** Records the outcome of a request; returns the state after it. */
  report(outcome: ConnectionOutcome): ConnectionState {
    if (outcome.ok) return this.set('online', null);
    const kind = stateForError(outcome.error);
    // An answer about the request itself means the service is there.
    if (kind === null) return this.set('online', null);
    return this.set(kind, outcome.error, outcome.retryAt);
  }

  /** Sets a state directly (keychain found unavailable at start, no API key...). */
  set(kind: ConnectionStateKind, error: ContractError | null, retryAt?: number): ConnectionState {
    const message = messageFor(kind, error);
    const retryIso = retryAt === undefined ? undefined : new Date(retryAt).toISOString();
    const prev = this.current;
    if (prev.state === kind && prev.message === message && prev.retryAt === retryIso) return prev;
    this.current = {
      state: kind,
      message,
      // `since` is when this state began, so a new message in the same state keeps it.
      since: prev.state === kind ? prev.since : this.iso(),
      ...(retryIso !== undefined && { retryAt: retryIso }),
      demo: this.options.demo,
    };
    this.options.onChange(this.current);
    return this.current;
  }

  private iso(): string {
    return new Date(this.options.now()).toISOString();
  }
}
