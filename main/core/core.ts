/**
 * The core: state store, service link, relay, poller, inbox and outbox
 * composed behind the contract. Hosts (Electron, the browser host, the
 * headless command) create it, subscribe to its events, `start()` it, pass
 * validated calls to `handle`, and `stop()` it on the way out. Nothing here
 * throws at a host: every method resolves to a Result, and a keychain that
 * cannot be used is a connection state, not a crash.
 */
import type { z } from 'zod';
import type { ContractHandler, EventName, EventPayloads, MethodName, MethodResults, methodArgs } from '../../common/contract';
import type { SecretName, SecretStatus, Settings, SettingsPatch } from '../../common/settings';
import type { RelayStatus, Result, Snapshot } from '../../common/views';
import { isSecretStore, type CoreClock, type CoreConfig } from './core-config';
import { CoreEvents } from './core-events';
import { ServiceLink } from './core-link';
import { keychainError, methodHandlers, unexpected, type MethodHandlers } from './core-methods';
import { ConnectionTracker } from './connection';
import { Inbox } from './inbox';
import { Outbox } from './outbox';
import { Poller, type PollReport, type RelayHealth } from './poller';
import { systemClock, type SchedulerState } from './rate-scheduler';
import type { RelayServer } from './relay';
import { defaultPace } from './schedule/pace';
import { StateStore } from './store';
import { startRelay, relayCheck, IDLE_RELAY } from './core-relay';

/** The configuration `createCore` takes (see core-config.ts). */
export type { CoreConfig } from './core-config';

/** A running core: the contract plus its lifecycle. */
export interface Core extends ContractHandler {
  /** Opens the state, starts the relay and polling. Rejects only if the data folder cannot be used. */
  start(): Promise<void>;
  /** Stops polling and the relay, and saves the state. Safe to call twice. */
  stop(): Promise<void>;
  /** The computer woke from sleep: sync now. */
  notifyWake(): void;
  /** The network came back: sync now. */
  notifyOnline(): void;
  /** The relay's status (listening URL, verified...). */
  relayStatus(): RelayStatus;
  /** Requests queued and in flight, and 429 pauses: for diagnostics (and tests that drive a virtual clock). */
  schedulerState(): SchedulerState;
}

/** The parts that exist once started. */
interface Running {
  store: StateStore;
  inbox: Inbox;
  outbox: Outbox;
  poller: Poller;
  handlers: MethodHandlers;
  relay: RelayServer | null;
}

/** Creates a core; nothing runs until `start()`. */
export function createCore(config: CoreConfig): Core {
  return new CoreRuntime(config);
}

class CoreRuntime implements Core {
  private readonly events = new CoreEvents();
  private readonly clock: CoreClock;
  private readonly connection: ConnectionTracker;
  private readonly link: ServiceLink;
  private running: Running | null = null;
  private starting: Promise<void> | null = null;
  private stopping: Promise<void> | null = null;
  private lastLiveUpdatesError: string | null = null;

  constructor(private readonly config: CoreConfig) {
    this.clock = config.clock ?? systemClock;
    this.connection = new ConnectionTracker({ now: () => this.clock.now(), demo: false, onChange: (s) => this.events.emit('connection:changed', s) });
    this.link = new ServiceLink({ clock: this.clock, connection: this.connection, http: config.http, retry: config.retry, rate: config.rate, random: config.random });
  }

  on<E extends EventName>(event: E, handler: (payload: EventPayloads[E]) => void): () => void {
    return this.events.on(event, handler);
  }

  async handle<M extends MethodName>(method: M, args: z.output<(typeof methodArgs)[M]>): Promise<Result<MethodResults[M]>> {
    if (this.starting) await this.starting.catch(() => undefined);
    const running = this.running;
    if (!running) return { ok: false, error: { code: 'not_configured', message: 'Deskbell is not running yet.' } };
    try {
      // Indexing the table by a generic key loses the per-method pairing; the table's type guarantees it.
      const handler = running.handlers[method] as (a: typeof args) => Promise<Result<MethodResults[M]>>;
      return await handler(args);
    } catch (err) {
      return { ok: false, error: unexpected(err) };
    }
  }

