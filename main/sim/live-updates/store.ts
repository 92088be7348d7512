import type { LiveUpdateStatus, LiveUpdateType } from '../../../common/api/enums';
import type { LiveUpdate, LiveUpdateDetail, LiveUpdatePhoneNumber, LiveUpdateUser } from '../../../common/api/live-updates';
import { iso } from '../time';

/** One change in an update's history. */
export interface LiveUpdateHistoryRecord {
  id: number;
  /** `created`, `updated` or `cancelled` (the spec does not show the values). */
  action: string;
  /** `created`: the initial values; `updated`: `{field: {from, to}}`; `cancelled`: `{is_cancelled: {from, to}}`. */
  changes: Record<string, unknown>;
  createdAt: number;
  user: LiveUpdateUser;
}

/** A live update as the simulator keeps it (times in epoch ms). */
export interface LiveUpdateRecord {
  id: number;
  teamId: number;
  title: string;
  message: string;
  link: string | null;
  type: LiveUpdateType;
  startsAt: number;
  expiresAt: number;
  isCancelled: boolean;
  createdAt: number;
  updatedAt: number;
  phoneNumbers: LiveUpdatePhoneNumber[];
  createdBy: LiveUpdateUser;
  history: LiveUpdateHistoryRecord[];
}

/** What creating an update takes. */
export interface NewLiveUpdate {
  teamId: number;
  title: string;
  message: string;
  link?: string | null;
  type: LiveUpdateType;
  startsAt: number;
  expiresAt: number;
  phoneNumbers: LiveUpdatePhoneNumber[];
  createdBy: LiveUpdateUser;
}

/** Fields an edit may change. */
export type LiveUpdateEdit = Partial<Pick<LiveUpdateRecord, 'title' | 'message' | 'link' | 'type' | 'startsAt' | 'expiresAt' | 'phoneNumbers'>>;

/**
 * An update's status at `now`, which the spec only uses as a filter:
 * cancelled wins; otherwise scheduled before `starts_at`, expired from
 * `expires_at` on, active in between (start inclusive, end exclusive).
 */
export function liveUpdateStatus(u: LiveUpdateRecord, now: number): LiveUpdateStatus {
  if (u.isCancelled) return 'cancelled';
  if (now < u.startsAt) return 'scheduled';
  if (now >= u.expiresAt) return 'expired';
  return 'active';
}

/**
 * Every team's live updates. The dashboard creates and edits them (the API
 * only reads), so the simulator changes them through these methods (seed,
 * tests, control API); each change is recorded in the update's history.
 */
export class LiveUpdateStore {
  private readonly updates = new Map<number, LiveUpdateRecord>();
  private nextId = 1;
  private nextHistoryId = 1;

  /** Creates an update at `now` (history: `created`). */
  create(input: NewLiveUpdate, now: number): LiveUpdateRecord {
    if (input.expiresAt <= input.startsAt) throw new RangeError('a live update must expire after it starts');
    const record: LiveUpdateRecord = {
      id: this.nextId++,
      teamId: input.teamId,
      title: input.title,
      message: input.message,
      link: input.link ?? null,
      type: input.type,
      startsAt: input.startsAt,
      expiresAt: input.expiresAt,
      isCancelled: false,
      createdAt: now,
      updatedAt: now,
      phoneNumbers: input.phoneNumbers.map((p) => ({ ...p })),
      createdBy: { ...input.createdBy },
      history: [],
    };
    this.record(record, 'created', { title: record.title, type: record.type, starts_at: iso(record.startsAt), expires_at: iso(record.expiresAt) }, input.createdBy, now);
    this.updates.set(record.id, record);
    return record;
  }

  /** Edits an update (history: `updated` with each changed field's from/to). */
  edit(id: number, edit: LiveUpdateEdit, by: LiveUpdateUser, now: number): LiveUpdateRecord {
    const record = this.mustGet(id);
    const changes: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(edit) as [keyof LiveUpdateEdit, unknown][]) {
      if (value === undefined || JSON.stringify(record[key]) === JSON.stringify(value)) continue;
      changes[snake(key)] = { from: showable(key, record[key]), to: showable(key, value) };
    }
    Object.assign(record, edit);
    if (record.expiresAt <= record.startsAt) throw new RangeError('a live update must expire after it starts');
    record.updatedAt = now;
    this.record(record, 'updated', changes, by, now);
    return record;
  }

  /** Cancels an update (history: `cancelled`). Harmless when already cancelled. */
  cancel(id: number, by: LiveUpdateUser, now: number): LiveUpdateRecord {
    const record = this.mustGet(id);
    if (record.isCancelled) return record;
    record.isCancelled = true;
    record.updatedAt = now;
    this.record(record, 'cancelled', { is_cancelled: { from: false, to: true } }, by, now);
    return record;
  }

  /** One update by id, any team. */
  get(id: number): LiveUpdateRecord | undefined {
    return this.updates.get(id);
  }

  /** A team's updates, newest first (created_at, then id, descending). */
  forTeam(teamId: number): LiveUpdateRecord[] {
    return [...this.updates.values()].filter((u) => u.teamId === teamId).sort((a, b) => b.createdAt - a.createdAt || b.id - a.id);
  }

  private mustGet(id: number): LiveUpdateRecord {
    const record = this.updates.get(id);
    if (!record) throw new Error(`no live update ${id}`);
    return record;
  }

  private record(u: LiveUpdateRecord, action: string, changes: Record<string, unknown>, user: LiveUpdateUser, now: number): void {
    u.history.push({ id: this.nextHistoryId++, action, changes, createdAt: now, user: { ...user } });
  }
}

/** The list view of an update (no history). */
export function liveUpdateView(u: LiveUpdateRecord): LiveUpdate {
  return {
    id: u.id,
    title: u.title,
    message: u.message,
    link: u.link,
    type: u.type,
    starts_at: iso(u.startsAt),
    expires_at: iso(u.expiresAt),
    is_cancelled: u.isCancelled,
    created_at: iso(u.createdAt),
    updated_at: iso(u.updatedAt),
    phone_numbers: u.phoneNumbers.map((p) => ({ ...p })),
    created_by: { ...u.createdBy },
  };
}

/** The single-read view of an update (with history, oldest first). */
export function liveUpdateDetailView(u: LiveUpdateRecord): LiveUpdateDetail {
  return {
    ...liveUpdateView(u),
    history: u.history.map((h) => ({ id: h.id, action: h.action, changes: h.changes, created_at: iso(h.createdAt), user: { ...h.user } })),
  };
}

/** camelCase field name → the API's snake_case name, for history `changes`. */
function snake(key: string): string {
  return key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

/** Times in history changes are shown as ISO strings, like every other time in the API. */
function showable(key: keyof LiveUpdateEdit, value: unknown): unknown {
  return (key === 'startsAt' || key === 'expiresAt') && typeof value === 'number' ? iso(value) : value;
}
