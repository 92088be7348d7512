/**
 * Simulated live updates: the store (the dashboard's side: create, edit,
 * cancel) and the two Bearer-authenticated read routes.
 */
export { LiveUpdateStore, liveUpdateStatus, liveUpdateView, liveUpdateDetailView } from './store';
export type { LiveUpdateRecord, LiveUpdateHistoryRecord, NewLiveUpdate, LiveUpdateEdit } from './store';
export { registerLiveUpdateRoutes, LIVE_UPDATE_READ_MESSAGE, NO_TEAM_MESSAGE, UNAUTHORIZED_ACTION_MESSAGE } from './routes';
export type { LiveUpdatesCaller, LiveUpdatesDeps } from './routes';
export { DEFAULT_LIVE_UPDATES_PER_PAGE } from './query';
export { seedDemoLiveUpdates } from './seed';
export type { LiveUpdateSeedOptions, SeededLiveUpdates } from './seed';
