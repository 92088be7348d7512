/**
 * The shape of the state file and how a damaged one is salvaged. The file is
 * untrusted input (a crash, a disk error or a hand edit may have changed it),
 * so it is validated section by section: a bad section falls back to its
 * default while the good ones are kept. Losing the seen ids would re-alert a
 * whole day of tasks, and losing drafts would lose typing, so one bad field
 * must never cost everything.
 */
import { z } from 'zod';
import { DateTimeSchema, IdempotencyKeySchema } from '../../../common/api/primitives';
import { DEFAULT_SETTINGS, SettingsSchema, type Settings } from '../../../common/settings';
import type { Draft } from '../../../common/views';

/** The version this code writes; a file with another version is not guessed at. */
export const STATE_VERSION = 1;

/** A reply being written, as the state file holds it (see `Draft` in common/views). */
export const DraftSchema = z.object({
  draftId: z.string().min(1).max(100),
  conversationId: z.number().int().min(1),
  channel: z.enum(['text', 'email']),
  body: z.string(),
  idempotencyKey: IdempotencyKeySchema,
  updatedAt: DateTimeSchema,
  lastAttempt: z
    .object({
      at: DateTimeSchema,
      outcome: z.enum(['sent', 'failed', 'unknown_outcome', 'refused']),
      message: z.string(),
    })
    .nullable(),
}) satisfies z.ZodType<Draft>;

/** A task or webhook event id as the state file holds it. */
export const StoredIdSchema = z.string().min(1).max(200);

/** Ids already handled, each with when it was last seen (ISO), oldest first. */
const SeenSchema = z.record(StoredIdSchema, DateTimeSchema);

/**
 * The whole state file. The store does not re-validate the whole state on
 * each save (that cost more than the disk write): everything is validated
 * where it enters — here on load, and by the store's methods on each change
 * (settings and drafts against their schemas, which strip unknown keys, so
 * nothing undeclared, such as a secret passed by mistake, is ever written;
 * ids against {@link StoredIdSchema}; times formatted by the store itself).
 * The tests check that every saved file parses under this schema unchanged.
 */
export const PersistedStateSchema = z.object({
  version: z.literal(STATE_VERSION),
  settings: SettingsSchema,
  /** Task ids this PC has recorded, with when each was last seen or listed. */
  seenTaskIds: SeenSchema,
  /** Webhook event ids already processed, with when each arrived. */
  seenEventIds: SeenSchema,
  /** Tasks not yet opened at the desk. */
  unreadTaskIds: z.array(z.string().min(1).max(200)),
  /** Replies being written, never pruned. */
  drafts: z.array(DraftSchema),
  /** The last successful sync with the service (ISO), or null before the first. */
  lastSyncAt: DateTimeSchema.nullable(),
});
/** The state file's content. */
export type PersistedState = z.infer<typeof PersistedStateSchema>;

/** A fresh install's state. */
export function defaultState(): PersistedState {
  return {
    version: STATE_VERSION,
    settings: structuredClone(DEFAULT_SETTINGS),
    seenTaskIds: {},
    seenEventIds: {},
    unreadTaskIds: [],
    drafts: [],
    lastSyncAt: null,
  };
}

/** What was read from a file: the usable state and what had to be reset. */
export interface SalvagedState {
  state: PersistedState;
  /** One short line per reset section or dropped entry; empty when the file was fully valid. */
  problems: string[];
}

/** Thrown when nothing in the file can be trusted (not an object, or another version). */
export class UnreadableStateError extends Error {}

/**
 * Validates parsed JSON section by section. Throws {@link UnreadableStateError}
 * when the file as a whole is unusable; otherwise returns the state with
 * each bad part replaced by its default and a list of what was replaced.
 */
