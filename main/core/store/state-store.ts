/**
 * Deskbell's state on this PC — settings, seen task and event ids, unread
 * ids, drafts, last sync — held in memory and saved as one JSON file under
 * the data folder. Reads are synchronous; every change schedules a
 * coalesced, atomic save, and `flush()` waits until it is on disk. Secrets
 * are never part of it: they live in the keychain (see ../secrets.ts).
 *
 * Everything is validated where it enters — the file on load, each change
 * in the method that makes it — and kept immutable after, so a save only
 * prunes and writes out what is already valid (see PersistedStateSchema).
 */
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DateTimeSchema } from '../../../common/api/primitives';
import { SettingsSchema, type Settings, type SettingsPatch } from '../../../common/settings';
import type { Draft, Notice } from '../../../common/views';
import { moveAside, removeStaleTempFiles, writeFileAtomic } from './atomic-file';
import { CoalescingWriter } from './coalescing-writer';
import { DraftSchema, STATE_VERSION, StoredIdSchema, salvageState, UnreadableStateError, defaultState, type PersistedState } from './schema';
import { EVENT_ID_LIMITS, SeenLog, TASK_ID_LIMITS, type SeenLimits } from './seen-log';

/** The state file's name inside the data folder. */
export const STATE_FILE_NAME = 'state.json';

/** Options of {@link StateStore.open}. */
export interface StateStoreOptions {
  /** The app's data folder; created (mode 0700) when missing. */
  dir: string;
  /** The clock; the simulator's virtual clock in tests. */
  now?: () => Date;
  /** How long to gather changes into one save (ms, default 25). */
  writeDelayMs?: number;
  /** Overrides of the seen-id bounds. */
  taskIdLimits?: SeenLimits;
  eventIdLimits?: SeenLimits;
  /** Told about a recovered file at open and about failed saves. */
  onNotice?: (notice: Notice) => void;
}

/** How opening went. */
export interface LoadReport {
  /** `fresh`: no file yet. `loaded`: all valid. `recovered`: a bad file was moved aside. */
  outcome: 'fresh' | 'loaded' | 'recovered';
  /** Where the bad file was moved, when recovered. */
  movedTo: string | null;
  /** What was reset, one short line each. */
  problems: string[];
  /** The notice shown to the person, when recovered. */
  notice: Notice | null;
}

/** Webhook event ids the relay has processed, persisted so a redelivery after a restart is still skipped. */
export interface SeenEventLog {
  hasSeenEvent(id: string): boolean;
  /** Records the id; returns true when it was new. */
  markEventSeen(id: string): boolean;
}

/** The persisted state of one Deskbell install. Create with {@link StateStore.open}. */
export class StateStore implements SeenEventLog {
  /** The state file's full path. */
  readonly filePath: string;
  /** How opening went (a recovered file is also reported through `onNotice`). */
  readonly loadReport: LoadReport;
  private readonly now: () => Date;
  private readonly onNotice: (notice: Notice) => void;
  private settings: Settings;
  private readonly seenTasks: SeenLog;
  private readonly seenEvents: SeenLog;
  private readonly unread: Set<string>;
  private readonly drafts: Map<string, Draft>;
  private lastSyncAt: string | null;
  private readonly writer: CoalescingWriter;

  private constructor(filePath: string, state: PersistedState, report: LoadReport, options: StateStoreOptions) {
    this.filePath = filePath;
    this.loadReport = report;
    this.now = options.now ?? (() => new Date());
    this.onNotice = options.onNotice ?? (() => {});
    this.settings = deepFreeze(state.settings);
    this.seenTasks = new SeenLog(options.taskIdLimits ?? TASK_ID_LIMITS, state.seenTaskIds);
    this.seenEvents = new SeenLog(options.eventIdLimits ?? EVENT_ID_LIMITS, state.seenEventIds);
    this.unread = new Set(state.unreadTaskIds);
    this.drafts = new Map(state.drafts.map((d) => [d.draftId, deepFreeze(d)]));
    this.lastSyncAt = state.lastSyncAt;
    this.writer = new CoalescingWriter({
      write: () => writeFileAtomic(this.filePath, this.serialize()),
      delayMs: options.writeDelayMs ?? 25,
      onError: (err) => this.notify('error', 'state_write_failed', `Deskbell could not save its state to ${this.filePath} (${errorText(err)}); it keeps working and will try again.`),
      onRecovered: () => this.notify('info', 'state_write_recovered', 'Deskbell can save its state again.'),
    });
  }