  start(): Promise<void> {
    this.starting ??= this.open().finally(() => {
      this.starting = null;
    });
    return this.starting;
  }

  private async open(): Promise<void> {
    if (this.running) return;
    const emit = this.events.emit;
    const store = await StateStore.open({ dir: this.config.dataDir, now: () => new Date(this.clock.now()), onNotice: (n) => emit('notice', n) });
    await this.retarget(store.getSettings());
    const inbox = new Inbox({ memory: store, now: () => this.clock.now(), emit });
    const outbox = new Outbox({ memory: store, transport: this.link.replyTransport(), now: () => this.clock.now(), emit });
    const poller = new Poller({
      source: this.link.pollSource(),
      clock: this.clock,
      pace: () => ({ ...defaultPace(store.getSettings().pollIntervalMs), ...this.config.poll }),
      relayHealth: () => this.relayHealth(),
      lastSyncAt: () => {
        const at = store.getLastSyncAt();
        return at === null ? null : Date.parse(at);
      },
      onPoll: (report) => this.afterPoll(report),
      random: this.config.random,
    });
    const handlers = methodHandlers({
      link: this.link,
      inbox,
      outbox,
      poller,
      snapshot: () => this.snapshot(),
      settings: () => store.getSettings(),
      saveSettings: (patch) => this.saveSettings(patch),
      secretStatus: () => this.secretStatus(),
      setSecret: (name, value) => this.setSecret(name, value),
      relayCheck: () => relayCheck(this.relayStatus()),
    });
    const running: Running = { store, inbox, outbox, poller, relay: null, handlers };
    this.running = running;
    await this.checkSecrets();
    running.relay = await startRelay(this.config, store, this.link, inbox, (s) => emit('relay:changed', s));
    poller.start();
    // Team and members fill the snapshot; failures show in the connection state and are retried on demand.
    void this.link.team().then(() => this.link.members());
  }

  async stop(): Promise<void> {
    this.stopping ??= (async () => {
      if (this.starting) await this.starting.catch(() => undefined);
      const running = this.running;
      if (!running) return;
      await running.poller.stop();
      await running.relay?.close();
      await this.link.close();
      await running.store.flush().catch(() => undefined);
    })();
    return this.stopping;
  }

  notifyWake(): void {
    void this.running?.poller.notifyWake();
  }

  notifyOnline(): void {
    void this.running?.poller.notifyOnline();
  }

  relayStatus(): RelayStatus {
    return this.running?.relay?.status() ?? IDLE_RELAY;
  }

  schedulerState(): SchedulerState {
    return this.link.scheduler.state();
  }

  /** A poll's findings: tasks to the inbox (before the sync time moves, so "first sync" is judged right). */
  private afterPoll(report: PollReport): void {
    const running = this.running;
    if (!running) return;
    if (report.tasks) running.inbox.acceptPoll(report.tasks);
    if (!report.error) running.store.setLastSyncAt(new Date(report.startedAt));
    if (report.liveUpdates) running.inbox.setLiveUpdates(report.liveUpdates);
    const liveError = report.liveUpdatesError;
    // Live updates use their own token; say once when they stop working, not every poll.
    if ((liveError?.code ?? null) !== this.lastLiveUpdatesError && liveError) {
      this.events.emit('notice', { level: 'warning', code: 'live_updates_unavailable', message: `Live updates could not be read: ${liveError.message}`, at: this.iso() });
    }
    this.lastLiveUpdatesError = liveError?.code ?? null;
  }

  /** Healthy relay = listening, verified, and heard from lately; otherwise polling is the main path. */
  private relayHealth(): RelayHealth {
    const s = this.relayStatus();
    if (!s.listening || !s.verified) return 'unverified';
    const silenceMs = this.config.relaySilenceMs ?? 30 * 60_000;
    if (!s.lastEventAt || this.clock.now() - Date.parse(s.lastEventAt) > silenceMs) return 'silent';
    return 'healthy';
  }

