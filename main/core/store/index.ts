/**
 * The state store: settings, seen ids, unread ids, drafts and last sync,
 * saved atomically as one validated JSON file. See state-store.ts.
 */
export { StateStore, STATE_FILE_NAME, type LoadReport, type SeenEventLog, type StateStoreOptions } from './state-store';
export { DraftSchema, PersistedStateSchema, STATE_VERSION, type PersistedState } from './schema';
export { EVENT_ID_LIMITS, TASK_ID_LIMITS, type SeenLimits } from './seen-log';
export { writeFileAtomic } from './atomic-file';
