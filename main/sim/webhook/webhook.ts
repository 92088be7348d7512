import { invalidRequest, type SimResponse } from '../http';
import type { WebhookAddressProblem } from '../../../common/webhook-address';
import type { TaskSource } from './legacy';
import { DeliveryLog, type DeliveryAttempt, type DeliverySummary } from './log';
import { WebhookSender, type TestDeliveryResult, type WebhookSenderDeps } from './sender';
import { WebhookSettings, type SaveAddressOptions } from './settings';

/** What the webhook needs from the simulator: the sender's needs except the settings and log it owns. */
export type WebhookDeps = Omit<WebhookSenderDeps, 'settings' | 'log'>;

/** The outcome of {@link Webhook.saveAddress}. */
export type SaveAddressOutcome =
  | { ok: true; secret: string }
  | { ok: false; reason: WebhookAddressProblem; message: string; response: SimResponse };

/** The webhook as the control API shows it. */
export interface WebhookView extends DeliverySummary {
  on: boolean;
  url: string | null;
  /** The secret the dashboard shows while on. */
  secret: string | null;
}

/**
 * The team's webhook: settings (address and secret lifecycle), sender and
 * delivery log behind the few calls the world and the control API make.
 */
export class Webhook {
  private readonly settings = new WebhookSettings();
  private readonly log = new DeliveryLog();
  private readonly sender: WebhookSender;

  constructor(deps: WebhookDeps) {
    this.sender = new WebhookSender({ ...deps, settings: this.settings, log: this.log });
  }

  /**
   * Saves the address as the dashboard would. Off → on shows a new secret;
   * on → on keeps it. A refused address changes nothing and carries a 400
   * `invalid_request` answer naming the broken rule.
   */
  saveAddress(url: string, options: SaveAddressOptions = {}): SaveAddressOutcome {
    const result = this.settings.save(url, options);
    if (result.ok) return { ok: true, secret: result.secret };
    const response = invalidRequest([{ path: ['url'], message: result.message }], 'The webhook address is not allowed.');
    return { ok: false, reason: result.reason, message: result.message, response: { ...response, body: { ...(response.body as object), reason: result.reason } } };
  }

  /** Clears the address: off, secret discarded, pending retries stopped. */
  clearAddress(): void {
    this.settings.clear();
    this.sender.cancelPending();
  }

  /** The dashboard's Send test (one attempt, result returned). */
  sendTest(): Promise<TestDeliveryResult> {
    return this.sender.sendTest();
  }

  /** For the world: a new task was created (not a repeat call, not a merge). Returns the event id if delivery started. */
  taskCreated(source: TaskSource): string | null {
    return this.sender.taskCreated(source);
  }

  /** Every delivery attempt, oldest first. */
  deliveries(): DeliveryAttempt[] {
    return this.log.list();
  }

  /** On/off, address, secret and the last success/failure/error. */
  view(): WebhookView {
    const target = this.settings.current;
    return { on: target !== null, url: target?.url ?? null, secret: target?.secret ?? null, ...this.log.status() };
  }

  /** Resolves when no attempt is on the wire (tests, shutdown). */
  idle(): Promise<void> {
    return this.sender.idle();
  }

  /** Ids of events with a retry still to come. */
  pendingEventIds(): string[] {
    return this.sender.pendingEventIds();
  }
}