  /** Points the link at the configured service (or the embedded simulator). */
  private async retarget(settings: Settings): Promise<void> {
    const explicit = this.config.baseUrl ?? settings.baseUrl ?? null;
    const demo = explicit === null && !!this.config.demo;
    await this.link.retarget({
      baseUrl: explicit ?? this.config.demo?.baseUrl ?? null,
      secrets: demo && this.config.demo ? this.config.demo.secrets : this.config.secrets,
      demo,
    });
    this.connection.setDemo(demo);
  }

  /** At start: a keychain that cannot be read, or no API key, is a state to show — not a crash. */
  private async checkSecrets(): Promise<void> {
    try {
      const status = await this.link.secrets.status();
      if (!status.apiKey) this.connection.set('not_configured', { code: 'not_configured', message: 'No API key is set. Add it in Settings.' });
    } catch (err) {
      this.connection.set('keychain_unavailable', keychainError(err));
    }
  }

  private async snapshot(): Promise<Snapshot> {
    const running = this.running as Running;
    const secrets = await this.secretStatus();
    const { team, members } = this.link.cached();
    return {
      tasks: running.inbox.list(),
      liveUpdates: running.inbox.currentLiveUpdates(),
      connection: this.connection.state,
      relay: this.relayStatus(),
      secrets: secrets.ok ? secrets.value : { apiKey: false, liveUpdatesToken: false, webhookSecret: false },
      settings: running.store.getSettings(),
      drafts: running.outbox.list(),
      team,
      members,
      lastSyncAt: running.store.getLastSyncAt(),
      unreadCount: running.inbox.unreadCount,
    };
  }

  private async saveSettings(patch: SettingsPatch): Promise<Result<Settings>> {
    const running = this.running as Running;
    const before = running.store.getSettings();
    let after: Settings;
    try {
      after = running.store.updateSettings(patch);
    } catch (err) {
      return { ok: false, error: unexpected(err) };
    }
    const relayMoved = ['relayHost', 'relayPort', 'relayPath'].some((k) => before[k as keyof Settings] !== after[k as keyof Settings]);
    if (relayMoved) {
      await running.relay?.close();
      running.relay = await startRelay(this.config, running.store, this.link, running.inbox, (s) => this.events.emit('relay:changed', s));
    } else {
      if (JSON.stringify(before.forwardTargets) !== JSON.stringify(after.forwardTargets)) running.relay?.setForwardTargets(after.forwardTargets);
      if (before.publicWebhookAddress !== after.publicWebhookAddress) running.relay?.setPublicWebhookAddress(after.publicWebhookAddress);
    }
    if (before.baseUrl !== after.baseUrl && this.config.baseUrl == null) {
      await this.retarget(after);
      running.inbox.switchedService();
      void running.poller.notifyOnline().then(() => this.link.team()).then(() => this.link.members());
    }
    this.events.emit('settings:changed', after);
    return { ok: true, value: after };
  }

  private async secretStatus(): Promise<Result<SecretStatus>> {
    try {
      return { ok: true, value: await this.config.secrets.status() };
    } catch (err) {
      return { ok: false, error: keychainError(err) };
    }
  }

  private async setSecret(name: SecretName, value: string | null): Promise<Result<SecretStatus>> {
    const secrets = this.config.secrets;
    if (!isSecretStore(secrets)) {
      return { ok: false, error: { code: 'not_configured', message: 'Secrets come from environment variables here (DESKBELL_API_KEY, DESKBELL_LIVE_UPDATES_TOKEN, DESKBELL_WEBHOOK_SECRET) and cannot be changed from the app.' } };
    }
    try {
      if (value === null) await secrets.clear(name);
      else await secrets.set(name, value.trim());
    } catch (err) {
      return { ok: false, error: keychainError(err) };
    }
    const status = await this.secretStatus();
    if (status.ok) this.events.emit('secrets:changed', status.value);
    // A new key may fix a "bad key" or "not configured" state: find out now.
    if (name !== 'webhookSecret') void this.running?.poller.notifyOnline();
    return status;
  }

  private iso(): string {
    return new Date(this.clock.now()).toISOString();
  }
}
