/**
 * Simulated team notification settings: per-member preferences in two scopes
 * (team-wide, phone-number-specific) with role rights and contact checks, and
 * the team-level chat-workspace destination.
 */
export { NotificationPreferenceStore, emptyEventChannel, fullEventChannel } from './store';
export type { FullEventChannel, ResolvedPreferences } from './store';
export { ChatWorkspace } from './chat';
export { canConfigure } from './access';
export type { NotificationAccessDeps, NotificationMember } from './access';
export { registerNotificationRoutes } from './routes';
export type { NotificationDeps } from './routes';
export { seedDemoChatWorkspace } from './seed';
