/**
 * The simulated task webhook: address rules and secret lifecycle, delivery of
 * `task.created` and `webhook.test` under the spec's delivery rules, and the
 * delivery log. The server wires {@link Webhook} to the world (`taskCreated`)
 * and, through {@link registerWebhookControl}, to the `/_sim/webhook` routes.
 */
export { Webhook, type WebhookDeps, type SaveAddressOutcome, type WebhookView } from './webhook';
export { registerWebhookControl } from './control';
export type { TaskEventFacts, TaskEventReader, TaskSource } from './legacy';
export { DEFAULT_CATEGORY_LABELS, LEGACY_GENERAL_CATEGORY, LEGACY_PLACEHOLDER_TITLE } from './legacy';
export type { DeliveryAttempt, DeliverySummary, AttemptOutcome } from './log';
export type { TestDeliveryResult } from './sender';
export { DEFAULT_RETRY_DELAYS_MS, DEFAULT_TIMEOUT_MS } from './sender';
export type { SaveAddressOptions } from './settings';