export function salvageState(raw: unknown): SalvagedState {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new UnreadableStateError('it is not a JSON object');
  }
  const input = raw as Record<string, unknown>;
  if (input.version !== STATE_VERSION) {
    const newer = typeof input.version === 'number' && input.version > STATE_VERSION;
    throw new UnreadableStateError(newer ? `it was written by a newer Deskbell (format ${input.version})` : 'it has no known format version');
  }
  const problems: string[] = [];
  const state = defaultState();
  state.settings = salvageSettings(input.settings, problems);
  state.seenTaskIds = salvageSeen(input.seenTaskIds, 'seenTaskIds', problems);
  state.seenEventIds = salvageSeen(input.seenEventIds, 'seenEventIds', problems);
  state.unreadTaskIds = salvageList(input.unreadTaskIds, StoredIdSchema, 'unreadTaskIds', problems);
  state.drafts = salvageList(input.drafts, DraftSchema, 'drafts', problems);
  const lastSync = DateTimeSchema.nullable().safeParse(input.lastSyncAt ?? null);
  if (lastSync.success) state.lastSyncAt = lastSync.data;
  else problems.push('lastSyncAt was not a date and was reset');
  if (problems.some((p) => p.includes('seenTaskIds')) && state.lastSyncAt !== null) {
    // With seen task ids lost, the next sync must count as the first one
    // (recorded with a summary, not alerted), or every task of the day would
    // alert again.
    state.lastSyncAt = null;
  }
  return { state, problems };
}

/** Keeps every valid setting; an invalid or missing one takes its default. */
function salvageSettings(raw: unknown, problems: string[]): Settings {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    if (raw !== undefined) problems.push('settings were not an object and were reset to defaults');
    return structuredClone(DEFAULT_SETTINGS);
  }
  const source = raw as Record<string, unknown>;
  const merged: Record<string, unknown> = {};
  for (const [key, schema] of Object.entries(SettingsSchema.shape)) {
    const fallback = DEFAULT_SETTINGS[key as keyof Settings];
    if (!(key in source)) {
      merged[key] = structuredClone(fallback);
      continue;
    }
    const field = (schema as z.ZodType).safeParse(source[key]);
    if (field.success) merged[key] = field.data;
    else {
      merged[key] = structuredClone(fallback);
      problems.push(`setting ${key} was invalid and was reset to its default`);
    }
  }
  return SettingsSchema.parse(merged);
}

/** Keeps every valid `id → time` entry, sorted oldest first. */
function salvageSeen(raw: unknown, label: string, problems: string[]): Record<string, string> {
  if (raw === undefined) return {};
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    problems.push(`${label} was not a list of ids and was reset`);
    return {};
  }
  const entries: [string, string, number][] = [];
  let dropped = 0;
  for (const [id, at] of Object.entries(raw as Record<string, unknown>)) {
    const parsed = DateTimeSchema.safeParse(at);
    const ms = parsed.success ? Date.parse(parsed.data) : Number.NaN;
    if (parsed.success && Number.isFinite(ms) && StoredIdSchema.safeParse(id).success) entries.push([id, parsed.data, ms]);
    else dropped++;
  }
  if (dropped > 0) problems.push(`${dropped} invalid ${label} entr${dropped === 1 ? 'y was' : 'ies were'} dropped`);
  entries.sort((a, b) => a[2] - b[2]);
  return Object.fromEntries(entries.map(([id, at]) => [id, at]));
}

/** Keeps every valid item of a list. */
function salvageList<T>(raw: unknown, item: z.ZodType<T>, label: string, problems: string[]): T[] {
  if (raw === undefined) return [];
  if (!Array.isArray(raw)) {
    problems.push(`${label} was not a list and was reset`);
    return [];
  }
  const kept: T[] = [];
  for (const entry of raw) {
    const parsed = item.safeParse(entry);
    if (parsed.success) kept.push(parsed.data);
  }
  const dropped = raw.length - kept.length;
  if (dropped > 0) problems.push(`${dropped} invalid ${label} entr${dropped === 1 ? 'y was' : 'ies were'} dropped`);
  return kept;
}