  /**
   * Opens (or creates) the state under `options.dir`. Never fails on a bad
   * file: unreadable JSON or a wrong shape is moved aside as
   * `state.json.corrupt-<time>`, reported, and the app goes on with defaults
   * for what could not be kept. Fails only if the folder cannot be created.
   */
  static async open(options: StateStoreOptions): Promise<StateStore> {
    const now = options.now ?? (() => new Date());
    await mkdir(options.dir, { recursive: true, mode: 0o700 });
    const filePath = join(options.dir, STATE_FILE_NAME);
    await removeStaleTempFiles(filePath);
    const { state, report } = await load(filePath, now());
    const store = new StateStore(filePath, state, report, options);
    if (report.outcome === 'recovered') {
      if (report.notice) store.onNotice(report.notice);
      // Write the cleaned state at once, so the next start reads a valid file.
      store.writer.request();
    }
    return store;
  }

  /** The current settings. */
  getSettings(): Settings {
    return structuredClone(this.settings);
  }

  /**
   * Applies a settings change and returns the new settings. The result is
   * validated whole (unknown keys are dropped, so a secret passed here by
   * mistake is never saved); throws a ZodError when it is invalid.
   */
  updateSettings(patch: SettingsPatch): Settings {
    this.settings = deepFreeze(SettingsSchema.parse({ ...this.settings, ...patch }));
    this.changed();
    return this.getSettings();
  }

  /** Whether this PC has recorded the task id. */
  hasSeenTask(taskId: string): boolean {
    return this.seenTasks.has(taskId);
  }

  /**
   * Records task ids as seen now and returns those that were new. Call it
   * with every id of each polled list: that refresh is what keeps ids still
   * in today's or yesterday's list from ever being pruned. Throws a ZodError,
   * recording none of them, when an id is empty or over 200 characters.
   */
  markTasksSeen(taskIds: Iterable<string>): string[] {
    const ids = Array.from(taskIds, (id) => StoredIdSchema.parse(id));
    const nowMs = this.now().getTime();
    const added: string[] = [];
    for (const id of ids) if (this.seenTasks.touch(id, nowMs)) added.push(id);
    this.changed();
    return added;
  }

  /** Whether the webhook event id was already processed. */
  hasSeenEvent(eventId: string): boolean {
    return this.seenEvents.has(eventId);
  }

  /** Records a webhook event id; returns true when it was new. Throws a ZodError when it is empty or over 200 characters. */
  markEventSeen(eventId: string): boolean {
    const added = this.seenEvents.touch(StoredIdSchema.parse(eventId), this.now().getTime());
    this.changed();
    return added;
  }

  /** Task ids not yet opened at the desk. */
  unreadTaskIds(): string[] {
    return [...this.unread];
  }

  /** Marks tasks unread (a new task arrived). Throws a ZodError, marking none, when an id is empty or over 200 characters. */
  markUnread(taskIds: Iterable<string>): void {
    const ids = Array.from(taskIds, (id) => StoredIdSchema.parse(id));
    for (const id of ids) this.unread.add(id);
    this.changed();
  }

  /** Marks tasks read and returns how many stay unread. */
  markRead(taskIds: Iterable<string>): number {
    for (const id of taskIds) this.unread.delete(id);
    this.changed();
    return this.unread.size;
  }

