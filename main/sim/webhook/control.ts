import { customerError, invalidRequest, ok, type SimIssue, type SimResponse } from '../http';
import type { Router } from '../router';
import type { Webhook } from './webhook';

/**
 * Mounts the webhook part of the control API (tests and demo, not under
 * /api/v1), in the Customer API error style:
 *
 * - `PUT /_sim/webhook` `{url, allowLoopback?}` → 200 `{secret}`, or 400
 *   `invalid_request` naming the broken address rule (plus `reason`);
 * - `GET /_sim/webhook` → `{on, url, secret, lastSuccessAt, lastFailureAt, lastError}`;
 * - `DELETE /_sim/webhook` → 204 (off; secret discarded; retries stopped);
 * - `POST /_sim/webhook/test` → 200 `{eventId, delivered, status, error}`,
 *   or 422 `unprocessable` while the webhook is off;
 * - `GET /_sim/deliveries` → `{deliveries: [...], lastSuccessAt, lastFailureAt, lastError}`.
 */
export function registerWebhookControl(router: Router, webhook: Webhook): void {
  router.add('PUT', '/_sim/webhook', async (ctx) => {
    const body = await ctx.json();
    const issues: SimIssue[] = [];
    if (typeof body.url !== 'string') issues.push({ path: ['url'], message: 'url must be a string.' });
    if (body.allowLoopback !== undefined && typeof body.allowLoopback !== 'boolean') {
      issues.push({ path: ['allowLoopback'], message: 'allowLoopback must be a boolean.' });
    }
    for (const key of Object.keys(body)) {
      if (key !== 'url' && key !== 'allowLoopback') issues.push({ path: [key], message: 'Unknown property.' });
    }
    if (issues.length > 0 || typeof body.url !== 'string') return invalidRequest(issues);
    const saved = webhook.saveAddress(body.url, { allowLoopback: body.allowLoopback === true });
    return saved.ok ? ok({ secret: saved.secret }) : saved.response;
  });
  router.add('GET', '/_sim/webhook', () => ok(webhook.view()));
  router.add('DELETE', '/_sim/webhook', (): SimResponse => {
    webhook.clearAddress();
    return { status: 204 };
  });
  router.add('POST', '/_sim/webhook/test', async () => {
    if (!webhook.view().on) return customerError(422, 'unprocessable', 'The webhook is off: save an address first.');
    return ok(await webhook.sendTest());
  });
  router.add('GET', '/_sim/deliveries', () => {
    const { lastSuccessAt, lastFailureAt, lastError } = webhook.view();
    return ok({ deliveries: webhook.deliveries(), lastSuccessAt, lastFailureAt, lastError });
  });
}