  /** Every draft, most recently edited first. Drafts are never pruned; only `removeDraft` drops one. */
  listDrafts(): Draft[] {
    return [...this.drafts.values()].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt)).map((d) => structuredClone(d));
  }

  /** One draft, or undefined. */
  getDraft(draftId: string): Draft | undefined {
    const draft = this.drafts.get(draftId);
    return draft && structuredClone(draft);
  }

  /** Saves (adds or replaces) a draft with its idempotency key; throws a ZodError when it is malformed. */
  putDraft(draft: Draft): void {
    const valid = deepFreeze(DraftSchema.parse(draft));
    this.drafts.set(valid.draftId, valid);
    this.changed();
  }

  /** Removes a draft (sent or discarded); returns whether it existed. */
  removeDraft(draftId: string): boolean {
    const existed = this.drafts.delete(draftId);
    if (existed) this.changed();
    return existed;
  }

  /** The last successful sync (ISO), or null before the first. */
  getLastSyncAt(): string | null {
    return this.lastSyncAt;
  }

  /** Records a successful sync. Throws for a time that is not a valid date. */
  setLastSyncAt(at: Date | string): void {
    this.lastSyncAt = DateTimeSchema.parse(typeof at === 'string' ? new Date(at).toISOString() : at.toISOString());
    this.changed();
  }

  /** Resolves once every change so far is on disk; rejects with the error if the save failed. */
  flush(): Promise<void> {
    return this.writer.flush();
  }

  /** True while a save is pending or running. */
  get saving(): boolean {
    return this.writer.busy;
  }

  /** Schedules a save of the current state. */
  private changed(): void {
    this.writer.request();
  }

  /**
   * The state file's text, after pruning: exactly what
   * `JSON.stringify(state, null, 2)` would write for the state, built in one
   * pass. Nothing is validated here: every part was validated when it
   * entered the store (see the class comment).
   */
  private serialize(): string {
    const nowMs = this.now().getTime();
    for (const id of this.seenTasks.prune(nowMs)) this.unread.delete(id);
    this.seenEvents.prune(nowMs);
    // Every key of the file, in the schema's order (the type makes a missing or extra key a compile error).
    const sections: Record<keyof PersistedState, string> = {
      version: JSON.stringify(STATE_VERSION),
      settings: nestedJson(this.settings),
      seenTaskIds: this.seenTasks.toJsonText('  '),
      seenEventIds: this.seenEvents.toJsonText('  '),
      unreadTaskIds: nestedJson([...this.unread]),
      drafts: nestedJson([...this.drafts.values()]),
      lastSyncAt: JSON.stringify(this.lastSyncAt),
    };
    let text = '{';
    let separator = '\n  ';
    for (const [key, json] of Object.entries(sections)) {
      text += `${separator}"${key}": ${json}`;
      separator = ',\n  ';
    }
    return `${text}\n}\n`;
  }

  /** Emits a notice stamped with the store's clock. */
  private notify(level: Notice['level'], code: string, message: string): void {
    this.onNotice({ level, code, message, at: this.now().toISOString() });
  }
}

/** `value` as `JSON.stringify(state, null, 2)` writes the value of one of the state's keys. */
function nestedJson(value: unknown): string {
  // Strings in JSON text never hold a raw line break, so each one is indentation.
  return JSON.stringify(value, null, 2).replace(/\n/g, '\n  ');
}

/**
 * Freezes a validated value (settings, a draft) all the way down: the store
 * hands out only copies, and freezing makes sure nothing changes what was
 * validated between then and the next save.
 */
function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

/** Reads and validates the file, moving it aside when it is bad. */
async function load(filePath: string, now: Date): Promise<{ state: PersistedState; report: LoadReport }> {
  let text: string;
  try {
    text = await readFile(filePath, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') {
      return { state: defaultState(), report: { outcome: 'fresh', movedTo: null, problems: [], notice: null } };
    }
    return recover(filePath, now, defaultState(), [`it could not be read (${errorText(err)})`]);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return recover(filePath, now, defaultState(), ['it is not valid JSON']);
  }
  try {
    const { state, problems } = salvageState(raw);
    if (problems.length === 0) return { state, report: { outcome: 'loaded', movedTo: null, problems, notice: null } };
    return recover(filePath, now, state, problems);
  } catch (err) {
    if (!(err instanceof UnreadableStateError)) throw err;
    return recover(filePath, now, defaultState(), [err.message]);
  }
}

/** Moves the bad file aside and builds the report; the app goes on with `state`. */
async function recover(filePath: string, now: Date, state: PersistedState, problems: string[]): Promise<{ state: PersistedState; report: LoadReport }> {
  let movedTo: string | null = null;
  let where: string;
  try {
    movedTo = await moveAside(filePath, now);
    where = `The original was kept as ${movedTo}.`;
  } catch (err) {
    where = `It could not be moved aside (${errorText(err)}) and will be replaced.`;
  }
  const salvaged = state.drafts.length > 0 || Object.keys(state.seenTaskIds).length > 0;
  const message =
    `Deskbell's saved state had problems: ${problems.join('; ')}. ` +
    (salvaged
      ? 'Everything else was kept. '
      : 'Deskbell starts again with default settings; the next sync records today\'s tasks with a summary instead of alerting each one. ') +
    where;
  const notice: Notice = { level: 'warning', code: 'state_recovered', message, at: now.toISOString() };
  return { state, report: { outcome: 'recovered', movedTo, problems, notice } };
}

/** An error's message, for notices (never holds a secret: the state has none). */
function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
